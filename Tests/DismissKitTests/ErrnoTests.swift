import Glibc
import Testing
import DismissKit

/// ``Errno``: the named codes are the C library's, and a failed call reports the code it left.
@Suite struct ErrnoTests {
    @Test func namedCodesAreTheCLibrarys() {
        let named: [(Errno, Int32)] = [
            (.interrupted, EINTR), (.wouldBlock, EWOULDBLOCK), (.inProgress, EINPROGRESS),
            (.notPermitted, EPERM), (.permissionDenied, EACCES), (.noSuchFile, ENOENT),
            (.isDirectory, EISDIR), (.invalidArgument, EINVAL), (.inputOutput, EIO),
            (.brokenPipe, EPIPE), (.connectionRefused, ECONNREFUSED),
            (.processOutOfDescriptors, EMFILE), (.systemOutOfDescriptors, ENFILE),
            (.noBufferSpace, ENOBUFS), (.outOfMemory, ENOMEM),
        ]
        for (error, code) in named { #expect(error.code == code) }
    }

    @Test func failedCallThrowsItsCodeWithTheSystemMessage() {
        #expect(throws: Errno.noSuchFile) {
            _ = try SystemCall.checked { open("/dismisskit-no-such-file", O_RDONLY) }
        }
        #expect(Errno.noSuchFile.description == "No such file or directory")
        #expect(Errno(code: EXDEV).description == "Invalid cross-device link")
    }
}
