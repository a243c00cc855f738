import Glibc

let overview = """
    OVERVIEW: Turn touchscreen input into modal dismissal decisions.

    USAGE: gesturectl <subcommand>

    SUBCOMMANDS:
      replay                  Replay a recording and print touch events or intents.
      plot                    Draw a recording and every decision made on it (SVG or HTML).
      run                     Run the pipeline on a live touchscreen (host commands on stdin).
      devices                 List the touch devices libinput sees.

      See 'gesturectl help <subcommand>' for detailed help.
    """

/// Runs the subcommand named by the first argument and returns the exit status.
func runCommandLine(_ arguments: [String]) -> Int32 {
    guard let subcommand = arguments.first else {
        StandardError.report("missing subcommand", usage: "gesturectl <subcommand>")
        return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    switch subcommand {
    case "replay": return ReplayCommand.run(rest)
    case "plot": return PlotCommand.run(rest)
    case "run": return RunCommand.run(rest)
    case "devices": return DevicesCommand.run(rest)
    case "-h", "--help":
        printToStandardOutput(overview)
        return ExitStatus.success
    case "help":
        switch rest.first {
        case "replay": printToStandardOutput(ReplayCommand.help)
        case "plot": printToStandardOutput(PlotCommand.help)
        case "run": printToStandardOutput(RunCommand.help)
        case "devices": printToStandardOutput(DevicesCommand.help)
        default: printToStandardOutput(overview)
        }
        return ExitStatus.success
    default:
        StandardError.report("unknown subcommand '\(subcommand)'", usage: "gesturectl <subcommand>")
        return ExitStatus.usage
    }
}

exit(runCommandLine(Array(CommandLine.arguments.dropFirst())))
