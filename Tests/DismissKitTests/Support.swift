import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

/// Paths the tests read, all inside the package.
enum TestPaths {
    /// The directory holding Package.swift.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let recordings = packageRoot.appendingPathComponent("Recordings")
    /// Real recordings made by others on real hardware (see `Recordings/third-party/SOURCES.md`).
    static let thirdPartyRecordings = recordings.appendingPathComponent("third-party")

    /// The built `gesturectl`, next to the test bundle.
    static let gesturectl: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("gesturectl").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("gesturectl")
    }()
}

/// Golden files: compares output with a reviewed file. With
/// `DISMISSKIT_REGENERATE_GOLDENS=1` it rewrites the file and still fails the test,
/// so that no new baseline is accepted without a review.
enum Golden {
    static var regenerating: Bool { ProcessInfo.processInfo.environment["DISMISSKIT_REGENERATE_GOLDENS"] == "1" }

    static func check(_ actual: String, against file: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = try? String(contentsOf: file, encoding: .utf8)
        if regenerating {
            if expected != actual {
                try? actual.write(to: file, atomically: true, encoding: .utf8)
            }
            Issue.record("regenerated \(file.lastPathComponent): review the diff, then run the tests again without DISMISSKIT_REGENERATE_GOLDENS", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden \(file.path); run with DISMISSKIT_REGENERATE_GOLDENS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            let wanted = firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>"
            let got = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>"
            Issue.record("\(file.lastPathComponent) differs at line \(firstDifference + 1):\n  expected \(wanted)\n  actual   \(got)", sourceLocation: sourceLocation)
        }
    }
}

/// The result of running the built command-line tool.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `gesturectl` with the arguments and optional standard input, in the package's folder.
func runGesturectl(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try runProgram(TestPaths.gesturectl, arguments, input: input, in: TestPaths.packageRoot)
}

/// Runs a program found on `PATH`.
func run(_ program: String, _ arguments: [String]) throws -> CommandResult {
    try runProgram(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments)
}

/// Runs `executable` to its end with the arguments, writing `input` to its standard input and
/// reading its standard output and standard error at once: a child that fills one pipe while
/// the test waits on another would never end.
func runProgram(_ executable: URL, _ arguments: [String], input: String? = nil, in folder: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let output = Pipe(), error = Pipe(), stdin = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin
    try process.run()
    let errors = CollectedData()
    let done = DispatchGroup()
    DispatchQueue.global().async(group: done) { errors.data = error.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: done) {
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errors.data, as: UTF8.self)
    )
}

/// Bytes one queue reads for another, which looks only after the group that reads them is done.
private final class CollectedData: @unchecked Sendable {
    var data = Data()
}
