import DismissKit
import DismissKitFuzzSupport

/// The touch decoder on any device and any kernel events: the first bytes describe the axes
/// (ranges, fuzz, resolution, slots, or none: protocol A, read through libmtdev first), the
/// rest are events of 8 bytes (type, code, value).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var stream = ByteStream(UnsafeBufferPointer(start: data, count: size))
    var axes: [UInt16: AbsoluteAxisInfo] = [:]
    for code in [AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.multitouchPositionX, AbsoluteAxis.multitouchPositionY] {
        axes[code] = AbsoluteAxisInfo(minimum: stream.int32(), maximum: stream.int32(), fuzz: Int32(stream.byte()),
                                      resolution: Int32(stream.byte() % 64))
    }
    let slots = stream.byte()
    // Protocol A when the slot byte is odd: no ABS_MT_SLOT; then the tracking ids and the
    // touch major (which mtdev reads for every contact) are there or not by its other bits.
    if slots % 2 == 0 { axes[AbsoluteAxis.multitouchSlot] = AbsoluteAxisInfo(minimum: 0, maximum: Int32(slots / 2)) }
    if slots % 2 == 0 || slots & 2 != 0 { axes[AbsoluteAxis.multitouchTrackingID] = AbsoluteAxisInfo(minimum: 0, maximum: 65535) }
    if slots % 2 == 1 && slots & 4 != 0 { axes[AbsoluteAxis.multitouchTouchMajor] = AbsoluteAxisInfo(minimum: 0, maximum: stream.int32(), fuzz: Int32(stream.byte())) }
    axes[AbsoluteAxis.multitouchToolType] = AbsoluteAxisInfo(minimum: 0, maximum: MultitouchTool.palm)
    let device = DeviceDescription(name: "fuzz", codes: [EventType.absolute: Set(axes.keys), EventType.key: [KeyCode.touch]],
                                   absoluteAxes: axes, properties: [InputProperty.direct])
    let calibration = stream.byte() % 2 == 0 ? nil : CalibrationMatrix.rotate90
    guard var decoder = try? TouchDecoder(device: device, screen: .standard, calibration: calibration) else { return 0 }
    let mtdev = decoder.reporting == .protocolA ? try? MtdevConverter(device: device) : nil
    var touches: [TouchEvent] = []
    var converted: [InputEvent] = []
    var time: Int64 = 0
    while !stream.isEmpty {
        time += Int64(stream.byte()) * 1000
        let type = UInt16(stream.byte()) % (EventType.absolute + 1)
        let code = stream.uint16() % UInt16(EvdevLimits.maximumCode + 1)
        let event = InputEvent(time: time, type: type, code: code, value: stream.int32())
        if let mtdev {
            // A report mtdev cannot read stops the input, as it stops a replay.
            do { try mtdev.convert(event, into: &converted) } catch { break }
            for event in converted { decoder.decode(event, into: &touches) }
            converted.removeAll(keepingCapacity: true)
        } else {
            decoder.decode(event, into: &touches)
        }
        touches.removeAll(keepingCapacity: true)
    }
    decoder.cancelAll(time: time + 1, into: &touches)
    return 0
}
