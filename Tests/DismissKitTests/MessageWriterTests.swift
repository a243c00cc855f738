import Foundation
import Glibc
import DismissKit
@testable import gesturectl
import Testing

/// Every message on standard error goes through `MessageWriter`, which escapes control
/// characters: each kind of message is fed a hostile value and must stay one plain line.
@Suite(.serialized) struct MessageWriterTests {
    /// A value that would forge a line of its own, clear a terminal, and hide in C1 and DEL.
    static let hostile = "x\u{1B}[2J\u{9B}31m\u{7F}\u{0}\t\r\nError: forged\u{85}gesturectl: forged"
    static let escapedHostile = #"x\u{1B}[2J\u{9B}31m\u{7F}\u{00}\u{09}\u{0D}\u{0A}Error: forged\u{85}gesturectl: forged"#

    @Test func everyControlCharacterIsEscapedAndTheRestKept() {
        #expect(escapingControlCharacters(Self.hostile) == Self.escapedHostile)
        #expect(escapingControlCharacters("plain: ça, 日本, \u{A0}\u{200B}") == "plain: ça, 日本, \u{A0}\u{200B}")
        for value in (0..<0x20).map({ $0 }) + [0x7F] + (0x80...0x9F).map({ $0 }) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(!escapingControlCharacters(String(scalar)).unicodeScalars.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }

    /// The lines of `standardError`, each of which must begin as gesturectl writes its lines
    /// and hold no control character.
    static func expectPlainLines(_ standardError: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(standardError.contains("\\u{1B}[2J"), "the hostile value is in the message, escaped", sourceLocation: sourceLocation)
        for line in standardError.split(separator: "\n") {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(!line.hasPrefix("Error: forged") && !line.hasPrefix("gesturectl: forged"), sourceLocation: sourceLocation)
        }
    }

    /// `gesturectl devices` prints a device's name, which its firmware chose, escaped too.
    @Test func aDeviceNameInTheDevicesListing() {
        #expect(DevicesCommand.field("Device", Self.hostile) == "Device:           \(Self.escapedHostile)\n")
        #expect(DevicesCommand.field("Kernel", "/dev/input/event5") == "Kernel:           /dev/input/event5\n")
    }

    @Test func aRecordingsVersionLine() throws {
        let path = RunningService.scratchPath("hostile.evemu")
        try Data("# EVEMU \(Self.hostile)\nN: x\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let result = try runGesturectl(["replay", path, "--touch-events"])
        #expect(result.status == 65)
        Self.expectPlainLines(result.standardError)
    }

    @Test func aPathInAUsageError() throws {
        let result = try runGesturectl(["replay", "Recordings/\(Self.hostile).evemu", "--touch-events"])
        #expect(result.status == 66)
        Self.expectPlainLines(result.standardError)
        let option = try runGesturectl(["replay", "--\(Self.hostile)"])
        #expect(option.status == 64)
        Self.expectPlainLines(option.standardError)
    }

    /// An id cannot carry the hostile text (``PresentationIDRule``), so a style does.
    @Test func aSceneFilesPresentationStyle() throws {
        let path = RunningService.scratchPath("hostile.scene.json")
        let style = try #require(String(data: JSONEncoder().encode(Self.hostile), encoding: .utf8))
        try Data(#"{"presentations":[{"id":"a","style":\#(style)}]}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let result = try runGesturectl(["replay", "Recordings/rules-seat-slots.evemu", "--scene", path])
        #expect(result.status == 65)
        Self.expectPlainLines(result.standardError)
    }

    @Test func aDeviceNodeAndASocketPath() throws {
        let device = try runGesturectl(["run", "--device", "/dev/input/\(Self.hostile)"])
        #expect(device.status == 69)
        Self.expectPlainLines(device.standardError)
        // An argument ends at its first NUL, so the path has none.
        let path = RunningService.scratchPath(Self.hostile.replacingOccurrences(of: "\u{0}", with: ""))
        try Data().write(to: URL(fileURLWithPath: path))  // not a socket: left alone, with a message naming it
        defer { unlink(path) }
        let socket = try runGesturectl(["run", "--socket", path])
        #expect(socket.status == 69)
        Self.expectPlainLines(socket.standardError)
    }

    @Test func aCommandsKeyOnStandardInput() throws {
        let service = try RunningService([])
        let key = try #require(String(data: JSONEncoder().encode(Self.hostile), encoding: .utf8))
        service.write(#"{"type":"key","key":"escape",\#(key):1}"# + "\n")  // an unknown key: refused, the key quoted
        var output = service.output
        #expect(try output.nextLine()?.hasPrefix(#"{"line":1,"reason":"#) == true)
        #expect(try service.stop() == 0)
        Self.expectPlainLines(service.standardError)
        #expect(service.standardError.contains("Error: stdin:1: unknown key \"x\\u{1B}[2J"))
    }
}
