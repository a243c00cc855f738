/// What libmtdev is configured with for a protocol A device, as `mtdev_configure` would from
/// its kernel device: the part of ``MtdevConverter``'s set-up that is plain arithmetic, so that
/// the decoder can refuse a device mtdev cannot take without the C library.
package enum MtdevAxes {
    /// Refuses a description mtdev cannot be configured for: not protocol A, or an axis whose
    /// range mtdev's default fuzz, `(max − min) / n` in a C `int`, would overflow (one that
    /// has a fuzz of its own gets no default).
    package static func checkConfigurable(_ device: DeviceDescription) throws(TouchDeviceError) {
        guard device.usesProtocolA else {
            throw TouchDeviceError(reason: "mtdev reads only multitouch protocol A devices: ABS_MT_POSITION_X and ABS_MT_POSITION_Y without ABS_MT_SLOT")
        }
        let supported = TouchDecoder.supportedAbsoluteCodes(of: device)
        for (code, _) in defaultFuzzAxes where supported[Int(code)] {
            let axis = kernelAxis(device, code: code)
            guard axis.fuzz == 0 else { continue }
            let range = Int64(axis.maximum) - Int64(axis.minimum)
            guard Int64(Int32.min)...Int64(Int32.max) ~= range else {
                throw TouchDeviceError(
                    reason: "protocol A axis \(AbsoluteAxis.name(of: code)) spans \(axis.minimum)...\(axis.maximum), more than mtdev's "
                        + "default fuzz, (max - min) / n in a C int, can hold", axis: code)
            }
        }
    }

    /// The axes `mtdev_configure` gives a default fuzz when the kernel's is 0, with its
    /// signal-to-noise ratio (`default_fuzz` in mtdev's `caps.c`).
    package static let defaultFuzzAxes: [(UInt16, Int64)] = [
        (AbsoluteAxis.multitouchPositionX, 250), (AbsoluteAxis.multitouchPositionY, 250),
        (AbsoluteAxis.multitouchTouchMajor, 100), (AbsoluteAxis.multitouchTouchMinor, 100),
        (AbsoluteAxis.multitouchWidthMajor, 100), (AbsoluteAxis.multitouchWidthMinor, 100),
        (AbsoluteAxis.multitouchOrientation, 10),
    ]

    /// The absinfo the kernel holds for an advertised axis when libinput opens the device: the
    /// recorded one (zeros when none is recorded), with the position axes' fuzz 0 (udev moved it).
    package static func kernelAxis(_ device: DeviceDescription, code: UInt16) -> AbsoluteAxisInfo {
        var axis = device.absoluteAxes[code] ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
        if code == AbsoluteAxis.multitouchPositionX || code == AbsoluteAxis.multitouchPositionY { axis.fuzz = 0 }
        return axis
    }
}
