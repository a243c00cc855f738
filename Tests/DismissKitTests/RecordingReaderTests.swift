import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct RecordingReaderTests {
    /// Protocol B evemu recordings and their `E:` line counts (from `grep -c '^E:'`).
    @Test(arguments: [
        ("3m-microtouch-usb.evemu-data.evemu", 43466),
        ("atmel-maxtouch.1-finger-drag-up-down.evemu", 502),
        ("atmel-maxtouch.1-finger-fast-taps.evemu", 84),
        ("atmel-maxtouch.2-fingers-touch-release.evemu", 64),
        ("atmel-maxtouch.4-finger-drag-down.evemu", 309),
        ("dell-canvas-advanced-silicon-cooltouch.evemu", 5363),
        ("ep0430m09.1-finger-drag-up-down.evemu", 735),
        ("ep0430m09.2-finger-scroll-down.evemu", 695),
        ("ep0430m09.2-fingers-touch-release.evemu", 58),
        ("ep0430m09.4-finger-drag-down.evemu", 1091),
        ("wetab-egalax.evemu-data.evemu", 170),
        ("elan-cando-win7.1-finger-drag-up-down.events", 1849),
        ("quanta-optical.events", 2832),
    ])
    func readsEveryRealEvemuRecording(name: String, eventCount: Int) throws {
        let reader = try Recording.open(paths: [ReplayTestSupport.evemu(name)])
        #expect(reader.device.isTouchscreen)
        #expect(reader.device.hasSlots)
        let events = try ReplayTestSupport.readAll(reader)
        #expect(events.count == eventCount)
        #expect(events.first?.event.time == 0)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.line < $1.line && $0.event.time <= $1.event.time })
    }

    /// Each converted YAML file and the evemu recording (one file or a pair) it was made from.
    @Test(arguments: [
        ("atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml", ["atmel-maxtouch.1-finger-fast-taps.evemu"]),
        ("atmel-maxtouch.4-finger-drag-down.CONVERTED.yml", ["atmel-maxtouch.4-finger-drag-down.evemu"]),
        ("dell-canvas-advanced-silicon-cooltouch.CONVERTED.yml", ["dell-canvas-advanced-silicon-cooltouch.evemu"]),
        ("ep0430m09.2-finger-scroll-down.CONVERTED.yml", ["ep0430m09.2-finger-scroll-down.evemu"]),
        ("quanta-optical.CONVERTED.yml", ["quanta-optical.desc", "quanta-optical.events"]),
    ])
    func convertedYAMLMatchesItsEvemuOriginal(converted: String, originals: [String]) throws {
        let yaml = try Recording.open(paths: [ReplayTestSupport.converted(converted)])
        let evemu = try Recording.open(paths: originals.map(ReplayTestSupport.evemu))
        #expect(yaml is LibinputRecordReader)
        #expect(evemu is EvemuReader)
        #expect(yaml.device.name == evemu.device.name)
        #expect(yaml.device.codes == evemu.device.codes)
        #expect(yaml.device.absoluteAxes == evemu.device.absoluteAxes)
        #expect(yaml.device.properties == evemu.device.properties)
        let yamlEvents = try ReplayTestSupport.readAll(yaml).map(\.event)
        let evemuEvents = try ReplayTestSupport.readAll(evemu).map(\.event)
        #expect(yamlEvents.count == evemuEvents.count)
        #expect(yamlEvents == evemuEvents)
    }

    /// The protocol A recordings open in every form: one file, the events file of a pair (its
    /// description found beside it), and the pair in either order.
    @Test(arguments: [
        ["ntrig-dell-xt2.protocolA.evemu"],
        ["ntrig-multitouch.1-finger-drag-NW-SE.events"],
        ["ntrig-multitouch.2-fingers-touch-release.events"],
        ["ntrig-multitouch.2-fingers-touch-release.events", "ntrig-multitouch.desc"],
        ["ntrig-multitouch.desc", "ntrig-multitouch.1-finger-drag-NW-SE.events"],
    ])
    func protocolARecordingsOpen(paths: [String]) throws {
        let reader = try Recording.open(paths: paths.map(ReplayTestSupport.evemu))
        #expect(reader.device.usesProtocolA)
        #expect(try TouchDecoder.checkMultitouchProtocol(of: reader.device) == .protocolA)
        #expect(try !ReplayTestSupport.readAll(reader).isEmpty)
    }

    /// Multitouch axes without slots and without positions: mtdev cannot read the device, and
    /// without `ABS_X`/`ABS_Y` it is no single-touch screen either. Refused at the first `A:` line.
    @Test func aProtocolADescriptionMtdevCannotReadIsRefusedAtItsAxes() throws {
        let content = "N: Old Panel\nP: 00 00 00 00 00 00 00 00\nA: 30 0 255 0 0\nA: 35 0 9600 0 0\nE: 0.000001 0003 0035 1\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: [path]) }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 3)
        #expect(error?.reason.contains("mtdev cannot read the device") == true)
    }

    @Test func missingFileIsUnreadable() {
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try Recording.open(paths: ["/nonexistent/touch.evemu"])
        }
        #expect(error == InputFileError(.unreadable, path: "/nonexistent/touch.evemu", reason: "no such file"))
    }

    @Test func directoryIsUnreadable() throws {
        let directory = try ReplayTestSupport.makeDirectory().path
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: [directory]) }
        #expect(error?.kind == .unreadable)
    }

    @Test(arguments: ["", "hello\nworld\n", "{\"type\": \"json\"}\n", "# only a comment\n"])
    func unknownFormatIsMalformedAtLineOne(content: String) throws {
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: [path]) }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 1)
        #expect(error?.reason.hasPrefix("unrecognised recording format") == true)
    }

    @Test(arguments: ["ndevices: 1\nversion: 1\n", "Recording to 'stdout'.\n# libinput record\nversion: 1\n", "version: 1\n"])
    func detectsYAML(content: String) throws {
        let path = try ReplayTestSupport.write(content)
        #expect(try Recording.detectFormat(path: path) == .libinputRecord)
    }

    @Test(arguments: ["# EVEMU 1.3\n", "# comment\n\nN: Panel\n", "E: 0.000001 0000 0000 0\n", "I: 0003 0001 0002 0003\n"])
    func detectsEvemu(content: String) throws {
        let path = try ReplayTestSupport.write(content)
        #expect(try Recording.detectFormat(path: path) == .evemu)
    }

    @Test func evemuHasOnlyDeviceZero() throws {
        let path = ReplayTestSupport.evemu("atmel-maxtouch.1-finger-fast-taps.evemu")
        #expect(try Recording.open(paths: [path], deviceIndex: 0).device.name == "Atmel maXTouch Touchscreen")
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: [path], deviceIndex: 1) }
        #expect(error?.reason.contains("device index 1 is out of range") == true)
    }

    @Test func yamlDeviceIndexIsPassedOn() throws {
        let path = try ReplayTestSupport.write(LibinputRecordReaderTests.twoDevices)
        #expect(try Recording.open(paths: [path]).device.name == "Touch Panel")
        #expect(try Recording.open(paths: [path], deviceIndex: 0).device.name == "AT Translated Set 2 keyboard")
    }

    @Test func twoYAMLFilesAreNotAPair() {
        let path = ReplayTestSupport.converted("atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml")
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: [path, path]) }
        #expect(error?.kind == .malformed)
    }

    @Test(arguments: [0, 3])
    func wrongNumberOfPaths(count: Int) {
        let paths = Array(repeating: ReplayTestSupport.evemu("quanta-optical.desc"), count: count)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try Recording.open(paths: paths) }
        #expect(error?.reason.contains("got \(count) files") == true)
    }

    @Test(arguments: [13, 509, 8192])
    func readChunkSizeDoesNotChangeRealRecordings(chunkSize: Int) throws {
        for paths in [
            [ReplayTestSupport.evemu("ep0430m09.2-finger-scroll-down.evemu")],
            [ReplayTestSupport.evemu("quanta-optical.events"), ReplayTestSupport.evemu("quanta-optical.desc")],
            [ReplayTestSupport.converted("quanta-optical.CONVERTED.yml")],
        ] {
            let reference = try Recording.open(paths: paths)
            let chunked = try Recording.open(paths: paths, deviceIndex: nil, readChunkSize: chunkSize)
            #expect(chunked.device == reference.device)
            #expect(try ReplayTestSupport.readAll(chunked) == ReplayTestSupport.readAll(reference))
        }
    }
}
