import CSystemCalls
import DismissKit
import DismissKitService
import Glibc

/// `gesturectl run`: live touch input through libinput, host commands on stdin, intents on stdout.
enum RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Run the pipeline on a live touchscreen (host commands on stdin)."
    static let usage = "gesturectl \(name) [--seat <name> | --device <path> ...] [--require-device] [--scene <file>] [--screen <width>x<height>] [--config <file>] [--calibration \"<a b c d e f>\"] [--socket <path>] [--allow-uid <user> ...] [--allow-group <group> ...] [--client-stall <seconds>] [--record <file> [--record-max-size <bytes>]] [--touch-events] [--explain] [--format json|text] [--figures] [--verbose]"

    static let help = """
        OVERVIEW: Run the dismissal pipeline on a live touchscreen.

        Reads touch input through libinput and host commands (JSON Lines, see
        dismisskit-protocol(7)) on standard input and from socket clients; every command line gets one reply
        on the channel it came from ({"type":"ok"} or {"type":"error"} with the reason; a
        {"type":"query"} gets {"type":"state"}), and every channel receives every intent and
        device change. A client that stops reading is disconnected; nothing waits for it.
        SIGINT or SIGTERM ends the run (exit 0); so does nothing else: the end of standard
        input only stops reading it. SIGHUP rereads the --config file: its thresholds apply
        from the next gesture on, and a file that does not parse keeps those in force. Under
        systemd (NOTIFY_SOCKET) the run sends READY=1 once the seat is open and the socket
        served, and WATCHDOG=1 every half WATCHDOG_USEC.

        USAGE: \(usage)

        OPTIONS:
          --seat <name>           Every device of this udev seat (default: seat0), added or removed
                                  while running: without a touchscreen the run waits for one.
          --device <path>         This device node instead of a seat (repeatable).
          --require-device        Exit 69 when the seat has no touch device at the start.
          --scene <file>          The starting scene (JSON); its timeline is not used live, its
                                  'gestures' are. Default: an empty scene on a 1280 x 800 point screen.
          --screen <width>x<height>
                                  The screen in points when there is no scene file (the panel's
                                  millimetres keep the default density).
          --config <file>         Gesture thresholds: a JSON object with the fields of a scene's
                                  'gestures', over the scene's.
          --calibration <matrix>  libinput calibration matrix "a b c d e f" (or a,b,c,d,e,f) for
                                  every touch device; default: each device's udev
                                  LIBINPUT_CALIBRATION_MATRIX.
          --socket <path>         Also serve the protocol on a Unix socket created with mode 0600;
                                  many clients at once. A socket systemd passes (LISTEN_FDS) is
                                  served without this option.
          --allow-uid <user>      Let this user (id or name) connect to the socket too (repeatable);
                                  root and the service's own user always may.
          --allow-group <group>   Let members of this group (id or name) connect (repeatable).
          --client-stall <seconds>
                                  Disconnect a client that takes none of the bytes waiting for it
                                  for this long, 1 to 3600 (default 10).
          --record <file>         Record the session into this file (mode 0600): the touch device
                                  as 'libinput record' writes it, with the scene, every host
                                  command and its source, Escape keys, device changes and the
                                  intents; 'gesturectl replay <file>' replays it exactly. An
                                  earlier recording there is kept as <file>.1 (or the first free
                                  <file>.N).
          --record-max-size <bytes>
                                  Stop recording (the run goes on) before the file grows past
                                  this size; a k, M or G suffix counts 1024s. Default: no limit.
          --touch-events          Print libinput's touch events instead of intents, in the format
                                  of 'gesturectl replay --touch-events'.
          --explain               Print the gesture thresholds in force on standard error, and add
                                  the figures and the rule behind every decision, as 'gesturectl replay
                                  --explain' does (decision lines before the intents they caused).
          --format <format>       json (the default): standard output is the protocol's channel for
                                  the host. text: standard output is for a person instead, one
                                  aligned line per touch (frames left out), decision and intent, as
                                  'gesturectl replay --format text' prints them, in colour on a
                                  terminal; standard input still takes commands (refusals on standard
                                  error, no replies; a query's state as a 'state' line), and the
                                  socket's clients get JSON Lines.
          --figures               When the run ends, write one line on standard error, 'gesturectl:
                                  figures: ' and a JSON object of how the live path performed after
                                  its first 1000 touch events: the time from the kernel's stamp on
                                  the event behind each intent to the intent's line written (p50,
                                  p99, max, microseconds), CPU time per touch event, and, under a
                                  counting preload (Benchmarks/anchors/alloc-count.c), the heap
                                  allocations in the wait for input.
          --verbose               libinput's own log on standard error from its info messages on
                                  (default: errors only); twice, from its debug messages on.
          -h, --help              Show help information.

        Times are microseconds since the first input. With a scene's idle rule (its "idle", in the
        --scene file or a scene command), the run ticks itself from the monotonic clock while a
        warning or a deadline is pending, at least once a second, and never otherwise; its ticks
        are recorded like commands. Device changes are noted on standard
        error. Exits 69 when a device node cannot be opened or libinput takes no touches from
        it (the reason names the rule, as a replay of its recording does), or
        (--require-device) when the seat has no touch device.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let backend: LiveInputBackend
        let scene: Scene
        var configuration = GestureConfiguration()
        let calibration: CalibrationMatrix?
        let printTouchEvents: Bool
        let explain: Bool
        let socketPath: String?
        let requireDevice: Bool
        let access: PeerAccess
        let logLevel: LibinputLogLevel
        /// The `--config` file, and the thresholds it is read over (the scene's), to reread on SIGHUP.
        let configFile: (path: String, base: GestureConfiguration)?
        let recordPath: String?
        let recordMaximumSize: Int?
        let clientStallSeconds: Int64
        let textView: StepText?
        let showFigures: Bool
        do throws(CommandLineArguments.UsageError) {
            let options = try CommandLineArguments(
                arguments,
                valueOptions: LiveInputOptions.valueOptions.union(["scene", "screen", "config", "calibration", "socket", "allow-uid", "allow-group",
                                                                   "record", "record-max-size", "client-stall", "format"]),
                flagOptions: ["touch-events", "explain", "help", "require-device", "verbose", "figures"]
            )
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            try options.expectNoPositionalArguments()
            backend = try LiveInputOptions.backend(from: options)
            calibration = try options.calibration()
            let screenText = try options.value("screen")
            if let scenePath = try options.value("scene") {
                if screenText != nil {
                    throw CommandLineArguments.UsageError(message: "'--screen' and '--scene' both give the screen; use one")
                }
                do {
                    let file = try SceneFile.load(path: scenePath)
                    scene = file.scene
                    configuration = file.configuration
                } catch {
                    StandardError.report(error.description)
                    return error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
                }
            } else if let screenText {
                guard let screen = parseScreen(screenText) else {
                    throw CommandLineArguments.UsageError(message: "'--screen' needs <width>x<height> in points, got '\(screenText)'")
                }
                scene = Scene(screen: screen)
                do {
                    try scene.validate()  // the bounds of a scene's screen
                } catch {
                    throw CommandLineArguments.UsageError(message: "'--screen \(screenText)': \(error.reason)")
                }
            } else {
                scene = Scene()
            }
            configFile = try options.value("config").map { ($0, configuration) }
            if let configFile {
                do {
                    configuration = try GestureConfigurationReader.load(path: configFile.path, base: configFile.base)
                } catch {
                    StandardError.report(error.description)
                    return error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
                }
            }
            printTouchEvents = options.flag("touch-events")
            showFigures = options.flag("figures")
            explain = options.flag("explain")
            socketPath = try options.value("socket")
            requireDevice = options.flag("require-device")
            if requireDevice, case .devices = backend {
                throw CommandLineArguments.UsageError(message: "'--require-device' is for a seat; device nodes are always required")
            }
            access = try PeerAccess(options: options)
            recordPath = try options.value("record")
            recordMaximumSize = try options.value("record-max-size").map { text throws(CommandLineArguments.UsageError) in
                guard recordPath != nil else {
                    throw CommandLineArguments.UsageError(message: "'--record-max-size' is for '--record'")
                }
                guard let size = parseSize(text) else {
                    throw CommandLineArguments.UsageError(message: "'--record-max-size' needs a size in bytes (a k, M or G suffix counts 1024s), got '\(text)'")
                }
                return size
            }
            clientStallSeconds = try options.value("client-stall").map { text throws(CommandLineArguments.UsageError) in
                guard let seconds = Int64(text), (1...3600).contains(seconds) else {
                    throw CommandLineArguments.UsageError(message: "'--client-stall' needs whole seconds from 1 to 3600, got '\(text)'")
                }
                return seconds
            } ?? RunLimits.stallSeconds
            logLevel = [.error, .info, .debug][min(options.count(of: "verbose"), 2)]
            switch try options.value("format") {
            case nil, "json": textView = nil
            case "text": textView = StepText(colour: isatty(STDOUT_FILENO) == 1)
            case let other?: throw CommandLineArguments.UsageError(message: "'--format' is json or text, got '\(other)'")
            }
        } catch {
            return usageError(error.message)
        }

        let session: LiveDismissalSession
        do {
            session = try LiveDismissalSession(backend: backend, scene: scene, configuration: configuration,
                                               calibration: calibration, requiringTouchDevice: requireDevice,
                                               logLevel: logLevel, logPrefix: "gesturectl: ")
        } catch {
            StandardError.report("\(error)")
            return ExitStatus.unavailable
        }
        if let recordPath {
            do throws(RecordingFileError) {
                session.recorder = try LiveSessionRecorder(path: recordPath, scene: scene, configuration: configuration,
                                                           calibration: calibration, maximumSize: recordMaximumSize)
            } catch {
                StandardError.report("\(recordPath): cannot record the session: \(error)")
                return ExitStatus.cannotCreate
            }
            noteRecording(session)
        }
        if explain { StandardError.write("gesturectl: gestures: \(configuration.jsonLine.text)") }
        session.notesDecisions = (explain || textView != nil) && !printTouchEvents
        if case .seat(let seat) = backend, !session.devices.contains(where: { $0.isTouch }) {
            StandardError.write("gesturectl: no touch device on seat '\(seat)' yet; waiting for one")
        }
        guard let signals = ServiceSignals() else {
            StandardError.report("cannot watch for SIGINT, SIGTERM and SIGHUP: \(Errno.current)")
            return ExitStatus.failure
        }
        let socket: CommandSocket?
        do throws(CommandSocket.SetupError) {
            let inherited = try CommandSocket.inherited(access: access)
            if inherited != nil, socketPath != nil {
                throw CommandSocket.SetupError(description: "systemd passed a socket (LISTEN_FDS); '--socket' cannot be given too")
            }
            if let inherited {
                socket = inherited
            } else if let socketPath {
                socket = try CommandSocket(path: socketPath, access: access)
            } else {
                socket = nil
            }
        } catch {
            StandardError.report(error.description)
            return ExitStatus.unavailable
        }
        var service = ProtocolService(session: session, explain: explain, printTouchEvents: printTouchEvents,
                                      stallSeconds: clientStallSeconds, textView: textView)
        // The seat is open and the socket served: systemd may start what waits for the service.
        let notifier: ServiceManagerNotifier?
        do throws(ServiceManagerNotifierError) {
            notifier = try ServiceManagerNotifier()
            try notifier?.send("READY=1\nSTATUS=Serving " + (socket == nil ? "standard input" : "the socket and standard input"))
        } catch {
            StandardError.report(error.description)
            return ExitStatus.unavailable
        }
        // Reused from wakeup to wakeup: steady input allocates nothing in the loop's wait.
        var input = LiveDismissalSession.Input()
        var readable: [Int32] = []
        var waiting: [Int32] = []
        var figures = showFigures ? RunFigures() : nil
        while true {
            service.dropDisconnectedClients()
            readable.removeAll(keepingCapacity: true)
            readable.append(signals.descriptor)
            service.appendInputDescriptors(to: &readable)
            if let socket, socket.isAccepting { readable.append(socket.listener) }
            waiting.removeAll(keepingCapacity: true)
            service.appendWaitingDescriptors(to: &waiting)
            var timeout = notifier?.untilNextPing
            if let milliseconds = socket?.millisecondsUntilAccepting { timeout = earlier(timeout, .milliseconds(milliseconds)) }
            if let milliseconds = service.millisecondsUntilDue { timeout = earlier(timeout, .milliseconds(milliseconds)) }
            // The idle rule's tick, rounded up to the millisecond poll(2) waits in: never before it is due.
            if let microseconds = session.microsecondsUntilTick { timeout = earlier(timeout, .milliseconds((microseconds + 999) / 1000)) }
            do throws(LiveInputError) {
                figures?.beforeWait()
                try session.waitForInput(timeout: timeout, alsoWatching: readable, waitingToWrite: waiting, into: &input)
                figures?.afterWait(input)
            } catch {
                service.flush()
                StandardError.report("\(error)")
                return ExitStatus.unavailable
            }
            do throws(ServiceManagerNotifierError) {
                try notifier?.pingIfDue()
            } catch {
                service.flush()
                StandardError.report("\(error)")
                return ExitStatus.unavailable
            }
            service.handle(input)
            service.tickIfDue()
            service.writeOut()
            figures?.afterWrite(input)
            if input.readable.contains(signals.descriptor) {
                let requests = signals.take()
                if requests.stop {
                    service.flush()
                    try? notifier?.send("STOPPING=1")
                    if let figures { StandardError.write("gesturectl: figures: \(figures.jsonLine.text)") }
                    return ExitStatus.success
                }
                if requests.reload { reload(configFile, into: session, explain: explain) }
            }
            service.readCommands(from: input.readable)
            if let socket, input.readable.contains(socket.listener) { service.accept(from: socket) }
            service.flush()
            noteRecording(session)
        }
    }

    /// The shorter of a wait's limit so far (nil: none) and `duration`.
    private static func earlier(_ limit: Duration?, _ duration: Duration) -> Duration {
        limit.map { min($0, duration) } ?? duration
    }

    /// Writes the recorder's notes (a device not recorded, the largest size reached) on standard error.
    private static func noteRecording(_ session: LiveDismissalSession) {
        for note in session.recorder?.takeNotes() ?? [] { StandardError.write("gesturectl: \(note)") }
    }

    /// A size in bytes, with an optional k, M or G suffix (1024, 1024², 1024³).
    private static func parseSize(_ text: String) -> Int? {
        let units: [Character: Int] = ["k": 1 << 10, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let unit = text.last.flatMap { units[$0] }
        guard let number = Int(unit == nil ? text : String(text.dropLast())), number > 0 else { return nil }
        let (size, overflow) = number.multipliedReportingOverflow(by: unit ?? 1)
        return overflow ? nil : size
    }

    /// SIGHUP: rereads the `--config` file and gives its thresholds to the session, which uses
    /// them from the next gesture on; a file that cannot be read or does not parse changes
    /// nothing. Either way a note on standard error says what happened.
    private static func reload(_ configFile: (path: String, base: GestureConfiguration)?, into session: LiveDismissalSession,
                               explain: Bool) {
        guard let configFile else {
            StandardError.write("gesturectl: SIGHUP: no '--config' file to reread; the thresholds are unchanged")
            return
        }
        do {
            let configuration = try GestureConfigurationReader.load(path: configFile.path, base: configFile.base)
            session.reconfigure(configuration)
            StandardError.write("gesturectl: SIGHUP: reread \(configFile.path); its thresholds apply from the next gesture on")
            if explain { StandardError.write("gesturectl: gestures: \(configuration.jsonLine.text)") }
        } catch {
            StandardError.write("gesturectl: SIGHUP: \(error.description); the thresholds in force are kept")
        }
    }

    /// `WxH` in points; the panel keeps the standard screen's density.
    private static func parseScreen(_ text: String) -> ScreenSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        let standard = ScreenSize.standard
        return ScreenSize(width: width, height: height,
                          widthMM: width * standard.widthMM / standard.width,
                          heightMM: height * standard.heightMM / standard.height)
    }
}

/// SIGINT, SIGTERM and SIGHUP, turned into a readable pipe that the input loop polls with
/// libinput: each signal writes its number as one byte.
///
/// The handler only writes a byte (`write(2)` is async-signal-safe): no thread waits for the
/// signals (a thread would want to set its priority, which the shipped unit's system call
/// filter refuses), and a signal while the loop works is seen at its next `poll`.
final class ServiceSignals {
    /// What the signals that arrived ask for.
    struct Requests {
        var stop = false
        var reload = false
    }

    static let numbers = [SIGINT, SIGTERM, SIGHUP]

    let descriptor: Int32
    private let writer: Int32

    /// Nil when the pipe cannot be made or the signals unblocked (`errno` says why).
    convenience init?() {
        guard let ends = Self.makePipe() else { return nil }
        self.init(descriptor: ends.reader, writer: ends.writer)
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in Self.numbers { sigaddset(&signals, number) }
        // A parent may have left them blocked (the mask survives exec): they must reach the handler.
        guard sigprocmask(SIG_UNBLOCK, &signals, nil) == 0 else { return nil }
    }

    /// Installs the handlers, which write to `writer`.
    private init(descriptor: Int32, writer: Int32) {
        (self.descriptor, self.writer) = (descriptor, writer)
        signalWriter = writer
        for number in Self.numbers {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)  // on the stack: nothing allocated in the handler
                _ = write(signalWriter, &byte, 1)
            }
        }
    }

    /// The pipe, made before the object exists: Embedded Swift never frees an object whose
    /// designated initializer fails.
    private static func makePipe() -> (reader: Int32, writer: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = dk_fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = dk_fcntl(end, F_SETFL, dk_fcntl(end, F_GETFL, 0) | O_NONBLOCK)  // a burst of signals never blocks the handler
        }
        return (ends[0], ends[1])
    }

    deinit {
        for number in Self.numbers { _ = dk_set_signal_action(number, 0) }
        close(descriptor)
        close(writer)
    }

    /// Reads the signals that arrived since the last call (the pipe is readable).
    func take() -> Requests {
        var requests = Requests()
        var bytes = [UInt8](repeating: 0, count: 64)
        while case let count = read(descriptor, &bytes, bytes.count), count > 0 {
            for byte in bytes[..<count] {
                if Int32(byte) == SIGHUP { requests.reload = true } else { requests.stop = true }
            }
        }
        return requests
    }
}

/// The pipe the signal handler writes to; set before the handler is installed.
nonisolated(unsafe) private var signalWriter: Int32 = -1
