import DismissKitService
import Glibc

extension PeerAccess {
    /// Reads `--allow-uid` and `--allow-group`: numbers, or names from the user and group databases.
    init(options: CommandLineArguments) throws(CommandLineArguments.UsageError) {
        self.init()
        for text in options.values("allow-uid") {
            if let number = uid_t(text) {
                uids.insert(number)
            } else if let entry = getpwnam(text) {
                uids.insert(entry.pointee.pw_uid)
            } else {
                throw CommandLineArguments.UsageError(message: "'--allow-uid' needs a user id or name; no user '\(text)'")
            }
        }
        for text in options.values("allow-group") {
            if let number = gid_t(text) {
                groups.insert(number)
            } else if let entry = getgrnam(text) {
                groups.insert(entry.pointee.gr_gid)
            } else {
                throw CommandLineArguments.UsageError(message: "'--allow-group' needs a group id or name; no group '\(text)'")
            }
        }
    }
}
