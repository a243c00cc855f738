import DismissKit

/// The input options shared by `run` and `devices`: a udev seat or device nodes.
enum LiveInputOptions {
    static let valueOptions: Set<String> = ["seat", "device"]

    /// `--seat NAME` or `--device PATH…` (not both); `seat0` by default.
    static func backend(from options: CommandLineArguments) throws(CommandLineArguments.UsageError) -> LiveInputBackend {
        let seat = try options.value("seat")
        let devices = options.values("device")
        if let seat, !devices.isEmpty {
            throw CommandLineArguments.UsageError(message: "use either '--seat \(seat)' or '--device', not both")
        }
        if !devices.isEmpty { return .devices(devices) }
        return seat.map(LiveInputBackend.seat) ?? .defaultSeat
    }
}
