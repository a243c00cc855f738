import Testing
@testable import DismissKit
@testable import DismissKitCore

private let positionX = AbsoluteAxis.multitouchPositionX
private let positionY = AbsoluteAxis.multitouchPositionY
private let trackingID = AbsoluteAxis.multitouchTrackingID
private let touchMajor: UInt16 = 0x30

/// A protocol A panel as the project's recordings have it: 0...4339 × 0...2719 at 20 units/mm,
/// so mtdev's default position fuzz is 17 in x and 10 in y; `extra` adds multitouch axes.
private func protocolAPanel(fuzz: Int32 = 0, extra: [UInt16: AbsoluteAxisInfo] = [:]) -> DeviceDescription {
    var axes: [UInt16: AbsoluteAxisInfo] = [
        AbsoluteAxis.x: AbsoluteAxisInfo(minimum: 0, maximum: 4339, resolution: 20),
        AbsoluteAxis.y: AbsoluteAxisInfo(minimum: 0, maximum: 2719, resolution: 20),
        positionX: AbsoluteAxisInfo(minimum: 0, maximum: 4339, fuzz: fuzz, resolution: 20),
        positionY: AbsoluteAxisInfo(minimum: 0, maximum: 2719, fuzz: fuzz, resolution: 20),
    ]
    axes.merge(extra) { $1 }
    return DeviceDescription(name: "protocol A", codes: [EventType.absolute: Set(axes.keys), EventType.key: [KeyCode.touch]],
                             absoluteAxes: axes, properties: [InputProperty.direct])
}

/// Feeds protocol A reports to the real libmtdev and describes what comes out compactly:
/// `slot 1`, `x 100`, `id 0`, `major 5`, `syn`; other events as `type/code value`.
private final class Reports {
    let converter: MtdevConverter
    var time: Int64 = 0

    init(_ device: DeviceDescription) throws {
        converter = try MtdevConverter(device: device)
    }

    /// One report: each contact's `(code, value)` events followed by `SYN_MT_REPORT`, then
    /// `after` (keys, empty reports as `(nil, 0)`), then `SYN_REPORT`.
    func report(_ contacts: [[(UInt16, Int32)]], after: [InputEvent] = []) throws(MtdevConverter.ReportError) -> [String] {
        time += 10_000
        var events: [InputEvent] = []
        for contact in contacts {
            events += contact.map { InputEvent(time: time, type: EventType.absolute, code: $0.0, value: $0.1) }
            events.append(Self.multitouchReport(time))
        }
        events += after
        events.append(InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
        return try feed(events)
    }

    func feed(_ events: [InputEvent]) throws(MtdevConverter.ReportError) -> [String] {
        var output: [InputEvent] = []
        for event in events { try converter.convert(event, into: &output) }
        return output.map(Self.describe)
    }

    static func multitouchReport(_ time: Int64) -> InputEvent {
        InputEvent(time: time, type: EventType.synchronization, code: 2, value: 0)
    }

    static func key(_ value: Int32) -> InputEvent {
        InputEvent(time: 0, type: EventType.key, code: KeyCode.touch, value: value)
    }

    static func describe(_ event: InputEvent) -> String {
        switch (event.type, event.code) {
        case (EventType.synchronization, SynchronizationCode.report): return "syn"
        case (EventType.absolute, AbsoluteAxis.multitouchSlot): return "slot \(event.value)"
        case (EventType.absolute, positionX): return "x \(event.value)"
        case (EventType.absolute, positionY): return "y \(event.value)"
        case (EventType.absolute, trackingID): return "id \(event.value)"
        case (EventType.absolute, touchMajor): return "major \(event.value)"
        default: return "\(event.type)/\(event.code) \(event.value)"
        }
    }
}

/// mtdev's behaviour on small protocol A reports, pinned with the real library: what libinput
/// reads from a protocol A device is what these give.
@Suite struct MtdevConverterTests {
    @Test func contactsGetTheLowestFreeSlotAndTheNextTrackingID() throws {
        let reports = try Reports(protocolAPanel())
        #expect(try reports.report([[(positionX, 1000), (positionY, 1000)]]) == ["x 1000", "y 1000", "id 0", "syn"])
        // Matched by distance, not by order: the contact listed second is the one that was
        // there; the new one, listed first, takes slot 1 with tracking id 1.
        #expect(try reports.report([[(positionX, 3000), (positionY, 2000)], [(positionX, 1100), (positionY, 1000)]])
                == ["slot 1", "x 3000", "y 2000", "id 1", "slot 0", "x 1100", "syn"])
        // The first vanishes: its slot ends after the others changed.
        #expect(try reports.report([[(positionX, 3100), (positionY, 2000)]])
                == ["slot 1", "x 3100", "slot 0", "id -1", "syn"])
        // A new contact where the old one was is a new touch on the free slot.
        #expect(try reports.report([[(positionX, 3100), (positionY, 2000)], [(positionX, 1100), (positionY, 1000)]])
                == ["id 2", "syn"])
        // An empty report ends every touch, lowest slot first.
        #expect(try reports.report([[]]) == ["id -1", "slot 1", "id -1", "syn"])
    }

    @Test func withoutTrackingIDsAContactThatJumpsIsTheSameTouch() throws {
        // mtdev pairs as many contacts as it can, whatever the distance: one finger lifting
        // and another landing between two reports is one touch that moved.
        let reports = try Reports(protocolAPanel())
        _ = try reports.report([[(positionX, 1000), (positionY, 1000)]])
        #expect(try reports.report([[(positionX, 4000), (positionY, 2500)]]) == ["x 4000", "y 2500", "syn"])
    }

    @Test func aSlotFreedInAReportIsNotTakenInTheSameReport() throws {
        // With the device's tracking ids, one contact can leave as another arrives: the new one
        // takes a slot that was free before the report (1), not the one ending (0).
        let reports = try Reports(protocolAPanel(extra: [trackingID: AbsoluteAxisInfo(minimum: 0, maximum: 255)]))
        _ = try reports.report([[(trackingID, 1), (positionX, 1000), (positionY, 1000)]])
        #expect(try reports.report([[(trackingID, 2), (positionX, 1000), (positionY, 1000)]])
                == ["slot 1", "x 1000", "y 1000", "id 2", "slot 0", "id -1", "syn"])
    }

    @Test func matchedContactsAreSmoothedWithTheDefaultFuzz() throws {
        // (4339 - 0) / 250 = 17: within 8 the old value stays, within 17 a quarter of the
        // move is taken, within 34 half; y: (2719 - 0) / 250 = 10.
        let reports = try Reports(protocolAPanel())
        _ = try reports.report([[(positionX, 1000), (positionY, 1000)]])
        #expect(try reports.report([[(positionX, 1007), (positionY, 1004)]]) == [])
        #expect(try reports.report([[(positionX, 1008), (positionY, 1000)]]) == ["x 1002", "syn"])
        #expect(try reports.report([[(positionX, 1030), (positionY, 1000)]]) == ["x 1016", "syn"])
        #expect(try reports.report([[(positionX, 1050), (positionY, 1030)]]) == ["x 1050", "y 1030", "syn"])
    }

    @Test func aRecordedPositionFuzzIsNotMtdevs() throws {
        // udev moves a touchscreen's position fuzz to LIBINPUT_FUZZ_35/36 before libinput opens
        // it, so mtdev finds 0 and takes its default (17), not the recorded 100.
        let reports = try Reports(protocolAPanel(fuzz: 100))
        _ = try reports.report([[(positionX, 1000), (positionY, 1000)]])
        #expect(try reports.report([[(positionX, 1050), (positionY, 1000)]]) == ["x 1050", "syn"])
    }

    @Test func aContactWithTouchMajorZeroIsNoTouch() throws {
        let reports = try Reports(protocolAPanel(extra: [touchMajor: AbsoluteAxisInfo(minimum: 0, maximum: 255)]))
        #expect(try reports.report([[(touchMajor, 0), (positionX, 1000), (positionY, 1000)]]) == [])
        #expect(try reports.report([[(touchMajor, 5), (positionX, 1000), (positionY, 1000)]])
                == ["major 5", "x 1000", "y 1000", "id 0", "syn"])
        #expect(try reports.report([[(touchMajor, 0), (positionX, 1000), (positionY, 1000)]]) == ["id -1", "syn"])
    }

    @Test func theDevicesOwnTrackingIDsAreKept() throws {
        let reports = try Reports(protocolAPanel(extra: [trackingID: AbsoluteAxisInfo(minimum: 0, maximum: 255)]))
        #expect(try reports.report([[(trackingID, 42), (positionX, 1000), (positionY, 1000)]])
                == ["x 1000", "y 1000", "id 42", "syn"])
        // Matched by id, not distance: 42 far away stays on slot 0; 43 takes slot 1.
        #expect(try reports.report([[(trackingID, 43), (positionX, 1000), (positionY, 1000)],
                                    [(trackingID, 42), (positionX, 4000), (positionY, 2000)]])
                == ["slot 1", "x 1000", "y 1000", "id 43", "slot 0", "x 4000", "y 2000", "syn"])
    }

    @Test(arguments: [
        ([trackingID: AbsoluteAxisInfo(minimum: 0, maximum: 255)], "ABS_MT_TRACKING_ID"),
        ([touchMajor: AbsoluteAxisInfo(minimum: 0, maximum: 255)], "ABS_MT_TOUCH_MAJOR"),
    ])
    func aContactWithoutAValueMtdevReadsIsRefused(extra: [UInt16: AbsoluteAxisInfo], axis: String) throws {
        let reports = try Reports(protocolAPanel(extra: extra))
        let error = #expect(throws: MtdevConverter.ReportError.self) {
            try reports.report([[(trackingID, 1), (touchMajor, 3), (positionX, 1000), (positionY, 1000)],
                                [(positionX, 2000), (positionY, 1000)]])
        }
        #expect(error?.reason == "contact 2 of this protocol A report has no \(axis), which mtdev would read "
                + "uninitialised (the device declares that axis)")
        // Nothing after it is read either.
        #expect(throws: MtdevConverter.ReportError.self) { try reports.report([[(positionX, 1), (positionY, 1)]]) }
    }

    @Test func aReportOf31ContactsIsReadAnd32AreRefused() throws {
        let reports = try Reports(protocolAPanel())
        let contacts = (0..<32).map { [(positionX, Int32($0) * 100), (positionY, Int32(1000))] }
        #expect(try reports.report(Array(contacts.prefix(31))).filter { $0.hasPrefix("id") }.count == 31)
        let error = #expect(throws: MtdevConverter.ReportError.self) { try reports.report(contacts) }
        #expect(error?.reason.hasPrefix("this protocol A report has 32 contacts") == true)
    }

    @Test func withTheDevicesTrackingIDsAReportMayNotNeedA32ndSlot() throws {
        let device = protocolAPanel(extra: [trackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535)])
        func contacts(_ ids: ClosedRange<Int32>) -> [[(UInt16, Int32)]] {
            ids.map { [(trackingID, $0), (positionX, $0), (positionY, Int32(1000))] }
        }
        // 15 in use, 16 new ids: slots 15...30, the last mtdev can use.
        let fits = try Reports(device)
        _ = try fits.report(contacts(1...15))
        #expect(try fits.report(contacts(101...116)).filter { $0.hasPrefix("slot") }.last == "slot 14")
        #expect(try fits.report(contacts(101...116)) == [])
        // 15 in use, 17 new: the 17th would take slot 31.
        let overflows = try Reports(device)
        _ = try overflows.report(contacts(1...15))
        let error = #expect(throws: MtdevConverter.ReportError.self) { try overflows.report(contacts(101...117)) }
        #expect(error?.reason.hasPrefix("this protocol A report needs a 32nd slot (15 in use") == true)
    }

    @Test func aContactWithoutBothPositionsIsNoneAndLeavesItsValuesToTheNext() throws {
        // mtdev reuses the place of a contact without both positions, values and all: the next
        // contact is a touch by the touch major it left, although only its own axes are sent.
        let reports = try Reports(protocolAPanel(extra: [touchMajor: AbsoluteAxisInfo(minimum: 0, maximum: 255)]))
        #expect(try reports.report([[(touchMajor, 5), (positionX, 10)], [(positionX, 1000), (positionY, 1000)]])
                == ["x 1000", "y 1000", "id 0", "syn"])
    }

    @Test func theKernelStageInFrontOfMtdev() throws {
        let reports = try Reports(protocolAPanel())
        _ = try reports.report([[(positionX, 1000), (positionY, 1000)]], after: [Reports.key(1)])
        // BTN_TOUCH 1 again is dropped by the kernel: the report is empty, nothing ends.
        #expect(try reports.report([], after: [Reports.key(1)]) == [])
        // Undeclared axes and ABS_MT_SLOT never reach mtdev; SYN_DROPPED is dropped.
        #expect(try reports.feed([
            InputEvent(time: 1, type: EventType.absolute, code: AbsoluteAxis.multitouchSlot, value: 3),
            InputEvent(time: 1, type: EventType.absolute, code: 0x3a, value: 50),
            InputEvent(time: 1, type: EventType.synchronization, code: 3, value: 0),
            InputEvent(time: 1, type: EventType.synchronization, code: SynchronizationCode.report, value: 0),
        ]) == [])
        // BTN_TOUCH 0 alone is multitouch enough: every touch ends (the key passes through first).
        #expect(try reports.report([], after: [Reports.key(0)]) == ["1/330 0", "id -1", "syn"])
    }

    @Test func aReportOfMoreEventsThanMtdevsRingKeepsOnlyTheLast() throws {
        // mtdev's input ring holds 512 events: after 512 it looks empty and they are lost, so
        // a contact among them that lacks its tracking id is never read, and is no error.
        let reports = try Reports(protocolAPanel(extra: [trackingID: AbsoluteAxisInfo(minimum: 0, maximum: 255)]))
        var events = [InputEvent(time: 1, type: EventType.absolute, code: positionX, value: 5),
                      InputEvent(time: 1, type: EventType.absolute, code: positionY, value: 5),
                      Reports.multitouchReport(1)]
        for index in 0..<509 {  // ABS_X 1, 2, 1, ...: each a change, so the kernel passes all
            events.append(InputEvent(time: 1, type: EventType.absolute, code: AbsoluteAxis.x, value: Int32(index % 2 + 1)))
        }
        events += [InputEvent(time: 1, type: EventType.absolute, code: trackingID, value: 9),
                   InputEvent(time: 1, type: EventType.absolute, code: positionX, value: 1000),
                   InputEvent(time: 1, type: EventType.absolute, code: positionY, value: 1000),
                   Reports.multitouchReport(1),
                   InputEvent(time: 2, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)]
        #expect(try reports.feed(events) == ["x 1000", "y 1000", "id 9", "syn"])
    }

    @Test func slotEventsTakeTheReportsTimeAndPassedEventsTheirOwn() throws {
        let converter = try MtdevConverter(device: protocolAPanel())
        var output: [InputEvent] = []
        for event in [InputEvent(time: 5, type: EventType.absolute, code: positionX, value: 100),
                      InputEvent(time: 6, type: EventType.absolute, code: positionY, value: 100),
                      InputEvent(time: 7, type: EventType.synchronization, code: 2, value: 0),
                      InputEvent(time: 8, type: EventType.absolute, code: AbsoluteAxis.x, value: 100),
                      InputEvent(time: 9_000_000_123, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)] {
            try converter.convert(event, into: &output)
        }
        #expect(output.map(\.time) == [8, 9_000_000_123, 9_000_000_123, 9_000_000_123, 9_000_000_123])
        #expect(output.first?.code == AbsoluteAxis.x)
    }

    @Test func onlyProtocolADevicesWithAxesMtdevCanTakeAreConfigured() throws {
        var slotted = protocolAPanel()
        slotted.absoluteAxes[AbsoluteAxis.multitouchSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 9)
        #expect(throws: TouchDeviceError.self) { try MtdevConverter(device: slotted) }
        // mtdev's default fuzz, (max - min) / 100, in a C int: a wider range would overflow.
        let huge = AbsoluteAxisInfo(minimum: -2_000_000_000, maximum: 2_000_000_000)
        let error = #expect(throws: TouchDeviceError.self) { try MtdevConverter(device: protocolAPanel(extra: [touchMajor: huge])) }
        #expect(error?.reason.hasPrefix("protocol A axis ABS_MT_TOUCH_MAJOR spans -2000000000...2000000000") == true)
        // With the kernel's own fuzz mtdev computes none, and pressure never gets a default.
        var fuzzed = huge
        fuzzed.fuzz = 4
        _ = try MtdevConverter(device: protocolAPanel(extra: [
            touchMajor: fuzzed, 0x3a: AbsoluteAxisInfo(minimum: Int32.min, maximum: Int32.max),
        ]))
        // The position axes always get the default (udev zeroed their fuzz), so their range is checked.
        var wide = protocolAPanel(fuzz: 4)
        wide.absoluteAxes[positionX] = AbsoluteAxisInfo(minimum: Int32.min, maximum: Int32.max, fuzz: 4)
        #expect(throws: TouchDeviceError.self) { try MtdevConverter(device: wide) }
    }
}

/// mtdev and the decoder together, as a replay runs them.
@Suite struct ProtocolADecodingTests {
    @Test func anEleventhContactLandsOnLibinputsLastSlot() throws {
        let device = protocolAPanel()
        let converter = try MtdevConverter(device: device)
        var decoder = try TouchDecoder(device: device, screen: .standard)
        var converted: [InputEvent] = []
        var touches: [TouchEvent] = []
        var events: [InputEvent] = []
        for contact in 0..<11 {
            events += [InputEvent(time: 0, type: EventType.absolute, code: positionX, value: Int32(100 + 300 * contact)),
                       InputEvent(time: 0, type: EventType.absolute, code: positionY, value: 1000),
                       Reports.multitouchReport(0)]
        }
        events.append(InputEvent(time: 0, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
        for event in events { try converter.convert(event, into: &converted) }
        for event in converted { decoder.decode(event, into: &touches) }
        let downs = touches.filter { $0.kind == .down }
        #expect(downs.map(\.slot) == Array(0...9))
        // mtdev's slot 10 is libinput's slot 9: the tenth contact is never seen, the eleventh is.
        #expect(downs.last?.point?.xMM == Double(100 + 300 * 10) / 20)
    }
}
