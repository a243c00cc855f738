import Foundation
@testable import DismissKit
@testable import DismissKitCore

/// Files and helpers shared by the recording reader suites.
enum ReplayTestSupport {
    static let recordings = TestPaths.thirdPartyRecordings

    static func evemu(_ name: String) -> String { recordings.appendingPathComponent("evemu/\(name)").path }

    static func converted(_ name: String) -> String {
        recordings.appendingPathComponent("libinput-record-converted/\(name)").path
    }

    /// A new empty directory under the system's temporary directory.
    static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dismisskit-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `content` to `name` in `directory` (a new one if nil) and returns the path.
    @discardableResult
    static func write(_ content: String, name: String = "recording.txt", in directory: URL? = nil) throws -> String {
        let url = try (directory ?? makeDirectory()).appendingPathComponent(name)
        try Data(content.utf8).write(to: url)
        return url.path
    }

    /// Every event the reader yields.
    static func readAll(_ reader: any RecordingReader) throws(InputFileError) -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    /// The error `body` throws, or nil.
    static func error<T>(_ body: () throws(InputFileError) -> T) -> InputFileError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based numbers of the lines of `text` that contain `fragment`.
    static func lines(of text: String, containing fragment: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains(fragment) }.map { $0.offset + 1 }
    }
}
