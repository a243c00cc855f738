import DismissKitCore

/// A scene file (SPEC section 3): the scene and the host commands its timeline delivers.
///
/// The format is strict so that a typo in a kiosk configuration stops with a clear
/// message instead of passing silently:
/// - an unknown key is an error naming the key and its line;
/// - absent fields take SPEC's defaults, and a missing `screen` is ``ScreenSize/standard``;
/// - timeline entries must be listed in non-decreasing `time` order (entries with the
///   same time are applied in file order);
/// - the stack rules are checked, and an error names the presentation at fault
///   on the line where it starts;
/// - a `gestures` object sets gesture thresholds (``GestureConfigurationReader``).
public struct SceneFile: Sendable, Hashable {
    public var scene: Scene
    /// In file order, which is also time order.
    public var timeline: [TimedCommand]
    /// The `gestures` object's thresholds over the defaults (``GestureConfigurationReader``).
    public var configuration: GestureConfiguration

    public init(scene: Scene, timeline: [TimedCommand] = [], configuration: GestureConfiguration = GestureConfiguration()) {
        self.scene = scene
        self.timeline = timeline
        self.configuration = configuration
    }

    /// Parses the text of a scene file; `path` only names the file in errors.
    public static func parse(_ text: String, path: String) throws(InputFileError) -> SceneFile {
        do throws(JSONInputError) {
            let root = try JSONValue(parsing: text)
            var reader = try JSONObjectReader(root, path: "")
            let scene = try SceneReader.scene(from: &reader)
            let timeline = try timeline(from: &reader)
            var configuration = GestureConfiguration()
            if let gestures = reader.optional("gestures") {
                configuration = try GestureConfigurationReader.configuration(from: gestures, path: reader.path(of: "gestures"))
            }
            try reader.rejectUnknownKeys()
            let validated = try scene.validated()
            do throws(HostCommandError) {
                try validated.checkSpelledLength()
            } catch {
                throw JSONInputError(line: 1, reason: error.reason)
            }
            return SceneFile(scene: validated, timeline: timeline, configuration: configuration)
        } catch {
            throw InputFileError(.malformed, path: path, line: error.line, reason: error.reason)
        }
    }

    private static func timeline(from reader: inout JSONObjectReader) throws(JSONInputError) -> [TimedCommand] {
        guard let value = reader.optional("timeline") else { return [] }
        let path = reader.path(of: "timeline")
        var timeline: [TimedCommand] = []
        let entries = try value.array(at: path)
        if entries.count > InputLimits.maximumTimelineEntries {
            throw value.failure(at: path, "at most \(InputLimits.maximumTimelineEntries) entries")
        }
        for (index, element) in entries.enumerated() {
            var entry = try JSONObjectReader(element, path: "\(path)[\(index)]")
            let timeValue = try entry.required("time")
            let time = try timeValue.integer(at: entry.path(of: "time"))
            if time < 0 {
                throw timeValue.failure(at: entry.path(of: "time"), "expected a time of 0 or more microseconds")
            }
            if let previous = timeline.last, time < previous.time {
                throw timeValue.failure(
                    at: entry.path(of: "time"),
                    "\(time) is earlier than the entry before it (\(previous.time)); list the timeline in time order"
                )
            }
            let command = try HostCommandParser.command(from: try entry.required("command"), path: entry.path(of: "command"))
            try entry.rejectUnknownKeys()
            timeline.append(TimedCommand(time: time, command: command, line: timeValue.line))
        }
        return timeline
    }
}

/// Reads scenes and presentations from JSON, shared by scene files and host commands.
package enum SceneReader {
    /// A scene as read, with the lines its parts came from, before the stack rules are checked.
    package struct UncheckedScene {
        var scene = Scene()
        var screenLine: Int
        var presentationLines: [Int] = []
        /// The path of the scene object, which prefixes error messages.
        var path: String

        /// The scene once ``Scene/validate()`` accepts it; otherwise an error on the line
        /// of the presentation at fault (or of the screen).
        package func validated() throws(JSONInputError) -> Scene {
            do throws(SceneValidationError) {
                try scene.validate()
            } catch {
                let line = error.presentationIndex.map { presentationLines[$0] } ?? screenLine
                throw JSONInputError(line: line, reason: JSONValue.prefixed(path, error.description))
            }
            return scene
        }
    }

    /// Reads the scene members (`screen`, `compactWidth`, `topInset`, `keyboard`, `idle`, `presentations`)
    /// of an object; the caller rejects unknown keys, then validates.
    package static func scene(from reader: inout JSONObjectReader) throws(JSONInputError) -> UncheckedScene {
        var unchecked = UncheckedScene(screenLine: reader.line, path: reader.path)
        if let screenValue = reader.optional("screen") {
            unchecked.screenLine = screenValue.line
            unchecked.scene.screen = try screen(from: screenValue, path: reader.path(of: "screen"))
        }
        if let compactWidth = try reader.optionalNumber("compactWidth") {
            unchecked.scene.compactWidth = compactWidth
        }
        if let topInset = try reader.optionalNumber("topInset") {
            unchecked.scene.topInset = topInset
        }
        if let keyboardValue = reader.optional("keyboard") {
            var keyboardReader = try JSONObjectReader(keyboardValue, path: reader.path(of: "keyboard"))
            unchecked.scene.keyboardHeight = try keyboardHeight(from: &keyboardReader)
            try keyboardReader.rejectUnknownKeys()
            if let problem = unchecked.scene.keyboardProblem(height: unchecked.scene.keyboardHeight) {
                throw JSONInputError(line: keyboardValue.line, reason: JSONValue.prefixed(keyboardReader.path, problem))
            }
        }
        if let idleValue = reader.optional("idle") {
            unchecked.scene.idle = try idleRule(from: idleValue, path: reader.path(of: "idle"))
        }
        if let value = reader.optional("presentations") {
            let path = reader.path(of: "presentations")
            for (index, element) in try value.array(at: path).enumerated() {
                unchecked.scene.presentations.append(try presentation(from: element, path: "\(path)[\(index)]"))
                unchecked.presentationLines.append(element.line)
            }
        }
        return unchecked
    }

    private static func screen(from value: JSONValue, path: String) throws(JSONInputError) -> ScreenSize {
        var reader = try JSONObjectReader(value, path: path)
        let screen = try screenSize(from: &reader)
        try reader.rejectUnknownKeys()
        return screen
    }

    /// Reads the idle rule (SPEC 11.1): `after` and `warning` in whole microseconds, `after` >
    /// `warning` >= 0, and `unsaved`, which has no default.
    private static func idleRule(from value: JSONValue, path: String) throws(JSONInputError) -> IdleRule {
        var reader = try JSONObjectReader(value, path: path)
        let afterValue = try reader.required("after")
        let after = try afterValue.integer(at: reader.path(of: "after"))
        let warningValue = try reader.required("warning")
        let warning = try warningValue.integer(at: reader.path(of: "warning"))
        let unsaved = try reader.choice("unsaved", from: IdleUnsavedRule.allCases)
        try reader.rejectUnknownKeys()
        let rule = IdleRule(after: after, warning: warning, unsaved: unsaved)
        if let problem = rule.problem {
            throw (warning < 0 ? warningValue : afterValue).failure(at: path, problem)
        }
        return rule
    }

    /// Reads the on-screen keyboard's `height` (SPEC section 10): a scene's `keyboard` object, or a
    /// `keyboard` command's field. A number from 0; the screen decides how tall it may be.
    static func keyboardHeight(from reader: inout JSONObjectReader) throws(JSONInputError) -> Double {
        let heightValue = try reader.required("height")
        let height = try heightValue.number(at: reader.path(of: "height"))
        if !(height >= 0) {
            throw heightValue.failure(at: reader.path(of: "height"), "expected 0 (hidden) or more")
        }
        return height
    }

    /// Reads a screen's `width`, `height`, `widthMM` and `heightMM`: a scene's `screen` object,
    /// or a `screen` command's fields.
    static func screenSize(from reader: inout JSONObjectReader) throws(JSONInputError) -> ScreenSize {
        var lengths: [Double] = []
        for key in ["width", "height", "widthMM", "heightMM"] {
            let lengthValue = try reader.required(key)
            let length = try lengthValue.number(at: reader.path(of: key))
            if length <= 0 {
                throw lengthValue.failure(at: reader.path(of: key), "expected a positive number")
            }
            lengths.append(length)
        }
        return ScreenSize(width: lengths[0], height: lengths[1], widthMM: lengths[2], heightMM: lengths[3])
    }

    /// Reads one presentation and checks its own fields (not the stack rules).
    static func presentation(from value: JSONValue, path: String) throws(JSONInputError) -> Presentation {
        var reader = try JSONObjectReader(value, path: path)
        let id = try reader.presentationID("id")
        let style = try reader.choice("style", from: PresentationStyle.allCases)
        var fields = try presentationFields(from: &reader)
        try reader.rejectUnknownKeys()
        fields.selectedDetent = fields.selectedDetent ?? fields.detents?.last
        let presentation = fields.applied(to: Presentation(id: id, style: style))
        if let problem = presentation.ownProblem() {
            throw JSONInputError(line: value.line, reason: "presentation \(quoted(id)): \(problem)")
        }
        return presentation
    }

    /// Reads the presentation fields present in an object, every one but `id` (and `style`,
    /// which a new presentation must give and an update may): the shared vocabulary of
    /// presentations and `update` commands. A `null` removes `tapOutside`, `frame` or `anchor`.
    static func presentationFields(from reader: inout JSONObjectReader, includingStyle: Bool = false) throws(JSONInputError) -> PresentationUpdate {
        var fields = PresentationUpdate()
        if includingStyle { fields.style = try reader.optionalChoice("style", from: PresentationStyle.allCases) }
        if let detentsValue = reader.optional("detents") {
            let detentsPath = reader.path(of: "detents")
            fields.detents = try detentsValue.array(at: detentsPath).enumerated().map { (index, element) throws(JSONInputError) in
                try detent(from: element, path: "\(detentsPath)[\(index)]")
            }
        }
        if let selectedValue = reader.optional("selectedDetent") {
            fields.selectedDetent = try detent(from: selectedValue, path: reader.path(of: "selectedDetent"))
        }
        fields.grabber = try reader.optionalBool("grabber")
        fields.headerHeight = try reader.optionalNumber("headerHeight")
        fields.contentOffset = try contentOffset(from: &reader)
        fields.modal = try reader.optionalBool("modal")
        fields.unsavedChanges = try reader.optionalBool("unsavedChanges")
        fields.dismissible = try reader.optionalBool("dismissible")
        if let value = reader.optional("tapOutside") {
            let choices = [TapOutsideAction.dismiss, .ignore, .passthrough]
            fields.tapOutside = .some(value.kind == .null ? nil : try value.choice(at: reader.path(of: "tapOutside"), from: choices))
        }
        if let value = reader.optional("frame") {
            fields.frame = .some(value.kind == .null ? nil : try rect(from: value, path: reader.path(of: "frame")))
        }
        if let value = reader.optional("anchor") {
            fields.anchor = .some(value.kind == .null ? nil : try rect(from: value, path: reader.path(of: "anchor")))
        }
        if let passthroughValue = reader.optional("passthrough") {
            let passthroughPath = reader.path(of: "passthrough")
            fields.passthrough = try passthroughValue.array(at: passthroughPath).enumerated().map { (index, element) throws(JSONInputError) in
                try rect(from: element, path: "\(passthroughPath)[\(index)]")
            }
        }
        return fields
    }

    /// Reads `content.offset` (`{"content": {"offset": N}}`) or its flat spelling `contentOffset`.
    static func contentOffset(from reader: inout JSONObjectReader) throws(JSONInputError) -> Double? {
        if reader.contains("content") && reader.contains("contentOffset") {
            throw JSONInputError(line: reader.line, reason: JSONValue.prefixed(reader.path, "give either content.offset or contentOffset, not both"))
        }
        if let flat = try reader.optionalNumber("contentOffset") {
            return flat
        }
        guard let contentValue = reader.optional("content") else { return nil }
        var content = try JSONObjectReader(contentValue, path: reader.path(of: "content"))
        let offsetValue = try content.required("offset")
        let offset = try offsetValue.number(at: content.path(of: "offset"))
        try content.rejectUnknownKeys()
        return offset
    }

    /// Reads a detent: `"medium"`, `"large"` or a height in points.
    static func detent(from value: JSONValue, path: String) throws(JSONInputError) -> Detent {
        switch value.kind {
        case .string("medium"): return .medium
        case .string("large"): return .large
        case .number(let height):
            if height <= 0 {
                throw value.failure(at: path, "a custom detent must be a positive height")
            }
            return .custom(height)
        case .null, .bool, .string, .array, .object:
            throw value.failure(at: path, "expected \"medium\", \"large\" or a number")
        }
    }

    private static func rect(from value: JSONValue, path: String) throws(JSONInputError) -> Rect {
        var reader = try JSONObjectReader(value, path: path)
        var numbers: [Double] = []
        for key in ["x", "y", "width", "height"] {
            numbers.append(try reader.required(key).number(at: reader.path(of: key)))
        }
        try reader.rejectUnknownKeys()
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
