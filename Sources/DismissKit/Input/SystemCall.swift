import CSystemCalls
import Glibc

/// An `errno` value. The codes this package tells apart have names; any other code the system
/// returns keeps its number. The one place a code becomes a message (`strerror`).
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number, such as `EACCES`.
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(code: dk_errno()) }

    /// EINTR: a signal interrupted the call.
    public static let interrupted = Errno(code: EINTR)
    /// EAGAIN (also EWOULDBLOCK on Linux): a non-blocking call would have to wait.
    public static let wouldBlock = Errno(code: EAGAIN)
    /// EINPROGRESS: a non-blocking `connect` has begun.
    public static let inProgress = Errno(code: EINPROGRESS)
    /// EPERM: the operation is not permitted.
    public static let notPermitted = Errno(code: EPERM)
    /// EACCES: permission denied.
    public static let permissionDenied = Errno(code: EACCES)
    /// ENOENT: no such file or directory.
    public static let noSuchFile = Errno(code: ENOENT)
    /// EISDIR: the path is a directory.
    public static let isDirectory = Errno(code: EISDIR)
    /// EINVAL: an invalid argument.
    public static let invalidArgument = Errno(code: EINVAL)
    /// EIO: an input/output error (also a write that takes nothing).
    public static let inputOutput = Errno(code: EIO)
    /// EPIPE: the reader of a pipe or socket has gone.
    public static let brokenPipe = Errno(code: EPIPE)
    /// ECONNREFUSED: nobody listens on the socket.
    public static let connectionRefused = Errno(code: ECONNREFUSED)
    /// EMFILE: the process has no descriptor left.
    public static let processOutOfDescriptors = Errno(code: EMFILE)
    /// ENFILE: the system has no descriptor left.
    public static let systemOutOfDescriptors = Errno(code: ENFILE)
    /// ENOBUFS: no buffer space.
    public static let noBufferSpace = Errno(code: ENOBUFS)
    /// ENOMEM: out of memory.
    public static let outOfMemory = Errno(code: ENOMEM)

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
    /// - Throws: ``Errno`` when the call fails (``Errno/interrupted`` only when not retrying).
    public static func checked<Value: FixedWidthInteger>(
        retryingOnInterrupt: Bool = true, _ call: () -> Value
    ) throws(Errno) -> Value {
        while true {
            let value = call()
            if value != -1 { return value }
            let error = Errno.current
            if error == .interrupted && retryingOnInterrupt { continue }
            throw error
        }
    }

    /// Hands every byte to `write` (a `write(2)` or `send(2)` on one descriptor, given a start
    /// and a count), calling it again after a partial or interrupted write.
    /// - Throws: ``Errno`` as soon as a write fails (``Errno/inputOutput`` for one that takes nothing).
    public static func writeAll(_ bytes: [UInt8], with write: (UnsafeRawPointer, Int) -> Int) throws(Errno) {
        let failure = bytes.withUnsafeBytes { buffer -> Errno? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                do throws(Errno) {
                    let written = try checked { write(base + offset, buffer.count - offset) }
                    guard written > 0 else { return .inputOutput }
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
