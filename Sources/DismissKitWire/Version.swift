/// DismissKit's release and protocol numbers: the one place they are written. `gesturectl
/// --version`, `dk_version()`, the Python module, the packages and `dismisskit.pc` all read
/// them from here, and so does the WebAssembly module (dismisskit.js).
public enum DismissKitVersion {
    /// The release, `major.minor.patch`.
    public static let release = "0.1.0"
    /// The number of the JSON Lines protocol of `gesturectl run`, raised when a change could
    /// break a client written for the one before.
    public static let protocolNumber = 1
}
