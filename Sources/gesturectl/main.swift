import DismissKitService
import Glibc

/// Runs the subcommand named by the first argument and returns the exit status.
func runCommandLine(_ arguments: [String]) -> Int32 {
    guard let word = arguments.first else { return Gesturectl.usageError("missing subcommand") }
    let rest = Array(arguments.dropFirst())
    if let subcommand = Gesturectl.subcommand(named: word) { return subcommand.run(rest) }
    switch word {
    case "-h", "--help":
        printToStandardOutput(Gesturectl.overview)
        return ExitStatus.success
    case "--version":
        printToStandardOutput(Gesturectl.versionLine)
        return ExitStatus.success
    case "help":
        let subcommand = rest.first.flatMap(Gesturectl.subcommand(named:))
        ManualPage.open(subcommand.map { "gesturectl-\($0.name)" } ?? "gesturectl")
        printToStandardOutput(subcommand?.help ?? Gesturectl.overview)
        return ExitStatus.success
    default:
        return Gesturectl.usageError("unknown subcommand '\(word)'")
    }
}

exit(runCommandLine(Array(CommandLine.arguments.dropFirst())))
