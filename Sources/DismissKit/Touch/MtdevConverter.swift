import CMtdev
import Glibc

/// libmtdev, as libinput 1.22 drives it for a multitouch protocol A device: the kernel events
/// go in, protocol B events (slots, tracking ids) come out, and ``TouchDecoder`` reads those.
///
/// A protocol A device (``DeviceDescription/usesProtocolA``: `ABS_MT_POSITION_X` and `_Y`
/// without `ABS_MT_SLOT`) reports every contact of a frame, each ended by `SYN_MT_REPORT`,
/// with no slots and often without tracking ids. libinput opens such a device with
/// `mtdev_new_open` (`evdev_need_mtdev`, `fallback_dispatch_init_slots`), pushes every event
/// it reads into `mtdev_put_event` and, at each `SYN_REPORT`, hands everything
/// `mtdev_get_event` gives to its touchscreen code (`evdev_device_dispatch_one`). This class
/// does the same with the real library, without a device:
///
/// - **Configuration**: `mtdev_init`, then the capabilities `mtdev_configure` would read from
///   the kernel (`EVIOCGBIT`, `EVIOCGABS`), taken from the description: which `ABS_MT_*` axes
///   the device has (`mtdev_set_mt_event`) and their range, fuzz and resolution
///   (`mtdev_set_abs_*`). `mtdev_configure` then gives a device without
///   `ABS_MT_TRACKING_ID` the range 0...65535, and a zero fuzz the default
///   `(max − min) / 250` for positions, `/ 100` for touch and width axes and `/ 10` for the
///   orientation; that is done here the same way, since `mtdev_configure` needs a device
///   node. The position axes' fuzz is the kernel's after udev: libinput's
///   `90-libinput-fuzz-override.rules` moves a touchscreen's `ABS_MT_POSITION_X/Y` fuzz to
///   `LIBINPUT_FUZZ_35/36` and sets the kernel's to 0 before libinput opens it, so mtdev
///   always takes its default there (libinput's hysteresis uses the moved fuzz, as
///   ``TouchDecoder`` does).
/// - **In front of mtdev**, what the kernel's input core does to a protocol A device's
///   events (as replayed through uinput): events for codes the device does not advertise
///   are dropped, multitouch axes pass unfiltered (there are no slots to compare with), other
///   axes and keys only when their value changes (a key's repeat, value 2, always), and
///   `EV_SYN` other than `SYN_REPORT`, `SYN_MT_REPORT` and `SYN_CONFIG` is dropped. libevdev
///   filters nothing more for a device without slots. Events of other types are not passed:
///   mtdev would only forward them, and libinput's touchscreen code ignores them.
/// - **Out of mtdev**: at each `SYN_REPORT`, everything mtdev gives, ending with its
///   `SYN_REPORT` (none when the report changed nothing). A contact that disappears from
///   the reports ends its slot's touch (tracking id -1); a new one takes the lowest slot
///   that was free before the report, with the next tracking id when the device has none;
///   mtdev smooths matched contacts with its fuzz. mtdev has 32 slots; libinput keeps 10 and
///   moves anything on a higher slot to slot 9, which ``TouchDecoder`` does for this output.
///   mtdev holds a report's events in a ring of 512: of a longer report it reads only the
///   events after the last multiple of 512, and this class counts contacts the same way.
///
/// Checks mtdev lacks, made before a report reaches it (``ReportError``; the report is not
/// read, and neither is anything after it):
/// - for each contact of a report mtdev reads `ABS_MT_TRACKING_ID` (when the device has that
///   axis) or `ABS_MT_TOUCH_MAJOR` (when the device has that axis and no tracking ids) from a
///   stack array it never initialises, so a contact that omits it would make libinput's
///   output depend on stack garbage;
/// - mtdev keeps contacts and slots in 32-bit masks and steps through them with a shift by
///   `bit + 1`: with a 32nd contact in a report, or a contact on its 32nd slot, that shift is
///   by 32 and the loop starts again for ever (libinput hangs), and with the device's tracking
///   ids a report can ask for a slot when all 32 are taken, which mtdev writes before its
///   first. So a report may hold 31 contacts, and, with the device's tracking ids, may not
///   need a 32nd slot; which slots a report needs follows mtdev's rule (a contact keeps the
///   slot whose tracking id it carries, a new one takes the lowest slot free before the
///   report). Without the device's tracking ids 31 contacts never need more than 31 slots.
///
/// Not `Sendable`: it owns the C library's state. One converter serves one device's events,
/// in order.
public final class MtdevConverter {
    /// Why mtdev cannot read a report of a protocol A device.
    public struct ReportError: Error, Sendable, Hashable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// mtdev's axes, in the order of its slot data (`ABS_MT_TOUCH_MAJOR` ... `ABS_MT_DISTANCE`).
    static let mtdevAxes: ClosedRange<UInt16> = AbsoluteAxis.multitouchTouchMajor...AbsoluteAxis.multitouchDistance
    /// The contacts mtdev reads per report (`DIM_FINGER`).
    private static let mtdevContacts = 32
    /// The size of mtdev's input ring (`DIM_EVENTS`): it holds one report's events, and when
    /// a report has a multiple of this many, the ring looks empty and the earlier ones are lost.
    private static let mtdevRingSize = 512

    private let device: UnsafeMutablePointer<mtdev>
    private let supportedAbsolute: [Bool]
    private let supportedKeys: [Bool]
    private let hasTrackingID: Bool
    private let needsTouchMajor: Bool
    /// The kernel's current value of each non-multitouch axis, to drop repeats.
    private var kernelAbsoluteValues = [Int32](repeating: 0, count: EvdevLimits.absoluteAxisCount)
    private var kernelKeys = [Bool](repeating: false, count: EvdevLimits.keyCount)
    // The contacts of the report so far, counted as mtdev counts them (`process_typeA`).
    private var contactCount = 0
    private var currentContactHasPosition = (x: false, y: false)
    /// The tracking id mtdev holds for the current contact: the last one sent since the
    /// previous counted contact (a contact that is not counted leaves its values to the next).
    private var currentContactTrackingID: Int32?
    private var currentContactHasTouchMajor = false
    /// The tracking ids of the counted contacts (devices with tracking ids only).
    private var reportTrackingIDs: [Int32] = []
    /// Whether mtdev takes the report as multitouch (`mtcnt`): a `SYN_MT_REPORT`, a
    /// `BTN_TOUCH` or a multitouch axis it reads. Only then does it change its slots.
    private var sawMultitouchEvent = false
    /// The first problem found in the report, which mtdev must then not read.
    private var reportProblem: String?
    /// The tracking id mtdev holds for each of its 32 slots, -1 where the slot is not in use
    /// (devices with tracking ids only).
    private var slotTrackingIDs = [Int32](repeating: -1, count: MtdevConverter.mtdevContacts)
    /// The events put into mtdev since the last `SYN_REPORT`, modulo its ring's size.
    private var eventsInRing = 0
    /// The report refused, after which the converter refuses every event.
    private var failure: ReportError?
    private var event = input_event()

    /// Configures mtdev for a protocol A device, as `mtdev_configure` would from its kernel device.
    /// - Throws: ``TouchDeviceError`` when the device is not protocol A or mtdev cannot be
    ///   configured for it (``MtdevAxes/checkConfigurable(_:)``).
    public convenience init(device description: DeviceDescription) throws(TouchDeviceError) {
        try MtdevAxes.checkConfigurable(description)
        self.init(device: try Self.makeDevice(), description: description)
    }

    /// An initialised mtdev, made before the object exists: Embedded Swift never frees an object
    /// whose designated initializer fails.
    private static func makeDevice() throws(TouchDeviceError) -> UnsafeMutablePointer<mtdev> {
        guard let device = mtdev_new() else { throw TouchDeviceError(reason: "mtdev_new failed: out of memory") }
        guard mtdev_init(device) == 0 else {
            mtdev_delete(device)
            throw TouchDeviceError(reason: "mtdev_init failed: out of memory")
        }
        return device
    }

    private init(device: UnsafeMutablePointer<mtdev>, description: DeviceDescription) {
        self.device = device
        supportedAbsolute = TouchDecoder.supportedAbsoluteCodes(of: description)
        supportedKeys = TouchDecoder.supportedKeyCodes(of: description)

        // mtdev_configure: `has` for every axis whose bit is set (EVIOCGBIT) and whose absinfo
        // the kernel gives (EVIOCGABS: always, zeros when the recording holds none).
        mtdev_set_mt_event(device, Int32(AbsoluteAxis.multitouchSlot), 0)
        for code in Self.mtdevAxes {
            let has = supportedAbsolute[Int(code)]
            mtdev_set_mt_event(device, Int32(code), has ? 1 : 0)
            guard has else { continue }
            let axis = MtdevAxes.kernelAxis(description, code: code)
            mtdev_set_abs_minimum(device, Int32(code), axis.minimum)
            mtdev_set_abs_maximum(device, Int32(code), axis.maximum)
            mtdev_set_abs_fuzz(device, Int32(code), axis.fuzz)
            mtdev_set_abs_resolution(device, Int32(code), axis.resolution)
        }
        hasTrackingID = supportedAbsolute[Int(AbsoluteAxis.multitouchTrackingID)]
        if !hasTrackingID {
            mtdev_set_abs_minimum(device, Int32(AbsoluteAxis.multitouchTrackingID), 0)  // MT_ID_MIN
            mtdev_set_abs_maximum(device, Int32(AbsoluteAxis.multitouchTrackingID), 65535)  // MT_ID_MAX
        }
        needsTouchMajor = !hasTrackingID && supportedAbsolute[Int(AbsoluteAxis.multitouchTouchMajor)]
        for (code, signalToNoise) in MtdevAxes.defaultFuzzAxes where supportedAbsolute[Int(code)] {
            let axis = MtdevAxes.kernelAxis(description, code: code)
            guard axis.fuzz == 0 else { continue }
            // checkConfigurable made sure max − min fits in a C int, as mtdev computes it.
            mtdev_set_abs_fuzz(device, Int32(code), Int32((Int64(axis.maximum) - Int64(axis.minimum)) / signalToNoise))
        }
    }

    deinit {
        mtdev_close_delete(device)
    }

    /// Feeds one kernel event of the device; at `SYN_REPORT`, appends what mtdev gives for the
    /// report (protocol B events ending with `SYN_REPORT`; nothing when the report changed
    /// nothing) to `output`, with the `SYN_REPORT`'s time for the slot events.
    /// - Throws: ``ReportError`` at a `SYN_REPORT` when a contact of the report lacks a value
    ///   mtdev would read uninitialised; then again for every later event.
    public func convert(_ kernelEvent: InputEvent, into output: inout [InputEvent]) throws(ReportError) {
        if let failure { throw failure }
        switch kernelEvent.type {
        case EventType.synchronization:
            switch kernelEvent.code {
            case SynchronizationCode.report:
                try endReport(kernelEvent, into: &output)
                return
            case SynchronizationCode.multitouchReport:
                endContact()
            case SynchronizationCode.config:
                break
            default:
                return
            }
        case EventType.absolute:
            let code = kernelEvent.code
            guard code < EvdevLimits.absoluteAxisCount, supportedAbsolute[Int(code)], code != AbsoluteAxis.multitouchSlot else { return }
            if AbsoluteAxis.multitouchAxes.contains(code) {
                noteContactValue(code: code, value: kernelEvent.value)
            } else {
                guard kernelAbsoluteValues[Int(code)] != kernelEvent.value else { return }
                kernelAbsoluteValues[Int(code)] = kernelEvent.value
            }
        case EventType.key:
            let code = kernelEvent.code
            guard code < EvdevLimits.keyCount, supportedKeys[Int(code)] else { return }
            if kernelEvent.value != 2 {
                let pressed = kernelEvent.value != 0
                guard kernelKeys[Int(code)] != pressed else { return }
                kernelKeys[Int(code)] = pressed
            }
            if code == KeyCode.touch { sawMultitouchEvent = true }
        default:
            return
        }
        put(kernelEvent)
    }

    /// Puts an event into mtdev's input, following what its ring keeps of the report.
    private func put(_ kernelEvent: InputEvent) {
        eventsInRing += 1
        if eventsInRing == Self.mtdevRingSize {
            eventsInRing = 0
            startReport()
        }
        putIntoMtdev(kernelEvent)
    }

    private func putIntoMtdev(_ kernelEvent: InputEvent) {
        // Microseconds as a timeval: mtdev only copies times, so any split that reads back works.
        let (seconds, microseconds) = kernelEvent.time.quotientAndRemainder(dividingBy: 1_000_000)
        // A C long: 32 bits on a 32-bit system, where a time past 2^31 s wraps rather than trap.
        event.time.tv_sec = .init(truncatingIfNeeded: seconds)
        event.time.tv_usec = .init(truncatingIfNeeded: microseconds)
        event.type = kernelEvent.type
        event.code = kernelEvent.code
        event.value = kernelEvent.value
        mtdev_put_event(device, &event)
    }

    // MARK: - Contacts as mtdev's process_typeA counts them

    private func noteContactValue(code: UInt16, value pendingValue: Int32) {
        guard Self.mtdevAxes.contains(code), contactCount < Self.mtdevContacts else { return }
        sawMultitouchEvent = true
        switch code {
        case AbsoluteAxis.multitouchPositionX: currentContactHasPosition.x = true
        case AbsoluteAxis.multitouchPositionY: currentContactHasPosition.y = true
        case AbsoluteAxis.multitouchTrackingID: currentContactTrackingID = pendingValue
        case AbsoluteAxis.multitouchTouchMajor: currentContactHasTouchMajor = true
        default: break
        }
    }

    /// `SYN_MT_REPORT`: mtdev counts the contact when it has both positions since the last
    /// one, and otherwise reuses its place (whose other values stay set) for the next.
    private func endContact() {
        sawMultitouchEvent = true
        guard contactCount < Self.mtdevContacts else { return }
        if currentContactHasPosition.x && currentContactHasPosition.y {
            if reportProblem == nil {
                let missing = hasTrackingID && currentContactTrackingID == nil ? "ABS_MT_TRACKING_ID"
                    : needsTouchMajor && !currentContactHasTouchMajor ? "ABS_MT_TOUCH_MAJOR" : nil
                if let missing {
                    reportProblem = "contact \(contactCount + 1) of this protocol A report has no \(missing), "
                        + "which mtdev would read uninitialised (the device declares that axis)"
                } else if contactCount + 1 == Self.mtdevContacts {
                    reportProblem = "this protocol A report has \(Self.mtdevContacts) contacts: mtdev steps through them "
                        + "in a 32-bit mask and loops for ever on the 32nd (libinput would hang); at most 31 are read"
                }
            }
            if hasTrackingID, let id = currentContactTrackingID { reportTrackingIDs.append(id) }
            contactCount += 1
            currentContactTrackingID = nil
            currentContactHasTouchMajor = false
        }
        currentContactHasPosition = (false, false)
    }

    /// Follows mtdev's slots for a device with tracking ids (`apply_typeA_changes`): refuses
    /// a report that would put a contact on slot 32 (index 31) or on none, and otherwise
    /// takes the slots the report leaves in use.
    private func checkSlots() -> String? {
        let inUse = slotTrackingIDs.indices.filter { slotTrackingIDs[$0] != -1 }
        var free = slotTrackingIDs.indices.filter { slotTrackingIDs[$0] == -1 }[...]
        var next = [Int32](repeating: -1, count: slotTrackingIDs.count)
        for id in reportTrackingIDs {
            if let slot = inUse.first(where: { slotTrackingIDs[$0] == id }) {
                next[slot] = id
            } else if id != -1 {
                guard let slot = free.popFirst(), slot < Self.mtdevContacts - 1 else {
                    return "this protocol A report needs a 32nd slot (\(inUse.count) in use, "
                        + "new tracking ids for the rest): mtdev would loop for ever or write past its 32 slots "
                        + "(libinput would hang or corrupt its memory)"
                }
                next[slot] = id
            }
        }
        slotTrackingIDs = next
        return nil
    }

    /// Forgets the contacts counted so far: a new report, or mtdev's ring lost them.
    private func startReport() {
        contactCount = 0
        currentContactHasPosition = (false, false)
        currentContactTrackingID = nil
        currentContactHasTouchMajor = false
        reportTrackingIDs.removeAll(keepingCapacity: true)
        sawMultitouchEvent = false
        reportProblem = nil
    }

    private func endReport(_ report: InputEvent, into output: inout [InputEvent]) throws(ReportError) {
        // mtdev reads a report only when something in it is multitouch; `checkSlots` only then.
        if let problem = reportProblem ?? (hasTrackingID && sawMultitouchEvent ? checkSlots() : nil) {
            // The SYN_REPORT is not put, so mtdev never converts the report.
            let error = ReportError(reason: problem)
            failure = error
            throw error
        }
        startReport()
        eventsInRing = 0
        putIntoMtdev(report)
        while mtdev_empty(device) == 0 {
            mtdev_get_event(device, &event)
            output.append(InputEvent(
                time: Int64(event.time.tv_sec) &* 1_000_000 &+ Int64(event.time.tv_usec),
                type: event.type, code: event.code, value: event.value))
        }
    }

}
