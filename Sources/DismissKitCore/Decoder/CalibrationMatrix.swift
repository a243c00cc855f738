/// libinput's 6-value calibration matrix `a b c d e f`, in normalised device space.
///
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f` with x and y in device widths and
/// heights; `c` and `f` shift by whole widths and heights. The corresponding
/// libinput function is `libinput_device_config_calibration_set_matrix`.
public struct CalibrationMatrix: Sendable, Hashable {
    public var values: [Float]

    /// - Parameter values: exactly six values, `a b c d e f`.
    public init?(_ values: [Float]) {
        guard values.count == 6, values.allSatisfy({ $0.isFinite }) else { return nil }
        self.values = values
    }

    /// Parses six numbers separated by spaces (as in udev's `LIBINPUT_CALIBRATION_MATRIX`) or commas.
    public init?(parsing text: String) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        let numbers = fields.compactMap { Float($0) }
        guard numbers.count == fields.count else { return nil }
        self.init(numbers)
    }

    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])
    public static let rotate90 = CalibrationMatrix(unchecked: [0, -1, 1, 1, 0, 0])
    public static let rotate180 = CalibrationMatrix(unchecked: [-1, 0, 1, 0, -1, 1])
    public static let rotate270 = CalibrationMatrix(unchecked: [0, 1, 0, -1, 0, 1])

    private init(unchecked values: [Float]) { self.values = values }

    public var isIdentity: Bool { values == CalibrationMatrix.identity.values }
}

/// The calibration matrix as libinput applies it to raw device coordinates:
/// `Un-normalise · Calibration · Normalise`, built and applied in single precision
/// with the result truncated to an integer, exactly as libinput 1.22 does.
struct DeviceCalibration: Sendable {
    /// Row-major 3 × 3 matrix.
    private var rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    init(_ calibration: CalibrationMatrix, xAxis: AbsoluteAxisInfo, yAxis: AbsoluteAxisInfo) {
        let v = calibration.values
        let user = DeviceCalibration(rows: (SIMD3(v[0], v[1], v[2]), SIMD3(v[3], v[4], v[5]), SIMD3(0, 0, 1)))
        let sx = Double(xAxis.maximum) - Double(xAxis.minimum) + 1
        let sy = Double(yAxis.maximum) - Double(yAxis.minimum) + 1
        let unNormalise = DeviceCalibration.translation(Float(xAxis.minimum), Float(yAxis.minimum))
            .multiplied(by: DeviceCalibration.scale(Float(sx), Float(sy)))
        let normalise = DeviceCalibration.translation(Float(-Double(xAxis.minimum) / sx), Float(-Double(yAxis.minimum) / sy))
            .multiplied(by: DeviceCalibration.scale(Float(1.0 / sx), Float(1.0 / sy)))
        self = unNormalise.multiplied(by: user).multiplied(by: normalise)
    }

    private init(rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) { self.rows = rows }

    private static func translation(_ x: Float, _ y: Float) -> DeviceCalibration {
        DeviceCalibration(rows: (SIMD3(1, 0, x), SIMD3(0, 1, y), SIMD3(0, 0, 1)))
    }

    private static func scale(_ x: Float, _ y: Float) -> DeviceCalibration {
        DeviceCalibration(rows: (SIMD3(x, 0, 0), SIMD3(0, y, 0), SIMD3(0, 0, 1)))
    }

    private func row(_ index: Int) -> SIMD3<Float> {
        switch index {
        case 0: rows.0
        case 1: rows.1
        default: rows.2
        }
    }

    /// `self · other`, each element summed in double precision and stored as a float.
    private func multiplied(by other: DeviceCalibration) -> DeviceCalibration {
        func element(_ r: Int, _ c: Int) -> Float {
            var sum = 0.0
            for i in 0..<3 { sum += Double(row(r)[i] * other.row(i)[c]) }
            return Float(sum)
        }
        func resultRow(_ r: Int) -> SIMD3<Float> { SIMD3(element(r, 0), element(r, 1), element(r, 2)) }
        return DeviceCalibration(rows: (resultRow(0), resultRow(1), resultRow(2)))
    }

    /// Applies the matrix to a raw point; single-precision arithmetic, truncated.
    @inline(__always)
    func apply(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        let fx = Float(x), fy = Float(y)
        let tx = fx * rows.0.x + fy * rows.0.y + rows.0.z
        let ty = fx * rows.1.x + fy * rows.1.y + rows.1.z
        return (DeviceCalibration.truncate(tx), DeviceCalibration.truncate(ty))
    }

    private static func truncate(_ value: Float) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(min(value, Float(Int32.max / 2)), Float(Int32.min / 2)).rounded(.towardZero))
    }
}
