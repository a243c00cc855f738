import CSystemCalls
import DismissKit
import Glibc

/// The installed manual pages, which `gesturectl help` opens as `git help` does.
enum ManualPage {
    /// Replaces this process with `man page` when `man -w page` finds the page; returns why it
    /// did not when there is no `man`, or no such page (a build not installed), for the caller
    /// to say so and print the help text instead.
    static func open(_ page: String) -> String {
        switch exitStatus(of: ["man", "-w", page]) {
        case nil:
            return "there is no man program to show the manual page \(page)"
        case 0:
            execArguments(["man", page])
            return "man could not be started for the manual page \(page)"
        default:
            return "the manual page \(page) is not installed (it is with the gesturectl package, or script/install)"
        }
    }

    /// Runs a program found on `PATH` with nothing on its standard output and error, and returns
    /// its exit status (nil when it could not be started).
    private static func exitStatus(of arguments: [String]) -> Int32? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let started = withCArguments(arguments) { posix_spawnp(&pid, arguments[0], &actions, nil, $0, dk_environment()) }
        guard started == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard Errno.current == .interrupted else { return nil }
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : nil
    }

    private static func execArguments(_ arguments: [String]) {
        _ = withCArguments(arguments) { execvp(arguments[0], $0) }
    }

    private static func withCArguments<Result>(_ arguments: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        let pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
