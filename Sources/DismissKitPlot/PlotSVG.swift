import DismissKit

/// The SVG of a ``RecordingPlot``: the screen and the summary beside it above, the timeline
/// below (PlotTimeline.swift), laid out by ``PlotLayout`` in ``PlotPalette``'s colours.
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
        let layout = layout(contacts: contacts)
        let drags = drags(contacts: contacts)
        var body = SVGDocument(depth: 1)
        var labels = LabelBoard(bounds: Rect(x: 0, y: 0, width: PlotLayout.width, height: layout.height))
        body.element("title", [], text: title)
        body.open("defs", [])
        body.open("pattern", [("id", "gap-hatch"), ("width", "6"), ("height", "6"), ("patternUnits", "userSpaceOnUse"), ("patternTransform", "rotate(45)")])
        body.element("rect", [("width", "6"), ("height", "6"), ("fill", PlotPalette.paper)])
        body.element("line", [("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "6"), ("stroke", PlotPalette.gapHatch), ("stroke-width", "2")])
        body.close("pattern")
        body.close("defs")
        body.element("rect", [("x", "0"), ("y", "0"), ("width", svgNumber(PlotLayout.width)), ("height", "100%"), ("fill", PlotPalette.paper)])
        labels.fixed(Label(text: title, size: 16, bold: true), at: LabelSpot(x: 20, y: 26), into: &body)
        drawSummary(into: &body, layout: layout, labels: &labels)
        drawTimeline(into: &body, layout: layout, contacts: contacts, drags: drags, labels: &labels)
        drawScreen(into: &body, layout: layout, contacts: contacts, drags: drags, labels: &labels)
        if interactive {
            body.element("line", [("id", "cursor"), ("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotLeft)),
                                  ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(layout.tapsLane.top + layout.tapsLane.height)),
                                  ("stroke", PlotPalette.cursor), ("stroke-width", "1.5")])
        }
        // The labels that found no place beside what they name, by number.
        var height = layout.height
        if !labels.notes.isEmpty {
            height += 8
            body.open("g", [("id", "notes")])
            body.element("text", [("x", "20"), ("y", svgNumber(height)), ("font-weight", "bold"), ("fill", PlotPalette.secondaryInk)],
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
                                  ("fill", PlotPalette.screenFill), ("stroke", PlotPalette.secondaryInk)])
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
        // The screen's own label, in the first corner no path crosses, drawn over the presentations.
        var caption = SVGDocument(depth: 2)
        screenLabels.place(Label(text: "screen \(Figure.points(scene.screen.width)) × \(Figure.points(scene.screen.height)) pt, the starting scene",
                                 colour: PlotPalette.secondaryInk),
                           at: [LabelSpot(x: screen.x + 4, y: screen.y + 13), LabelSpot(x: screen.x + screen.width - 4, y: screen.y + 13, anchor: .end),
                                LabelSpot(x: screen.x + 4, y: screen.y + screen.height - 5),
                                LabelSpot(x: screen.x + screen.width - 4, y: screen.y + screen.height - 5, anchor: .end)],
                           into: &caption)
        var marks = SVGDocument(depth: 2)
        for (index, decision) in decisions.enumerated() {
            drawDecision(decision, number: index, into: &marks, layout: layout, labels: &screenLabels)
        }
        for (index, intent) in intents.enumerated() {
            guard case .passthroughTap(let x, let y) = intent.kind else { continue }
            let point = layout.onScreen(x: x, y: y)
            marks.open("g", [("class", "passthrough-tap"), ("id", "passthrough-tap-\(index)"), ("data-time", "\(intents[index].time)")])
            marks.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "9"), ("fill", "none"),
                                     ("stroke", PlotPalette.passthrough), ("stroke-width", "2"), ("stroke-dasharray", "3 2")])
            screenLabels.place(Label(text: "pass-through tap", colour: PlotPalette.passthrough), at: LabelSpot.around(x: point.x, y: point.y, gap: 12),
                               into: &marks)
            marks.close("g")
        }
        var paths = SVGDocument(depth: 2)
        for contact in contacts { drawContact(contact, into: &paths, layout: layout, labels: &screenLabels) }
        // Clipped to the screen, as a sheet the scrubber moves down leaves it.
        document.open("g", [("id", "presentations"), ("clip-path", "url(#screen-clip)")])
        for presentation in scene.presentations {
            var insideLabels = screenLabels.within(screen)
            drawPresentation(presentation, into: &document, layout: layout, labels: &insideLabels)
            screenLabels.adopt(insideLabels)
        }
        for presentation in scene.presentations {
            var insideLabels = screenLabels.within(screen)
            drawReleases(of: presentation, into: &document, layout: layout, drags: drags, labels: &insideLabels)
            screenLabels.adopt(insideLabels)
        }
        document.close("g")
        document.raw(caption.text)
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
                                  labels: inout LabelBoard) {
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
                                      ("fill", PlotPalette.dimming), ("fill-opacity", "0.18")])
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
        region(geometry.frame, "frame", fill: PlotPalette.paper, stroke: PlotPalette.frameStroke)
        region(geometry.topRegion, "top-region", fill: PlotPalette.topRegionFill, stroke: PlotPalette.topRegionStroke)
        region(geometry.content, "content", fill: PlotPalette.paper, stroke: PlotPalette.contentStroke)
        region(geometry.grabberHitTarget, "grabber-hit-target", fill: PlotPalette.grabberHitFill, stroke: PlotPalette.grabberHitStroke, dashed: true)
        region(geometry.grabber, "grabber", fill: PlotPalette.grabber, stroke: "none")
        region(geometry.anchor, "anchor", fill: PlotPalette.anchorFill, stroke: PlotPalette.anchorStroke)
        for rect in geometry.passthrough { region(rect, "passthrough", fill: PlotPalette.passthroughFill, stroke: PlotPalette.passthrough, dashed: true) }
        let frame = layout.onScreen(geometry.frame)
        var facts = [presentation.id, role]
        if geometry.shape == .sheet { facts.append(geometry.selectedDetent.label) }
        if !presentation.modal { facts.append("non-modal") }
        if presentation.unsavedChanges { facts.append("unsaved changes") }
        if !presentation.dismissible { facts.append("not dismissible") }
        let labelDepth = min((geometry.topRegion?.height ?? 0) * layout.scale + 16, frame.height - 4)
        let factsLabel = Label(text: facts.joined(separator: " · "), bold: true, colour: PlotPalette.frameStroke, attributes: [("class", "presentation-label")])
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
            labels.place(Label(text: "top region \(Figure.points(top.height)) pt", size: 10, colour: PlotPalette.topRegionInk),
                         at: [LabelSpot(x: box.x + 6, y: box.y + box.height - 4), LabelSpot(x: box.x + box.width - 6, y: box.y + box.height - 4, anchor: .end),
                              LabelSpot(x: box.x + 6, y: box.y + box.height + 11)], into: &document)
        }
        if let target = geometry.grabberHitTarget {
            let box = layout.onScreen(target)
            labels.place(Label(text: "grabber hit target", size: 10, colour: PlotPalette.grabberHitInk),
                         at: [LabelSpot(x: box.x + box.width + 4, y: box.y + 10), LabelSpot(x: box.x - 4, y: box.y + 10, anchor: .end),
                              LabelSpot(x: box.x + box.width + 4, y: box.y + box.height + 10)], into: &document)
        }
        if let anchor = geometry.anchor {
            let box = layout.onScreen(anchor)
            labels.place(Label(text: "anchor", size: 10, colour: PlotPalette.anchorInk,
                               note: "the anchor of \(presentation.id): what the popover points at"),
                         at: [LabelSpot(x: box.x, y: box.y + box.height + 11, anchor: .end), LabelSpot(x: box.x - 4, y: box.y + box.height / 2 + 4, anchor: .end),
                              LabelSpot(x: box.x + box.width + 4, y: box.y + box.height / 2 + 4), LabelSpot(x: box.x, y: box.y - 4, anchor: .end),
                              LabelSpot(x: box.x + box.width, y: box.y + box.height + 11)]
                            + LabelSpot.around(x: box.x + box.width / 2, y: box.y + box.height / 2, gap: box.width / 2 + 4, rows: 4), into: &document)
        }
        if !geometry.passthrough.isEmpty {
            let box = layout.onScreen(geometry.passthrough[0])
            labels.place(Label(text: "pass-through", size: 10, colour: PlotPalette.passthrough,
                               note: "pass-through region of \(presentation.id): a tap there closes it and reaches what is below"),
                         at: [LabelSpot(x: box.x, y: box.y + box.height + 11), LabelSpot(x: box.x + 4, y: box.y + 12),
                              LabelSpot(x: box.x + box.width - 4, y: box.y + box.height - 4, anchor: .end), LabelSpot(x: box.x, y: box.y - 4)]
                            + (2..<5).map { LabelSpot(x: box.x, y: box.y + box.height + 11 * Double($0)) },
                         into: &document)
        }
        document.close("g")
    }

    /// Where the releases of a sheet projected it, against the dismiss threshold: each threshold
    /// once, each projection a line. Drawn after every presentation, so that none hides them.
    private func drawReleases(of presentation: Presentation, into document: inout SVGDocument, layout: PlotLayout, drags: [DragTrace],
                              labels: inout LabelBoard) {
        let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
        var thresholds: [Double] = []
        let left = layout.screen.x, right = layout.screen.x + layout.screen.width
        for drag in drags where names.isID(drag.presentation, of: presentation.id) {
            guard let ended = drag.ended, let explanation = ended.explanation else { continue }
            if !thresholds.contains(where: { abs($0 - explanation.threshold) < 0.5 }) {
                thresholds.append(explanation.threshold)
                let threshold = layout.onScreen(x: 0, y: geometry.frame.y + explanation.threshold).y
                document.element("line", [("class", "threshold-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                          ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", PlotPalette.threshold), ("stroke-dasharray", "6 4")])
                labels.place(Label(text: "dismiss threshold: top \(Figure.points(explanation.threshold)) pt lower", colour: PlotPalette.threshold),
                             at: [LabelSpot(x: right - 4, y: threshold - 4, anchor: .end), LabelSpot(x: right - 4, y: threshold + 13, anchor: .end),
                                  LabelSpot(x: left + 4, y: threshold - 4), LabelSpot(x: left + 4, y: threshold + 13)], into: &document)
            }
            let projected = layout.onScreen(x: 0, y: min(geometry.frame.y + explanation.projectedOffset, scene.screen.height)).y
            document.element("line", [("class", "projection-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                      ("y1", svgNumber(projected)), ("y2", svgNumber(projected)), ("stroke", PlotPalette.projection), ("stroke-width", "2")])
            let beyond = geometry.frame.y + explanation.projectedOffset > scene.screen.height ? " (off screen)" : ""
            let text = "projection \(Figure.points(explanation.projectedOffset)) pt at \(Figure.milliseconds(ended.time)) ms: \(ended.outcome.rawValue)\(beyond)"
            labels.place(Label(text: text, colour: PlotPalette.projection, short: "\(Figure.points(explanation.projectedOffset)) pt at \(Figure.milliseconds(ended.time)) ms"),
                         at: [LabelSpot(x: right - 4, y: projected - 4, anchor: .end), LabelSpot(x: right - 4, y: projected + 13, anchor: .end),
                              LabelSpot(x: left + 4, y: projected - 4), LabelSpot(x: left + 4, y: projected + 13)], into: &document)
        }
    }

    private func drawContact(_ contact: Contact, into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let colour = PlotPalette.colour(ofContact: contact.number)
        document.open("g", [("class", "contact"), ("id", "contact-\(contact.number)"), ("data-seat-slot", "\(contact.seatSlot)"),
                            ("data-time", "\(contact.points.first?.time ?? contact.endTime)")])
        let points = contact.points.map { layout.onScreen(x: $0.x, y: $0.y) }
        document.element("polyline", [("class", "path"), ("points", points.map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " ")),
                                      ("fill", "none"), ("stroke", colour), ("stroke-width", "2.5"), ("stroke-linejoin", "round")])
        let first = points[0], last = points[points.count - 1]
        document.element("circle", [("class", "landing"), ("cx", svgNumber(first.x)), ("cy", svgNumber(first.y)), ("r", "5"), ("fill", colour)])
        switch contact.end {
        case .up:
            document.element("rect", [("class", "lift"), ("x", svgNumber(last.x - 4)), ("y", svgNumber(last.y - 4)), ("width", "8"), ("height", "8"),
                                      ("fill", PlotPalette.paper), ("stroke", colour), ("stroke-width", "2")])
        case .cancel:
            document.element("path", [("class", "lift cancel"), ("d", svgCross(at: last, size: 5)), ("stroke", colour), ("stroke-width", "2.5")])
        case .none:
            break
        }
        let spots = [LabelSpot(x: first.x - 8, y: first.y - 8, anchor: .end), LabelSpot(x: first.x + 8, y: first.y - 8),
                     LabelSpot(x: first.x - 8, y: first.y + 16, anchor: .end), LabelSpot(x: first.x + 8, y: first.y + 16)]
            + LabelSpot.around(x: first.x, y: first.y, gap: 9, rows: 3)
        let lifted = switch contact.end {
        case .up: "lifted at \(Figure.milliseconds(contact.endTime)) ms"
        case .cancel: "cancelled at \(Figure.milliseconds(contact.endTime)) ms"
        case .none: "still down at the end"
        }
        let label = Label(text: "touch \(contact.number + 1)", size: 10, colour: colour,
                          note: "touch \(contact.number + 1), seat slot \(contact.seatSlot): down at "
                              + "\(Figure.milliseconds(contact.points.first?.time ?? contact.endTime)) ms, \(lifted)",
                          short: "#\(contact.number + 1)")
        if labels.place(label, at: spots, into: &document, noting: false) == nil && !labels.placeLed(label, from: first, radius: 6, colour: colour, into: &document) {
            labels.place(label, at: spots, into: &document)
        }
        document.close("g")
    }

    private func drawDecision(_ decision: GestureDecision, number: Int, into document: inout SVGDocument, layout: PlotLayout,
                              labels: inout LabelBoard) {
        let point = layout.onScreen(x: decision.x, y: decision.y)
        let (text, colour) = Self.describe(decision)
        document.open("g", [("class", "decision \(decision.name)"), ("id", "decision-\(number)"), ("data-time", "\(decision.time)"),
                            ("data-line", decision.jsonLine(names: names).text)])
        document.element("title", [], text: decision.jsonLine(names: names).text)
        switch decision.kind {
        case .dragStarted, .tapOutside, .grabberTap:
            document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "8"), ("fill", "none"),
                                        ("stroke", colour), ("stroke-width", "2")])
        case .crossAxis, .tapMovedPastSlop, .tapTooLong, .grabberTapTooLong, .secondContact, .keyboardTouch, .touchRefused:
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
        case .keyboardTouch: "keyboard"
        case .touchRefused: "refused"
        }
    }

    /// A decision's label on the screen and its colour.
    static func describe(_ decision: GestureDecision) -> (String, String) {
        let ms = Figure.milliseconds
        return switch decision.kind {
        case .dragStarted(let origin, _, _, _): ("drag starts (\(origin.rawValue))", PlotPalette.dragStart)
        case .crossAxis: ("cross-axis: not a drag", PlotPalette.refused)
        case .tapOutside(let duration, _): ("tap outside, \(ms(duration)) ms", PlotPalette.taken)
        case .tapMovedPastSlop(let distance, let slop):
            ("moved \(Figure.points(distance)) pt > slop \(Figure.points(slop)) pt: no tap", PlotPalette.refused)
        case .tapTooLong(let duration, let limit): ("held \(ms(duration)) ms > \(ms(limit)) ms: no tap", PlotPalette.refused)
        case .grabberTap(let duration, _): ("grabber tap, \(ms(duration)) ms", PlotPalette.taken)
        case .grabberTapTooLong(let duration, let limit): ("grabber held \(ms(duration)) ms > \(ms(limit)) ms", PlotPalette.refused)
        case .secondContact(let ended): ("second contact ends the \(ended.rawValue)", PlotPalette.refused)
        case .keyboardTouch: ("on the keyboard: its own touch", PlotPalette.passthrough)
        case .touchRefused(let refusal): ("touch refused: \(refusal)", PlotPalette.refused)
        }
    }

    // MARK: - The summary beside the screen

    private func drawSummary(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let left = layout.screen.x + layout.screen.width + 24
        var y = layout.screen.y + 12
        document.open("g", [("id", "summary")])
        func line(_ text: String, colour: String? = nil, bold: Bool = false, hover: String? = nil) {
            guard y < layout.screen.y + layout.screen.height else { return }
            labels.fixed(Label(text: text, bold: bold, colour: colour ?? PlotPalette.ink, hover: hover), at: LabelSpot(x: left, y: y), into: &document)
            y += 15
        }
        line("What was decided", bold: true)
        line("slop \(JSONLine.formatNumber(configuration.slopMM)) mm, tap ≤ \(Figure.milliseconds(configuration.tapMaxDuration)) ms", colour: PlotPalette.secondaryInk)
        // A host command comes before what it caused; a decision before its intents.
        var entries: [(time: Int64, text: String, colour: String, line: String?)] = commands.map {
            ($0.time, "host: \($0.command.label)", PlotPalette.hostCommand, nil)
        }
        for decision in decisions {
            let (text, colour) = Self.describe(decision)
            entries.append((decision.time, text, colour, decision.jsonLine(names: names).text))
        }
        for intent in intents {
            if intent.isStep { continue }
            entries.append((intent.time, intent.label, PlotPalette.ink, intent.jsonLine(explain: true, names: names).text))
        }
        let ordered = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { $0.element }
        let room = Int((layout.screen.height - 42) / 15)
        for (index, entry) in ordered.enumerated() {
            if index == room - 1 && ordered.count > room {
                line("… \(ordered.count - index) more on the timeline", colour: PlotPalette.secondaryInk)
                break
            }
            line("\(Figure.milliseconds(entry.time)) ms  \(entry.text)", colour: entry.colour, hover: entry.line)
        }
        document.close("g")
    }
}
