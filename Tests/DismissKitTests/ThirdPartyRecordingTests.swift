import Foundation
import Testing
@testable import DismissKit

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

    static func touchEvents(_ relativePath: String) throws -> [TouchEvent] {
        let reader = try Recording.open(paths: [TestPaths.thirdPartyRecordings.appendingPathComponent(relativePath).path])
        var events: [TouchEvent] = []
        try Replay.touchEvents(from: reader, screen: .standard) { events.append($0) }
        return events
    }

    @Test(arguments: protocolB)
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

    @Test func fastTapsAreNineDownUpPairsWithoutMotion() throws {
        let events = try Self.touchEvents("evemu/atmel-maxtouch.1-finger-fast-taps.evemu")
        #expect(events.filter { $0.kind == .down }.count == 9)
        #expect(events.filter { $0.kind == .up }.count == 9)
        #expect(events.filter { $0.kind == .motion }.isEmpty)
    }
}
