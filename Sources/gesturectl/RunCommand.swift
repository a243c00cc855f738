import Dispatch
import DismissKit
import Glibc

/// `gesturectl run`: live touch input through libinput, host commands on stdin, intents on stdout.
enum RunCommand {
    static let usage = "gesturectl run [--seat <name> | --device <path> ...] [--scene <file>] [--screen <width>x<height>] [--calibration \"<a b c d e f>\"] [--socket <path>] [--touch-events] [--explain]"

    static let help = """
        OVERVIEW: Run the dismissal pipeline on a live touchscreen.

        Reads touch input through libinput and host commands (JSON Lines, see README) on
        standard input; prints intents as JSON Lines on standard output. A malformed command
        gets 'Error: stdin:LINE: reason' on standard error and is skipped. SIGINT or SIGTERM
        ends the run (exit 0); so does nothing else: the end of standard input only stops
        reading it.

        USAGE: \(usage)

        OPTIONS:
          --seat <name>           Every device of this udev seat (default: seat0).
          --device <path>         This device node instead of a seat (repeatable).
          --scene <file>          The starting scene (JSON); its timeline is not used live.
                                  Default: an empty scene on a 1280 x 800 point screen.
          --screen <width>x<height>
                                  The screen in points when there is no scene file (the panel's
                                  millimetres keep the default density).
          --calibration <matrix>  libinput calibration matrix "a b c d e f" (or a,b,c,d,e,f) for
                                  every touch device; default: each device's udev
                                  LIBINPUT_CALIBRATION_MATRIX.
          --socket <path>         Also serve the protocol on a Unix socket (mode 0600): one client at
                                  a time sends commands and receives the intents; the next client
                                  is accepted when it leaves. Standard input and output still work.
          --touch-events          Print libinput's touch events instead of intents, in the format
                                  of 'gesturectl replay --touch-events'.
          --explain               Add the figures behind each release decision.
          -h, --help              Show help information.

        Times are microseconds since the first input. Device changes are noted on standard
        error. Exits 69 when there is no touch device or a device cannot be opened.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let backend: LiveInputBackend
        let scene: Scene
        let calibration: CalibrationMatrix?
        let printTouchEvents: Bool
        let explain: Bool
        let socketPath: String?
        do throws(CommandLineArguments.UsageError) {
            let options = try CommandLineArguments(
                arguments,
                valueOptions: LiveInputOptions.valueOptions.union(["scene", "screen", "calibration", "socket"]),
                flagOptions: ["touch-events", "explain", "help"]
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
                    scene = try SceneFile.load(path: scenePath).scene
                } catch {
                    StandardError.report(error.description)
                    return error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
                }
            } else if let screenText {
                guard let screen = parseScreen(screenText) else {
                    throw CommandLineArguments.UsageError(message: "'--screen' needs <width>x<height> in points, got '\(screenText)'")
                }
                scene = Scene(screen: screen)
            } else {
                scene = Scene()
            }
            printTouchEvents = options.flag("touch-events")
            explain = options.flag("explain")
            socketPath = try options.value("socket")
        } catch {
            StandardError.report(error.message, usage: usage)
            return ExitStatus.usage
        }

        let session: LiveDismissalSession
        do {
            // LiveDismissalSession takes the matrix as plain numbers.
            session = try LiveDismissalSession(
                backend: backend, scene: scene, calibration: calibration)
        } catch {
            StandardError.report("\(error)")
            return ExitStatus.unavailable
        }
        guard let stop = StopSignals() else {
            StandardError.report("cannot watch for SIGINT and SIGTERM: \(String(cString: strerror(errno)))")
            return ExitStatus.failure
        }
        let socket: CommandSocket?
        do {
            socket = try socketPath.map { path throws(CommandSocket.SetupError) in try CommandSocket(path: path) }
        } catch {
            StandardError.report(error.description)
            return ExitStatus.unavailable
        }
        var commands = CommandLineReader(descriptor: STDIN_FILENO)
        var output = LineWriter.standardOutput()
        var line: [UInt8] = []
        line.reserveCapacity(4096)
        /// Prints a line on standard output and sends it to the socket's client; `write` appends
        /// it, with its newline, to the bytes it is given.
        func emit(_ write: (inout [UInt8]) -> Void) {
            line.removeAll(keepingCapacity: true)
            write(&line)
            output.write(bytes: line)
            socket?.send(bytes: line)
        }
        func apply(_ lines: [CommandLineReader.Line], from source: String) {
            for line in lines {
                if let problem = line.problem {
                    StandardError.write("Error: \(source):\(line.number): \(problem)")
                    continue
                }
                do {
                    let intents = try session.apply(HostCommandParser.parse(line.text))
                    if !printTouchEvents {
                        for intent in intents { emit { intent.appendJSONLine(to: &$0, explain: explain) } }
                    }
                } catch let error as JSONInputError {
                    StandardError.write("Error: \(source):\(line.number): \(error.reason)")
                } catch {
                    StandardError.write("Error: \(source):\(line.number): \(error)")
                }
            }
        }
        while true {
            let watched = [stop.descriptor] + (commands.isOpen ? [STDIN_FILENO] : []) + (socket?.watched ?? [])
            let input: LiveDismissalSession.Input
            do {
                input = try session.waitForInput(alsoWatching: watched)
            } catch {
                output.flush()
                StandardError.report("\(error)")
                return ExitStatus.unavailable
            }
            for change in input.deviceChanges {
                switch change {
                case .deviceAdded(let name): StandardError.write("gesturectl: device added: \(name)")
                case .deviceRemoved(let name): StandardError.write("gesturectl: device removed: \(name)")
                case .touch, .escapeKey: break
                }
            }
            if printTouchEvents {
                for touch in input.touches { emit { touch.appendJSONLine(to: &$0) } }
            } else {
                for intent in input.intents { emit { intent.appendJSONLine(to: &$0, explain: explain) } }
            }
            if input.readable.contains(STDIN_FILENO) { apply(commands.readLines(), from: "stdin") }
            if let socket {
                if input.readable.contains(socket.listener) {
                    socket.acceptClient()
                } else if let client = socket.client, input.readable.contains(client) {
                    apply(socket.readCommands(), from: "socket")
                }
            }
            output.flush()
            if input.readable.contains(stop.descriptor) { return ExitStatus.success }
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

/// SIGINT and SIGTERM, turned into a readable pipe that the input loop polls with libinput.
final class StopSignals {
    let descriptor: Int32
    private let writer: Int32
    private let sources: [any DispatchSourceSignal]

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        descriptor = ends[0]
        writer = ends[1]
        let writer = ends[1]
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { _ = write(writer, "x", 1) }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
        close(descriptor)
        close(writer)
    }
}

/// Host command lines read from a descriptor as they arrive, numbered from 1; blank lines are skipped.
struct CommandLineReader {
    /// A command line, or why it cannot be one.
    struct Line {
        var number: Int
        var text: String
        /// Set when the line is skipped: the reason, for the error line.
        var problem: String?
    }

    let descriptor: Int32
    private(set) var isOpen = true
    private var lines = LineSplitter(capacity: 1 << 16)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what is available (one `read`, so it does not block after `poll` said readable)
    /// and returns the lines it completed; at the end of input, the last unterminated line too.
    mutating func readLines() -> [Line] {
        let count: Int
        do {
            count = try lines.append { buffer throws(SystemCallError) in
                try SystemCall.checked { read(descriptor, buffer.baseAddress, buffer.count) }
            }
        } catch {
            if error.code == EAGAIN { return [] }
            count = 0  // a failed read ends the input
        }
        if count == 0 { isOpen = false }
        var completed: [Line] = []
        while let line = lines.nextLine(inputEnded: !isOpen) {
            if let text = String(validating: line, as: UTF8.self) {
                if !text.allSatisfy(\.isWhitespace) { completed.append(Line(number: lines.lineNumber, text: text)) }
            } else {
                completed.append(Line(number: lines.lineNumber, text: "", problem: "the command is not valid UTF-8 text"))
            }
        }
        if lines.unfinishedLineLength > InputLimits.maximumLineLength {
            completed.append(Line(number: lines.lineNumber + 1, text: "",
                                  problem: "the command is longer than \(InputLimits.maximumLineLength) bytes; skipped"))
            lines.skipUnfinishedLine()
        }
        return completed
    }
}
