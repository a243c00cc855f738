/// The rules by which a device becomes a touchscreen to libinput 1.22, before any of its events
/// is read: udev's `input_id` builtin (systemd 252) tags it `ID_INPUT_TOUCHSCREEN`, libinput does
/// not reject it when it is added (`evdev_reject_device`), and libevdev reads it as multitouch
/// when it says so. The decoder refuses a device these rules keep from libinput's touch events,
/// with the reason libinput's log gives (``TouchDecoder/init(device:screen:calibration:)``).
///
/// The exceptions are libinput 1.22.1's own, read off its compiled `evdev_reject_device`: every
/// `EV_ABS` code but `ABS_MISC`, `ABS_MT_SLOT` and `ABS_MT_TOOL_TYPE` must not have min == max,
/// except that libinput disables (and does not reject) an axis from `ABS_MISC` to
/// `ABS_RESERVED` whose range is 0 … 0.
package enum DeviceRules {
    /// Refuses a device libinput gives no touch events: one it rejects, one libevdev takes for
    /// fake multitouch, or one udev does not tag a touchscreen; in that order, as libinput
    /// rejects before it looks at the tags.
    package static func check(_ device: DeviceDescription) throws(TouchDeviceError) {
        if let rejection = libinputRejection(of: device) { throw rejection }
        if device.isFakeMultitouch {
            throw TouchDeviceError(
                reason: "not a touchscreen: the device advertises ABS_MT_SLOT and ABS_RESERVED, the code below it, so libevdev "
                    + "reads it as fake multitouch and libinput gives it no touch capability",
                axis: AbsoluteAxis.reserved)
        }
        if let why = device.whyNotTouchscreen {
            throw TouchDeviceError(reason: "not a touchscreen: udev would not tag it ID_INPUT_TOUCHSCREEN (\(why))")
        }
    }

    /// Why libinput 1.22 rejects the device when it is added (`evdev_reject_device`, each rule
    /// in its order, with its log's words), or nil when it takes it.
    static func libinputRejection(of device: DeviceDescription) -> TouchDeviceError? {
        let absolute = TouchDecoder.supportedAbsoluteCodes(of: device)
        func has(_ code: UInt16) -> Bool { absolute[Int(code)] }
        /// libinput's log says why for some rules (`log_bug_kernel`); "was rejected" follows.
        func rejected(_ what: String, axis: UInt16?, log: String? = nil) -> TouchDeviceError {
            TouchDeviceError(reason: "libinput rejects the device: " + what + (log.map { " (its log: \"kernel bug: \($0)\")" } ?? ""),
                             axis: axis)
        }
        if let lone = loneAxis(of: (AbsoluteAxis.x, AbsoluteAxis.y), has: has) {
            return rejected("\(AbsoluteAxis.name(of: lone)) without its pair", axis: lone)
        }
        if device.supports(type: EventType.relative, code: RelativeAxis.x) != device.supports(type: EventType.relative, code: RelativeAxis.y) {
            return rejected("only one of REL_X and REL_Y", axis: nil)
        }
        let multitouchPair = (AbsoluteAxis.multitouchPositionX, AbsoluteAxis.multitouchPositionY)
        if !device.isFakeMultitouch, let lone = loneAxis(of: multitouchPair, has: has) {
            return rejected("\(AbsoluteAxis.name(of: lone)) without its pair", axis: lone)
        }
        if has(AbsoluteAxis.x), let alone = loneResolution(of: (AbsoluteAxis.x, AbsoluteAxis.y), in: device) {
            return rejected("of ABS_X and ABS_Y, only \(AbsoluteAxis.name(of: alone)) has a resolution", axis: alone,
                            log: "kernel has only x or y resolution, not both.")
        }
        if !device.isFakeMultitouch, has(AbsoluteAxis.multitouchPositionX), let alone = loneResolution(of: multitouchPair, in: device) {
            return rejected("of ABS_MT_POSITION_X and ABS_MT_POSITION_Y, only \(AbsoluteAxis.name(of: alone)) has a resolution",
                            axis: alone, log: "kernel has only x or y MT resolution, not both.")
        }
        for code in 0..<UInt16(EvdevLimits.absoluteAxisCount) where has(code) {
            guard code != AbsoluteAxis.misc, code != AbsoluteAxis.multitouchSlot, code != AbsoluteAxis.multitouchToolType else { continue }
            let axis = MtdevAxes.kernelAxis(device, code: code)
            guard axis.minimum == axis.maximum else { continue }
            if axis.minimum == 0 && code >= AbsoluteAxis.misc && code < AbsoluteAxis.multitouchSlot { continue }  // disabled
            let name = AbsoluteAxis.name(of: code)
            return rejected("\(name) spans \(axis.minimum) ... \(axis.maximum), min == max", axis: code,
                            log: "device has min == max on \(name)")
        }
        return nil
    }

    /// The one axis of a pair the device advertises without the other, if any.
    private static func loneAxis(of pair: (UInt16, UInt16), has: (UInt16) -> Bool) -> UInt16? {
        has(pair.0) == has(pair.1) ? nil : (has(pair.0) ? pair.0 : pair.1)
    }

    /// The one axis of a pair with a resolution when the other has none, if any.
    private static func loneResolution(of pair: (UInt16, UInt16), in device: DeviceDescription) -> UInt16? {
        let first = MtdevAxes.kernelAxis(device, code: pair.0).resolution
        let second = MtdevAxes.kernelAxis(device, code: pair.1).resolution
        return (first == 0) == (second == 0) ? nil : (first != 0 ? pair.0 : pair.1)
    }
}

extension DeviceDescription {
    /// Whether libevdev reads the device as fake multitouch: it advertises `ABS_MT_SLOT` and
    /// `ABS_RESERVED`, the code below it (a device whose axes run over the multitouch range).
    /// libevdev then keeps no slots, and libinput removes its touchscreen tag.
    public var isFakeMultitouch: Bool {
        let absolute = TouchDecoder.supportedAbsoluteCodes(of: self)
        return absolute[Int(AbsoluteAxis.reserved)] && absolute[Int(AbsoluteAxis.multitouchSlot)]
    }

    /// Whether udev tags the device `ID_INPUT_TOUCHSCREEN`: as recorded, when its udev
    /// properties hold the tag, otherwise by the `input_id` builtin's rule.
    public var isTouchscreen: Bool {
        if let recorded = udevProperties["ID_INPUT_TOUCHSCREEN"] { return recorded == "1" }
        return whyNotTouchscreenByRule == nil
    }

    /// Why udev does not tag the device `ID_INPUT_TOUCHSCREEN`, or nil when it does.
    var whyNotTouchscreen: String? {
        if let recorded = udevProperties["ID_INPUT_TOUCHSCREEN"] {
            return recorded == "1" ? nil : "its recorded ID_INPUT_TOUCHSCREEN is \(recorded)"
        }
        return whyNotTouchscreenByRule
    }

    /// systemd 252's `input_id` rule (`test_pointers`) for a touchscreen, or why it is not one:
    /// absolute positions (`ABS_X` and `ABS_Y`, or multitouch positions that are not a fake
    /// multitouch device's), no pen or stylus (a tablet), no finger tool without
    /// `INPUT_PROP_DIRECT` (a touchpad), no mouse button beside `ABS_X` and `ABS_Y` alone (an
    /// absolute mouse), and `BTN_TOUCH` or `INPUT_PROP_DIRECT`. An accelerometer is never one.
    private var whyNotTouchscreenByRule: String? {
        let absolute = TouchDecoder.supportedAbsoluteCodes(of: self)
        let keys = TouchDecoder.supportedKeyCodes(of: self)
        func key(_ code: UInt16) -> Bool { keys[Int(code)] }
        let hasPositions = absolute[Int(AbsoluteAxis.x)] && absolute[Int(AbsoluteAxis.y)]
        let hasMultitouchPositions = absolute[Int(AbsoluteAxis.multitouchPositionX)]
            && absolute[Int(AbsoluteAxis.multitouchPositionY)] && !isFakeMultitouch
        let isDirect = properties.contains(InputProperty.direct)
        if properties.contains(InputProperty.accelerometer)
            || ((codes[EventType.key] ?? []).isEmpty && hasPositions && absolute[Int(AbsoluteAxis.z)]) {
            return "an accelerometer: INPUT_PROP_ACCELEROMETER, or ABS_Z beside ABS_X and ABS_Y without keys"
        }
        guard hasPositions || hasMultitouchPositions else {
            return "no ABS_X and ABS_Y, and no multitouch positions"
        }
        if key(KeyCode.stylus) || key(KeyCode.toolPen) { return "a tablet: BTN_STYLUS or BTN_TOOL_PEN" }
        if key(KeyCode.toolFinger) && !isDirect { return "a touchpad: BTN_TOOL_FINGER without INPUT_PROP_DIRECT" }
        let hasMouseButton = (KeyCode.firstMouseButton..<KeyCode.joystick).contains { key($0) }
        if hasMouseButton && !hasMultitouchPositions { return "an absolute mouse: mouse buttons with ABS_X and ABS_Y" }
        guard key(KeyCode.touch) || isDirect else { return "neither BTN_TOUCH nor INPUT_PROP_DIRECT" }
        return nil
    }
}
