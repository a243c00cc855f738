import DismissKitCore

/// Gesture thresholds in JSON: a scene file's `gestures` object, or the file `--config` names.
///
/// Every field of ``GestureConfiguration`` may be given, by its Swift name; absent fields keep
/// the value they had, unknown keys are an error, and each value must lie in its range:
///
/// | key | range |
/// |---|---|
/// | `slopMM` | more than 0, up to 50 |
/// | `tapMaxDuration`, `velocityWindow` (µs, integers) | 1 to 10,000,000 |
/// | `restCutoff` (µs, an integer) | 0 to 10,000,000 |
/// | `decelerationPerMillisecond` | 0 or more, less than 1 |
/// | `dismissFraction` | more than 0, up to 1 |
/// | `rubberBandCoefficient` | 0 to 10 |
/// | `grabberHitTargetMinimumPoints` | 0 to 1,000 |
/// | `grabberHitTargetMinimumMM` | 0 to 100 |
public enum GestureConfigurationReader {
    /// `base` with the fields of the object `value` changed; `path` names it in errors.
    public static func configuration(from value: JSONValue, path: String, base: GestureConfiguration = GestureConfiguration()) throws(JSONInputError) -> GestureConfiguration {
        var reader = try JSONObjectReader(value, path: path)
        var result = base
        func number(_ key: String, above lower: Double, orEqual: Bool, upTo upper: Double, below: Bool = false) throws(JSONInputError) -> Double? {
            guard let field = reader.optional(key) else { return nil }
            let number = try field.number(at: reader.path(of: key))
            let aboveLower = orEqual ? number >= lower : number > lower
            let belowUpper = below ? number < upper : number <= upper
            guard aboveLower, belowUpper else {
                let lowerText = orEqual ? "from \(JSONLine.formatNumber(lower))" : "more than \(JSONLine.formatNumber(lower))"
                let upperText = below ? "less than \(JSONLine.formatNumber(upper))" : "up to \(JSONLine.formatNumber(upper))"
                throw field.failure(at: reader.path(of: key), "must be a number \(lowerText), \(upperText)")
            }
            return number
        }
        func microseconds(_ key: String, from lower: Int64) throws(JSONInputError) -> Int64? {
            guard let field = reader.optional(key) else { return nil }
            let value = try field.integer(at: reader.path(of: key))
            guard value >= lower, value <= 10_000_000 else {
                throw field.failure(at: reader.path(of: key), "must be whole microseconds from \(lower) to 10000000")
            }
            return value
        }
        if let value = try number("slopMM", above: 0, orEqual: false, upTo: 50) { result.slopMM = value }
        if let value = try microseconds("tapMaxDuration", from: 1) { result.tapMaxDuration = value }
        if let value = try microseconds("velocityWindow", from: 1) { result.velocityWindow = value }
        if let value = try microseconds("restCutoff", from: 0) { result.restCutoff = value }
        if let value = try number("decelerationPerMillisecond", above: 0, orEqual: true, upTo: 1, below: true) {
            result.decelerationPerMillisecond = value
        }
        if let value = try number("dismissFraction", above: 0, orEqual: false, upTo: 1) { result.dismissFraction = value }
        if let value = try number("rubberBandCoefficient", above: 0, orEqual: true, upTo: 10) { result.rubberBandCoefficient = value }
        if let value = try number("grabberHitTargetMinimumPoints", above: 0, orEqual: true, upTo: 1_000) {
            result.grabberHitTargetMinimumPoints = value
        }
        if let value = try number("grabberHitTargetMinimumMM", above: 0, orEqual: true, upTo: 100) { result.grabberHitTargetMinimumMM = value }
        try reader.rejectUnknownKeys()
        return result
    }

    /// Parses a `--config` file's text: one object of thresholds over `base`.
    public static func parse(_ text: String, path: String, base: GestureConfiguration = GestureConfiguration()) throws(InputFileError) -> GestureConfiguration {
        do throws(JSONInputError) {
            return try configuration(from: try JSONValue(parsing: text), path: "", base: base)
        } catch {
            throw InputFileError(.malformed, path: path, line: error.line, reason: error.reason)
        }
    }
}

extension GestureConfiguration {
    /// Every threshold, by the names a `gestures` object uses: what `--explain` prints.
    public var jsonLine: JSONLine {
        var line = JSONLine()
        line.set("slopMM", .exactNumber(slopMM))
        line.set("tapMaxDuration", .integer(tapMaxDuration))
        line.set("velocityWindow", .integer(velocityWindow))
        line.set("restCutoff", .integer(restCutoff))
        line.set("decelerationPerMillisecond", .exactNumber(decelerationPerMillisecond))
        line.set("dismissFraction", .exactNumber(dismissFraction))
        line.set("rubberBandCoefficient", .exactNumber(rubberBandCoefficient))
        line.set("grabberHitTargetMinimumPoints", .exactNumber(grabberHitTargetMinimumPoints))
        line.set("grabberHitTargetMinimumMM", .exactNumber(grabberHitTargetMinimumMM))
        return line
    }
}
