import DismissKitCore

/// A problem with an input file (a recording, a scene): which file, where, and why.
public struct InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is; the command-line tool maps it to an exit status.
    public enum Kind: Sendable, Hashable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The file's content is malformed or unsupported.
        case malformed
    }

    public var kind: Kind
    public var path: String
    /// 1-based line number, when the problem has one.
    public var line: Int?
    public var reason: String

    public init(_ kind: Kind, path: String, line: Int? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.reason = reason
    }

    /// `FILE:LINE: reason`, or `FILE: reason` without a line.
    public var description: String {
        if let line { return "\(path):\(line): \(reason)" }
        return "\(path): \(reason)"
    }
}
