import DismissKitCore

/// The answer `gesturectl run` gives to one host command line (Docs/protocol.md, "The protocol").
public enum HostReply: Sendable, Hashable {
    /// The command on `line` was applied (a `query` was answered).
    case ok(line: Int)
    /// The command on `line` was refused and changed nothing; line 0 is no command line (a
    /// connection refused before it sent one).
    case error(line: Int, reason: String)

    /// The reply as a JSON object, keys sorted: `{"line":N,"type":"ok"}` or
    /// `{"line":N,"reason":"…","type":"error"}`.
    public var jsonLine: JSONLine {
        var line = JSONLine()
        switch self {
        case .ok(let number):
            line.set("line", .integer(Int64(number)))
            line.set("type", .string("ok"))
        case .error(let number, let reason):
            line.set("line", .integer(Int64(number)))
            line.set("reason", .string(reason))
            line.set("type", .string("error"))
        }
        return line
    }

    /// Appends ``jsonLine``'s text and a newline to `bytes`, without a `String` on the way
    /// for an `ok` or a reason of ordinary length.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        JSONLineBytes.append(to: &bytes, { writer in
            switch self {
            case .ok(let number):
                writer.ascii(#"{"line":"#)
                writer.integer(Int64(number))
                writer.ascii(#","type":"ok"}"#)
            case .error(let number, let reason):
                guard reason.utf8.count <= Self.longestScratchReason else { return false }
                writer.ascii(#"{"line":"#)
                writer.integer(Int64(number))
                writer.ascii(#","reason":"#)
                writer.string(reason)
                writer.ascii(#","type":"error"}"#)
            }
            return true
        }, fallback: { jsonLine.text })
    }

    /// The longest reason (UTF-8 bytes, each escaped to at most 6) a scratch line holds.
    private static let longestScratchReason = (JSONLineBytes.scratchSize - 64) / 6
}

extension DismissalPipeline {
    /// What the pipeline holds, the answer to a host's `query`:
    /// `{"gesture":…,"openQuestions":[…],"scene":…,"type":"state"}`.
    ///
    /// - `scene`: the scene as a scene file spells it (``Scene/jsonLine``), so a host can send
    ///   it back in a `scene` command;
    /// - `openQuestions`: the presentations waiting for a `confirm`, bottom to top, each
    ///   `{"presentation":…,"source":…}` with the source of the attempt that asked;
    /// - `gesture`: `null` when no contact is down, otherwise the recogniser's phase
    ///   (`tapOutside`, `pressed`, `scrollingContent`, `dragging`, `ignoringUntilLift`) with
    ///   the presentation it acts on and the phase's own figures.
    public var stateJSONLine: JSONLine {
        var line = JSONLine()
        line.set("type", .string("state"))
        line.set("scene", .object(scene.jsonLine))
        let order = scene.presentations.map { $0.id }
        let questions = policy.openQuestions.sorted { left, right in
            let (leftIndex, rightIndex) = (order.firstIndex(of: names.name(of: left.key)), order.firstIndex(of: names.name(of: right.key)))
            if leftIndex != rightIndex { return (leftIndex ?? order.count) < (rightIndex ?? order.count) }
            return names.name(of: left.key) < names.name(of: right.key)
        }
        line.set("openQuestions", .array(questions.map { question in
            var entry = JSONLine()
            entry.set("presentation", .string(names.name(of: question.key)))
            entry.set("source", .string(question.value.rawValue))
            return .object(entry)
        }))
        line.set("gesture", gestureValue(recogniser.phase))
        return line
    }

    private func gestureValue(_ phase: GestureRecogniser.Phase) -> JSONLine.Value {
        var gesture = JSONLine()
        switch phase {
        case .idle:
            return .null
        case .tapOutside(let presentation):
            gesture.set("phase", .string("tapOutside"))
            gesture.set("presentation", .string(names.name(of: presentation)))
        case .pressed(let presentation, let region):
            gesture.set("phase", .string("pressed"))
            gesture.set("presentation", .string(names.name(of: presentation)))
            gesture.set("region", .string(Self.regionName(region)))
        case .scrollingContent(let presentation, let contentOffset):
            gesture.set("phase", .string("scrollingContent"))
            gesture.set("presentation", .string(names.name(of: presentation)))
            gesture.set("contentOffset", .number(contentOffset))
        case .dragging(let presentation, let origin, let offset):
            gesture.set("phase", .string("dragging"))
            gesture.set("presentation", .string(names.name(of: presentation)))
            gesture.set("origin", .string(origin.rawValue))
            gesture.set("offset", .number(offset))
        case .ignoringUntilLift:
            gesture.set("phase", .string("ignoringUntilLift"))
        }
        return .object(gesture)
    }

    private static func regionName(_ region: PresentationGeometry.Region) -> String {
        switch region {
        case .grabber: "grabber"
        case .topRegion: "topRegion"
        case .content: "content"
        case .inside: "inside"
        case .anchor: "anchor"
        case .passthrough: "passthrough"
        case .outside: "outside"
        }
    }
}

extension Scene {
    /// The scene as a scene file spells it, every field given (the keyboard while it is shown, the
    /// idle rule when there is one), numbers exact: it reads back
    /// (``SceneFile/parse(_:path:)``, a `scene` command) as the same scene.
    public var jsonLine: JSONLine {
        var line = JSONLine()
        var screenLine = JSONLine()
        screenLine.set("width", .exactNumber(screen.width))
        screenLine.set("height", .exactNumber(screen.height))
        screenLine.set("widthMM", .exactNumber(screen.widthMM))
        screenLine.set("heightMM", .exactNumber(screen.heightMM))
        line.set("screen", .object(screenLine))
        line.set("compactWidth", .exactNumber(compactWidth))
        line.set("topInset", .exactNumber(topInset))
        if keyboardIsShown {
            var keyboardLine = JSONLine()
            keyboardLine.set("height", .exactNumber(keyboardHeight))
            line.set("keyboard", .object(keyboardLine))
        }
        if let idle {
            var idleLine = JSONLine()
            idleLine.set("after", .integer(idle.after))
            idleLine.set("warning", .integer(idle.warning))
            idleLine.set("unsaved", .string(idle.unsaved.rawValue))
            line.set("idle", .object(idleLine))
        }
        line.set("presentations", .array(presentations.map { .object($0.jsonLine) }))
        return line
    }
}

extension Presentation {
    /// The presentation as a scene file spells it; absent optional fields are left out.
    public var jsonLine: JSONLine {
        func detentValue(_ detent: Detent) -> JSONLine.Value {
            switch detent {
            case .medium: .string("medium")
            case .large: .string("large")
            case .custom(let height): .exactNumber(height)
            }
        }
        func rectValue(_ rect: Rect) -> JSONLine.Value {
            var line = JSONLine()
            line.set("x", .exactNumber(rect.x))
            line.set("y", .exactNumber(rect.y))
            line.set("width", .exactNumber(rect.width))
            line.set("height", .exactNumber(rect.height))
            return .object(line)
        }
        var line = JSONLine()
        line.set("id", .string(id))
        line.set("style", .string(style.rawValue))
        line.set("detents", .array(detents.map(detentValue)))
        line.set("selectedDetent", detentValue(selectedDetent))
        line.set("grabber", .bool(grabber))
        line.set("headerHeight", .exactNumber(headerHeight))
        line.set("contentOffset", .exactNumber(contentOffset))
        line.set("modal", .bool(modal))
        line.set("unsavedChanges", .bool(unsavedChanges))
        line.set("dismissible", .bool(dismissible))
        if let tapOutside { line.set("tapOutside", .string(tapOutside.rawValue)) }
        if let frame { line.set("frame", rectValue(frame)) }
        if let anchor { line.set("anchor", rectValue(anchor)) }
        line.set("passthrough", .array(passthrough.map(rectValue)))
        return line
    }
}
