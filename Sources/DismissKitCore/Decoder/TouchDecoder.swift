/// Why a device cannot be decoded as a touchscreen.
public struct TouchDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    /// The `EV_ABS` code of the axis at fault, when one is.
    public var axis: UInt16?
    public var description: String { reason }
    public init(reason: String, axis: UInt16? = nil) {
        self.reason = reason
        self.axis = axis
    }
}

/// How a touchscreen reports its contacts, and so how libinput reads it.
public enum TouchReporting: Sendable, Hashable {
    /// One contact: `ABS_X`, `ABS_Y` and `BTN_TOUCH`.
    case singleTouch
    /// Multitouch protocol B: `ABS_MT_SLOT` and tracking ids, read as they come.
    case slots
    /// Multitouch protocol A: the contacts of each frame without slots, read through libmtdev
    /// (``MtdevConverter``), which turns them into protocol B.
    case protocolA
}

/// Turns one touchscreen's raw evdev events into the touch events libinput 1.22
/// reports for them (`src/evdev-fallback.c`), without libinput.
///
/// The events pass the same three stages they pass on a real machine:
/// 1. the kernel's input core, as for a replayed (uinput) device: events for codes
///    the device does not advertise are dropped, an `ABS_MT_SLOT` out of range is
///    ignored, and a value equal to the current one (per slot for multitouch axes)
///    is dropped; every slot starts at x = y = 0 with no tracking id;
/// 2. libevdev: a tracking-id change other than N → -1 or -1 → N is discarded;
/// 3. libinput's fallback dispatch: slots accumulate until `SYN_REPORT`, then dirty
///    slots are flushed in ascending order (down, motion, up, cancel), seat slots are
///    the lowest free bit of a 32-bit map, fuzz hysteresis, palm cancel, calibration,
///    and a frame event by libinput's own rule: the frame is sent when the last
///    flush attempt of the frame sent an event (see ``decode(_:into:)``).
///
/// A multitouch protocol A device (``TouchReporting/protocolA``) is read as libinput reads it,
/// through libmtdev: the decoder then expects what ``MtdevConverter`` gives for the kernel's
/// events (``Replay`` does that), and stages 1 and 2 are mtdev's converter's instead. libinput
/// keeps 10 slots for such a device and moves anything mtdev puts on a higher slot to slot 9;
/// mtdev's events reach it without libevdev's filters; and a new touch's tool type is read
/// from libevdev, which keeps no slots for the device, so a palm tool type sent with the new
/// tracking id does not hide the touch.
///
/// Coordinates: millimetres are `(x' − min) / resolution` (resolution 1 when the
/// device has none), screen points `(x' − min) · width / (max − min + 1)`, with x'
/// the calibrated point; neither is clamped, as in libinput.
public struct TouchDecoder: Sendable {
    private struct Slot: Sendable {
        enum State: Sendable { case none, begin, update, end }
        enum Palm: Sendable { case none, new, isPalm, wasPalm }
        var x: Int32 = 0
        var y: Int32 = 0
        var state = State.none
        var palm = Palm.none
        var dirty = false
        var seatSlot: Int32 = -1
        var centreX: Int32 = 0
        var centreY: Int32 = 0

        /// libinput's palm tracking on a new `ABS_MT_TOOL_TYPE`: the palm tool starts a palm on a
        /// slot that has none; another tool on a palm ends it.
        mutating func noteToolType(_ toolType: Int32) {
            if toolType == MultitouchTool.palm {
                if palm == .none { palm = .new }
            } else if palm == .isPalm {
                palm = .wasPalm
            }
        }
    }

    /// Per-slot values the kernel holds for the multitouch axes, to drop repeats.
    private static let multitouchAxisCount = Int(AbsoluteAxis.lastMultitouch - AbsoluteAxis.firstMultitouch) + 1
    private static let trackingIDIndex = Int(AbsoluteAxis.multitouchTrackingID - AbsoluteAxis.firstMultitouch)

    private let isMultitouch: Bool
    /// Whether the events come from mtdev (a protocol A device).
    private let readsMtdevOutput: Bool
    private let hasToolType: Bool
    private let supportedAbsolute: [Bool]
    private let supportedKeys: [Bool]
    private let xAxis: AbsoluteAxisInfo
    private let yAxis: AbsoluteAxisInfo
    private let resolutionX: Double
    private let resolutionY: Double
    private let hysteresisMarginX: Int32
    private let hysteresisMarginY: Int32
    /// libinput filters when either fuzz is non-zero, even if one margin rounds to 0.
    private let wantsHysteresis: Bool
    private let calibration: DeviceCalibration?
    private var screenWidth: Double
    private var screenHeight: Double

    // Kernel state.
    private var kernelSlot = 0
    private var kernelMultitouchValues: [Int32]
    private var kernelAbsoluteValues = [Int32](repeating: 0, count: EvdevLimits.absoluteAxisCount)
    private var kernelKeys = [Bool](repeating: false, count: EvdevLimits.keyCount)
    // libevdev state.
    private var libevdevTrackingIDs: [Int32]
    private var libevdevToolTypes: [Int32]
    // libinput state.
    private var slots: [Slot]
    private var currentSlot = 0
    private var anySlotDirty = false
    private var seatSlotMap: UInt32 = 0
    private var singleTouch = Slot()
    private var singleTouchPendingDown = false
    private var singleTouchPendingUp = false
    private var singleTouchPendingMotion = false

    /// The number of slots (1 for a single-touch device, libinput's 10 for a protocol A device).
    public var slotCount: Int { slots.count }

    /// How the device reports its contacts.
    public let reporting: TouchReporting

    /// The slots libinput keeps for a protocol A device (`fallback_dispatch_init_slots`).
    static let protocolASlotCount = 10

    /// Whether the device reports a real resolution; when false, "millimetres" are device units.
    public let hasResolution: Bool

    /// Prepares decoding for a device.
    /// - Parameters:
    ///   - calibration: overrides the recorded `LIBINPUT_CALIBRATION_MATRIX` udev property.
    /// - Throws: ``TouchDeviceError`` when libinput would not treat the device as a
    ///   touchscreen (``DeviceRules``), or mtdev could not read a protocol A device.
    public init(device: DeviceDescription, screen: ScreenSize, calibration: CalibrationMatrix? = nil) throws(TouchDeviceError) {
        reporting = try TouchDecoder.checkMultitouchProtocol(of: device)
        try DeviceRules.check(device)
        let axes = device.absoluteAxes
        isMultitouch = device.hasMultitouchPositions
        readsMtdevOutput = reporting == .protocolA
        let xCode = isMultitouch ? AbsoluteAxis.multitouchPositionX : AbsoluteAxis.x
        let yCode = isMultitouch ? AbsoluteAxis.multitouchPositionY : AbsoluteAxis.y
        guard let xAxis = axes[xCode], let yAxis = axes[yCode] else {
            throw TouchDeviceError(reason: "the device has no absolute x and y axes, so it is not a touchscreen")
        }
        for (code, axis) in [(xCode, xAxis), (yCode, yAxis)] {
            guard axis.minimum < axis.maximum else {
                throw TouchDeviceError(reason: "\(AbsoluteAxis.name(of: code)) has an empty range, \(axis.minimum) > \(axis.maximum)",
                                       axis: code)
            }
            guard axis.resolution >= 0 else {
                throw TouchDeviceError(reason: "\(AbsoluteAxis.name(of: code)) has a negative resolution, \(axis.resolution)", axis: code)
            }
        }
        self.xAxis = xAxis
        self.yAxis = yAxis
        hasResolution = xAxis.resolution != 0
        resolutionX = hasResolution ? Double(xAxis.resolution) : 1
        resolutionY = hasResolution ? Double(yAxis.resolution) : 1

        let slotCount: Int
        switch reporting {
        case .singleTouch: slotCount = 1
        case .slots: slotCount = Int(axes[AbsoluteAxis.multitouchSlot].map { $0.maximum } ?? 0) + 1
        case .protocolA: slotCount = TouchDecoder.protocolASlotCount
        }
        guard (1...256).contains(slotCount) else {
            throw TouchDeviceError(reason: "the device declares \(slotCount) touch slots; 1 to 256 are supported",
                                   axis: AbsoluteAxis.multitouchSlot)
        }
        slots = [Slot](repeating: Slot(), count: slotCount)
        var kernelValues = [Int32](repeating: 0, count: slotCount * TouchDecoder.multitouchAxisCount)
        for slot in 0..<slotCount {
            kernelValues[slot * TouchDecoder.multitouchAxisCount + TouchDecoder.trackingIDIndex] = -1
        }
        kernelMultitouchValues = kernelValues
        libevdevTrackingIDs = [Int32](repeating: -1, count: slotCount)
        libevdevToolTypes = [Int32](repeating: 0, count: slotCount)
        hasToolType = device.supports(type: EventType.absolute, code: AbsoluteAxis.multitouchToolType)

        supportedAbsolute = TouchDecoder.supportedAbsoluteCodes(of: device)
        supportedKeys = TouchDecoder.supportedKeyCodes(of: device)

        if isMultitouch {
            let fuzzX = Self.fuzz(device, code: xCode, axis: xAxis)
            let fuzzY = Self.fuzz(device, code: yCode, axis: yAxis)
            hysteresisMarginX = fuzzX / 2
            hysteresisMarginY = fuzzY / 2
            wantsHysteresis = fuzzX != 0 || fuzzY != 0
        } else {
            hysteresisMarginX = 0
            hysteresisMarginY = 0
            wantsHysteresis = false
        }

        let matrix = calibration ?? device.udevProperties["LIBINPUT_CALIBRATION_MATRIX"].flatMap(CalibrationMatrix.init(parsing:))
        if let matrix, !matrix.isIdentity {
            self.calibration = DeviceCalibration(matrix, xAxis: xAxis, yAxis: yAxis)
        } else {
            self.calibration = nil
        }
        screenWidth = screen.width
        screenHeight = screen.height
    }

    /// Maps the touches of the frames decoded from now on onto `screen` (the host's `screen`
    /// command: the window was resized, the display rotated or rescaled); touches already
    /// reported keep their points.
    public mutating func mapOnto(screen: ScreenSize) {
        screenWidth = screen.width
        screenHeight = screen.height
    }

    /// Decides how libinput reads the device: single touch, protocol B slots, or protocol A
    /// through mtdev (``TouchReporting``), and refuses a multitouch device it cannot read that way.
    ///
    /// This is the one place that decides it. The decoder asks it first, because it is public
    /// and may be given any description. The recording readers ask it too, as soon as they
    /// have read a device's description, so that a refusal names the file and the line of the
    /// device's axes before anything else of the recording is read.
    /// - Throws: ``TouchDeviceError`` for a device with multitouch axes and no `ABS_MT_SLOT`
    ///   that mtdev cannot read (no `ABS_MT_POSITION_X` and `_Y`) and that has no `ABS_X`
    ///   and `ABS_Y` to be read as a single touch, or whose axes mtdev cannot be configured
    ///   with (``MtdevConverter``).
    package static func checkMultitouchProtocol(of device: DeviceDescription) throws(TouchDeviceError) -> TouchReporting {
        if device.usesProtocolA {
            try MtdevAxes.checkConfigurable(device)
            return .protocolA
        }
        if device.hasMultitouchPositions { return .slots }
        let supported = supportedAbsoluteCodes(of: device)
        let hasMultitouchAxes = AbsoluteAxis.multitouchAxes.contains { supported[Int($0)] }
        let hasSingleTouchAxes = device.absoluteAxes[AbsoluteAxis.x] != nil && device.absoluteAxes[AbsoluteAxis.y] != nil
        if hasMultitouchAxes && !device.hasSlots && !hasSingleTouchAxes {
            throw TouchDeviceError(
                reason: "multitouch axes without ABS_MT_SLOT (protocol A) and without ABS_MT_POSITION_X and "
                    + "ABS_MT_POSITION_Y: mtdev cannot read the device, and it has no ABS_X and ABS_Y to read as one touch")
        }
        return .singleTouch
    }

    /// Which `EV_ABS` codes the device advertises, by code (`ABS_CNT` of them): its `codes` and its axes.
    package static func supportedAbsoluteCodes(of device: DeviceDescription) -> [Bool] {
        var absolute = [Bool](repeating: false, count: EvdevLimits.absoluteAxisCount)
        for code in device.codes[EventType.absolute] ?? [] where code < absolute.count { absolute[Int(code)] = true }
        for code in device.absoluteAxes.keys where code < absolute.count { absolute[Int(code)] = true }
        return absolute
    }

    /// Which `EV_KEY` codes the device advertises, by code (`KEY_CNT` of them).
    package static func supportedKeyCodes(of device: DeviceDescription) -> [Bool] {
        var keys = [Bool](repeating: false, count: EvdevLimits.keyCount)
        for code in device.codes[EventType.key] ?? [] where code < keys.count { keys[Int(code)] = true }
        return keys
    }

    /// libinput's fuzz for an axis: the `LIBINPUT_FUZZ_<code>` udev property when
    /// recorded, otherwise the axis's own fuzz.
    private static func fuzz(_ device: DeviceDescription, code: UInt16, axis: AbsoluteAxisInfo) -> Int32 {
        let key = "LIBINPUT_FUZZ_" + String(code, radix: 16)
        if let text = device.udevProperties[key] ?? device.udevProperties[key.uppercased()], let value = Int32(text) {
            return max(value, 0)
        }
        return max(axis.fuzz, 0)
    }

    /// Feeds one kernel event; at `SYN_REPORT`, appends the frame's touch events to `output`.
    ///
    /// The frame event follows libinput's rule: it is sent when the *last* flush
    /// attempt of the frame (a down, motion, up or cancel for a dirty slot) sent
    /// an event, so a frame whose last dirty slot was swallowed by hysteresis gets
    /// no frame event even if an earlier slot moved.
    public mutating func decode(_ event: InputEvent, into output: inout [TouchEvent]) {
        switch event.type {
        case EventType.synchronization:
            if event.code == SynchronizationCode.report { flushFrame(time: event.time, into: &output) }
        case EventType.absolute:
            guard event.code < EvdevLimits.absoluteAxisCount else { return }
            if readsMtdevOutput {
                processMtdevOutput(code: event.code, value: event.value)
                return
            }
            guard supportedAbsolute[Int(event.code)] else { return }
            if isMultitouch {
                processMultitouch(code: event.code, value: event.value)
            } else {
                processSingleTouchAxis(code: event.code, value: event.value)
            }
        case EventType.key:
            guard event.code < EvdevLimits.keyCount, supportedKeys[Int(event.code)], event.value != 2 else { return }
            let pressed = event.value != 0
            guard kernelKeys[Int(event.code)] != pressed else { return }
            kernelKeys[Int(event.code)] = pressed
            if event.code == KeyCode.touch && !isMultitouch {
                if pressed { singleTouchPendingDown = true } else { singleTouchPendingUp = true }
            }
        default:
            return
        }
    }

    /// Ends every active touch with a cancel and one frame event, as libinput does
    /// when a device is removed or suspended.
    public mutating func cancelAll(time: Int64, into output: inout [TouchEvent]) {
        var sent = false
        for index in slots.indices {
            sent = sendRelease(.cancel, slot: Int32(index), time: time, into: &output) || sent
        }
        sent = sendRelease(.cancel, slot: -1, time: time, into: &output) || sent
        if sent { output.append(TouchEvent(kind: .frame, time: time)) }
    }

    // MARK: - Kernel and libevdev stages, then libinput's per-event processing

    private mutating func processMultitouch(code: UInt16, value: Int32) {
        if code == AbsoluteAxis.multitouchSlot {
            if value >= 0 && Int(value) < slots.count { kernelSlot = Int(value) }
            return
        }
        guard AbsoluteAxis.multitouchAxes.contains(code) else { return }
        let valueIndex = kernelSlot * TouchDecoder.multitouchAxisCount + Int(code - AbsoluteAxis.firstMultitouch)
        guard kernelMultitouchValues[valueIndex] != value else { return }
        kernelMultitouchValues[valueIndex] = value
        currentSlot = kernelSlot

        // libevdev's own filters: a tracking id that neither begins nor ends a touch is dropped,
        // and a new touch is a palm when its slot's tool type already says so.
        var newTouchPalm = Slot.Palm.none
        switch code {
        case AbsoluteAxis.multitouchTrackingID:
            let previous = libevdevTrackingIDs[currentSlot]
            guard (previous == -1) != (value == -1) else { return }
            libevdevTrackingIDs[currentSlot] = value
            if hasToolType && libevdevToolTypes[currentSlot] == MultitouchTool.palm { newTouchPalm = .wasPalm }
        case AbsoluteAxis.multitouchToolType:
            libevdevToolTypes[currentSlot] = value
        default:
            break
        }
        takeIntoCurrentSlot(code: code, value: value, newTouchPalm: newTouchPalm)
    }

    /// libinput's `fallback_process_touch` on mtdev's output, which reaches it without the
    /// kernel's and libevdev's filters: a slot past libinput's last is its last, and a new
    /// touch's tool type is libevdev's slot value, which is 0 for a device without slots.
    private mutating func processMtdevOutput(code: UInt16, value: Int32) {
        if code == AbsoluteAxis.multitouchSlot {
            currentSlot = value >= 0 && Int(value) < slots.count ? Int(value) : slots.count - 1
            return
        }
        takeIntoCurrentSlot(code: code, value: value, newTouchPalm: .none)
    }

    /// libinput's `fallback_process_touch` for one multitouch value of the current slot, on either
    /// path: a tracking id begins (with `newTouchPalm`) or ends its touch; a position or tool type
    /// is taken; the slot is then dirty. Any other code changes nothing.
    @inline(__always)
    private mutating func takeIntoCurrentSlot(code: UInt16, value: Int32, newTouchPalm: Slot.Palm) {
        switch code {
        case AbsoluteAxis.multitouchTrackingID:
            if value >= 0 {
                slots[currentSlot].state = .begin
                slots[currentSlot].palm = newTouchPalm
            } else {
                slots[currentSlot].state = .end
            }
        case AbsoluteAxis.multitouchPositionX:
            slots[currentSlot].x = value
        case AbsoluteAxis.multitouchPositionY:
            slots[currentSlot].y = value
        case AbsoluteAxis.multitouchToolType:
            slots[currentSlot].noteToolType(value)
        default:
            return
        }
        slots[currentSlot].dirty = true
        anySlotDirty = true
    }

    private mutating func processSingleTouchAxis(code: UInt16, value: Int32) {
        guard kernelAbsoluteValues[Int(code)] != value else { return }
        kernelAbsoluteValues[Int(code)] = value
        switch code {
        case AbsoluteAxis.x:
            singleTouch.x = value
            singleTouchPendingMotion = true
        case AbsoluteAxis.y:
            singleTouch.y = value
            singleTouchPendingMotion = true
        default:
            return
        }
    }

    // MARK: - libinput's flush at SYN_REPORT

    private mutating func flushFrame(time: Int64, into output: inout [TouchEvent]) {
        var needsFrame = false
        if isMultitouch {
            if anySlotDirty { needsFrame = flushMultitouch(time: time, into: &output) }
            anySlotDirty = false
        } else {
            needsFrame = flushSingleTouch(time: time, into: &output)
        }
        if needsFrame { output.append(TouchEvent(kind: .frame, time: time)) }
    }

    private mutating func flushMultitouch(time: Int64, into output: inout [TouchEvent]) -> Bool {
        var sent = false
        for index in slots.indices where slots[index].dirty {
            slots[index].dirty = false
            switch slots[index].palm {
            case .new:
                if slots[index].state != .begin { sent = sendRelease(.cancel, slot: Int32(index), time: time, into: &output) }
                slots[index].palm = .isPalm
            case .none:
                switch slots[index].state {
                case .begin: sent = sendDown(slot: index, time: time, into: &output)
                case .update: sent = sendMotion(slot: index, time: time, into: &output)
                case .end: sent = sendRelease(.up, slot: Int32(index), time: time, into: &output)
                case .none: break
                }
            case .isPalm, .wasPalm:
                break
            }
            switch slots[index].state {
            case .begin: slots[index].state = .update
            case .end: slots[index].state = .none
            case .update, .none: break
            }
        }
        return sent
    }

    private mutating func sendDown(slot index: Int, time: Int64, into output: inout [TouchEvent]) -> Bool {
        guard slots[index].seatSlot == -1 else { return false }  // "multiple touch down for the same slot"
        let seatSlot = acquireSeatSlot()
        slots[index].seatSlot = seatSlot
        guard seatSlot >= 0 else { return false }
        slots[index].centreX = slots[index].x
        slots[index].centreY = slots[index].y
        output.append(TouchEvent(kind: .down, time: time, slot: Int32(index), seatSlot: seatSlot,
                                 point: point(x: slots[index].x, y: slots[index].y)))
        return true
    }

    private mutating func sendMotion(slot index: Int, time: Int64, into output: inout [TouchEvent]) -> Bool {
        let seatSlot = slots[index].seatSlot
        guard seatSlot >= 0 else { return false }
        let received = (x: slots[index].x, y: slots[index].y)
        if hysteresisSwallows(slot: index) { return false }
        output.append(TouchEvent(kind: .motion, time: time, slot: Int32(index), seatSlot: seatSlot,
                                 point: point(x: received.x, y: received.y)))
        return true
    }

    /// Ends a touch with `up` or `cancel` (no coordinates) and frees its seat slot; false when
    /// there was no touch to end.
    /// - Parameter slot: the kernel slot, or -1 for the touch of a single-touch device.
    private mutating func sendRelease(_ kind: TouchEvent.Kind, slot: Int32, time: Int64, into output: inout [TouchEvent]) -> Bool {
        let seatSlot: Int32
        if slot >= 0 {
            seatSlot = slots[Int(slot)].seatSlot
            slots[Int(slot)].seatSlot = -1
        } else {
            seatSlot = singleTouch.seatSlot
            singleTouch.seatSlot = -1
        }
        guard seatSlot >= 0 else { return false }
        releaseSeatSlot(seatSlot)
        output.append(TouchEvent(kind: kind, time: time, slot: slot, seatSlot: seatSlot))
        return true
    }

    private mutating func flushSingleTouch(time: Int64, into output: inout [TouchEvent]) -> Bool {
        defer {
            singleTouchPendingDown = false
            singleTouchPendingUp = false
            singleTouchPendingMotion = false
        }
        var sent = false
        if singleTouchPendingDown {
            if singleTouch.seatSlot == -1 {
                let seatSlot = acquireSeatSlot()
                singleTouch.seatSlot = seatSlot
                if seatSlot >= 0 {
                    output.append(TouchEvent(kind: .down, time: time, slot: -1, seatSlot: seatSlot,
                                             point: point(x: singleTouch.x, y: singleTouch.y)))
                    sent = true
                }
            }
        } else if singleTouchPendingMotion && singleTouch.seatSlot >= 0 {
            output.append(TouchEvent(kind: .motion, time: time, slot: -1, seatSlot: singleTouch.seatSlot,
                                     point: point(x: singleTouch.x, y: singleTouch.y)))
            sent = true
        }
        if singleTouchPendingUp && sendRelease(.up, slot: -1, time: time, into: &output) {
            sent = true
        }
        return sent
    }

    // MARK: - Seat slots, hysteresis, coordinates

    /// The lowest free seat slot, or -1 when all 32 are taken.
    private mutating func acquireSeatSlot() -> Int32 {
        let free = ~seatSlotMap
        guard free != 0 else { return -1 }
        let seatSlot = Int32(free.trailingZeroBitCount)
        seatSlotMap |= 1 << UInt32(seatSlot)
        return seatSlot
    }

    private mutating func releaseSeatSlot(_ seatSlot: Int32) {
        seatSlotMap &= ~(1 << UInt32(seatSlot))
    }

    /// libinput's elliptical hysteresis on raw coordinates: a move inside the
    /// margin ellipse around the centre is swallowed (the slot's point snaps back
    /// to the centre); otherwise the centre is dragged behind the finger to the
    /// ellipse's edge and stored as the slot's point.
    private mutating func hysteresisSwallows(slot index: Int) -> Bool {
        guard wantsHysteresis else { return false }
        let a = hysteresisMarginX, b = hysteresisMarginY
        let x = slots[index].x, y = slots[index].y
        let centreX = slots[index].centreX, centreY = slots[index].centreY
        var resultX = x, resultY = y
        if a != 0 && b != 0 {
            // In Double: a device whose axis spans the whole Int32 range would overflow squares in Int.
            let dx = Double(x) - Double(centreX), dy = Double(y) - Double(centreY)
            let marginX = Double(a), marginY = Double(b)
            let normalised = (dx * dx / (marginX * marginX) + dy * dy / (marginY * marginY)).squareRoot()
            if normalised < 1.0 {
                resultX = centreX
                resultY = centreY
            } else {
                let marginDistance = (dx * dx + dy * dy).squareRoot() / normalised
                let lagX: Double, lagY: Double
                if dx != 0 {
                    let gradient = dy / dx
                    lagX = marginDistance / (gradient * gradient + 1).squareRoot()
                    lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
                } else {
                    lagX = 0
                    lagY = marginDistance
                }
                resultX = Self.truncate(dx >= 0 ? Double(x) - lagX : Double(x) + lagX)
                resultY = Self.truncate(dy >= 0 ? Double(y) - lagY : Double(y) + lagY)
            }
        }
        slots[index].x = resultX
        slots[index].y = resultY
        if resultX == centreX && resultY == centreY { return true }
        slots[index].centreX = resultX
        slots[index].centreY = resultY
        return false
    }

    private static func truncate(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(min(value, Double(Int32.max)), Double(Int32.min)).rounded(.towardZero))
    }

    private func point(x rawX: Int32, y rawY: Int32) -> TouchPoint {
        let (x, y) = calibration?.apply(x: rawX, y: rawY) ?? (rawX, rawY)
        let fromMinX = Double(x) - Double(xAxis.minimum)
        let fromMinY = Double(y) - Double(yAxis.minimum)
        return TouchPoint(
            xMM: fromMinX / resolutionX,
            yMM: fromMinY / resolutionY,
            x: fromMinX * screenWidth / (Double(xAxis.maximum) - Double(xAxis.minimum) + 1),
            y: fromMinY * screenHeight / (Double(yAxis.maximum) - Double(yAxis.minimum) + 1)
        )
    }
}
