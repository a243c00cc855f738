import Testing
@testable import DismissKitCore

/// udev's and libinput 1.22's rules for a touchscreen (``DeviceRules``), one at a time on an
/// otherwise good multitouch touchscreen.
@Suite struct DeviceRulesTests {
    /// A 10-slot touchscreen libinput takes: `INPUT_PROP_DIRECT`, `BTN_TOUCH`, both position pairs
    /// with a resolution, a tracking id and a tool type.
    static func touchscreen() -> DeviceDescription {
        let axes: [UInt16: AbsoluteAxisInfo] = [
            AbsoluteAxis.x: AbsoluteAxisInfo(minimum: 0, maximum: 4339, resolution: 20),
            AbsoluteAxis.y: AbsoluteAxisInfo(minimum: 0, maximum: 2719, resolution: 20),
            AbsoluteAxis.multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 9),
            AbsoluteAxis.multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 4339, resolution: 20),
            AbsoluteAxis.multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: 2719, resolution: 20),
            AbsoluteAxis.multitouchToolType: AbsoluteAxisInfo(minimum: 0, maximum: 2),
            AbsoluteAxis.multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ]
        return DeviceDescription(name: "panel", codes: [EventType.absolute: Set(axes.keys), EventType.key: [KeyCode.touch]],
                                 absoluteAxes: axes, properties: [InputProperty.direct])
    }

    /// What the decoder says of the device: nil when it takes it.
    static func refusal(_ device: DeviceDescription) -> TouchDeviceError? {
        do {
            _ = try TouchDecoder(device: device, screen: .standard)
            return nil
        } catch {
            return error
        }
    }

    static func adding(_ code: UInt16, _ axis: AbsoluteAxisInfo, to device: DeviceDescription) -> DeviceDescription {
        var device = device
        device.absoluteAxes[code] = axis
        device.codes[EventType.absolute, default: []].insert(code)
        return device
    }

    @Test func aGoodTouchscreenIsTaken() {
        #expect(Self.refusal(Self.touchscreen()) == nil)
        #expect(Self.touchscreen().isTouchscreen)
    }

    @Test("min == max on any axis but ABS_MISC, ABS_MT_SLOT and ABS_MT_TOOL_TYPE rejects the device",
          arguments: [AbsoluteAxis.y, AbsoluteAxis.z, 0x20, AbsoluteAxis.multitouchOrientation, AbsoluteAxis.multitouchTrackingID, 0x3f])
    func minEqualsMaxRejects(code: UInt16) {
        let device = Self.adding(code, AbsoluteAxisInfo(minimum: 100, maximum: 100, resolution: 20), to: Self.touchscreen())
        let error = Self.refusal(device)
        #expect(error?.axis == code)
        #expect(error?.reason.contains("(its log: \"kernel bug: device has min == max on \(AbsoluteAxis.name(of: code))\")") == true)
    }

    @Test("libinput's exceptions: ABS_MISC, ABS_MT_SLOT and ABS_MT_TOOL_TYPE at min == max, and 0 ... 0 from ABS_MISC to ABS_RESERVED",
          arguments: [(AbsoluteAxis.misc, 7), (AbsoluteAxis.multitouchToolType, 3), (0x29, 0), (0x2d, 0)] as [(UInt16, Int32)])
    func minEqualsMaxExceptions(code: UInt16, value: Int32) {
        let device = Self.adding(code, AbsoluteAxisInfo(minimum: value, maximum: value), to: Self.touchscreen())
        #expect(Self.refusal(device) == nil)
    }

    @Test func aZeroRangeOutsideTheDisabledBandStillRejects() {
        // 0 ... 0 is only disabled from ABS_MISC up to ABS_RESERVED; below it, and 5 ... 5 inside it, reject.
        #expect(Self.refusal(Self.adding(0x1c, AbsoluteAxisInfo(minimum: 0, maximum: 0), to: Self.touchscreen()))?.axis == 0x1c)
        #expect(Self.refusal(Self.adding(0x2a, AbsoluteAxisInfo(minimum: 5, maximum: 5), to: Self.touchscreen()))?.axis == 0x2a)
    }

    @Test func anAdvertisedAxisWithoutARangeIsTheKernelsZeroRange() {
        var device = Self.touchscreen()
        device.codes[EventType.absolute]?.insert(AbsoluteAxis.multitouchOrientation)
        #expect(Self.refusal(device)?.axis == AbsoluteAxis.multitouchOrientation)
    }

    @Test("a resolution on one axis of a pair rejects the device, single-touch or multitouch",
          arguments: [(AbsoluteAxis.x, "of ABS_X and ABS_Y, only ABS_Y", "kernel has only x or y resolution, not both."),
                      (AbsoluteAxis.multitouchPositionX, "of ABS_MT_POSITION_X and ABS_MT_POSITION_Y, only ABS_MT_POSITION_Y",
                       "kernel has only x or y MT resolution, not both.")])
    func oneResolutionRejects(code: UInt16, what: String, log: String) {
        var device = Self.touchscreen()
        device.absoluteAxes[code]?.resolution = 0
        let error = Self.refusal(device)
        #expect(error?.reason == "libinput rejects the device: \(what) has a resolution (its log: \"kernel bug: \(log)\")")
        #expect(error?.axis == code + 1)
    }

    @Test func anAxisWithoutItsPairRejects() {
        var device = Self.touchscreen()
        device.absoluteAxes[AbsoluteAxis.y] = nil
        device.codes[EventType.absolute]?.remove(AbsoluteAxis.y)
        #expect(Self.refusal(device)?.reason == "libinput rejects the device: ABS_X without its pair")
        device = Self.touchscreen()
        device.codes[EventType.relative] = [RelativeAxis.x]
        #expect(Self.refusal(device)?.reason == "libinput rejects the device: only one of REL_X and REL_Y")
    }

    @Test func fakeMultitouchIsNoTouchscreen() {
        let device = Self.adding(AbsoluteAxis.reserved, AbsoluteAxisInfo(minimum: -127, maximum: 127), to: Self.touchscreen())
        #expect(device.isFakeMultitouch)
        let error = Self.refusal(device)
        #expect(error?.axis == AbsoluteAxis.reserved)
        #expect(error?.reason.hasPrefix("not a touchscreen: the device advertises ABS_MT_SLOT and ABS_RESERVED") == true)
        // ABS_RESERVED without slots is not fake multitouch.
        var slotless = device
        slotless.absoluteAxes[AbsoluteAxis.multitouchSlot] = nil
        slotless.codes[EventType.absolute]?.remove(AbsoluteAxis.multitouchSlot)
        #expect(!slotless.isFakeMultitouch)
    }

    /// udev's `input_id` rule, each branch on the touchscreen changed in one way.
    @Test(arguments: [
        ("a pen", [KeyCode.toolPen], [InputProperty.direct], "a tablet: BTN_STYLUS or BTN_TOOL_PEN"),
        ("a stylus button", [KeyCode.stylus], [InputProperty.direct], "a tablet: BTN_STYLUS or BTN_TOOL_PEN"),
        ("a finger tool, not direct", [KeyCode.toolFinger], [], "a touchpad: BTN_TOOL_FINGER without INPUT_PROP_DIRECT"),
        ("neither BTN_TOUCH nor direct", [], [], "neither BTN_TOUCH nor INPUT_PROP_DIRECT"),
        ("an accelerometer", [], [6], "an accelerometer: INPUT_PROP_ACCELEROMETER, or ABS_Z beside ABS_X and ABS_Y without keys"),
    ] as [(String, [UInt16], [UInt16], String)])
    func udevDoesNotTagIt(name: String, keys: [UInt16], properties: [UInt16], why: String) {
        var device = Self.touchscreen()
        device.codes[EventType.key] = Set(keys)
        device.properties = Set(properties)
        #expect(!device.isTouchscreen)
        #expect(Self.refusal(device)?.reason == "not a touchscreen: udev would not tag it ID_INPUT_TOUCHSCREEN (\(why))")
    }

    @Test func udevCountsMouseButtonsAgainstSingleTouchAxesOnly() {
        var singleTouch = Self.touchscreen()
        for code in [AbsoluteAxis.multitouchSlot, AbsoluteAxis.multitouchPositionX, AbsoluteAxis.multitouchPositionY,
                     AbsoluteAxis.multitouchToolType, AbsoluteAxis.multitouchTrackingID] {
            singleTouch.absoluteAxes[code] = nil
        }
        singleTouch.codes[EventType.absolute] = [AbsoluteAxis.x, AbsoluteAxis.y]
        singleTouch.codes[EventType.key] = [KeyCode.touch, KeyCode.firstMouseButton]
        #expect(!singleTouch.isTouchscreen)
        #expect(Self.refusal(singleTouch)?.reason.hasSuffix("(an absolute mouse: mouse buttons with ABS_X and ABS_Y)") == true)
        var multitouch = Self.touchscreen()
        multitouch.codes[EventType.key] = [KeyCode.touch, KeyCode.firstMouseButton]
        #expect(multitouch.isTouchscreen)
        #expect(Self.refusal(multitouch) == nil)
    }

    @Test func aRecordedTagIsTheTruth() {
        var device = Self.touchscreen()
        device.udevProperties["ID_INPUT_TOUCHSCREEN"] = "0"
        #expect(Self.refusal(device)?.reason == "not a touchscreen: udev would not tag it ID_INPUT_TOUCHSCREEN (its recorded ID_INPUT_TOUCHSCREEN is 0)")
        device.properties = []
        device.codes[EventType.key] = []
        device.udevProperties["ID_INPUT_TOUCHSCREEN"] = "1"
        #expect(Self.refusal(device) == nil)
    }

    @Test func aRejectionComesBeforeTheTags() {
        // libinput rejects before it looks at what udev tagged: a mouse with min == max is "rejected".
        var device = Self.adding(AbsoluteAxis.multitouchOrientation, AbsoluteAxisInfo(minimum: 0, maximum: 0), to: Self.touchscreen())
        device.properties = []
        device.codes[EventType.key] = [KeyCode.firstMouseButton]
        #expect(Self.refusal(device)?.reason.hasPrefix("libinput rejects the device: ABS_MT_ORIENTATION spans 0 ... 0") == true)
    }
}
