import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct LibinputRecordReaderTests {
    /// A pasted two-device recording: junk before the YAML, a keyboard, then a touchscreen,
    /// and unknown keys at the top level, in a device and in event items.
    static let twoDevices = """
        Recording to 'stdout'.
        Available devices:
        /dev/input/event3:\tAT Translated Set 2 keyboard
        # libinput record
        version: 1
        ndevices: 2
        unplug: {name: test, description: "a map the reader does not know"}
        libinput:
          version: "1.25.0"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0"
        devices:
        - node: /dev/input/event3
          evdev:
            # Name: AT Translated Set 2 keyboard
            name: "AT Translated Set 2 keyboard"
            id: [17, 1, 1, 43841]
            codes:
              0: [0, 1, 4, 17, 20] # EV_SYN
              1: [1, 2, 3] # EV_KEY
            properties: []
          hid: [0x05, 0x01]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_KEYBOARD=1
          quirks:
          events:
          - evdev:
            - [  0, 500000,   1,   1,       1] # EV_KEY / KEY_ESC 1
            - [  0, 500000,   0,   0,       0] # ------------ SYN_REPORT (0) ----------
        - node: /dev/input/event5
          future-key: {nested: [1, 2, {deep: true}]}
          evdev:
            name: "Touch Panel"
            id: [24, 1, 2, 3]
            codes:
              0: [0, 1, 3]
              1: [330]
              3: [0, 1, 47, 53, 54, 57]
            absinfo:
              0: [0, 4095, 0, 0, 16]
              1: [0, 4095, 0, 0, 16]
              47: [0, 9, 0, 0, 0]
              53: [0, 4095, 0, 0, 16]
              54: [0, 4095, 0, 0, 16]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
            - LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1
            virtual: false
          quirks:
          events:
          # Current time is 12:00:00
          - evdev:
            - [  1,  20000,   3,  47,       0] # EV_ABS / ABS_MT_SLOT 0
            - [  1,  20000,   3,  57,       7]
            - [  1,  20000,   3,  53,     100]
            - [  1,  20000,   3,  54,     200]
            - [  1,  20000,   1, 330,       1]
            - [  1,  20000,   0,   0,       0]
            libinput:
            - {time: 1.020000, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [1.0, 2.0]}
          - hid: {time: [1, 20500], hidraw0: [0x01, 0x02]}
          - note: an unknown item key
            evdev:
            - [  1,  31000,   3,  57,      -1]
            - [  1,  31000,   1, 330,       0]
            - [  1,  31000,   0,   0,       0]
                                             # Touch device in neutral state
        """

    static let expectedTouchEvents: [InputEvent] = [
        InputEvent(time: 0, type: 3, code: 47, value: 0),
        InputEvent(time: 0, type: 3, code: 57, value: 7),
        InputEvent(time: 0, type: 3, code: 53, value: 100),
        InputEvent(time: 0, type: 3, code: 54, value: 200),
        InputEvent(time: 0, type: 1, code: 330, value: 1),
        InputEvent(time: 0, type: 0, code: 0, value: 0),
        InputEvent(time: 11000, type: 3, code: 57, value: -1),
        InputEvent(time: 11000, type: 1, code: 330, value: 0),
        InputEvent(time: 11000, type: 0, code: 0, value: 0),
    ]

    @Test func picksTheTouchscreenAfterJunkAndUnknownKeys() throws {
        let path = try ReplayTestSupport.write(Self.twoDevices)
        let reader = try LibinputRecordReader(path: path)
        #expect(reader.device.name == "Touch Panel")
        #expect(reader.device.codes == [0: [0, 1, 3], 1: [330], 3: [0, 1, 47, 53, 54, 57]])
        #expect(reader.device.absoluteAxes[53] == AbsoluteAxisInfo(minimum: 0, maximum: 4095, resolution: 16))
        #expect(reader.device.absoluteAxes.count == 6)
        #expect(reader.device.properties == [InputProperty.direct])
        #expect(reader.device.udevProperties == [
            "ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_CALIBRATION_MATRIX": "0 1 0 -1 0 1",
        ])
        let events = try ReplayTestSupport.readAll(reader)
        #expect(events.map(\.event) == Self.expectedTouchEvents)
        #expect(events.map(\.line) == ReplayTestSupport.lines(of: Self.twoDevices, containing: "- [  1,"))
        #expect(try reader.next() == nil)
    }

    /// Only the udev properties that matter are kept, and a long list of codes is merged as it
    /// is read: 200,000 properties and 1,000,000 codes leave a device of a few entries.
    @Test func aDeviceKeepsOnlyTheUdevPropertiesThatMatterAndMergesItsCodes() throws {
        let properties = (0..<200_000).map { "    - X_\($0)=\($0)" }.joined(separator: "\n")
        let codes = Array(repeating: "53, 54", count: 500_000).joined(separator: ", ")
        let yaml = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "Panel"
                codes:
                  3: [0, 1, \(codes)]
                absinfo:
                  0: [0, 4095, 0, 0, 0]
                  1: [0, 4095, 0, 0, 0]
                  53: [0, 4095, 0, 0, 0]
                  54: [0, 4095, 0, 0, 0]
              udev:
                properties:
            \(properties)
                - ID_INPUT_TOUCHSCREEN=1
                - LIBINPUT_FUZZ_35=4
                - LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1
                - LIBINPUT_FUZZ_NOT_A_CODE=1
              events: []
            """
        let reader = try LibinputRecordReader(path: try ReplayTestSupport.write(yaml))
        #expect(reader.device.udevProperties == [
            "ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_FUZZ_35": "4", "LIBINPUT_CALIBRATION_MATRIX": "0 1 0 -1 0 1",
        ])
        #expect(reader.device.codes[3] == [0, 1, 53, 54])
    }

    /// A `---` or `...` line inside `events` would end the YAML document there: the second
    /// document is refused at its line, not taken as the end of the recording.
    @Test(arguments: ["---", "..."])
    func aSecondDocumentInsideTheEventsIsRefusedAtItsLine(marker: String) throws {
        let lines = Self.twoDevices.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstEvent = try #require(lines.firstIndex { $0.contains("- [  1,") })
        let broken = (lines[...firstEvent] + [marker] + lines[(firstEvent + 1)...]).joined(separator: "\n")
        let reader = try LibinputRecordReader(path: try ReplayTestSupport.write(broken))
        let error = ReplayTestSupport.error { () throws(InputFileError) in _ = try ReplayTestSupport.readAll(reader) }
        // After `...`, libyaml itself refuses the content that follows without a `---`.
        let reason = marker == "---" ? "a second YAML document begins here" : "did not find expected <document start>"
        #expect(error?.reason.contains(reason) == true, "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.line == firstEvent + (marker == "---" ? 2 : 3))
        #expect(try LibinputRecordReader(path: try ReplayTestSupport.write(Self.twoDevices + "\n...\n")).device.name == "Touch Panel",
                "a closing `...` ends the one document")
    }

    @Test func deviceIndexPicksTheKeyboard() throws {
        let path = try ReplayTestSupport.write(Self.twoDevices)
        let reader = try LibinputRecordReader(path: path, deviceIndex: 0)
        #expect(reader.device.name == "AT Translated Set 2 keyboard")
        #expect(reader.device.isTouchscreen == false)
        #expect(reader.device.codes[1] == [1, 2, 3])
        #expect(reader.device.udevProperties["ID_INPUT_KEYBOARD"] == "1")
        let events = try ReplayTestSupport.readAll(reader)
        #expect(events.map(\.event) == [
            InputEvent(time: 0, type: 1, code: 1, value: 1), InputEvent(time: 0, type: 0, code: 0, value: 0),
        ])
        #expect(events.map(\.line) == ReplayTestSupport.lines(of: Self.twoDevices, containing: "- [  0, 500000"))
    }

    @Test func deviceIndexOutOfRange() throws {
        let path = try ReplayTestSupport.write(Self.twoDevices)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path, deviceIndex: 2) }
        #expect(error?.kind == .malformed)
        #expect(error?.reason.contains("device index 2 is out of range") == true)
        #expect(error?.reason.contains("2 devices") == true)
    }

    @Test func noTouchscreen() throws {
        let keyboardOnly = Self.twoDevices.components(separatedBy: "- node: /dev/input/event5")[0]
        let path = try ReplayTestSupport.write(keyboardOnly)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.reason == "no touchscreen among the recording's 1 device")
        #expect(error?.line == ReplayTestSupport.lines(of: keyboardOnly, containing: "devices:").last)
    }

    /// One touchscreen device whose events end with `lastEvent`, at line 10.
    static func touchscreen(lastEvent: String) -> String {
        """
        version: 1
        devices:
        - evdev:
            name: "T"
            absinfo: {47: [0, 9, 0, 0, 0], 53: [0, 100, 0, 0, 0], 54: [0, 100, 0, 0, 0]}
            properties: [1]
          events:
          - evdev:
            - [0, 0, 3, 47, 0]
            \(lastEvent)
        """
    }

    @Test(arguments: [
        ("too few", "- [0, 0, 3, 53]"),
        ("too many", "- [0, 0, 3, 53, 1, 2]"),
        ("not an integer", "- [0, 0, 3, abc, 1]"),
        ("nested list", "- [0, 0, 3, [53], 1]"),
        ("type out of range", "- [0, 0, 32, 0, 1]"),
        ("code out of range", "- [0, 0, 3, 768, 1]"),
        ("value out of range", "- [0, 0, 3, 53, 2147483648]"),
        ("negative seconds", "- [-1, 0, 3, 53, 1]"),
        ("microseconds out of range", "- [0, 1000000, 3, 53, 1]"),
        ("not a list", "- 5"),
    ])
    func malformedEventNamesItsLine(name: String, lastEvent: String) throws {
        let path = try ReplayTestSupport.write(Self.touchscreen(lastEvent: lastEvent))
        let reader = try LibinputRecordReader(path: path)
        #expect(try reader.next()?.event == InputEvent(time: 0, type: 3, code: 47, value: 0))
        let error = ReplayTestSupport.error { () throws(InputFileError) in try reader.next() }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 10)
        #expect(error?.path == path)
        // A failed reader keeps failing rather than resuming mid-list.
        #expect(ReplayTestSupport.error { () throws(InputFileError) in try reader.next() } == error)
    }

    @Test func invalidYAMLNamesLibyamlsProblemAndLine() throws {
        let content = "junk line\nversion: 1\ndevices:\n- evdev:\n    name: \"T\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.kind == .malformed)
        #expect(error?.reason.hasPrefix("invalid YAML: found unexpected end of stream") == true)
        #expect(error?.line == 6)
    }

    @Test func badIndentationIsAnError() throws {
        let content = "version: 1\ndevices:\n- evdev:\n    name: T\n   bad: 1\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.reason.hasPrefix("invalid YAML:") == true)
        #expect(error?.line == 5)
    }

    @Test func unsupportedVersionNamesItsLine() throws {
        let path = try ReplayTestSupport.write("Recording to 'stdout'.\n\nversion: 2\ndevices: []\n")
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.line == 3)
        #expect(error?.reason.contains("version `2`") == true)
    }

    @Test func fileWithoutVersionIsRejected() throws {
        let path = try ReplayTestSupport.write("hello\nworld\n")
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.kind == .malformed)
        #expect(error?.reason.contains("no `version:` line") == true)
    }

    @Test(arguments: ["events:", "events: []", "events: ~"])
    func emptyEvents(events: String) throws {
        let content = Self.touchscreen(lastEvent: "").components(separatedBy: "  events:")[0] + "  " + events + "\n"
        let reader = try LibinputRecordReader(path: ReplayTestSupport.write(content))
        #expect(reader.device.name == "T")
        #expect(try reader.next() == nil)
    }

    @Test func protocolADeviceIsRead() throws {
        let content = """
            version: 1
            devices:
            - evdev:
                name: "Protocol A"
                codes: {3: [0, 1, 53, 54]}
                absinfo:
                  0: [0, 100, 0, 0, 0]
                  1: [0, 100, 0, 0, 0]
                  53: [0, 100, 0, 0, 0]
                  54: [0, 100, 0, 0, 0]
                properties: [1]
              events:
              - evdev:
                - [0, 0, 3, 53, 1]
            """
        let reader = try LibinputRecordReader(path: ReplayTestSupport.write(content))
        #expect(reader.device.usesProtocolA)
        #expect(try ReplayTestSupport.readAll(reader).map(\.event.value) == [1])
    }

    @Test func aProtocolADeviceMtdevCannotReadIsRejectedAtItsAbsinfo() throws {
        let content = """
            version: 1
            devices:
            - evdev:
                name: "Protocol A without positions"
                codes: {3: [48, 57]}
                absinfo:
                  48: [0, 100, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
                properties: [1]
              events:
              - evdev:
                - [0, 0, 3, 48, 1]
            """
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try LibinputRecordReader(path: path) }
        #expect(error?.reason.contains("mtdev cannot read the device") == true)
        #expect(error?.line == 7, "the first axis's line, as an evemu file's first `A:` line")
    }

    @Test func missingFileIsUnreadable() {
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try LibinputRecordReader(path: "/nonexistent/recording.yml")
        }
        #expect(error == InputFileError(.unreadable, path: "/nonexistent/recording.yml", reason: "no such file"))
    }

    @Test(arguments: [1, 2, 3, 5, 7, 16, 17, 18, 64, 1000, 65536])
    func readChunkSizeDoesNotChangeTheResult(chunkSize: Int) throws {
        let path = try ReplayTestSupport.write(Self.twoDevices)
        let reference = try ReplayTestSupport.readAll(LibinputRecordReader(path: path))
        let reader = try LibinputRecordReader(path: path, readChunkSize: chunkSize)
        #expect(reader.device.name == "Touch Panel")
        #expect(try ReplayTestSupport.readAll(reader) == reference)
    }

    @Test(arguments: [97, 4096])
    func readChunkSizeOnARealRecording(chunkSize: Int) throws {
        let path = ReplayTestSupport.converted("dell-canvas-advanced-silicon-cooltouch.CONVERTED.yml")
        let reference = try ReplayTestSupport.readAll(LibinputRecordReader(path: path))
        #expect(reference.count == 5363)
        let reader = try LibinputRecordReader(path: path, readChunkSize: chunkSize)
        #expect(try ReplayTestSupport.readAll(reader) == reference)
    }
}
