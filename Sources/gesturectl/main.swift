import CProcessArguments
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
        if let name = rest.first, subcommand == nil { return Gesturectl.usageError("unknown subcommand '\(name)'") }
        let why = ManualPage.open(subcommand.map { "gesturectl-\($0.name)" } ?? "gesturectl")
        StandardError.write("gesturectl: \(why); the built-in help follows")
        printToStandardOutput(subcommand?.help ?? Gesturectl.overview)
        return ExitStatus.success
    default:
        return Gesturectl.usageError("unknown subcommand '\(word)'")
    }
}

/// The arguments gesturectl was started with, after its own name.
func processArguments() -> [String] {
    var count: Int32 = 0
    guard let vector = dk_process_arguments(&count) else { return [] }
    return (0..<Int(count)).dropFirst().map { vector[$0].map { String(cString: $0) } ?? "" }
}

exit(runCommandLine(processArguments()))
