import DismissKit

/// The SVG of a ``RecordingPlot``: the screen above, the timeline below.
///
/// Every presentation, contact, decision, intent and host command is an element with an `id` or
/// a `class` (`presentation`, `contact`, `decision`, `intent`, `command`, `tap`, `threshold`,
/// `projection`…); decisions and intents carry their `--explain` JSON line in `data-line`, so
/// that a test can hold the picture against `gesturectl replay`.
extension RecordingPlot {
    /// The plot as a standalone SVG document.
    public func svg() -> String {
        var document = SVGDocument()
        document.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        draw(into: &document, interactive: false)
        return document.text
    }

    /// Draws the whole picture; `interactive` adds the time cursor the HTML page moves.
    func draw(into document: inout SVGDocument, interactive: Bool) {
        let contacts = contacts
        let layout = PlotLayout(scene: scene, startTime: startTime, endTime: endTime, activity: activity, touches: contacts.count)
        let drags = drags(contacts: contacts)
        var body = SVGDocument(depth: 1)
        var labels = LabelBoard(bounds: Rect(x: 0, y: 0, width: PlotLayout.width, height: layout.height))
        body.element("title", [], text: title)
        body.open("defs", [])
        body.open("pattern", [("id", "gap-hatch"), ("width", "6"), ("height", "6"), ("patternUnits", "userSpaceOnUse"), ("patternTransform", "rotate(45)")])
        body.element("rect", [("width", "6"), ("height", "6"), ("fill", "#ffffff")])
        body.element("line", [("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "6"), ("stroke", "#c8ced6"), ("stroke-width", "2")])
        body.close("pattern")
        body.close("defs")
        body.element("rect", [("x", "0"), ("y", "0"), ("width", svgNumber(PlotLayout.width)), ("height", "100%"), ("fill", "#ffffff")])
        labels.fixed(Label(text: title, size: 16, bold: true), at: LabelSpot(x: 20, y: 26), into: &body)
        drawSummary(into: &body, layout: layout, labels: &labels)
        drawTimeline(into: &body, layout: layout, contacts: contacts, drags: drags, labels: &labels)
        drawScreen(into: &body, layout: layout, contacts: contacts, drags: drags, labels: &labels)
        if interactive {
            body.element("line", [("id", "cursor"), ("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotLeft)),
                                  ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(layout.tapsLane.top + layout.tapsLane.height)),
                                  ("stroke", "#d00000"), ("stroke-width", "1.5")])
        }
        // The labels that found no place beside what they name, by number.
        var height = layout.height
        if !labels.notes.isEmpty {
            height += 8
            body.open("g", [("id", "notes")])
            body.element("text", [("x", "20"), ("y", svgNumber(height)), ("font-weight", "bold"), ("fill", "#555555")],
                         text: "Notes (the numbers in brackets above)")
            for (index, note) in labels.notes.enumerated() {
                height += 15
                body.element("text", [("class", "note"), ("x", "20"), ("y", svgNumber(height)), ("fill", note.colour)],
                             text: "[\(index + 1)] \(note.text)")
            }
            body.close("g")
            height = (height + 20).rounded(.up)
        }
        document.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("id", "plot"),
            ("width", svgNumber(PlotLayout.width)), ("height", svgNumber(height)),
            ("viewBox", "0 0 \(svgNumber(PlotLayout.width)) \(svgNumber(height))"),
            ("font-family", "DejaVu Sans, Liberation Sans, Arial, sans-serif"), ("font-size", "11"),
        ])
        document.raw(body.text)
        document.close("svg")
    }

    // MARK: - The screen

    private func drawScreen(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace],
                            labels: inout LabelBoard) {
        let screen = layout.screen
        document.open("g", [("id", "screen")])
        document.element("rect", [("x", svgNumber(screen.x)), ("y", svgNumber(screen.y)), ("width", svgNumber(screen.width)), ("height", svgNumber(screen.height)),
                                  ("fill", "#eef1f5"), ("stroke", "#555555")])
        document.open("clipPath", [("id", "screen-clip")])
        document.element("rect", [("x", svgNumber(screen.x)), ("y", svgNumber(screen.y)), ("width", svgNumber(screen.width)),
                                  ("height", svgNumber(screen.height))])
        document.close("clipPath")
        // Screen labels stay beside the screen, off the summary and the timeline, and off the
        // marks they name. The decisions' labels are placed first, then the contacts', then the
        // presentations' (inside the screen, which clips them); the marks are drawn over the presentations.
        var screenLabels = labels.within(Rect(x: 0, y: 30, width: screen.x + screen.width + 20, height: screen.height + 26 + screen.y - 30))
        for decision in decisions {
            let point = layout.onScreen(x: decision.x, y: decision.y)
            screenLabels.avoid(Rect(x: point.x - 9, y: point.y - 9, width: 18, height: 18))
        }
        for contact in contacts {
            for point in [contact.points[0], contact.points[contact.points.count - 1]] {
                let mark = layout.onScreen(x: point.x, y: point.y)
                screenLabels.avoid(Rect(x: mark.x - 6, y: mark.y - 6, width: 12, height: 12))
            }
            screenLabels.avoid(line: contact.points.map { layout.onScreen(x: $0.x, y: $0.y) })
        }
        // The thresholds and projections drawn across the screen.
        for presentation in scene.presentations {
            let top = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration).frame.y
            for drag in drags where names.isID(drag.presentation, of: presentation.id) {
                guard let explanation = drag.ended?.explanation else { continue }
                for offset in [explanation.threshold, min(explanation.projectedOffset, scene.screen.height - top)] {
                    let y = layout.onScreen(x: 0, y: top + offset).y
                    screenLabels.avoid(line: [(screen.x, y), (screen.x + screen.width, y)])
                }
            }
        }
        // The screen's own label, in the first corner no path crosses.
        screenLabels.place(Label(text: "screen \(Figure.points(scene.screen.width)) × \(Figure.points(scene.screen.height)) pt, the starting scene",
                                 colour: "#555555"),
                           at: [LabelSpot(x: screen.x + 4, y: screen.y + 13), LabelSpot(x: screen.x + screen.width - 4, y: screen.y + 13, anchor: .end),
                                LabelSpot(x: screen.x + 4, y: screen.y + screen.height - 5),
                                LabelSpot(x: screen.x + screen.width - 4, y: screen.y + screen.height - 5, anchor: .end)],
                           into: &document)
        var marks = SVGDocument(depth: 2)
        for (index, decision) in decisions.enumerated() {
            drawDecision(decision, number: index, into: &marks, layout: layout, labels: &screenLabels)
        }
        for (index, intent) in intents.enumerated() {
            guard case .passthroughTap(let x, let y) = intent.kind else { continue }
            let point = layout.onScreen(x: x, y: y)
            marks.open("g", [("class", "passthrough-tap"), ("id", "passthrough-tap-\(index)")])
            marks.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "9"), ("fill", "none"),
                                     ("stroke", "#1b7f3b"), ("stroke-width", "2"), ("stroke-dasharray", "3 2")])
            screenLabels.place(Label(text: "pass-through tap", colour: "#1b7f3b"), at: LabelSpot.around(x: point.x, y: point.y, gap: 12),
                               into: &marks)
            marks.close("g")
        }
        var paths = SVGDocument(depth: 2)
        for contact in contacts { drawContact(contact, into: &paths, layout: layout, labels: &screenLabels) }
        // Clipped to the screen, as a sheet the scrubber moves down leaves it.
        document.open("g", [("id", "presentations"), ("clip-path", "url(#screen-clip)")])
        for presentation in scene.presentations {
            var insideLabels = screenLabels.within(screen)
            drawPresentation(presentation, into: &document, layout: layout, drags: drags, labels: &insideLabels)
            screenLabels.adopt(insideLabels)
        }
        document.close("g")
        document.open("g", [("id", "contacts")])
        document.raw(paths.text)
        document.close("g")
        document.open("g", [("id", "decisions")])
        document.raw(marks.text)
        document.close("g")
        document.close("g")
        labels.adopt(screenLabels)
    }

    private func drawPresentation(_ presentation: Presentation, into document: inout SVGDocument, layout: PlotLayout,
                                  drags: [DragTrace], labels: inout LabelBoard) {
        let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
        let role: String = switch geometry.shape {
        case .sheet: "sheet"
        case .popover: "popover"
        case .alert: "alert"
        case .fullScreen: "full-screen"
        }
        if presentation.modal && geometry.shape != .fullScreen {
            document.element("rect", [("class", "backdrop"), ("id", "backdrop-\(presentation.id)"),
                                      ("x", svgNumber(layout.screen.x)), ("y", svgNumber(layout.screen.y)),
                                      ("width", svgNumber(layout.screen.width)), ("height", svgNumber(layout.screen.height)),
                                      ("fill", "#000000"), ("fill-opacity", "0.18")])
        }
        document.open("g", [("class", "presentation \(role)"), ("id", "presentation-\(presentation.id)")])
        func region(_ rect: Rect?, _ name: String, fill: String, stroke: String, dashed: Bool = false) {
            guard let rect else { return }
            let box = layout.onScreen(rect)
            var attributes = [("class", name), ("x", svgNumber(box.x)), ("y", svgNumber(box.y)), ("width", svgNumber(box.width)), ("height", svgNumber(box.height)),
                              ("fill", fill), ("stroke", stroke)]
            if dashed { attributes.append(("stroke-dasharray", "4 3")) }
            document.element("rect", attributes)
        }
        region(geometry.frame, "frame", fill: "#ffffff", stroke: "#3b4a5a")
        region(geometry.topRegion, "top-region", fill: "#dbe8fb", stroke: "#5b8bd0")
        region(geometry.content, "content", fill: "#ffffff", stroke: "#b8c2cc")
        region(geometry.grabberHitTarget, "grabber-hit-target", fill: "#fde7c8", stroke: "#d98a1c", dashed: true)
        region(geometry.grabber, "grabber", fill: "#7a7a7a", stroke: "none")
        region(geometry.anchor, "anchor", fill: "#f8d7f0", stroke: "#b0379a")
        for rect in geometry.passthrough { region(rect, "passthrough", fill: "#d6f2dd", stroke: "#1b7f3b", dashed: true) }
        let frame = layout.onScreen(geometry.frame)
        var facts = [presentation.id, role]
        if geometry.shape == .sheet { facts.append(geometry.selectedDetent.label) }
        if !presentation.modal { facts.append("non-modal") }
        if presentation.unsavedChanges { facts.append("unsaved changes") }
        if !presentation.dismissible { facts.append("not dismissible") }
        let labelDepth = min((geometry.topRegion?.height ?? 0) * layout.scale + 16, frame.height - 4)
        let factsLabel = Label(text: facts.joined(separator: " · "), bold: true, colour: "#3b4a5a", attributes: [("class", "presentation-label")])
        // Near the sheet's top first, then further down it (past a finger's path), at its left or its right.
        let rows = max(6, Int((frame.height - labelDepth) / 13))
        let row = { (index: Int) -> Double in frame.y + labelDepth + Double(index) * 13 }
        var factsSpots = (0..<6).map { LabelSpot(x: frame.x + 6, y: row($0)) }
        factsSpots += (1..<4).map { LabelSpot(x: frame.x + 6, y: row(-$0)) }
        factsSpots += (0..<rows).map { LabelSpot(x: frame.x + frame.width - 6, y: row($0), anchor: .end) }
        factsSpots += (6..<rows).map { LabelSpot(x: frame.x + 6, y: row($0)) }
        labels.place(factsLabel, at: factsSpots, into: &document)
        if let top = geometry.topRegion {
            let box = layout.onScreen(top)
            labels.place(Label(text: "top region \(Figure.points(top.height)) pt", size: 10, colour: "#2d5a9e"),
                         at: [LabelSpot(x: box.x + 6, y: box.y + box.height - 4), LabelSpot(x: box.x + box.width - 6, y: box.y + box.height - 4, anchor: .end),
                              LabelSpot(x: box.x + 6, y: box.y + box.height + 11)], into: &document)
        }
        if let target = geometry.grabberHitTarget {
            let box = layout.onScreen(target)
            labels.place(Label(text: "grabber hit target", size: 10, colour: "#a5620c"),
                         at: [LabelSpot(x: box.x + box.width + 4, y: box.y + 10), LabelSpot(x: box.x - 4, y: box.y + 10, anchor: .end),
                              LabelSpot(x: box.x + box.width + 4, y: box.y + box.height + 10)], into: &document)
        }
        if let anchor = geometry.anchor {
            let box = layout.onScreen(anchor)
            labels.place(Label(text: "anchor", size: 10, colour: "#8a2a78"),
                         at: [LabelSpot(x: box.x, y: box.y + box.height + 11, anchor: .end), LabelSpot(x: box.x - 4, y: box.y + box.height / 2 + 4, anchor: .end),
                              LabelSpot(x: box.x + box.width + 4, y: box.y + box.height / 2 + 4), LabelSpot(x: box.x, y: box.y - 4, anchor: .end),
                              LabelSpot(x: box.x + box.width, y: box.y + box.height + 11)]
                            + LabelSpot.around(x: box.x + box.width / 2, y: box.y + box.height / 2, gap: box.width / 2 + 4, rows: 4), into: &document)
        }
        if !geometry.passthrough.isEmpty {
            let box = layout.onScreen(geometry.passthrough[0])
            labels.place(Label(text: "pass-through", size: 10, colour: "#1b7f3b"),
                         at: [LabelSpot(x: box.x, y: box.y + box.height + 11), LabelSpot(x: box.x + 4, y: box.y + 12),
                              LabelSpot(x: box.x + box.width - 4, y: box.y + box.height - 4, anchor: .end), LabelSpot(x: box.x, y: box.y - 4)]
                            + (2..<5).map { LabelSpot(x: box.x, y: box.y + box.height + 11 * Double($0)) },
                         into: &document)
        }
        document.close("g")
        // Where the releases of this sheet projected it, against the dismiss threshold: each
        // threshold once, each projection a line.
        var thresholds: [Double] = []
        let left = layout.screen.x, right = layout.screen.x + layout.screen.width
        for drag in drags where names.isID(drag.presentation, of: presentation.id) {
            guard let ended = drag.ended, let explanation = ended.explanation else { continue }
            if !thresholds.contains(where: { abs($0 - explanation.threshold) < 0.5 }) {
                thresholds.append(explanation.threshold)
                let threshold = layout.onScreen(x: 0, y: geometry.frame.y + explanation.threshold).y
                document.element("line", [("class", "threshold-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                          ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", "#c0392b"), ("stroke-dasharray", "6 4")])
                labels.place(Label(text: "dismiss threshold: top \(Figure.points(explanation.threshold)) pt lower", colour: "#c0392b"),
                             at: [LabelSpot(x: right - 4, y: threshold - 4, anchor: .end), LabelSpot(x: right - 4, y: threshold + 13, anchor: .end),
                                  LabelSpot(x: left + 4, y: threshold - 4), LabelSpot(x: left + 4, y: threshold + 13)], into: &document)
            }
            let projected = layout.onScreen(x: 0, y: min(geometry.frame.y + explanation.projectedOffset, scene.screen.height)).y
            document.element("line", [("class", "projection-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                      ("y1", svgNumber(projected)), ("y2", svgNumber(projected)), ("stroke", "#6c3483"), ("stroke-width", "2")])
            let beyond = geometry.frame.y + explanation.projectedOffset > scene.screen.height ? " (off screen)" : ""
            let text = "projection \(Figure.points(explanation.projectedOffset)) pt at \(Figure.milliseconds(ended.time)) ms: \(ended.outcome.rawValue)\(beyond)"
            labels.place(Label(text: text, colour: "#6c3483", short: "\(Figure.points(explanation.projectedOffset)) pt at \(Figure.milliseconds(ended.time)) ms"),
                         at: [LabelSpot(x: right - 4, y: projected - 4, anchor: .end), LabelSpot(x: right - 4, y: projected + 13, anchor: .end),
                              LabelSpot(x: left + 4, y: projected - 4), LabelSpot(x: left + 4, y: projected + 13)], into: &document)
        }
    }

    private func drawContact(_ contact: Contact, into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let colour = PlotLayout.contactColours[contact.number % PlotLayout.contactColours.count]
        document.open("g", [("class", "contact"), ("id", "contact-\(contact.number)"), ("data-seat-slot", "\(contact.seatSlot)")])
        let points = contact.points.map { layout.onScreen(x: $0.x, y: $0.y) }
        document.element("polyline", [("class", "path"), ("points", points.map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " ")),
                                      ("fill", "none"), ("stroke", colour), ("stroke-width", "2.5"), ("stroke-linejoin", "round")])
        let first = points[0], last = points[points.count - 1]
        document.element("circle", [("class", "landing"), ("cx", svgNumber(first.x)), ("cy", svgNumber(first.y)), ("r", "5"), ("fill", colour)])
        switch contact.end {
        case .up:
            document.element("rect", [("class", "lift"), ("x", svgNumber(last.x - 4)), ("y", svgNumber(last.y - 4)), ("width", "8"), ("height", "8"),
                                      ("fill", "#ffffff"), ("stroke", colour), ("stroke-width", "2")])
        case .cancel:
            document.element("path", [("class", "lift cancel"), ("d", svgCross(at: last, size: 5)), ("stroke", colour), ("stroke-width", "2.5")])
        case .none:
            break
        }
        let spots = [LabelSpot(x: first.x - 8, y: first.y - 8, anchor: .end), LabelSpot(x: first.x + 8, y: first.y - 8),
                     LabelSpot(x: first.x - 8, y: first.y + 16, anchor: .end), LabelSpot(x: first.x + 8, y: first.y + 16)]
            + LabelSpot.around(x: first.x, y: first.y, gap: 9, rows: 3)
        let label = Label(text: "touch \(contact.number + 1)", size: 10, colour: colour, short: "#\(contact.number + 1)")
        if labels.place(label, at: spots, into: &document, noting: false) == nil && !labels.placeLed(label, from: first, radius: 6, colour: colour, into: &document) {
            labels.place(label, at: spots, into: &document)
        }
        document.close("g")
    }

    private func drawDecision(_ decision: GestureDecision, number: Int, into document: inout SVGDocument, layout: PlotLayout,
                              labels: inout LabelBoard) {
        let point = layout.onScreen(x: decision.x, y: decision.y)
        let (text, colour) = Self.describe(decision)
        document.open("g", [("class", "decision \(decision.name)"), ("id", "decision-\(number)"), ("data-line", decision.jsonLine(names: names).text)])
        document.element("title", [], text: decision.jsonLine(names: names).text)
        switch decision.kind {
        case .dragStarted, .tapOutside, .grabberTap:
            document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "8"), ("fill", "none"),
                                        ("stroke", colour), ("stroke-width", "2")])
        case .crossAxis, .tapMovedPastSlop, .tapTooLong, .grabberTapTooLong, .secondContact, .touchRefused:
            document.element("path", [("d", svgCross(at: point, size: 6)), ("stroke", colour), ("stroke-width", "2.5")])
        }
        let label = Label(text: text, colour: colour, note: "\(Figure.milliseconds(decision.time)) ms: \(text)", short: Self.shortName(decision))
        let spots = LabelSpot.around(x: point.x, y: point.y, gap: 12)
        if labels.place(label, at: spots, into: &document, noting: false) == nil && !labels.placeLed(label, from: point, radius: 9, colour: colour, into: &document) {
            labels.place(label, at: spots, into: &document)
        }
        document.close("g")
    }

    /// A decision in a word or two, for a screen too crowded for its label.
    static func shortName(_ decision: GestureDecision) -> String {
        switch decision.kind {
        case .dragStarted: "drag"
        case .crossAxis: "cross-axis"
        case .tapOutside, .grabberTap: "tap"
        case .tapMovedPastSlop: "past slop"
        case .tapTooLong, .grabberTapTooLong: "too long"
        case .secondContact: "2nd contact"
        case .touchRefused: "refused"
        }
    }

    /// A decision's label on the screen and its colour.
    static func describe(_ decision: GestureDecision) -> (String, String) {
        let ms = Figure.milliseconds
        return switch decision.kind {
        case .dragStarted(let origin, _, _, _): ("drag starts (\(origin.rawValue))", "#1f5fbf")
        case .crossAxis: ("cross-axis: not a drag", "#a04000")
        case .tapOutside(let duration, _): ("tap outside, \(ms(duration)) ms", "#1b7f3b")
        case .tapMovedPastSlop(let distance, let slop):
            ("moved \(Figure.points(distance)) pt > slop \(Figure.points(slop)) pt: no tap", "#a04000")
        case .tapTooLong(let duration, let limit): ("held \(ms(duration)) ms > \(ms(limit)) ms: no tap", "#a04000")
        case .grabberTap(let duration, _): ("grabber tap, \(ms(duration)) ms", "#1b7f3b")
        case .grabberTapTooLong(let duration, let limit): ("grabber held \(ms(duration)) ms > \(ms(limit)) ms", "#a04000")
        case .secondContact(let ended): ("second contact ends the \(ended.rawValue)", "#a04000")
        case .touchRefused(let refusal): ("touch refused: \(refusal)", "#a04000")
        }
    }

    // MARK: - The summary beside the screen

    private func drawSummary(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let left = layout.screen.x + layout.screen.width + 24
        var y = layout.screen.y + 12
        document.open("g", [("id", "summary")])
        func line(_ text: String, colour: String = "#222222", bold: Bool = false, hover: String? = nil) {
            guard y < layout.screen.y + layout.screen.height else { return }
            labels.fixed(Label(text: text, bold: bold, colour: colour, hover: hover), at: LabelSpot(x: left, y: y), into: &document)
            y += 15
        }
        line("What was decided", bold: true)
        line("slop \(JSONLine.formatNumber(configuration.slopMM)) mm, tap ≤ \(Figure.milliseconds(configuration.tapMaxDuration)) ms", colour: "#555555")
        // A host command comes before what it caused; a decision before its intents.
        var entries: [(time: Int64, text: String, colour: String, line: String?)] = commands.map {
            ($0.time, "host: \($0.command.label)", "#7d3c98", nil)
        }
        for decision in decisions {
            let (text, colour) = Self.describe(decision)
            entries.append((decision.time, text, colour, decision.jsonLine(names: names).text))
        }
        for intent in intents {
            if intent.isStep { continue }
            entries.append((intent.time, intent.label, "#222222", intent.jsonLine(explain: true, names: names).text))
        }
        let ordered = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let room = Int((layout.screen.height - 42) / 15)
        for (index, entry) in ordered.enumerated() {
            if index == room - 1 && ordered.count > room {
                line("… \(ordered.count - index) more on the timeline", colour: "#555555")
                break
            }
            line("\(Figure.milliseconds(entry.time)) ms  \(entry.text)", colour: entry.colour, hover: entry.line)
        }
        document.close("g")
    }

    // MARK: - The timeline

    private func drawTimeline(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace],
                              labels: inout LabelBoard) {
        document.open("g", [("id", "timeline")])
        let offsets = layout.offsetPanel, velocities = layout.velocityPanel
        for (panel, name) in [(offsets, "offset below the detent, pt (lower is further down)"), (velocities, "velocity, pt/s (down is positive)"),
                              (layout.eventsLane, "intents and host commands"),
                              (layout.touchesLane, "touches, one row each: down to up, thick while it drags a sheet, its decisions marked"),
                              (layout.tapsLane, "taps")] {
            document.element("rect", [("x", svgNumber(layout.plotLeft)), ("y", svgNumber(panel.top)), ("width", svgNumber(layout.plotRight - layout.plotLeft)),
                                      ("height", svgNumber(panel.height)), ("fill", "#fafbfc"), ("stroke", "#c8ced6")])
            labels.fixed(Label(text: name, colour: "#555555"), at: LabelSpot(x: layout.plotLeft + 4, y: panel.top - 4), into: &document)
        }
        drawLegend(into: &document, layout: layout, labels: &labels)
        drawTimeAxis(into: &document, layout: layout, labels: &labels)

        // Offsets: the finger's travel, the sheet as shown, the threshold and the projection.
        var values = [0.0]
        for drag in drags {
            values += drag.samples.map(\.offset)
            if let explanation = drag.ended?.explanation { values += [explanation.threshold, explanation.projectedOffset] }
            if let number = drag.contact, let startY = drag.startY, let contact = contacts.first(where: { $0.number == number }) {
                values += contact.points.map { $0.y - startY }
            }
        }
        let offsetScale = ValueScale(values: values, top: offsets.top, height: offsets.height, downward: true)
        var velocityValues = [0.0]
        for drag in drags {
            velocityValues += drag.samples.map(\.velocity)
            if let explanation = drag.ended?.explanation { velocityValues.append(explanation.velocity) }
        }
        let velocityScale = ValueScale(values: velocityValues, top: velocities.top, height: velocities.height, downward: false)
        drawValueAxis(offsetScale, into: &document, layout: layout, labels: &labels)
        drawValueAxis(velocityScale, into: &document, layout: layout, labels: &labels)
        if drags.isEmpty {
            labels.fixed(Label(text: "no sheet drag", colour: "#888888"),
                         at: LabelSpot(x: (layout.plotLeft + layout.plotRight) / 2, y: offsets.top + offsets.height / 2, anchor: .middle), into: &document)
        }
        // Clipped to the panels: a drag or a tap that began before the window starts at its edge.
        let bottom = layout.tapsLane.top + layout.tapsLane.height + 10
        document.open("clipPath", [("id", "timeline-clip")])
        document.element("rect", [("x", svgNumber(layout.plotLeft)), ("y", svgNumber(layout.offsetPanel.top)),
                                  ("width", svgNumber(layout.plotRight - layout.plotLeft)), ("height", svgNumber(bottom - layout.offsetPanel.top))])
        document.close("clipPath")
        document.open("g", [("id", "timeline-data"), ("clip-path", "url(#timeline-clip)")])
        drawGaps(into: &document, layout: layout)
        drawQuestions(into: &document, layout: layout)
        var thresholds: [(presentation: String, value: Double)] = []
        // Every drag's lines first, so that no label of any drag lies across them.
        for drag in drags {
            let lines = timelineLines(of: drag, contacts: contacts, layout: layout, offsetScale: offsetScale, velocityScale: velocityScale)
            for line in [lines.travel, lines.shown, lines.velocity, lines.projection, lines.threshold] { labels.avoid(line: line) }
        }
        for (index, drag) in drags.enumerated() {
            drawDrag(drag, number: index, contacts: contacts, into: &document, layout: layout,
                     offsetScale: offsetScale, velocityScale: velocityScale, thresholds: &thresholds, labels: &labels)
        }
        drawEvents(into: &document, layout: layout, labels: &labels)
        drawTaps(into: &document, layout: layout, labels: &labels)
        document.close("g")
        drawTouches(into: &document, layout: layout, contacts: contacts, drags: drags, labels: &labels)
        document.close("g")
    }

    /// What the lines and marks of the timeline are.
    private func drawLegend(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let y = layout.offsetPanel.top - 4
        var x = layout.plotLeft + 4 + TextMetrics.width("offset below the detent, pt (lower is further down)", size: 11) + 18
        document.open("g", [("id", "legend")])
        let entries: [(text: String, colour: String, dash: String?, width: String)] = [
            ("finger", "#888888", "5 3", "1.5"), ("sheet as shown", "#1f3a5f", nil, "2.5"), ("dismiss threshold", "#c0392b", "6 4", "1"),
            ("projection", "#6c3483", nil, "2"), ("question open", "#f5cba7", nil, "8"),
        ]
        for entry in entries {
            var attributes = [("x1", svgNumber(x)), ("x2", svgNumber(x + 18)), ("y1", svgNumber(y - 4)), ("y2", svgNumber(y - 4)),
                              ("stroke", entry.colour), ("stroke-width", entry.width)]
            if let dash = entry.dash { attributes.append(("stroke-dasharray", dash)) }
            document.element("line", attributes)
            labels.fixed(Label(text: entry.text, size: 10, colour: "#333333"), at: LabelSpot(x: x + 22, y: y), into: &document)
            x += 22 + TextMetrics.width(entry.text, size: 10) + 14
        }
        document.close("g")
    }

    /// The time each question stays open, from `confirmationRequested` to the host's answer (or
    /// the end), shaded over the timeline.
    private func drawQuestions(into document: inout SVGDocument, layout: PlotLayout) {
        let top = layout.offsetPanel.top, bottom = layout.tapsLane.top + layout.tapsLane.height
        for (index, span) in questionSpans.enumerated() {
            let x = layout.x(time: span.start)
            document.element("rect", [("class", "question-open"), ("id", "question-\(index)"), ("x", svgNumber(x)), ("y", svgNumber(top)),
                                      ("width", svgNumber(max(1, layout.x(time: span.end) - x))), ("height", svgNumber(bottom - top)),
                                      ("fill", "#f5cba7"), ("fill-opacity", "0.35")])
        }
    }

    private func drawTimeAxis(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let bottom = layout.tapsLane.top + layout.tapsLane.height
        let step = layout.tickStepMilliseconds
        document.open("g", [("class", "time-axis"), ("id", "time-axis")])
        func tick(_ milliseconds: Double) {
            let x = layout.x(milliseconds: milliseconds)
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(bottom)),
                                      ("stroke", "#e3e7ec")])
            document.element("line", [("class", "tick"), ("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(bottom)), ("y2", svgNumber(bottom + 4)),
                                      ("stroke", "#555555")])
            labels.place(Label(text: JSONLine.formatNumber((milliseconds * 10).rounded() / 10), colour: "#555555", attributes: [("class", "tick-label")]),
                         at: [LabelSpot(x: x, y: bottom + 15, anchor: .middle)], into: &document, noting: false)
        }
        labels.fixed(Label(text: layout.segments.count > 1 ? "time, ms from the first event (hatched: a gap with nothing in it, drawn narrow)"
                                                           : "time, ms from the first event", colour: "#555555"),
                     at: LabelSpot(x: layout.plotRight, y: bottom + 45, anchor: .end), into: &document)
        for (index, segment) in layout.segments.enumerated() {
            // A segment after a gap is ticked at its start, then at whole steps; counted in steps, so that 0.1 + 0.2 stays 0.3.
            var count = (segment.start / step).rounded(.up)
            if index > 0 && segment.end > segment.start && layout.x(milliseconds: count * step) - segment.left > 40 { tick(segment.start) }
            while count * step <= segment.end + step * 1e-6 {
                tick(count * step)
                count += 1
            }
            if index > 0 {
                // The gap before it (drawn by drawGaps): how long nothing happened.
                let before = layout.segments[index - 1]
                let skipped = segment.start - before.end
                let x = (before.right + segment.left) / 2
                labels.place(Label(text: "+\(Figure.duration(skipped))", size: 9, colour: "#777777",
                                   hover: "\(JSONLine.formatNumber(skipped)) ms with nothing happening"),
                             at: [LabelSpot(x: x, y: bottom + 29, anchor: .middle)],
                             into: &document, noting: false)
            }
        }
        document.close("g")
    }

    /// The gaps of the time axis, hatched across every panel: nothing happened there.
    private func drawGaps(into document: inout SVGDocument, layout: PlotLayout) {
        for (before, segment) in zip(layout.segments, layout.segments.dropFirst()) {
            for band in [layout.offsetPanel, layout.velocityPanel, layout.eventsLane, layout.touchesLane, layout.tapsLane] {
                document.element("rect", [("class", "time-gap"), ("x", svgNumber(before.right + 3)), ("y", svgNumber(band.top)),
                                          ("width", svgNumber(segment.left - before.right - 6)), ("height", svgNumber(band.height)),
                                          ("fill", "url(#gap-hatch)")])
            }
        }
    }

    private func drawValueAxis(_ scale: ValueScale, into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        document.open("g", [("class", "value-axis")])
        for value in scale.ticks {
            let y = scale.y(value)
            document.element("line", [("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotRight)), ("y1", svgNumber(y)), ("y2", svgNumber(y)),
                                      ("stroke", "#eef0f3")])
            document.element("line", [("class", "tick"), ("x1", svgNumber(layout.plotLeft - 4)), ("x2", svgNumber(layout.plotLeft)),
                                      ("y1", svgNumber(y)), ("y2", svgNumber(y)), ("stroke", "#555555")])
            labels.fixed(Label(text: JSONLine.formatNumber(value), size: 10, colour: "#555555"),
                         at: LabelSpot(x: layout.plotLeft - 6, y: y + 3.5, anchor: .end), into: &document)
        }
        let zero = scale.y(0)
        document.element("line", [("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotRight)), ("y1", svgNumber(zero)), ("y2", svgNumber(zero)),
                                  ("stroke", "#9aa5b1")])
        document.close("g")
    }

    private func drawDrag(_ drag: DragTrace, number: Int, contacts: [Contact], into document: inout SVGDocument,
                          layout: PlotLayout, offsetScale: ValueScale, velocityScale: ValueScale,
                          thresholds: inout [(presentation: String, value: Double)], labels: inout LabelBoard) {
        document.open("g", [("class", "drag"), ("id", "drag-\(number)"), ("data-presentation", names.name(of: drag.presentation))])
        let offsetBounds = Rect(x: layout.plotLeft, y: layout.offsetPanel.top, width: layout.plotRight - layout.plotLeft, height: layout.offsetPanel.height)
        let velocityBounds = Rect(x: layout.plotLeft, y: layout.velocityPanel.top, width: layout.plotRight - layout.plotLeft,
                                  height: layout.velocityPanel.height)
        var offsetLabels = labels.within(offsetBounds)
        let lines = timelineLines(of: drag, contacts: contacts, layout: layout, offsetScale: offsetScale, velocityScale: velocityScale)
        let points = { (line: [(x: Double, y: Double)]) in line.map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " ") }
        if let number = drag.contact, let contact = contacts.first(where: { $0.number == number }), let last = lines.travel.last {
            let colour = PlotLayout.contactColours[contact.number % PlotLayout.contactColours.count]
            document.element("polyline", [("class", "travel"), ("points", points(lines.travel)), ("fill", "none"),
                                          ("stroke", colour), ("stroke-width", "1.5"), ("stroke-dasharray", "5 3")])
            offsetLabels.place(Label(text: "touch \(contact.number + 1)", size: 10, colour: colour), at: LabelSpot.around(x: last.x, y: last.y, gap: 5, rows: 3),
                               into: &document, noting: false)
        }
        document.element("polyline", [("class", "sheet-offset"), ("points", points(lines.shown)), ("fill", "none"),
                                      ("stroke", "#1f3a5f"), ("stroke-width", "2.5")])
        document.element("polyline", [("class", "velocity"), ("points", points(lines.velocity)), ("fill", "none"),
                                      ("stroke", "#117a65"), ("stroke-width", "2")])
        if let ended = drag.ended, let explanation = ended.explanation {
            let x = layout.x(time: ended.time)
            let threshold = offsetScale.y(explanation.threshold)
            // Each sheet's threshold once: the release figures come from the decision's explanation.
            if !thresholds.contains(where: { $0.presentation == names.name(of: drag.presentation) && abs($0.value - explanation.threshold) < 0.5 }) {
                thresholds.append((names.name(of: drag.presentation), explanation.threshold))
                document.element("line", [("class", "threshold"), ("x1", svgNumber(max(layout.x(time: drag.began), layout.plotLeft))), ("x2", svgNumber(layout.plotRight)),
                                          ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", "#c0392b"), ("stroke-dasharray", "6 4")])
                let text = "dismiss threshold \(Figure.points(explanation.threshold)) pt"
                offsetLabels.place(Label(text: text, colour: "#c0392b", hover: "dismiss threshold \(JSONLine.formatNumber(explanation.threshold)) pt"),
                                   at: [LabelSpot(x: layout.plotRight - 4, y: threshold - 4, anchor: .end), LabelSpot(x: layout.plotRight - 4, y: threshold + 13, anchor: .end),
                                        LabelSpot(x: layout.plotLeft + 4, y: threshold - 4), LabelSpot(x: layout.plotLeft + 4, y: threshold + 13)],
                                   into: &document)
            }
            // The release's margin, as the decision gives it: from the threshold to the projection.
            let projected = offsetScale.y(explanation.projectedOffset)
            document.open("g", [("class", "projection"), ("data-margin", JSONLine.formatNumber(explanation.margin))])
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(threshold)), ("y2", svgNumber(projected)), ("stroke", "#6c3483"),
                                      ("stroke-width", "2")])
            document.element("circle", [("cx", svgNumber(x)), ("cy", svgNumber(projected)), ("r", "5"), ("fill", "#6c3483")])
            let text = "projection \(Figure.points(explanation.projectedOffset)) pt, margin \(Figure.signedPoints(explanation.margin)): \(ended.outcome.rawValue)"
            let sign = explanation.margin >= 0 ? "+" : ""
            let precise = "projection \(JSONLine.formatNumber(explanation.projectedOffset)) pt, margin \(sign)\(JSONLine.formatNumber(explanation.margin)) pt"
            offsetLabels.place(Label(text: text, colour: "#6c3483", attributes: [("class", "projection-label")], hover: precise,
                                     note: "\(Figure.milliseconds(ended.time)) ms: \(text)",
                                     short: "\(Figure.points(explanation.projectedOffset)) pt: \(ended.outcome.rawValue)"),
                               at: LabelSpot.around(x: x, y: projected, gap: 8, rows: 5), into: &document)
            document.close("g")
            labels.adopt(offsetLabels)
            var velocityLabels = labels.within(velocityBounds)
            let releaseVelocity = velocityScale.y(explanation.velocity)
            document.element("circle", [("class", "release-velocity"), ("cx", svgNumber(x)), ("cy", svgNumber(releaseVelocity)), ("r", "4"),
                                        ("fill", "#117a65")])
            let velocityText = "release \(Figure.velocity(explanation.velocity)) pt/s"
            velocityLabels.place(Label(text: velocityText, size: 10, colour: "#117a65", hover: "release \(JSONLine.formatNumber(explanation.velocity)) pt/s",
                                       note: "\(Figure.milliseconds(ended.time)) ms: \(velocityText)", short: "\(Figure.velocity(explanation.velocity)) pt/s"),
                                 at: LabelSpot.around(x: x, y: releaseVelocity, gap: 7, rows: 3), into: &document)
            labels.adopt(velocityLabels)
        } else {
            if let ended = drag.ended {
                let x = layout.x(time: ended.time)
                let text = "drag ended: \(ended.outcome.rawValue)"
                offsetLabels.place(Label(text: text, colour: "#1f3a5f", note: "\(Figure.milliseconds(ended.time)) ms: \(text)"),
                                   at: LabelSpot.around(x: x, y: offsetScale.y(0) - 8, gap: 4, rows: 4), into: &document)
            }
            labels.adopt(offsetLabels)
        }
        document.close("g")
    }

    /// The lines a drag draws on the timeline, in px: the finger's travel (when its contact is
    /// known), the sheet as shown, the velocity, and at its release the projection from the
    /// threshold and the threshold from the drag's start on.
    private func timelineLines(of drag: DragTrace, contacts: [Contact], layout: PlotLayout, offsetScale: ValueScale, velocityScale: ValueScale)
        -> (travel: [(x: Double, y: Double)], shown: [(x: Double, y: Double)], velocity: [(x: Double, y: Double)],
            projection: [(x: Double, y: Double)], threshold: [(x: Double, y: Double)]) {
        var travel: [(x: Double, y: Double)] = []
        if let number = drag.contact, let startY = drag.startY, let contact = contacts.first(where: { $0.number == number }) {
            travel = contact.points.map { (layout.x(time: $0.time), offsetScale.y($0.y - startY)) }
        }
        var shown = drag.samples.map { (x: layout.x(time: $0.time), y: offsetScale.y($0.offset)) }
        if let ended = drag.ended, let last = drag.samples.last {
            // The sheet springs back to its detent (or leaves, when the policy dismisses it).
            shown.append((layout.x(time: ended.time), offsetScale.y(last.offset)))
        }
        let velocity = drag.samples.map { (x: layout.x(time: $0.time), y: velocityScale.y($0.velocity)) }
        var projection: [(x: Double, y: Double)] = [], threshold: [(x: Double, y: Double)] = []
        if let ended = drag.ended, let explanation = ended.explanation {
            let x = layout.x(time: ended.time), y = offsetScale.y(explanation.threshold)
            projection = [(x, y), (x, offsetScale.y(explanation.projectedOffset))]
            threshold = [(max(layout.x(time: drag.began), layout.plotLeft), y), (layout.plotRight, y)]
        }
        return (travel, shown, velocity, projection, threshold)
    }

    /// The intents and host commands, each a mark with its label. When some label finds no place,
    /// the lane is drawn again with every label in its short form (the whole one on hover).
    private func drawEvents(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let board = labels.within(Rect(x: layout.plotLeft, y: layout.eventsLane.top, width: layout.plotRight - layout.plotLeft,
                                       height: layout.eventsLane.height))
        var lane = SVGDocument(depth: 2), laneLabels = board
        drawEvents(into: &lane, layout: layout, labels: &laneLabels, compact: false)
        if laneLabels.notes.count > board.notes.count {
            lane = SVGDocument(depth: 2)
            laneLabels = board
            drawEvents(into: &lane, layout: layout, labels: &laneLabels, compact: true)
        }
        document.raw(lane.text)
        labels.adopt(laneLabels)
    }

    private func drawEvents(into document: inout SVGDocument, layout: PlotLayout, labels laneLabels: inout LabelBoard, compact: Bool) {
        let lane = layout.eventsLane
        let rows = Int((lane.height - 4) / 13)
        func spots(x: Double, text: String) -> [LabelSpot] {
            let width = TextMetrics.width(text, size: 11)
            return (0..<rows).flatMap { row -> [LabelSpot] in
                let y = lane.top + 12 + Double(row) * 13
                return [LabelSpot(x: min(x + 3, layout.plotRight - 2 - width), y: y), LabelSpot(x: x - 3, y: y, anchor: .end)]
            }
        }
        // Each mark's line leads from the lane's edge to its label's row, and crosses no other label:
        // an intent's from the top, a host command's from its triangle under the lane (or, when no
        // row is free that way, from the other edge).
        let bottom = lane.top + lane.height
        func stem(x: Double, fromTop: Bool) -> (LabelSpot) -> Rect {
            { spot in fromTop ? Rect(x: x - 1, y: lane.top, width: 2, height: spot.y - 3 - lane.top)
                              : Rect(x: x - 1, y: spot.y - 9, width: 2, height: bottom - spot.y + 9) }
        }
        /// Places the label and draws its line, from `fromTop`'s edge if it can.
        func mark(_ label: Label, x: Double, fromTop: Bool, colour: String, dash: String?) {
            var spots = spots(x: x, text: label.text)
            if !fromTop { spots.reverse() }
            var top = fromTop
            var spot = laneLabels.place(label, at: spots, into: &document, noting: false, leader: stem(x: x, fromTop: top))
            if spot == nil {
                top.toggle()
                spot = laneLabels.place(label, at: spots.reversed(), into: &document, leader: stem(x: x, fromTop: top))
            }
            let reach = spot.map(stem(x: x, fromTop: top)) ?? (top ? Rect(x: x, y: lane.top, width: 0, height: 2) : Rect(x: x, y: bottom - 2, width: 0, height: 2))
            var attributes = [("class", "leader"), ("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(top ? lane.top : reach.y)),
                              ("y2", svgNumber(top ? reach.y + reach.height : bottom)), ("stroke", colour), ("stroke-width", "1.5")]
            if let dash { attributes.append(("stroke-dasharray", dash)) }
            document.element("line", attributes)
        }
        document.open("g", [("id", "events")])
        // Host commands first, so that their labels take the rows nearest their triangles.
        for (index, command) in commands.enumerated() {
            let x = layout.x(time: command.time)
            document.open("g", [("class", "command"), ("id", "command-\(index)"), ("data-time", "\(command.time)")])
            document.element("path", [("d", "M\(svgNumber(x)),\(svgNumber(bottom)) l-5,8 h10 z"), ("fill", "#7d3c98")])
            let text = "host: \(command.command.label)"
            let kind = command.command.label.prefix { $0 != " " }
            mark(Label(text: compact ? "host: \(kind)" : text, colour: "#7d3c98", hover: compact ? text : nil,
                       note: "\(Figure.milliseconds(command.time)) ms: \(text)"), x: x, fromTop: false,
                 colour: "#7d3c98", dash: "2 2")
            document.close("g")
        }
        for (index, intent) in intents.enumerated() {
            let x = layout.x(time: intent.time)
            document.open("g", [("class", "intent \(intent.typeName)"), ("id", "intent-\(index)"),
                                ("data-line", intent.jsonLine(explain: true, names: names).text)])
            if intent.isStep {
                // A step: a tick on the lane's lower edge, under the labels' rows.
                document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(bottom - 5)), ("y2", svgNumber(bottom)),
                                          ("stroke", "#8fa3b8")])
            } else {
                document.element("title", [], text: intent.jsonLine(explain: true, names: names).text)
                let colour = Self.colour(of: intent)
                let text = intent.label
                mark(Label(text: compact ? intent.shortLabel : text, colour: colour, hover: compact ? text : nil,
                           note: "\(Figure.milliseconds(intent.time)) ms: \(text)"), x: x, fromTop: true,
                     colour: colour, dash: nil)
            }
            document.close("g")
        }
        document.close("g")
    }

    /// One row per touch, on the time axis: its life, its drags and its decisions.
    private func drawTouches(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace],
                             labels: inout LabelBoard) {
        let lane = layout.touchesLane
        document.open("g", [("id", "touches")])
        // The rows' marks, on the time axis (the HTML page zooms them), apart from their labels.
        var rowLabels = SVGDocument(depth: 2)
        document.open("g", [("id", "touch-marks"), ("clip-path", "url(#timeline-clip)")])
        if contacts.isEmpty {
            labels.place(Label(text: "no touch", colour: "#888888"),
                         at: [LabelSpot(x: (layout.plotLeft + layout.plotRight) / 2, y: lane.top + 15, anchor: .middle)], into: &rowLabels)
        }
        let clamp = { (x: Double) in min(max(x, layout.plotLeft), layout.plotRight) }
        for (row, contact) in contacts.enumerated() {
            let y = lane.top + 4 + (Double(row) + 0.5) * PlotLayout.touchRowHeight
            let colour = PlotLayout.contactColours[contact.number % PlotLayout.contactColours.count]
            let start = contact.points[0].time
            let from = clamp(layout.x(time: start)), to = max(clamp(layout.x(time: contact.endTime)), from + 2)
            document.open("g", [("class", "touch-row"), ("id", "touch-row-\(contact.number)"), ("data-seat-slot", "\(contact.seatSlot)")])
            document.element("title", [], text: "touch \(contact.number + 1): \(Figure.milliseconds(start)) ms to \(Figure.milliseconds(contact.endTime)) ms")
            document.element("line", [("x1", svgNumber(from)), ("x2", svgNumber(to)), ("y1", svgNumber(y)), ("y2", svgNumber(y)),
                                      ("stroke", colour), ("stroke-width", "3")])
            for drag in drags where drag.contact == contact.number {
                let began = clamp(layout.x(time: drag.began)), ended = clamp(layout.x(time: drag.ended?.time ?? contact.endTime))
                document.element("line", [("class", "touch-drag"), ("x1", svgNumber(began)), ("x2", svgNumber(max(ended, began + 2))),
                                          ("y1", svgNumber(y)), ("y2", svgNumber(y)), ("stroke", colour), ("stroke-width", "9"), ("stroke-opacity", "0.45")])
            }
            for decision in decisions where decision.seatSlot == contact.seatSlot && decision.time >= start && decision.time <= contact.endTime {
                let point = (x: clamp(layout.x(time: decision.time)), y: y)
                let (text, markColour) = Self.describe(decision)
                document.open("g", [("class", "touch-decision")])
                document.element("title", [], text: "\(Figure.milliseconds(decision.time)) ms: \(text)")
                switch decision.kind {
                case .dragStarted, .tapOutside, .grabberTap:
                    document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "4"), ("fill", "#ffffff"),
                                                ("stroke", markColour), ("stroke-width", "2")])
                case .crossAxis, .tapMovedPastSlop, .tapTooLong, .grabberTapTooLong, .secondContact, .touchRefused:
                    document.element("path", [("d", svgCross(at: point, size: 3.5)), ("stroke", markColour), ("stroke-width", "2")])
                }
                document.close("g")
            }
            document.close("g")
            labels.place(Label(text: "touch \(contact.number + 1)", size: 10, colour: colour),
                         at: [LabelSpot(x: layout.plotLeft - 6, y: y + 3.5, anchor: .end)], into: &rowLabels, noting: false)
        }
        document.close("g")
        document.open("g", [("id", "touch-labels")])
        document.raw(rowLabels.text)
        document.close("g")
        document.close("g")
    }

    private static func colour(of intent: Intent) -> String {
        switch intent.kind {
        case .dragBegan, .dragChanged, .dragEnded, .dragHandedBack, .setDetent, .contentScrolled: "#1f3a5f"
        case .passthroughTap: "#1b7f3b"
        case .confirmationRequested: "#b9770e"
        case .save: "#117a65"
        case .dismiss: "#c0392b"
        case .cancelled: "#566573"
        case .rejected: "#a04000"
        }
    }

    private func drawTaps(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let lane = layout.tapsLane
        var laneLabels = labels.within(Rect(x: layout.plotLeft, y: lane.top, width: layout.plotRight - layout.plotLeft, height: lane.height))
        document.open("g", [("id", "taps")])
        let taps = decisions.filter {
            switch $0.kind {
            case .tapOutside, .grabberTap, .tapTooLong, .grabberTapTooLong: true
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .touchRefused: false
            }
        }
        if taps.isEmpty {
            laneLabels.place(Label(text: "no tap", colour: "#888888"),
                             at: [LabelSpot(x: (layout.plotLeft + layout.plotRight) / 2, y: lane.top + 30, anchor: .middle)], into: &document)
        }
        for (index, decision) in decisions.enumerated() {
            let duration: Int64, limit: Int64, tapped: Bool
            switch decision.kind {
            case .tapOutside(let d, let l), .grabberTap(let d, let l): (duration, limit, tapped) = (d, l, true)
            case .tapTooLong(let d, let l), .grabberTapTooLong(let d, let l): (duration, limit, tapped) = (d, l, false)
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .touchRefused: continue
            }
            let start = decision.time - duration
            let x = layout.x(time: start)
            let colour = tapped ? "#1b7f3b" : "#a04000"
            document.open("g", [("class", "tap \(decision.name)"), ("id", "tap-\(index)")])
            document.element("title", [], text: decision.jsonLine(names: names).text)
            document.element("rect", [("class", "tap-max-duration"), ("x", svgNumber(x)), ("y", svgNumber(lane.top + 6)),
                                      ("width", svgNumber(layout.x(time: start + limit) - x)), ("height", "14"), ("fill", "none"),
                                      ("stroke", "#888888"), ("stroke-dasharray", "3 2")])
            document.element("rect", [("class", "tap-duration"), ("x", svgNumber(x)), ("y", svgNumber(lane.top + 9)),
                                      ("width", svgNumber(max(1, layout.x(time: decision.time) - x))), ("height", "8"), ("fill", colour)])
            let text = "\(decision.name) \(Figure.milliseconds(duration)) ms (limit \(Figure.milliseconds(limit)) ms)"
            laneLabels.place(Label(text: text, size: 10, colour: colour, note: "\(Figure.milliseconds(start)) ms: \(text)"),
                             at: [LabelSpot(x: x, y: lane.top + 32), LabelSpot(x: x, y: lane.top + 45),
                                  LabelSpot(x: layout.x(time: decision.time), y: lane.top + 32, anchor: .end),
                                  LabelSpot(x: layout.x(time: decision.time), y: lane.top + 45, anchor: .end)], into: &document)
            document.close("g")
        }
        document.close("g")
        labels.adopt(laneLabels)
    }
}

/// Where everything goes, in SVG pixels.
struct PlotLayout {
    static let width = 1000.0
    /// One colour per contact, in turn.
    static let contactColours = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#9a6324", "#808000"]

    struct Band {
        var top: Double
        var height: Double
    }

    /// Points to pixels on the screen picture.
    let scale: Double
    /// The screen picture.
    let screen: Rect
    /// The left and right edges of the timeline's panels.
    static let plotLeft = 90.0, plotRight = 980.0
    var plotLeft: Double { Self.plotLeft }
    var plotRight: Double { Self.plotRight }
    let offsetPanel: Band
    let velocityPanel: Band
    let eventsLane: Band
    /// One row per touch: the small multiples that keep many touches apart.
    let touchesLane: Band
    let tapsLane: Band
    static let touchRowHeight = 14.0
    let height: Double
    /// The start and the end of the time axis, whole numbers of ticks.
    let startMilliseconds: Double
    let endMilliseconds: Double
    let tickStepMilliseconds: Double
    /// The stretches of the time axis drawn to one scale, in ms and px; between two, a gap in
    /// which nothing happened is drawn ``gapWidth`` wide.
    let segments: [TimeSegment]
    static let gapWidth = 26.0

    struct TimeSegment {
        var start: Double
        var end: Double
        var left: Double
        var right: Double
    }

    /// `activity`: when something happened (µs), each an instant or a stretch; a longer stretch
    /// of nothing is drawn as a gap.
    /// `touches`: how many rows the touches lane holds.
    init(scene: Scene, startTime: Int64 = 0, endTime: Int64, activity: [ClosedRange<Int64>] = [], touches: Int = 0) {
        let screenSize = scene.screen
        scale = min(620 / max(screenSize.width, 1), 440 / max(screenSize.height, 1))
        screen = Rect(x: 20, y: 44, width: screenSize.width * scale, height: screenSize.height * scale)
        let timelineTop = screen.y + screen.height + 44
        offsetPanel = Band(top: timelineTop, height: 200)
        velocityPanel = Band(top: offsetPanel.top + offsetPanel.height + 26, height: 100)
        eventsLane = Band(top: velocityPanel.top + velocityPanel.height + 26, height: 112)
        touchesLane = Band(top: eventsLane.top + eventsLane.height + 26, height: Double(max(touches, 1)) * Self.touchRowHeight + 8)
        tapsLane = Band(top: touchesLane.top + touchesLane.height + 26, height: 52)
        height = (tapsLane.top + tapsLane.height + 54).rounded(.up)
        let start = Double(startTime) / 1000
        let end = max(Double(endTime) / 1000, start + 1)
        // The gaps: stretches of nothing longer than a tenth of the whole (at most 1 s, at least 100 ms).
        let shortest = max(min((end - start) / 10, 1000), 100)
        var gaps: [(start: Double, end: Double)] = []
        var reached = start
        for span in activity.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let from = Double(span.lowerBound) / 1000, to = Double(span.upperBound) / 1000
            if from - reached > shortest { gaps.append((reached + shortest / 4, from - shortest / 4)) }
            reached = max(reached, to)
        }
        if end - reached > shortest && !activity.isEmpty { gaps.append((reached + shortest / 4, end)) }
        let shown = (end - start) - gaps.reduce(0) { $0 + $1.end - $1.start }
        let step = [0.1, 0.2, 0.5, 1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
            .first { shown / $0 <= 10 } ?? (shown / 10).rounded(.up)
        tickStepMilliseconds = step
        let axisStart: Double, axisEnd: Double
        if gaps.isEmpty {
            axisStart = (start / step).rounded(.down) * step
            axisEnd = max((end / step).rounded(.up), (start / step).rounded(.down) + 1) * step
        } else {
            axisStart = start
            axisEnd = gaps.last.map { $0.end >= end ? end : (end / step).rounded(.up) * step } ?? end
        }
        startMilliseconds = axisStart
        endMilliseconds = axisEnd
        // Each stretch between gaps gets its share of the width left after the gaps.
        var bounds: [(start: Double, end: Double)] = []
        var from = axisStart
        for gap in gaps {
            bounds.append((from, gap.start))
            from = gap.end
        }
        if from < axisEnd { bounds.append((from, axisEnd)) }
        let total = bounds.reduce(0) { $0 + $1.end - $1.start }
        let trailingGap = gaps.last.map { $0.end >= axisEnd } ?? false
        let gapCount = Double(bounds.count - 1 + (trailingGap ? 1 : 0))
        let pixels = (Self.plotRight - Self.plotLeft) - Self.gapWidth * gapCount
        var left = Self.plotLeft
        var segments: [TimeSegment] = []
        for bound in bounds {
            let width = total > 0 ? (bound.end - bound.start) / total * pixels : pixels
            segments.append(TimeSegment(start: bound.start, end: bound.end, left: left, right: left + width))
            left += width + Self.gapWidth
        }
        if trailingGap, let last = segments.last {
            // Nothing happened after the last segment: its gap runs to the end of the axis.
            segments.append(TimeSegment(start: axisEnd, end: axisEnd, left: last.right + Self.gapWidth, right: last.right + Self.gapWidth))
        }
        self.segments = segments
    }

    /// Where a time (ms) is on the time axis: in a segment to its scale, in a gap pro rata.
    func x(milliseconds: Double) -> Double {
        guard let first = segments.first else { return plotLeft }
        if milliseconds <= first.start || segments.count == 1 {
            let scale = first.end > first.start ? (first.right - first.left) / (first.end - first.start) : 0
            return first.left + (milliseconds - first.start) * scale
        }
        for (index, segment) in segments.enumerated() {
            if milliseconds <= segment.end || index == segments.count - 1 {
                if milliseconds >= segment.start {
                    let scale = segment.end > segment.start ? (segment.right - segment.left) / (segment.end - segment.start) : 0
                    return segment.left + (milliseconds - segment.start) * scale
                }
                let before = segments[index - 1]
                return before.right + (milliseconds - before.end) / (segment.start - before.end) * (segment.left - before.right)
            }
        }
        return plotRight
    }

    func x(time: Int64) -> Double { x(milliseconds: Double(time) / 1000) }

    func onScreen(x: Double, y: Double) -> (x: Double, y: Double) {
        (screen.x + x * scale, screen.y + y * scale)
    }

    func onScreen(_ rect: Rect) -> Rect {
        Rect(x: screen.x + rect.x * scale, y: screen.y + rect.y * scale, width: rect.width * scale, height: rect.height * scale)
    }
}

/// A value axis over a band: `downward` puts larger values lower (offsets, as the sheet moves).
struct ValueScale {
    let low: Double
    let high: Double
    let top: Double
    let height: Double
    let downward: Bool

    init(values: [Double], top: Double, height: Double, downward: Bool) {
        let finite = values.filter(\.isFinite)
        let low = finite.min() ?? 0, high = finite.max() ?? 0
        let pad = max((high - low) * 0.06, 1)
        self.low = low - (low < 0 ? pad : 0)
        self.high = high + pad
        self.top = top
        self.height = height
        self.downward = downward
    }

    /// Round values from `low` to `high`, about five of them, 0 among them.
    var ticks: [Double] {
        let wanted = (high - low) / 5
        var step = 1.0
        while step * 10 <= wanted { step *= 10 }
        while step > wanted && step > 1e-6 { step /= 10 }
        step = [1.0, 2, 5, 10].map { $0 * step }.first { $0 >= wanted } ?? step * 10
        var ticks: [Double] = []
        var value = (low / step).rounded(.up) * step
        while value <= high + step * 1e-9 {
            ticks.append(value + 0)
            value += step
        }
        return ticks
    }

    func y(_ value: Double) -> Double {
        let clamped = min(max(value.isFinite ? value : 0, low), high)
        let fraction = (clamped - low) / (high - low)
        return downward ? top + fraction * height : top + height - fraction * height
    }
}

/// An SVG (or XML) document written as text, escaped as it goes.
struct SVGDocument {
    private(set) var text = ""
    private var depth: Int

    /// A document whose elements are indented `depth` steps (for one written into another).
    init(depth: Int = 0) { self.depth = depth }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        indent()
        text += "<\(name)\(Self.attributes(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text content: String? = nil) {
        indent()
        if let content {
            text += "<\(name)\(Self.attributes(attributes))>\(xmlEscaped(content))</\(name)>\n"
        } else {
            text += "<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    /// A `text` element on one line (no white space of the document's own in it), with a
    /// `title` child shown on hover when given.
    mutating func text(_ attributes: [(String, String)], _ content: String, title: String? = nil) {
        indent()
        let hover = title.map { "<title>\(xmlEscaped($0))</title>" } ?? ""
        text += "<text\(Self.attributes(attributes))>\(xmlEscaped(content))\(hover)</text>\n"
    }

    /// Text written as it is (it must be well-formed already).
    mutating func raw(_ content: String) { text += content }

    private mutating func indent() { text += String(repeating: " ", count: depth) }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(xmlEscaped($0.1))\"" }.joined()
    }
}

/// Text escaped for XML content and attribute values.
func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&apos;"
        case "\n": escaped += "&#10;"
        case "\t": escaped += "&#9;"
        default:
            // Other control characters are not allowed in XML 1.0 at all.
            if character.value < 0x20 || (0xFFFE...0xFFFF).contains(character.value) {
                escaped += "\u{FFFD}"
            } else {
                escaped.unicodeScalars.append(character)
            }
        }
    }
    return escaped
}

/// A coordinate, to 0.1 px.
func svgNumber(_ value: Double) -> String {
    JSONLine.formatNumber((value * 10).rounded() / 10)
}

/// An × of half-size `size` centred on `point`, as path data.
func svgCross(at point: (x: Double, y: Double), size: Double) -> String {
    "M\(svgNumber(point.x - size)),\(svgNumber(point.y - size)) L\(svgNumber(point.x + size)),\(svgNumber(point.y + size)) "
        + "M\(svgNumber(point.x - size)),\(svgNumber(point.y + size)) L\(svgNumber(point.x + size)),\(svgNumber(point.y - size))"
}
