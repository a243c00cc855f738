import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

/// The real recordings other people made, in `Recordings/third-party/`.
@Suite struct ThirdPartyRecordingTests {
    /// Every protocol B recording: single evemu files and `.desc` + `.events` pairs.
    static let protocolB: [String] = [
        "evemu/atmel-maxtouch.1-finger-drag-up-down.evemu",
        "evemu/atmel-maxtouch.1-finger-fast-taps.evemu",
        "evemu/atmel-maxtouch.2-fingers-touch-release.evemu",
        "evemu/atmel-maxtouch.4-finger-drag-down.evemu",
        "evemu/ep0430m09.1-finger-drag-up-down.evemu",
        "evemu/ep0430m09.2-finger-scroll-down.evemu",
        "evemu/ep0430m09.2-fingers-touch-release.evemu",
        "evemu/ep0430m09.4-finger-drag-down.evemu",
        "evemu/elan-cando-win7.1-finger-drag-up-down.events",
        "evemu/quanta-optical.events",
        "evemu/dell-canvas-advanced-silicon-cooltouch.evemu",
        "evemu/3m-microtouch-usb.evemu-data.evemu",
        "evemu/wetab-egalax.evemu-data.evemu",
        "libinput-record-converted/atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml",
        "libinput-record-converted/atmel-maxtouch.4-finger-drag-down.CONVERTED.yml",
        "libinput-record-converted/dell-canvas-advanced-silicon-cooltouch.CONVERTED.yml",
        "libinput-record-converted/ep0430m09.2-finger-scroll-down.CONVERTED.yml",
        "libinput-record-converted/quanta-optical.CONVERTED.yml",
    ]

    /// The protocol A recordings, read through libmtdev as libinput reads them.
    static let protocolA: [String] = [
        "evemu/ntrig-dell-xt2.protocolA.evemu",
        "evemu/ntrig-multitouch.1-finger-drag-NW-SE.events",
        "evemu/ntrig-multitouch.2-fingers-touch-release.events",
    ]

    static func touchEvents(_ relativePath: String) throws -> [TouchEvent] {
        try touchEvents(paths: [TestPaths.thirdPartyRecordings.appendingPathComponent(relativePath).path])
    }

    static func touchEvents(paths: [String]) throws -> [TouchEvent] {
        let reader = try Recording.open(paths: paths)
        var events: [TouchEvent] = []
        try Replay.touchEvents(from: reader, screen: .standard) { events.append($0) }
        return events
    }

    @Test(arguments: protocolB + protocolA)
    func replaysIntoBalancedTouches(path: String) throws {
        let events = try Self.touchEvents(path)
        let downs = events.filter { $0.kind == .down }
        #expect(!downs.isEmpty)
        // Every touch that goes down comes up (or is still down at the end: the 3M file ends mid-touch),
        // seat slots are never shared by two live touches, and time never runs backwards.
        var live: Set<Int32> = []
        var lastTime: Int64 = 0
        for event in events {
            #expect(event.time >= lastTime)
            lastTime = event.time
            switch event.kind {
            case .down: #expect(live.insert(event.seatSlot).inserted)
            case .motion: #expect(live.contains(event.seatSlot))
            case .up, .cancel: #expect(live.remove(event.seatSlot) != nil)
            case .frame: break
            }
        }
        if !path.hasPrefix("evemu/3m-") { #expect(live.isEmpty) }
        #expect(events.last?.kind == .frame)
    }

    @Test(arguments: [
        "atmel-maxtouch.1-finger-fast-taps",
        "atmel-maxtouch.4-finger-drag-down",
        "dell-canvas-advanced-silicon-cooltouch",
        "ep0430m09.2-finger-scroll-down",
        "quanta-optical",
    ])
    func convertedYAMLGivesTheSameTouchEventsAsItsEvemuOriginal(stem: String) throws {
        let original = stem == "quanta-optical" ? "evemu/quanta-optical.events" : "evemu/\(stem).evemu"
        let fromEvemu = try Self.touchEvents(original)
        let fromYAML = try Self.touchEvents("libinput-record-converted/\(stem).CONVERTED.yml")
        #expect(fromEvemu.count > 0)
        #expect(fromEvemu == fromYAML)
    }

    /// A `.desc` + `.events` pair gives what the same description and events in one evemu file
    /// give, passed as the events file alone, as the pair, or as the pair the other way round.
    @Test(arguments: ["ntrig-multitouch.1-finger-drag-NW-SE", "ntrig-multitouch.2-fingers-touch-release"])
    func aProtocolAPairGivesWhatTheSingleFileGives(stem: String) throws {
        let directory = TestPaths.thirdPartyRecordings.appendingPathComponent("evemu")
        let description = directory.appendingPathComponent("ntrig-multitouch.desc").path
        let events = directory.appendingPathComponent("\(stem).events").path
        let single = try ReplayTestSupport.write(
            String(contentsOfFile: description, encoding: .utf8) + String(contentsOfFile: events, encoding: .utf8),
            name: "\(stem).evemu")
        let fromSingleFile = try Self.touchEvents(paths: [single])
        #expect(fromSingleFile.contains { $0.kind == .down })
        #expect(try Self.touchEvents(paths: [events]) == fromSingleFile)
        #expect(try Self.touchEvents(paths: [description, events]) == fromSingleFile)
        #expect(try Self.touchEvents(paths: [events, description]) == fromSingleFile)
    }

    /// What libinput reads from the protocol A recordings through mtdev, in outline: the
    /// N-Trig drag is one touch; the two-finger recording two touches, the second down 1.27 s
    /// after the first; the Dell XT2's burst four touches (three at once, a fourth 50 ms later).
    @Test func protocolARecordingsGiveTheirTouches() throws {
        let drag = try Self.touchEvents("evemu/ntrig-multitouch.1-finger-drag-NW-SE.events")
        #expect(drag.filter { $0.kind == .down }.map(\.slot) == [0])
        #expect(drag.filter { $0.kind == .motion }.count > 50)
        let twoFingers = try Self.touchEvents("evemu/ntrig-multitouch.2-fingers-touch-release.events")
        let downs = twoFingers.filter { $0.kind == .down }
        #expect(downs.map(\.slot) == [0, 1])
        #expect(downs.map(\.time) == [0, 1_273_110])
        let burst = try Self.touchEvents("evemu/ntrig-dell-xt2.protocolA.evemu")
        #expect(burst.filter { $0.kind == .down }.map(\.seatSlot) == [0, 1, 2, 3])
        #expect(burst.filter { $0.kind == .down }.map(\.time) == [100, 100, 100, 50_105])
    }

    @Test func fastTapsAreNineDownUpPairsWithoutMotion() throws {
        let events = try Self.touchEvents("evemu/atmel-maxtouch.1-finger-fast-taps.evemu")
        #expect(events.filter { $0.kind == .down }.count == 9)
        #expect(events.filter { $0.kind == .up }.count == 9)
        #expect(events.filter { $0.kind == .motion }.isEmpty)
    }
}
