import CSystemCalls
import Glibc

/// A touch device's description and kernel frames, as ``LiveSessionRecorder`` records them.
protocol KernelFrameSource: AnyObject {
    /// The device node.
    var node: String { get }
    var device: DeviceDescription { get }
    /// The device's `struct input_id`: bus type, vendor, product, version.
    var identity: [UInt16] { get }
    /// The complete frames that arrived since the last call, each ending with its
    /// `SYN_REPORT`; times in microseconds on `CLOCK_MONOTONIC`.
    func readFrames() -> [[InputEvent]]
}

/// A second reader of one evdev device node, beside libinput: its description and its kernel
/// events, as `libinput record` reads them, for ``LiveSessionRecorder``.
///
/// Every open file of an evdev node gets every event, so reading the node here takes nothing
/// from libinput. Events are stamped on `CLOCK_MONOTONIC`, libinput's clock.
final class EvdevCapture: KernelFrameSource {
    let node: String
    let device: DeviceDescription
    /// The device's `struct input_id`: bus type, vendor, product, version.
    let identity: [UInt16]
    private let descriptor: Int32
    /// Events read after the last complete frame.
    private var partialFrame: [InputEvent] = []

    /// Opens `node` and reads its description and udev properties.
    /// - Throws: ``Errno`` when the node cannot be opened or is not an evdev device.
    convenience init(node: String) throws(Errno) {
        self.init(node: node, descriptor: try Self.open(node))
    }

    /// Opens `node` and sets its clock before the object exists: Embedded Swift never frees an
    /// object whose designated initializer fails.
    private static func open(_ node: String) throws(Errno) -> Int32 {
        let descriptor = try SystemCall.checked { dk_open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0) }
        var clock = CLOCK_MONOTONIC
        guard control(descriptor, request(write: true, number: 0xa0, size: 4), &clock) else {
            let error = Errno.current
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private init(node: String, descriptor: Int32) {
        self.node = node
        self.descriptor = descriptor
        var identity = [UInt16](repeating: 0, count: 4)
        _ = Self.control(descriptor, Self.request(number: 0x02, size: 8), &identity)
        self.identity = identity
        var description = DeviceDescription(name: Self.name(descriptor))
        description.codes = [:]
        for type in Self.bits(descriptor, number: 0x20, count: Int(EvdevLimits.maximumType) + 1) {
            let codes = Self.bits(descriptor, number: 0x20 + UInt(type), count: Int(EvdevLimits.maximumCode) + 1)
            description.codes[UInt16(type)] = Set(codes.map(UInt16.init))
        }
        for code in description.codes[EventType.absolute] ?? [] {
            var info = [Int32](repeating: 0, count: 6)  // value, minimum, maximum, fuzz, flat, resolution
            guard Self.control(descriptor, Self.request(number: 0x40 + UInt(code), size: 24), &info) else { continue }
            description.absoluteAxes[code] = AbsoluteAxisInfo(minimum: info[1], maximum: info[2], fuzz: info[3],
                                                              flat: info[4], resolution: info[5])
        }
        description.properties = Set(Self.bits(descriptor, number: 0x09, count: Int(EvdevLimits.maximumProperty) + 1).map(UInt16.init))
        description.udevProperties = Self.udevProperties(of: descriptor)
        device = description
    }

    deinit {
        close(descriptor)
    }

    /// Reads every event waiting and returns the complete frames, each ending with its
    /// `SYN_REPORT`; times in microseconds on `CLOCK_MONOTONIC`. Empty when the device has gone.
    func readFrames() -> [[InputEvent]] {
        var frames: [[InputEvent]] = []
        var buffer = [UInt8](repeating: 0, count: 64 * Self.eventSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return frames }
            for start in stride(from: 0, to: count - count % Self.eventSize, by: Self.eventSize) {
                // struct input_event: seconds and microseconds (two longs), __u16 type, __u16 code, __s32 value.
                let event = buffer.withUnsafeBytes { bytes in
                    InputEvent(time: Int64(bytes.loadUnaligned(fromByteOffset: start, as: Int.self)) * 1_000_000
                                   + Int64(bytes.loadUnaligned(fromByteOffset: start + Self.longSize, as: Int.self)),
                               type: bytes.loadUnaligned(fromByteOffset: start + 2 * Self.longSize, as: UInt16.self),
                               code: bytes.loadUnaligned(fromByteOffset: start + 2 * Self.longSize + 2, as: UInt16.self),
                               value: bytes.loadUnaligned(fromByteOffset: start + 2 * Self.longSize + 4, as: Int32.self))
                }
                partialFrame.append(event)
                if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
                    frames.append(partialFrame)
                    partialFrame.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    // MARK: - Private

    /// The size of a C `long`: the kernel gives an event's time as two of them, 32-bit time or not.
    private static let longSize = MemoryLayout<Int>.size
    /// The size of `struct input_event`: 24 bytes on a 64-bit system, 16 on a 32-bit one.
    private static let eventSize = 2 * longSize + 8

    /// `_IOC` of `<linux/ioctl.h>` for the evdev type `'E'`: reading by default.
    private static func request(write: Bool = false, number: UInt, size: Int) -> UInt {
        (write ? 1 : 2) << 30 | UInt(size) << 16 | UInt(UInt8(ascii: "E")) << 8 | number
    }

    private static func control<T>(_ descriptor: Int32, _ request: UInt, _ value: inout T) -> Bool {
        withUnsafeMutablePointer(to: &value) { dk_ioctl(descriptor, request, UnsafeMutableRawPointer($0)) } >= 0
    }

    private static func control(_ descriptor: Int32, _ request: UInt, _ values: inout [some Any]) -> Bool {
        values.withUnsafeMutableBytes { dk_ioctl(descriptor, request, $0.baseAddress!) } >= 0
    }

    private static func name(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 256)
        guard control(descriptor, request(number: 0x06, size: bytes.count), &bytes) else { return "" }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The numbers of the bits set in an `EVIOCGBIT`-style bit mask.
    private static func bits(_ descriptor: Int32, number: UInt, count: Int) -> [Int] {
        var bytes = [UInt8](repeating: 0, count: (count + 7) / 8)
        guard control(descriptor, request(number: number, size: bytes.count), &bytes) else { return [] }
        return (0..<count).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
    }

    /// The udev properties `libinput record` keeps (`ID_INPUT*`, `LIBINPUT*`, `EVDEV_ABS*`),
    /// read from udev's database (`/run/udev/data/c<major>:<minor>`, its `E:` lines).
    private static func udevProperties(of descriptor: Int32) -> [String: String] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return [:] }
        // glibc's encoding of a device number (its major() and minor() macros).
        let device = UInt64(status.st_rdev)
        let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
        let minor = device & 0xff | (device >> 12) & ~0xff
        guard let lines = try? TextLines.read(path: "/run/udev/data/c\(major):\(minor)") else { return [:] }
        var properties: [String: String] = [:]
        for line in lines where line.hasPrefix("E:") {
            let entry = line.dropFirst(2)
            guard let separator = entry.firstIndex(of: "=") else { continue }
            let key = String(entry[..<separator])
            if ["ID_INPUT", "LIBINPUT", "EVDEV_ABS"].contains(where: key.hasPrefix) {
                properties[key] = String(entry[entry.index(after: separator)...])
            }
        }
        return properties
    }
}
