import Glibc

/// The whole pipeline on live input: libinput in, intents out. This is the Swift API a
/// kiosk embeds; `gesturectl run` is built on it, so both behave the same.
///
/// Drive it from your own loop: call ``waitForInput(timeout:alsoWatching:waitingToWrite:into:)`` (it blocks in
/// `poll(2)` on libinput's descriptor and any of yours), handle the intents it returns,
/// and pass the host's commands to ``apply(_:)`` as they happen.
///
/// Times in intents and touch events are microseconds since the session's first input
/// (a touch, a key or a host command), so a live session lines up with a replay, whose
/// clock starts at its first event.
public final class LiveDismissalSession {
    /// What one wait produced. A loop that keeps one and passes it to every
    /// ``waitForInput(timeout:alsoWatching:waitingToWrite:into:)`` reuses its arrays' storage:
    /// steady input then allocates nothing.
    public struct Input: Sendable, Hashable {
        /// The intents decided, in order.
        public var intents: [Intent] = []
        /// For each of ``intents``, the time libinput stamped on the event that caused it
        /// (`CLOCK_MONOTONIC`, microseconds; the kernel's time of the evdev frame): the clock now
        /// minus this is the intent's latency so far.
        public var intentEventTimes: [Int64] = []
        /// With ``LiveDismissalSession/notesDecisions``, the recogniser's decisions, in order. A
        /// decision comes before the intents it caused, which have its time.
        public var decisions: [GestureDecision] = []
        /// The touch events libinput reported, times relative to the session's start.
        public var touches: [TouchEvent] = []
        /// Devices that came or went, in order (`deviceAdded` / `deviceRemoved`).
        public var deviceChanges: [LiveEvent] = []
        /// Your descriptors that are readable (or hung up).
        public var readable: [Int32] = []
        /// Your descriptors watched for writing that can take bytes now (or failed).
        public var writable: [Int32] = []

        /// Empty, with room for the largest wakeups of a busy touchscreen.
        public init() {
            intents.reserveCapacity(64)
            intentEventTimes.reserveCapacity(64)
            decisions.reserveCapacity(16)
            touches.reserveCapacity(256)
            deviceChanges.reserveCapacity(4)
            readable.reserveCapacity(16)
            writable.reserveCapacity(16)
        }

        /// Empties the arrays, keeping their storage.
        mutating func removeAll() {
            intents.removeAll(keepingCapacity: true)
            intentEventTimes.removeAll(keepingCapacity: true)
            decisions.removeAll(keepingCapacity: true)
            touches.removeAll(keepingCapacity: true)
            deviceChanges.removeAll(keepingCapacity: true)
            readable.removeAll(keepingCapacity: true)
            writable.removeAll(keepingCapacity: true)
        }
    }

    /// The pure core, with the current scene.
    public private(set) var pipeline: DismissalPipeline
    /// Whether the recogniser notes its decisions in ``Input/decisions`` (for `--explain`).
    public var notesDecisions: Bool {
        get { pipeline.notesDecisions }
        set { pipeline.notesDecisions = newValue }
    }
    /// The touch devices and keyboards libinput has open.
    public var devices: [LiveDevice] { source.devices }
    /// libinput's descriptor, readable when there is input to dispatch.
    public var fileDescriptor: Int32 { source.fileDescriptor }

    private let source: LibinputSource
    /// What the source's last wait found, reused from wait to wait.
    private var wakeup = LibinputSource.Wakeup()
    /// Starts at the first input (libinput's monotonic clock, in microseconds).
    private var clock = FirstEventClock()
    /// libinput's time of the last touch event it gave (its monotonic clock): the kernel frames
    /// up to it are the ones libinput has read.
    private var latestTouchTime: Int64?

    /// Records the session (`gesturectl run --record`); set it before the first wait, whose
    /// devices libinput has open are the first lines, the first touch device the recorded one.
    public var recorder: LiveSessionRecorder?

    /// Opens the input devices and starts with `scene`.
    /// - Parameters:
    ///   - backend: a udev seat (default `seat0`) or device nodes.
    ///   - scene: the starting scene; its screen is the one touch positions are mapped to,
    ///     until a `screen` command gives another.
    ///   - calibration: libinput's matrix, applied to every touch device; nil keeps
    ///     each device's udev `LIBINPUT_CALIBRATION_MATRIX`.
    ///   - requiringTouchDevice: whether a seat without a touch device now is an error; when
    ///     false the session waits for one (`deviceAdded` in ``Input/deviceChanges``).
    ///   - logLevel: how much of libinput's own log to print on standard error.
    ///   - logPrefix: what those lines start with, before `libinput PRIORITY: message`.
    /// - Throws: ``LiveInputError`` when no touch device is found or a device cannot be opened.
    public convenience init(
        backend: LiveInputBackend = .defaultSeat,
        scene: Scene,
        configuration: GestureConfiguration = GestureConfiguration(),
        calibration: CalibrationMatrix? = nil,
        requiringTouchDevice: Bool = true,
        logLevel: LibinputLogLevel = .error,
        logPrefix: String = ""
    ) throws(LiveInputError) {
        // Opened before the object exists: Embedded Swift never frees an object whose designated initializer fails.
        let source = try LibinputSource(backend: backend, screen: scene.screen, calibration: calibration,
                                        requiringTouchDevice: requiringTouchDevice, logLevel: logLevel, logPrefix: logPrefix)
        self.init(source: source, pipeline: DismissalPipeline(scene: scene, configuration: configuration))
    }

    private init(source: LibinputSource, pipeline: DismissalPipeline) {
        self.source = source
        self.pipeline = pipeline
    }

    /// Waits for input, runs it through the pipeline and returns what it caused.
    ///
    /// Each call makes new arrays; a loop allocates nothing per wakeup with
    /// ``waitForInput(timeout:alsoWatching:waitingToWrite:into:)``.
    /// - Parameters:
    ///   - timeout: the longest wait; nil waits until something arrives.
    ///   - others: your own descriptors to watch in the same wait (stdin, a socket, a signal pipe).
    ///   - waitingToWrite: your descriptors to watch for room to write (a slow client's socket).
    public func waitForInput(timeout: Duration? = nil, alsoWatching others: [Int32] = [],
                             waitingToWrite: [Int32] = []) throws(LiveInputError) -> Input {
        var input = Input()
        try waitForInput(timeout: timeout, alsoWatching: others, waitingToWrite: waitingToWrite, into: &input)
        return input
    }

    /// Waits for input, runs it through the pipeline and puts what it caused in `input`, whose
    /// arrays are emptied first and keep their storage.
    /// - Parameters:
    ///   - timeout: the longest wait; nil waits until something arrives.
    ///   - others: your own descriptors to watch in the same wait (stdin, a socket, a signal pipe).
    ///   - waitingToWrite: your descriptors to watch for room to write (a slow client's socket).
    ///   - input: receives the intents, touches, device changes and ready descriptors.
    public func waitForInput(timeout: Duration? = nil, alsoWatching others: [Int32] = [],
                             waitingToWrite: [Int32] = [], into input: inout Input) throws(LiveInputError) {
        input.removeAll()
        try source.waitForEvents(timeout: timeout, alsoWatching: others, waitingToWrite: waitingToWrite, into: &wakeup)
        input.readable.append(contentsOf: wakeup.readable)
        input.writable.append(contentsOf: wakeup.writable)
        for event in wakeup.events {
            switch event {
            case .touch(var touch):
                let eventTime = touch.time
                latestTouchTime = eventTime
                touch.time = relative(eventTime)
                input.touches.append(touch)
                // libinput's touches are always taken; a refusal would be noted as a decision.
                try? pipeline.handle(touch, into: &input.intents)
                pipeline.takeDecisions(into: &input.decisions)
                noteEventTime(eventTime, in: &input)
            case .escapeKey(let time):
                recorder?.recordEscapeKey(time: relative(time), after: latestTouchTime, sessionTime: relative)
                pipeline.handleEscapeKey(time: relative(time), into: &input.intents)
                noteEventTime(time, in: &input)
            case .deviceAdded, .deviceRemoved:
                // libinput cancels the touches of a device that goes away (TOUCH_CANCEL), which
                // cancels a gesture one of them carried; a keyboard going away changes nothing.
                recorder?.record(event, time: timeIfStarted)
                input.deviceChanges.append(event)
            }
        }
        if let recorder {
            recorder.flush(after: latestTouchTime, sessionTime: relative)
            recorder.record(intents: input.intents, names: pipeline.names)
            recorder.flush(after: latestTouchTime, sessionTime: relative)
        }
    }

    /// Gives the intents an event just added their cause's time (libinput's).
    private func noteEventTime(_ time: Int64, in input: inout Input) {
        while input.intentEventTimes.count < input.intents.count { input.intentEventTimes.append(time) }
    }

    /// Runs the session, calling `onIntent` with every intent in order, until `shouldStop`
    /// (asked after every wake-up, at least every `checkInterval`) returns true.
    ///
    /// The callback form of ``waitForInput(timeout:alsoWatching:waitingToWrite:into:)``; host commands can be
    /// applied from inside `onIntent` or `shouldStop`, on the same thread.
    public func run(
        checkInterval: Duration = .milliseconds(250),
        until shouldStop: () -> Bool = { false },
        onIntent: (Intent) -> Void
    ) throws(LiveInputError) {
        var input = Input()
        while !shouldStop() {
            try waitForInput(timeout: checkInterval, into: &input)
            for intent in input.intents { onIntent(intent) }
        }
    }

    /// Applies a host command now. After a `screen` command, the touches read from then on are
    /// mapped onto the new screen.
    /// - Parameters:
    ///   - text: the command's line as the host sent it, for the ``recorder``, which records
    ///     only commands given with their text.
    ///   - source: who sent it (`stdin`, `socket client 2`), for the recorder.
    /// - Throws: ``HostCommandError`` when the scene cannot take it (the session is unchanged),
    ///   including a `scene` whose screen differs from the session's.
    public func apply(_ command: HostCommand, text: String? = nil, source sender: String? = nil) throws(HostCommandError) -> [Intent] {
        let time = relative(Self.monotonicMicroseconds())
        if let text { recorder?.recordCommand(text, source: sender, time: time, after: latestTouchTime, sessionTime: relative) }
        defer { recorder?.flush(after: latestTouchTime, sessionTime: relative) }
        var intents: [Intent] = []
        try pipeline.applyHostCommand(command, time: time, into: &intents)
        source.screen = pipeline.scene.screen
        recorder?.record(intents: intents, names: pipeline.names)
        return intents
    }

    /// How long until the next `tick` for the scene's idle rule (SPEC 11.2), in microseconds: at
    /// the time the pipeline names, and a second after the last tick at the latest while it names
    /// one; nil while it names none, so that a kiosk nobody uses does not wake up for it.
    public var microsecondsUntilTick: Int64? {
        guard let next = pipeline.nextTick else { return nil }
        return max(0, min(next, lastTickTime + 1_000_000) - timeIfStarted)
    }

    /// Gives the pipeline a `tick` now, from the monotonic clock, recorded like a host's command
    /// (source `clock`): the idle rule's warning and reset come from it.
    public func tick() -> [Intent] {
        // A tick is never refused: it names nothing and carries nothing.
        let intents = (try? apply(.tick, text: Self.tickLine, source: "clock")) ?? []
        lastTickTime = timeIfStarted
        return intents
    }

    /// The session's time of the last tick (0, the session's start, before the first).
    private var lastTickTime: Int64 = 0

    /// A tick's command line, as a session records it.
    private static let tickLine = TypedCommand.tick()

    /// Records a host command line that did not parse, and changed nothing: a replay of the
    /// recording meets it too.
    public func recordUnparsedCommand(_ text: String, source: String?) {
        guard let recorder else { return }
        recorder.recordCommand(text, source: source, time: relative(Self.monotonicMicroseconds()), after: latestTouchTime,
                               sessionTime: relative)
        recorder.flush(after: latestTouchTime, sessionTime: relative)
    }

    /// New gesture thresholds, from the next gesture on (``DismissalPipeline/reconfigure(_:)``),
    /// recorded where they were given. The scene, and every client's view of it, stay as they are.
    public func reconfigure(_ configuration: GestureConfiguration) {
        recorder?.recordGestures(configuration, after: latestTouchTime, sessionTime: relative)
        pipeline.reconfigure(configuration)
        recorder?.flush(after: latestTouchTime, sessionTime: relative)
    }

    /// `time` since the first input; an event libinput stamped before a first host command counts as 0.
    private func relative(_ time: Int64) -> Int64 {
        hasInput = true
        return max(0, clock.sinceFirst(time))
    }

    /// Whether there has been an input, which starts the clock.
    private var hasInput = false

    /// Now since the first input, 0 before it: for what happens without being an input (a
    /// device change), which must not start the clock.
    private var timeIfStarted: Int64 {
        hasInput ? relative(Self.monotonicMicroseconds()) : 0
    }

    /// `CLOCK_MONOTONIC`, the clock libinput stamps events with, in microseconds.
    private static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}
