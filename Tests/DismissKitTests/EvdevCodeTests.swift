import CEvdevHeader
import DismissKitCore
import Testing

/// Every evdev number the core writes down (Decoder/EvdevCodes.swift) is the one in the kernel's
/// `linux/input.h`, read through the CEvdevHeader shim.
@Suite struct EvdevCodeTests {
    /// A constant of the core and its header macro.
    private struct Code {
        var name: String
        var swift: Int64
        var header: Int32

        init(_ name: String, _ swift: some BinaryInteger, _ header: Int32) {
            self.name = name
            self.swift = Int64(swift)
            self.header = header
        }
    }

    private static let codes: [Code] = [
        Code("EV_SYN", EventType.synchronization, EV_SYN),
        Code("EV_KEY", EventType.key, EV_KEY),
        Code("EV_REL", EventType.relative, EV_REL),
        Code("REL_X", RelativeAxis.x, REL_X),
        Code("REL_Y", RelativeAxis.y, REL_Y),
        Code("EV_ABS", EventType.absolute, EV_ABS),
        Code("SYN_REPORT", SynchronizationCode.report, SYN_REPORT),
        Code("SYN_CONFIG", SynchronizationCode.config, SYN_CONFIG),
        Code("SYN_MT_REPORT", SynchronizationCode.multitouchReport, SYN_MT_REPORT),
        Code("ABS_X", AbsoluteAxis.x, ABS_X),
        Code("ABS_Y", AbsoluteAxis.y, ABS_Y),
        Code("ABS_Z", AbsoluteAxis.z, ABS_Z),
        Code("ABS_MISC", AbsoluteAxis.misc, ABS_MISC),
        Code("ABS_RESERVED", AbsoluteAxis.reserved, ABS_RESERVED),
        Code("ABS_MT_SLOT", AbsoluteAxis.multitouchSlot, ABS_MT_SLOT),
        Code("ABS_MT_TOUCH_MAJOR", AbsoluteAxis.multitouchTouchMajor, ABS_MT_TOUCH_MAJOR),
        Code("ABS_MT_TOUCH_MINOR", AbsoluteAxis.multitouchTouchMinor, ABS_MT_TOUCH_MINOR),
        Code("ABS_MT_WIDTH_MAJOR", AbsoluteAxis.multitouchWidthMajor, ABS_MT_WIDTH_MAJOR),
        Code("ABS_MT_WIDTH_MINOR", AbsoluteAxis.multitouchWidthMinor, ABS_MT_WIDTH_MINOR),
        Code("ABS_MT_ORIENTATION", AbsoluteAxis.multitouchOrientation, ABS_MT_ORIENTATION),
        Code("ABS_MT_POSITION_X", AbsoluteAxis.multitouchPositionX, ABS_MT_POSITION_X),
        Code("ABS_MT_POSITION_Y", AbsoluteAxis.multitouchPositionY, ABS_MT_POSITION_Y),
        Code("ABS_MT_TOOL_TYPE", AbsoluteAxis.multitouchToolType, ABS_MT_TOOL_TYPE),
        Code("ABS_MT_TRACKING_ID", AbsoluteAxis.multitouchTrackingID, ABS_MT_TRACKING_ID),
        Code("ABS_MT_DISTANCE", AbsoluteAxis.multitouchDistance, ABS_MT_DISTANCE),
        Code("ABS_MT_FIRST (ABS_MT_TOUCH_MAJOR)", AbsoluteAxis.firstMultitouch, ABS_MT_TOUCH_MAJOR),
        Code("ABS_MT_LAST (ABS_MT_TOOL_Y)", AbsoluteAxis.lastMultitouch, ABS_MT_TOOL_Y),
        Code("KEY_ESC", KeyCode.escape, KEY_ESC),
        Code("BTN_TOUCH", KeyCode.touch, BTN_TOUCH),
        Code("BTN_TOOL_FINGER", KeyCode.toolFinger, BTN_TOOL_FINGER),
        Code("BTN_MOUSE", KeyCode.firstMouseButton, BTN_MOUSE),
        Code("BTN_JOYSTICK", KeyCode.joystick, BTN_JOYSTICK),
        Code("BTN_TOOL_PEN", KeyCode.toolPen, BTN_TOOL_PEN),
        Code("BTN_STYLUS", KeyCode.stylus, BTN_STYLUS),
        Code("MT_TOOL_PALM", MultitouchTool.palm, MT_TOOL_PALM),
        Code("INPUT_PROP_ACCELEROMETER", InputProperty.accelerometer, INPUT_PROP_ACCELEROMETER),
        Code("INPUT_PROP_DIRECT", InputProperty.direct, INPUT_PROP_DIRECT),
        Code("EV_MAX", EvdevLimits.maximumType, EV_MAX),
        Code("KEY_MAX", EvdevLimits.maximumCode, KEY_MAX),
        Code("ABS_MAX", EvdevLimits.maximumAbsoluteAxis, ABS_MAX),
        Code("INPUT_PROP_MAX", EvdevLimits.maximumProperty, INPUT_PROP_MAX),
        Code("KEY_CNT", EvdevLimits.keyCount, evdev_key_cnt),
        Code("ABS_CNT", EvdevLimits.absoluteAxisCount, evdev_abs_cnt),
    ]

    /// Every `EV_ABS` name of the kernel's header, by its number there: what libevdev names the
    /// axes in libinput's log.
    private static let absoluteAxisNames: [(Int32, String)] = [
        (ABS_X, "ABS_X"),
        (ABS_Y, "ABS_Y"),
        (ABS_Z, "ABS_Z"),
        (ABS_RX, "ABS_RX"),
        (ABS_RY, "ABS_RY"),
        (ABS_RZ, "ABS_RZ"),
        (ABS_THROTTLE, "ABS_THROTTLE"),
        (ABS_RUDDER, "ABS_RUDDER"),
        (ABS_WHEEL, "ABS_WHEEL"),
        (ABS_GAS, "ABS_GAS"),
        (ABS_BRAKE, "ABS_BRAKE"),
        (ABS_HAT0X, "ABS_HAT0X"),
        (ABS_HAT0Y, "ABS_HAT0Y"),
        (ABS_HAT1X, "ABS_HAT1X"),
        (ABS_HAT1Y, "ABS_HAT1Y"),
        (ABS_HAT2X, "ABS_HAT2X"),
        (ABS_HAT2Y, "ABS_HAT2Y"),
        (ABS_HAT3X, "ABS_HAT3X"),
        (ABS_HAT3Y, "ABS_HAT3Y"),
        (ABS_PRESSURE, "ABS_PRESSURE"),
        (ABS_DISTANCE, "ABS_DISTANCE"),
        (ABS_TILT_X, "ABS_TILT_X"),
        (ABS_TILT_Y, "ABS_TILT_Y"),
        (ABS_TOOL_WIDTH, "ABS_TOOL_WIDTH"),
        (ABS_VOLUME, "ABS_VOLUME"),
        (ABS_PROFILE, "ABS_PROFILE"),
        (ABS_MISC, "ABS_MISC"),
        (ABS_RESERVED, "ABS_RESERVED"),
        (ABS_MT_SLOT, "ABS_MT_SLOT"),
        (ABS_MT_TOUCH_MAJOR, "ABS_MT_TOUCH_MAJOR"),
        (ABS_MT_TOUCH_MINOR, "ABS_MT_TOUCH_MINOR"),
        (ABS_MT_WIDTH_MAJOR, "ABS_MT_WIDTH_MAJOR"),
        (ABS_MT_WIDTH_MINOR, "ABS_MT_WIDTH_MINOR"),
        (ABS_MT_ORIENTATION, "ABS_MT_ORIENTATION"),
        (ABS_MT_POSITION_X, "ABS_MT_POSITION_X"),
        (ABS_MT_POSITION_Y, "ABS_MT_POSITION_Y"),
        (ABS_MT_TOOL_TYPE, "ABS_MT_TOOL_TYPE"),
        (ABS_MT_BLOB_ID, "ABS_MT_BLOB_ID"),
        (ABS_MT_TRACKING_ID, "ABS_MT_TRACKING_ID"),
        (ABS_MT_PRESSURE, "ABS_MT_PRESSURE"),
        (ABS_MT_DISTANCE, "ABS_MT_DISTANCE"),
        (ABS_MT_TOOL_X, "ABS_MT_TOOL_X"),
        (ABS_MT_TOOL_Y, "ABS_MT_TOOL_Y"),
    ]

    @Test func everyAbsoluteAxisHasTheKernelsName() {
        #expect(AbsoluteAxis.names == Dictionary(uniqueKeysWithValues: Self.absoluteAxisNames.map { (UInt16($0.0), $0.1) }))
        #expect(AbsoluteAxis.name(of: 0x2a) == "EV_ABS 0x2a")
    }

    @Test func everyCodeIsTheKernelHeaders() {
        for code in Self.codes {
            #expect(code.swift == Int64(code.header), "\(code.name)")
        }
    }
}
