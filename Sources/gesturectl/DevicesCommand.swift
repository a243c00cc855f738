import DismissKit
import DismissKitService

/// `gesturectl devices`: the touch devices libinput sees, like `libinput list-devices` but focused.
enum DevicesCommand: Subcommand {
    static let name = "devices"
    static let summary = "List the touch devices libinput sees."
    static let usage = "gesturectl \(name) [--seat <name> | --device <path> ...]"

    static let help = """
        OVERVIEW: List the touch devices libinput sees.

        USAGE: \(usage)

        OPTIONS:
          --seat <name>           Every device of this udev seat (default: seat0).
          --device <path>         This device node instead of a seat (repeatable).
          -h, --help              Show help information.

        Prints one block per touch device: name, node, size in mm, touch slots and
        capabilities. Exits 69 when there is no touch device.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let backend: LiveInputBackend
        do throws(CommandLineArguments.UsageError) {
            let options = try CommandLineArguments(arguments, valueOptions: LiveInputOptions.valueOptions, flagOptions: ["help"])
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            try options.expectNoPositionalArguments()
            backend = try LiveInputOptions.backend(from: options)
        } catch {
            return usageError(error.message)
        }
        let source: LibinputSource
        do {
            source = try LibinputSource(backend: backend, screen: .standard, logPrefix: "gesturectl: ")
        } catch {
            StandardError.report("\(error)")
            return ExitStatus.unavailable
        }
        var text = ""
        for device in source.devices where device.isTouch {
            text += field("Device", device.name)
            text += field("Kernel", device.node)
            if let width = device.widthMM, let height = device.heightMM {
                text += field("Size", "\(JSONLine.formatNumber(width))x\(JSONLine.formatNumber(height))mm")
            } else {
                text += field("Size", "unknown (the device reports no resolution)")
            }
            text += field("Touch slots", device.touchCount.map(String.init) ?? "unknown")
            text += field("Capabilities", device.isKeyboard ? "touch keyboard" : "touch")
            text += "\n"
        }
        var output = LineWriter.standardOutput()
        output.write(line: String(text.dropLast()))
        output.flush()
        return ExitStatus.success
    }

    /// One `Label:   value` line; the value (a device's name comes from its firmware) with its
    /// control characters escaped, so that it cannot forge other lines or reach the terminal.
    static func field(_ name: String, _ value: String) -> String {
        let label = name + ":"
        return label + String(repeating: " ", count: max(1, 18 - label.count)) + escapingControlCharacters(value) + "\n"
    }
}
