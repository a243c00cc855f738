import DismissKit
import DismissKitService

/// A subcommand of `gesturectl`. ``Gesturectl/subcommands`` lists each once, for the
/// overview, the dispatch, `gesturectl help <subcommand>` and the hint after a usage error.
protocol Subcommand: Sendable {
    /// The word after `gesturectl`.
    static var name: String { get }
    /// What it does, in one line of the overview.
    static var summary: String { get }
    /// The usage line, from `gesturectl` on.
    static var usage: String { get }
    /// What `--help` prints.
    static var help: String { get }
    /// Runs with the arguments after the name and returns the exit status.
    static func run(_ arguments: [String]) -> Int32
}

extension Subcommand {
    /// Reports a usage error with the usage line and where the subcommand's help is.
    /// - Returns: the exit status for a usage error.
    static func usageError(_ message: String) -> Int32 {
        StandardError.reportUsageError(message, usage: usage, help: "gesturectl \(name) --help")
        return ExitStatus.usage
    }
}

/// A subcommand as a value, for the list of them: a list of the types themselves would hold
/// existential metatypes, which Embedded Swift (script/embedded) does not have.
struct SubcommandEntry: Sendable {
    let name: String
    let summary: String
    let help: String
    /// ``Subcommand/run(_:)``.
    let run: @Sendable ([String]) -> Int32

    init<Command: Subcommand>(_ command: Command.Type) {
        (name, summary, help) = (command.name, command.summary, command.help)
        run = { command.run($0) }
    }
}

/// The tool as a whole: its subcommands and its overview.
enum Gesturectl {
    static let subcommands = [SubcommandEntry(ReplayCommand.self), SubcommandEntry(PlotCommand.self), SubcommandEntry(AnalyzeCommand.self),
                              SubcommandEntry(RunCommand.self), SubcommandEntry(DevicesCommand.self)]

    static let usage = "gesturectl <subcommand> | --version | --help"

    /// What `gesturectl --version` prints.
    static let versionLine = "gesturectl \(DismissKitVersion.release) (protocol \(DismissKitVersion.protocolNumber))"

    static let overview = """
        OVERVIEW: Turn touchscreen input into modal dismissal decisions.

        USAGE: \(usage)

        SUBCOMMANDS:
        \(subcommands.map { "  " + $0.name + String(repeating: " ", count: max(1, 24 - $0.name.count)) + $0.summary }
            .joined(separator: "\n"))

          See 'gesturectl help <subcommand>' for its manual page.

        OPTIONS:
          --version               Show the version and the protocol number.
          -h, --help              Show help information.
        """

    /// The subcommand called `name`, or nil.
    static func subcommand(named name: String) -> SubcommandEntry? {
        subcommands.first { $0.name == name }
    }

    /// Reports a usage error of the command line as a whole.
    /// - Returns: the exit status for a usage error.
    static func usageError(_ message: String) -> Int32 {
        StandardError.reportUsageError(message, usage: usage, help: "gesturectl --help")
        return ExitStatus.usage
    }
}
