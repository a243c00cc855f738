import Testing
@testable import DismissKitCore

/// A 10-slot touchscreen, 0...999 × 0...499 at 10 units/mm (100 × 50 mm), mapped to
/// the standard 1280 × 800 screen: x points = 1.28 · units, y points = 1.6 · units.
private func touchscreen(slots: Int32 = 10, fuzz: Int32 = 0, resolution: Int32 = 10, palm: Bool = true,
                         udev: [String: String] = [:]) -> DeviceDescription {
    var absolute: [UInt16: AbsoluteAxisInfo] = [
        AbsoluteAxis.x: AbsoluteAxisInfo(minimum: 0, maximum: 999, resolution: resolution),
        AbsoluteAxis.y: AbsoluteAxisInfo(minimum: 0, maximum: 499, resolution: resolution),
        AbsoluteAxis.multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: slots - 1),
        AbsoluteAxis.multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 999, fuzz: fuzz, resolution: resolution),
        AbsoluteAxis.multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: 499, fuzz: fuzz, resolution: resolution),
        AbsoluteAxis.multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
    ]
    if palm { absolute[AbsoluteAxis.multitouchToolType] = AbsoluteAxisInfo(minimum: 0, maximum: 2) }
    return DeviceDescription(
        name: "test touchscreen",
        codes: [EventType.absolute: Set(absolute.keys), EventType.key: [KeyCode.touch]],
        absoluteAxes: absolute,
        properties: [InputProperty.direct],
        udevProperties: udev
    )
}

/// Feeds frames (each a list of `(code, value)` ABS events; `slot` entries included) and
/// describes the output compactly: `down 0/0 10,20`, `motion 0/0 11,10`, `up 0/0`, `frame`.
private struct Feeder {
    var decoder: TouchDecoder
    var time: Int64 = 0

    init(_ device: DeviceDescription, calibration: CalibrationMatrix? = nil) throws {
        decoder = try TouchDecoder(device: device, screen: .standard, calibration: calibration)
    }

    mutating func frame(_ events: [(UInt16, Int32)], type: UInt16 = EventType.absolute) -> [String] {
        time += 10_000
        var output: [TouchEvent] = []
        for (code, value) in events {
            decoder.decode(InputEvent(time: time, type: type, code: code, value: value), into: &output)
        }
        decoder.decode(InputEvent(time: time, type: EventType.synchronization, code: 0, value: 0), into: &output)
        return output.map { event in
            #expect(event.time == time)
            switch event.kind {
            case .frame: return "frame"
            case .up, .cancel: return "\(event.kind) \(event.slot)/\(event.seatSlot)"
            case .down, .motion:
                let point = event.point ?? TouchPoint(xMM: .nan, yMM: .nan, x: .nan, y: .nan)
                return "\(event.kind) \(event.slot)/\(event.seatSlot) \(millimetres(point.xMM)),\(millimetres(point.yMM))"
            }
        }
    }
}

/// A position in millimetres to three decimals at most, without trailing zeros: `10`, `10.6`.
private func millimetres(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? "\(Int64(rounded))" : "\(rounded)"
}

/// The touch events of one frame of ABS events, fed to a fresh decoder.
private func firstFrame(of device: DeviceDescription, _ events: [(UInt16, Int32)]) throws -> [TouchEvent] {
    var decoder = try TouchDecoder(device: device, screen: .standard)
    var output: [TouchEvent] = []
    for (code, value) in events {
        decoder.decode(InputEvent(time: 0, type: EventType.absolute, code: code, value: value), into: &output)
    }
    decoder.decode(InputEvent(time: 0, type: EventType.synchronization, code: 0, value: 0), into: &output)
    return output
}

private let slot = AbsoluteAxis.multitouchSlot
private let id = AbsoluteAxis.multitouchTrackingID
private let x = AbsoluteAxis.multitouchPositionX
private let y = AbsoluteAxis.multitouchPositionY
private let tool = AbsoluteAxis.multitouchToolType

@Suite struct TouchDecoderTests {
    @Test func tapGivesDownUpAndFrames() throws {
        var feed = try Feeder(touchscreen())
        #expect(feed.frame([(id, 1), (x, 100), (y, 200)]) == ["down 0/0 10,20", "frame"])
        #expect(feed.frame([(id, -1)]) == ["up 0/0", "frame"])
    }

    @Test func pointsAreMappedToTheScreen() throws {
        let output = try firstFrame(of: touchscreen(), [(id, 1), (x, 500), (y, 250)])
        // (x − min) · width / (max − min + 1): 500 · 1280 / 1000, 250 · 800 / 500.
        #expect(output.first?.point == TouchPoint(xMM: 50, yMM: 25, x: 640, y: 400))
    }

    @Test func slotValuesStartAtZeroAndPersistAcrossTouches() throws {
        var feed = try Feeder(touchscreen())
        // No Y event: the slot's y is still the kernel's initial 0.
        #expect(feed.frame([(id, 1), (x, 100)]) == ["down 0/0 10,0", "frame"])
        #expect(feed.frame([(y, 200)]) == ["motion 0/0 10,20", "frame"])
        #expect(feed.frame([(id, -1)]) == ["up 0/0", "frame"])
        // A new tracking id alone reuses the slot's last position.
        #expect(feed.frame([(id, 2)]) == ["down 0/0 10,20", "frame"])
    }

    @Test func sameFrameReleaseAndNewTouchContinuesTheOldTouch() throws {
        var feed = try Feeder(touchscreen())
        #expect(feed.frame([(id, 1), (x, 100), (y, 200)]) == ["down 0/0 10,20", "frame"])
        // -1 then a new id in one frame: libinput refuses the second down for a slot
        // that still holds a seat slot, and sends nothing for this frame.
        #expect(feed.frame([(id, -1), (id, 2), (x, 300)]) == [])
        // The old touch carries on with the new contact's positions.
        #expect(feed.frame([(x, 310)]) == ["motion 0/0 31,20", "frame"])
        #expect(feed.frame([(id, -1)]) == ["up 0/0", "frame"])
    }

    @Test func trackingIDChangeWithoutReleaseIsDiscarded() throws {
        var feed = try Feeder(touchscreen())
        #expect(feed.frame([(id, 1), (x, 100), (y, 200)]) == ["down 0/0 10,20", "frame"])
        #expect(feed.frame([(id, 5), (x, 120)]) == ["motion 0/0 12,20", "frame"])
        #expect(feed.frame([(id, -1)]) == ["up 0/0", "frame"])
    }

    @Test func seatSlotsTakeTheLowestFreeNumber() throws {
        var feed = try Feeder(touchscreen())
        #expect(feed.frame([(id, 1), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        #expect(feed.frame([(slot, 1), (id, 2), (x, 200), (y, 100)]) == ["down 1/1 20,10", "frame"])
        #expect(feed.frame([(slot, 0), (id, -1)]) == ["up 0/0", "frame"])
        #expect(feed.frame([(slot, 2), (id, 3), (x, 300), (y, 100)]) == ["down 2/0 30,10", "frame"])
        // Slots are flushed in ascending order whatever the order in the frame.
        #expect(feed.frame([(slot, 2), (x, 310), (slot, 1), (x, 210)]) == ["motion 1/1 21,10", "motion 2/0 31,10", "frame"])
    }

    @Test func kernelDropsRepeatsUnknownCodesAndOutOfRangeSlots() throws {
        var feed = try Feeder(touchscreen(slots: 2))
        #expect(feed.frame([(id, 1), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        #expect(feed.frame([(x, 100), (y, 100)]) == [])
        #expect(feed.frame([(0x30, 9)]) == [])  // ABS_MT_TOUCH_MAJOR is not advertised
        // Slot 5 does not exist: the kernel keeps slot 0 current.
        #expect(feed.frame([(slot, 5), (x, 150)]) == ["motion 0/0 15,10", "frame"])
    }

    @Test func hysteresisSwallowsSmallMovesAndLagsTheStoredPoint() throws {
        // Fuzz 8 → margin 4 device units on both axes.
        var feed = try Feeder(touchscreen(fuzz: 8))
        #expect(feed.frame([(id, 1), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        // (102, 101) lies inside the ellipse around (100, 100): no motion, no frame,
        // and the slot's point snaps back to (100, 100).
        #expect(feed.frame([(x, 102), (y, 101)]) == [])
        // (110, 100): the event carries the received point; the stored point lags to (106, 100).
        #expect(feed.frame([(x, 110)]) == ["motion 0/0 11,10", "frame"])
        // Only Y changes: x is the lagged 106, not the 110 the finger reported.
        #expect(feed.frame([(y, 105)]) == ["motion 0/0 10.6,10.5", "frame"])
    }

    @Test func hysteresisFuzzComesFromTheRecordedUdevProperty() throws {
        var feed = try Feeder(touchscreen(fuzz: 0, udev: ["LIBINPUT_FUZZ_35": "8", "LIBINPUT_FUZZ_36": "8"]))
        #expect(feed.frame([(id, 1), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        #expect(feed.frame([(x, 102)]) == [])
    }

    @Test func frameEventFollowsTheLastFlushAttempt() throws {
        var feed = try Feeder(touchscreen(fuzz: 8))
        #expect(feed.frame([(id, 1), (x, 100), (y, 100), (slot, 1), (id, 2), (x, 500), (y, 100)])
            == ["down 0/0 10,10", "down 1/1 50,10", "frame"])
        // Slot 0 moves, slot 1 (flushed last) is swallowed: libinput sends no frame event.
        #expect(feed.frame([(slot, 0), (x, 150), (slot, 1), (x, 501)]) == ["motion 0/0 15,10"])
        // Slot 0 swallowed, slot 1 moves: the frame event is sent.
        #expect(feed.frame([(slot, 0), (x, 147), (slot, 1), (x, 550)]) == ["motion 1/1 55,10", "frame"])
    }

    @Test func palmOnAnActiveTouchCancelsIt() throws {
        var feed = try Feeder(touchscreen())
        #expect(feed.frame([(id, 1), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        #expect(feed.frame([(tool, MultitouchTool.palm)]) == ["cancel 0/0", "frame"])
        #expect(feed.frame([(x, 200)]) == [])
        #expect(feed.frame([(tool, 0)]) == [])
        #expect(feed.frame([(id, -1)]) == [])
        // The seat slot was freed by the cancel.
        #expect(feed.frame([(slot, 1), (id, 2), (x, 300), (y, 100)]) == ["down 1/0 30,10", "frame"])
    }

    @Test func touchThatStartsAsAPalmIsNeverReported() throws {
        var feed = try Feeder(touchscreen())
        // Tool type after the tracking id, in the same frame.
        #expect(feed.frame([(id, 1), (tool, MultitouchTool.palm), (x, 100), (y, 100)]) == [])
        #expect(feed.frame([(x, 120)]) == [])
        #expect(feed.frame([(id, -1)]) == [])
        // The slot's tool type is still palm when the next touch begins: ignored too.
        #expect(feed.frame([(id, 2), (x, 130)]) == [])
        #expect(feed.frame([(id, -1)]) == [])
        // Finger first, then the tracking id: an ordinary touch.
        #expect(feed.frame([(tool, 0), (id, 3), (x, 140)]) == ["down 0/0 14,10", "frame"])
    }

    @Test(arguments: [
        ("identity", "1 0 0 0 1 0", "10,20"),
        ("90° clockwise", "0 -1 1 1 0 0", "60,5"),
        ("180°", "-1 0 1 0 -1 1", "90,30"),
        ("270°", "0 1 0 -1 0 1", "40,45"),
        ("mirror", "-1 0 1 0 1 0", "90,20"),
    ])
    func calibrationMatrixRotatesTheDevice(name: String, matrix: String, expected: String) throws {
        // (100, 200) in a 1000 × 500 device is (0.1, 0.4) normalised. 90° cw: (1 − 0.4, 0.1)
        // → (600, 50) units → (60, 5) mm.
        let calibration = try #require(CalibrationMatrix(parsing: matrix))
        var feed = try Feeder(touchscreen(), calibration: calibration)
        #expect(feed.frame([(id, 1), (x, 100), (y, 200)]) == ["down 0/0 \(expected)", "frame"])
    }

    @Test func calibrationComesFromTheRecordedUdevProperty() throws {
        var feed = try Feeder(touchscreen(udev: ["LIBINPUT_CALIBRATION_MATRIX": "-1 0 1 0 -1 1"]))
        #expect(feed.frame([(id, 1), (x, 100), (y, 200)]) == ["down 0/0 90,30", "frame"])
    }

    @Test func missingResolutionMeansDeviceUnits() throws {
        #expect(try !TouchDecoder(device: touchscreen(resolution: 0), screen: .standard).hasResolution)
        let output = try firstFrame(of: touchscreen(resolution: 0), [(id, 1), (x, 100), (y, 200)])
        #expect(output.first?.point == TouchPoint(xMM: 100, yMM: 200, x: 128, y: 320))
    }

    static let singleTouchscreen = DeviceDescription(
        name: "single touch",
        codes: [EventType.absolute: [AbsoluteAxis.x, AbsoluteAxis.y], EventType.key: [KeyCode.touch]],
        absoluteAxes: [AbsoluteAxis.x: AbsoluteAxisInfo(minimum: 0, maximum: 999),
                       AbsoluteAxis.y: AbsoluteAxisInfo(minimum: 0, maximum: 499)],
        properties: [InputProperty.direct]
    )

    @Test func singleTouchDevicesUseButtonTouchAndSlotMinusOne() throws {
        var feed = try Feeder(Self.singleTouchscreen)
        #expect(feed.frame([(AbsoluteAxis.x, 100), (AbsoluteAxis.y, 200)]) == [])
        #expect(feed.frame([(KeyCode.touch, 1)], type: EventType.key) == ["down -1/0 100,200", "frame"])
        #expect(feed.frame([(AbsoluteAxis.x, 110)]) == ["motion -1/0 110,200", "frame"])
        #expect(feed.frame([(KeyCode.touch, 0)], type: EventType.key) == ["up -1/0", "frame"])
    }

    @Test func cancelAllEndsActiveTouchesWithOneFrame() throws {
        var feed = try Feeder(touchscreen())
        _ = feed.frame([(id, 1), (x, 100), (y, 100), (slot, 1), (id, 2), (x, 200)])
        var output: [TouchEvent] = []
        feed.decoder.cancelAll(time: 99, into: &output)
        #expect(output.map(\.kind) == [.cancel, .cancel, .frame])
        #expect(output.map(\.seatSlot) == [0, 1, -1])
    }

    @Test func cancelAllEndsASingleTouchAndOnlyOnce() throws {
        var feed = try Feeder(Self.singleTouchscreen)
        _ = feed.frame([(AbsoluteAxis.x, 100), (AbsoluteAxis.y, 200)])
        _ = feed.frame([(KeyCode.touch, 1)], type: EventType.key)
        var output: [TouchEvent] = []
        feed.decoder.cancelAll(time: 99, into: &output)
        #expect(output == [TouchEvent(kind: .cancel, time: 99, slot: -1, seatSlot: 0), TouchEvent(kind: .frame, time: 99)])
        output.removeAll()
        feed.decoder.cancelAll(time: 100, into: &output)
        #expect(output.isEmpty)
        #expect(feed.frame([(KeyCode.touch, 0)], type: EventType.key) == [])
    }

    /// A protocol A device: what mtdev gives reaches libinput unfiltered, on libinput's 10 slots.
    static func protocolA() -> DeviceDescription {
        var device = touchscreen()
        device.absoluteAxes[AbsoluteAxis.multitouchSlot] = nil
        device.absoluteAxes[AbsoluteAxis.multitouchTrackingID] = nil
        device.codes[EventType.absolute] = Set(device.absoluteAxes.keys)
        return device
    }

    @Test func protocolADevicesReadMtdevOutputOnLibinputsTenSlots() throws {
        var feed = try Feeder(Self.protocolA())
        #expect(feed.decoder.reporting == .protocolA)
        #expect(feed.decoder.slotCount == 10)
        // mtdev's slots and tracking ids pass although the device declares neither.
        #expect(feed.frame([(id, 0), (x, 100), (y, 100), (slot, 1), (id, 1), (x, 200), (y, 100)])
                == ["down 0/0 10,10", "down 1/1 20,10", "frame"])
        // A slot past libinput's last is its last: slot 9.
        #expect(feed.frame([(slot, 12), (id, 2), (x, 300), (y, 200)]) == ["down 9/2 30,20", "frame"])
        #expect(feed.frame([(slot, 31), (x, 310)]) == ["motion 9/2 31,20", "frame"])
        // No kernel stage: a repeated value still marks the slot (libinput sends the motion).
        #expect(feed.frame([(slot, 0), (x, 100)]) == ["motion 0/0 10,10", "frame"])
        // No libevdev filter: a new tracking id on a live slot restarts it, and libinput refuses the second down.
        #expect(feed.frame([(slot, 1), (id, 7), (x, 250)]) == [])
        #expect(feed.frame([(x, 260)]) == ["motion 1/1 26,10", "frame"])
    }

    @Test func aProtocolAPalmSentWithTheNewTrackingIDDoesNotHideTheTouch() throws {
        // libinput reads a new touch's tool type from libevdev, which has no slots for the device: 0.
        var feed = try Feeder(Self.protocolA())
        #expect(feed.frame([(tool, MultitouchTool.palm), (id, 0), (x, 100), (y, 100)]) == ["down 0/0 10,10", "frame"])
        // Back to a finger (a dirty slot: libinput sends the motion), then a palm: cancelled.
        #expect(feed.frame([(tool, 0)]) == ["motion 0/0 10,10", "frame"])
        #expect(feed.frame([(tool, MultitouchTool.palm)]) == ["cancel 0/0", "frame"])
    }

    @Test func multitouchAxesWithoutSlotsOrPositionsAreRefusedUnlessSingleTouchAxesCarryThem() throws {
        var device = touchscreen()
        for code in [AbsoluteAxis.multitouchSlot, x, y] { device.absoluteAxes[code] = nil }
        device.codes[EventType.absolute] = Set(device.absoluteAxes.keys)
        #expect(try TouchDecoder(device: device, screen: .standard).reporting == .singleTouch)
        device.absoluteAxes[AbsoluteAxis.x] = nil
        device.absoluteAxes[AbsoluteAxis.y] = nil
        device.codes[EventType.absolute] = Set(device.absoluteAxes.keys)
        let error = #expect(throws: TouchDeviceError.self) { try TouchDecoder(device: device, screen: .standard) }
        #expect(error?.reason.contains("mtdev cannot read the device") == true)
    }

    @Test func aSlotAxisWithoutItsRangeIsStillProtocolB() throws {
        // The kernel gives an advertised axis without a recorded range 0...0: one slot, not protocol A.
        var device = touchscreen()
        device.absoluteAxes[AbsoluteAxis.multitouchSlot] = nil
        #expect(device.hasSlots && !device.usesProtocolA)
        let decoder = try TouchDecoder(device: device, screen: .standard)
        #expect(decoder.reporting == .slots)
        #expect(decoder.slotCount == 1)
    }
}
