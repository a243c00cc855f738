import Glibc

/// What a path or descriptor is, from `st_mode`'s file type bits (`S_IFMT`).
public enum FileType: Sendable, Equatable {
    case regular, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, unknown

    /// The type `status` (from `stat`, `fstat` or `lstat`) describes.
    public init(_ status: stat) {
        // The bits compared as numbers: the Glibc module types S_IF* as mode_t, the C headers alone as int.
        switch UInt32(status.st_mode) & UInt32(S_IFMT) {
        case UInt32(S_IFREG): self = .regular
        case UInt32(S_IFDIR): self = .directory
        case UInt32(S_IFIFO): self = .fifo
        case UInt32(S_IFSOCK): self = .socket
        case UInt32(S_IFCHR): self = .characterDevice
        case UInt32(S_IFBLK): self = .blockDevice
        case UInt32(S_IFLNK): self = .symbolicLink
        default: self = .unknown
        }
    }
}
