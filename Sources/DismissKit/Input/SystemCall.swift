import Glibc

/// The `errno` of a failed system call.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value, such as `EACCES`.
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The C library's message for the code (`strerror`).
    public var description: String { String(cString: strerror(code)) }
}

/// System calls that fail with -1 and `errno`, checked in one place.
///
/// Opening and reading recordings, reading standard input and the command socket, writing to
/// standard output and the socket, and waiting for libinput go through
/// ``checked(retryingOnInterrupt:_:)``, so a call interrupted by a signal (EINTR) is handled
/// the same way everywhere: made again, unless the caller wants to hear of it.
public enum SystemCall {
    /// Makes a system call, again each time a signal interrupts it when `retryingOnInterrupt`.
    /// - Returns: the call's result, never -1.
    /// - Throws: ``SystemCallError`` with `errno` when the call fails (with EINTR only when not retrying).
    public static func checked<Value: FixedWidthInteger>(
        retryingOnInterrupt: Bool = true, _ call: () -> Value
    ) throws(SystemCallError) -> Value {
        while true {
            let value = call()
            if value != -1 { return value }
            let code = errno
            if code == EINTR && retryingOnInterrupt { continue }
            throw SystemCallError(code: code)
        }
    }

    /// Hands every byte to `write` (a `write(2)` or `send(2)` on one descriptor, given a start
    /// and a count), calling it again after a partial or interrupted write.
    /// - Throws: ``SystemCallError`` as soon as a write fails (`EIO` for one that takes nothing).
    public static func writeAll(_ bytes: [UInt8], with write: (UnsafeRawPointer, Int) -> Int) throws(SystemCallError) {
        let failure = bytes.withUnsafeBytes { buffer -> SystemCallError? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                do throws(SystemCallError) {
                    let written = try checked { write(base + offset, buffer.count - offset) }
                    guard written > 0 else { return SystemCallError(code: EIO) }
                    offset += written
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }
}
