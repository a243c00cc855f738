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
        let layout = PlotLayout(scene: scene, endTime: endTime)
        let contacts = contacts
        let drags = drags(contacts: contacts)
        document.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("id", "plot"),
            ("width", svgNumber(PlotLayout.width)), ("height", svgNumber(layout.height)),
            ("viewBox", "0 0 \(svgNumber(PlotLayout.width)) \(svgNumber(layout.height))"),
            ("font-family", "DejaVu Sans, Liberation Sans, Arial, sans-serif"), ("font-size", "11"),
        ])
        document.element("title", [], text: title)
        document.element("rect", [("x", "0"), ("y", "0"), ("width", svgNumber(PlotLayout.width)), ("height", svgNumber(layout.height)),
                                  ("fill", "#ffffff")])
        document.element("text", [("x", "20"), ("y", "26"), ("font-size", "16"), ("font-weight", "bold")], text: title)
        drawScreen(into: &document, layout: layout, contacts: contacts, drags: drags)
        drawSummary(into: &document, layout: layout)
        drawTimeline(into: &document, layout: layout, contacts: contacts, drags: drags)
        if interactive {
            document.element("line", [("id", "cursor"), ("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotLeft)),
                                      ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(layout.tapsLane.top + layout.tapsLane.height)),
                                      ("stroke", "#d00000"), ("stroke-width", "1.5")])
        }
        document.close("svg")
    }

    // MARK: - The screen

    private func drawScreen(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace]) {
        let screen = layout.screen
        document.open("g", [("id", "screen")])
        document.element("rect", [("x", svgNumber(screen.x)), ("y", svgNumber(screen.y)), ("width", svgNumber(screen.width)), ("height", svgNumber(screen.height)),
                                  ("fill", "#eef1f5"), ("stroke", "#555555")])
        document.element("text", [("x", svgNumber(screen.x + 4)), ("y", svgNumber(screen.y + 13)), ("fill", "#555555")],
                         text: "screen \(JSONLine.formatNumber(scene.screen.width)) × \(JSONLine.formatNumber(scene.screen.height)) pt, the starting scene")
        document.open("clipPath", [("id", "screen-clip")])
        document.element("rect", [("x", svgNumber(screen.x)), ("y", svgNumber(screen.y)), ("width", svgNumber(screen.width)),
                                  ("height", svgNumber(screen.height))])
        document.close("clipPath")
        // Clipped to the screen, as a sheet the scrubber moves down leaves it.
        document.open("g", [("id", "presentations"), ("clip-path", "url(#screen-clip)")])
        for presentation in scene.presentations {
            drawPresentation(presentation, into: &document, layout: layout, drags: drags)
        }
        document.close("g")
        document.open("g", [("id", "contacts")])
        for contact in contacts { drawContact(contact, into: &document, layout: layout) }
        document.close("g")
        var labels = LabelPlacer()
        document.open("g", [("id", "decisions")])
        for (index, decision) in decisions.enumerated() {
            drawDecision(decision, number: index, into: &document, layout: layout, labels: &labels)
        }
        for (index, intent) in intents.enumerated() {
            guard case .passthroughTap(let x, let y) = intent.kind else { continue }
            let point = layout.onScreen(x: x, y: y)
            document.open("g", [("class", "passthrough-tap"), ("id", "passthrough-tap-\(index)")])
            document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "9"), ("fill", "none"),
                                        ("stroke", "#1b7f3b"), ("stroke-width", "2"), ("stroke-dasharray", "3 2")])
            let label = labels.place(x: point.x + 12, y: point.y + 16, width: 100)
            document.element("text", [("x", svgNumber(label.x)), ("y", svgNumber(label.y)), ("fill", "#1b7f3b")], text: "pass-through tap")
            document.close("g")
        }
        document.close("g")
        document.close("g")
    }

    private func drawPresentation(_ presentation: Presentation, into document: inout SVGDocument, layout: PlotLayout,
                                  drags: [DragTrace]) {
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
        document.element("text", [("class", "presentation-label"), ("x", svgNumber(frame.x + 6)), ("y", svgNumber(frame.y + labelDepth)),
                                  ("font-weight", "bold"), ("fill", "#3b4a5a")], text: facts.joined(separator: " · "))
        if let top = geometry.topRegion {
            let box = layout.onScreen(top)
            document.element("text", [("x", svgNumber(box.x + 6)), ("y", svgNumber(box.y + box.height - 4)), ("fill", "#2d5a9e"), ("font-size", "10")],
                             text: "top region \(JSONLine.formatNumber(top.height)) pt")
        }
        if let target = geometry.grabberHitTarget {
            let box = layout.onScreen(target)
            document.element("text", [("x", svgNumber(box.x + box.width + 4)), ("y", svgNumber(box.y + 10)), ("fill", "#a5620c"), ("font-size", "10")],
                             text: "grabber hit target")
        }
        if let anchor = geometry.anchor {
            let box = layout.onScreen(anchor)
            document.element("text", [("x", svgNumber(box.x)), ("y", svgNumber(box.y + box.height + 11)), ("fill", "#8a2a78"), ("font-size", "10"),
                                      ("text-anchor", "end")], text: "anchor")
        }
        if !geometry.passthrough.isEmpty {
            let box = layout.onScreen(geometry.passthrough[0])
            document.element("text", [("x", svgNumber(box.x)), ("y", svgNumber(box.y + box.height + 11)), ("fill", "#1b7f3b"), ("font-size", "10")],
                             text: "pass-through")
        }
        document.close("g")
        // Where each release of this sheet projected it, against the dismiss threshold.
        for drag in drags where drag.presentation.isID(of: presentation.id) {
            guard let ended = drag.ended, let explanation = ended.explanation else { continue }
            let threshold = layout.onScreen(x: 0, y: geometry.frame.y + explanation.threshold).y
            let projected = layout.onScreen(x: 0, y: min(geometry.frame.y + explanation.projectedOffset, scene.screen.height)).y
            let left = layout.screen.x, right = layout.screen.x + layout.screen.width
            document.element("line", [("class", "threshold-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                      ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", "#c0392b"), ("stroke-dasharray", "6 4")])
            document.element("text", [("x", svgNumber(right - 4)), ("y", svgNumber(threshold - 4)), ("fill", "#c0392b"), ("text-anchor", "end")],
                             text: "dismiss threshold: top \(JSONLine.formatNumber(explanation.threshold)) pt lower")
            document.element("line", [("class", "projection-on-screen"), ("x1", svgNumber(left)), ("x2", svgNumber(right)),
                                      ("y1", svgNumber(projected)), ("y2", svgNumber(projected)), ("stroke", "#6c3483"), ("stroke-width", "2")])
            let beyond = geometry.frame.y + explanation.projectedOffset > scene.screen.height ? " (off screen)" : ""
            document.element("text", [("x", svgNumber(right - 4)), ("y", svgNumber(projected - 4)), ("fill", "#6c3483"), ("text-anchor", "end")],
                             text: "projection \(JSONLine.formatNumber(explanation.projectedOffset)) pt: \(ended.outcome.rawValue)\(beyond)")
        }
    }

    private func drawContact(_ contact: Contact, into document: inout SVGDocument, layout: PlotLayout) {
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
        document.element("text", [("x", svgNumber(first.x - 8)), ("y", svgNumber(first.y - 8)), ("fill", colour), ("text-anchor", "end"),
                                  ("font-size", "10")], text: "touch \(contact.number + 1)")
        document.close("g")
    }

    private func drawDecision(_ decision: GestureDecision, number: Int, into document: inout SVGDocument, layout: PlotLayout,
                              labels: inout LabelPlacer) {
        let point = layout.onScreen(x: decision.x, y: decision.y)
        let (text, colour) = Self.describe(decision)
        document.open("g", [("class", "decision \(decision.name)"), ("id", "decision-\(number)"), ("data-line", decision.jsonLine.text)])
        switch decision.kind {
        case .dragStarted, .tapOutside, .grabberTap:
            document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "8"), ("fill", "none"),
                                        ("stroke", colour), ("stroke-width", "2")])
        case .crossAxis, .tapMovedPastSlop, .tapTooLong, .grabberTapTooLong, .secondContact, .touchRefused:
            document.element("path", [("d", svgCross(at: point, size: 6)), ("stroke", colour), ("stroke-width", "2.5")])
        }
        let label = labels.place(x: point.x + 12, y: point.y + 4, width: Double(text.count) * 6)
        document.element("text", [("x", svgNumber(label.x)), ("y", svgNumber(label.y)), ("fill", colour)], text: text)
        document.close("g")
    }

    /// A decision's label on the screen and its colour.
    static func describe(_ decision: GestureDecision) -> (String, String) {
        let ms = { (time: Int64) in JSONLine.formatNumber(Double(time) / 1000) }
        return switch decision.kind {
        case .dragStarted(let origin, _, _, _): ("drag starts (\(origin.rawValue))", "#1f5fbf")
        case .crossAxis: ("cross-axis: not a drag", "#a04000")
        case .tapOutside(let duration, _): ("tap outside, \(ms(duration)) ms", "#1b7f3b")
        case .tapMovedPastSlop(let distance, let slop):
            ("moved \(JSONLine.formatNumber(distance)) pt > slop \(JSONLine.formatNumber(slop)): no tap", "#a04000")
        case .tapTooLong(let duration, let limit): ("held \(ms(duration)) ms > \(ms(limit)) ms: no tap", "#a04000")
        case .grabberTap(let duration, _): ("grabber tap, \(ms(duration)) ms", "#1b7f3b")
        case .grabberTapTooLong(let duration, let limit): ("grabber held \(ms(duration)) ms > \(ms(limit)) ms", "#a04000")
        case .secondContact(let ended): ("second contact ends the \(ended.rawValue)", "#a04000")
        case .touchRefused(let refusal): ("touch refused: \(refusal)", "#a04000")
        }
    }

    // MARK: - The summary beside the screen

    private func drawSummary(into document: inout SVGDocument, layout: PlotLayout) {
        let left = layout.screen.x + layout.screen.width + 24
        var y = layout.screen.y + 12
        document.open("g", [("id", "summary")])
        func line(_ text: String, colour: String = "#222222", bold: Bool = false) {
            guard y < layout.screen.y + layout.screen.height else { return }
            var attributes = [("x", svgNumber(left)), ("y", svgNumber(y)), ("fill", colour)]
            if bold { attributes.append(("font-weight", "bold")) }
            document.element("text", attributes, text: text)
            y += 15
        }
        let ms = { (time: Int64) in JSONLine.formatNumber(Double(time) / 1000) }
        line("What was decided", bold: true)
        line("slop \(JSONLine.formatNumber(configuration.slopMM)) mm, tap ≤ \(ms(configuration.tapMaxDuration)) ms", colour: "#555555")
        // A host command comes before what it caused; a decision before its intents.
        var entries: [(time: Int64, text: String, colour: String)] = commands.map {
            ($0.time, "host: \($0.command.label)", "#7d3c98")
        }
        for decision in decisions {
            let (text, colour) = Self.describe(decision)
            entries.append((decision.time, text, colour))
        }
        for intent in intents {
            if case .dragChanged = intent.kind { continue }
            entries.append((intent.time, intent.label, "#222222"))
        }
        let ordered = entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        let room = Int((layout.screen.height - 42) / 15)
        for (index, entry) in ordered.enumerated() {
            if index == room - 1 && ordered.count > room {
                line("… \(ordered.count - index) more on the timeline", colour: "#555555")
                break
            }
            line("\(ms(entry.time)) ms  \(entry.text)", colour: entry.colour)
        }
        document.close("g")
    }

    // MARK: - The timeline

    private func drawTimeline(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace]) {
        document.open("g", [("id", "timeline")])
        let offsets = layout.offsetPanel, velocities = layout.velocityPanel
        for (panel, name) in [(offsets, "offset below the detent, pt (lower is further down)"), (velocities, "velocity, pt/s (down is positive)"),
                              (layout.eventsLane, "intents and host commands"), (layout.tapsLane, "taps")] {
            document.element("rect", [("x", svgNumber(layout.plotLeft)), ("y", svgNumber(panel.top)), ("width", svgNumber(layout.plotRight - layout.plotLeft)),
                                      ("height", svgNumber(panel.height)), ("fill", "#fafbfc"), ("stroke", "#c8ced6")])
            document.element("text", [("x", svgNumber(layout.plotLeft + 4)), ("y", svgNumber(panel.top - 4)), ("fill", "#555555")], text: name)
        }
        drawTimeAxis(into: &document, layout: layout)

        // Offsets: the finger's travel, the sheet as shown, the threshold and the projection.
        var values = [0.0]
        for drag in drags {
            values += drag.samples.map(\.offset)
            if let explanation = drag.ended?.explanation { values += [explanation.threshold, explanation.projectedOffset] }
            if let index = drag.contact, let startY = drag.startY { values += contacts[index].points.map { $0.y - startY } }
        }
        let offsetScale = ValueScale(values: values, top: offsets.top, height: offsets.height, downward: true)
        var velocityValues = [0.0]
        for drag in drags {
            velocityValues += drag.samples.map(\.velocity)
            if let explanation = drag.ended?.explanation { velocityValues.append(explanation.velocity) }
        }
        let velocityScale = ValueScale(values: velocityValues, top: velocities.top, height: velocities.height, downward: false)
        drawValueAxis(offsetScale, into: &document, layout: layout, unit: "pt")
        drawValueAxis(velocityScale, into: &document, layout: layout, unit: "pt/s")
        if drags.isEmpty {
            document.element("text", [("x", svgNumber((layout.plotLeft + layout.plotRight) / 2)), ("y", svgNumber(offsets.top + offsets.height / 2)),
                                      ("text-anchor", "middle"), ("fill", "#888888")], text: "no sheet drag")
        }
        for (index, drag) in drags.enumerated() {
            drawDrag(drag, number: index, contacts: contacts, into: &document, layout: layout,
                     offsetScale: offsetScale, velocityScale: velocityScale)
        }
        drawEvents(into: &document, layout: layout)
        drawTaps(into: &document, layout: layout)
        document.close("g")
    }

    private func drawTimeAxis(into document: inout SVGDocument, layout: PlotLayout) {
        let bottom = layout.tapsLane.top + layout.tapsLane.height
        let step = layout.tickStepMilliseconds
        var milliseconds = 0.0
        document.open("g", [("class", "time-axis")])
        while milliseconds <= layout.endMilliseconds + 1e-9 {
            let x = layout.x(milliseconds: milliseconds)
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(bottom)),
                                      ("stroke", "#e3e7ec")])
            document.element("text", [("x", svgNumber(x)), ("y", svgNumber(bottom + 14)), ("text-anchor", "middle"), ("fill", "#555555")],
                             text: JSONLine.formatNumber(milliseconds))
            milliseconds += step
        }
        document.element("text", [("x", svgNumber(layout.plotRight)), ("y", svgNumber(bottom + 28)), ("text-anchor", "end"), ("fill", "#555555")],
                         text: "time, ms from the first event")
        document.close("g")
    }

    private func drawValueAxis(_ scale: ValueScale, into document: inout SVGDocument, layout: PlotLayout, unit: String) {
        let marks = (scale.low < 0 ? [scale.low] : []) + [0, scale.high]
        for value in marks {
            let y = scale.y(value)
            document.element("text", [("x", svgNumber(layout.plotLeft - 4)), ("y", svgNumber(y + 4)), ("text-anchor", "end"), ("fill", "#555555"),
                                      ("font-size", "10")], text: JSONLine.formatNumber(value.rounded()))
        }
        let zero = scale.y(0)
        document.element("line", [("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotRight)), ("y1", svgNumber(zero)), ("y2", svgNumber(zero)),
                                  ("stroke", "#9aa5b1")])
    }

    private func drawDrag(_ drag: DragTrace, number: Int, contacts: [Contact], into document: inout SVGDocument,
                          layout: PlotLayout, offsetScale: ValueScale, velocityScale: ValueScale) {
        document.open("g", [("class", "drag"), ("id", "drag-\(number)"), ("data-presentation", drag.presentation.name)])
        if let index = drag.contact, let startY = drag.startY {
            let contact = contacts[index]
            let colour = PlotLayout.contactColours[contact.number % PlotLayout.contactColours.count]
            let points = contact.points.map { "\(svgNumber(layout.x(time: $0.time))),\(svgNumber(offsetScale.y($0.y - startY)))" }
            document.element("polyline", [("class", "travel"), ("points", points.joined(separator: " ")), ("fill", "none"),
                                          ("stroke", colour), ("stroke-width", "1.5"), ("stroke-dasharray", "5 3")])
            if let last = contact.points.last {
                document.element("text", [("x", svgNumber(layout.x(time: last.time) + 4)), ("y", svgNumber(offsetScale.y(last.y - startY) + 12)),
                                          ("fill", colour), ("font-size", "10")], text: "finger (touch \(contact.number + 1))")
            }
        }
        var shown = drag.samples.map { "\(svgNumber(layout.x(time: $0.time))),\(svgNumber(offsetScale.y($0.offset)))" }
        if let ended = drag.ended, let last = drag.samples.last {
            // The sheet springs back to its detent (or leaves, when the policy dismisses it).
            shown.append("\(svgNumber(layout.x(time: ended.time))),\(svgNumber(offsetScale.y(last.offset)))")
        }
        document.element("polyline", [("class", "sheet-offset"), ("points", shown.joined(separator: " ")), ("fill", "none"),
                                      ("stroke", "#1f3a5f"), ("stroke-width", "2.5")])
        if let first = drag.samples.first {
            document.element("text", [("x", svgNumber(layout.x(time: first.time) + 4)), ("y", svgNumber(offsetScale.y(first.offset) + 14)),
                                      ("fill", "#1f3a5f"), ("font-size", "10")], text: "sheet as shown (after resistance)")
        }
        let velocity = drag.samples.map { "\(svgNumber(layout.x(time: $0.time))),\(svgNumber(velocityScale.y($0.velocity)))" }
        document.element("polyline", [("class", "velocity"), ("points", velocity.joined(separator: " ")), ("fill", "none"),
                                      ("stroke", "#117a65"), ("stroke-width", "2")])
        if let ended = drag.ended, let explanation = ended.explanation {
            let x = layout.x(time: ended.time)
            let threshold = offsetScale.y(explanation.threshold)
            document.element("line", [("class", "threshold"), ("x1", svgNumber(layout.x(time: drag.began))), ("x2", svgNumber(layout.plotRight)),
                                      ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", "#c0392b"), ("stroke-dasharray", "6 4")])
            document.element("text", [("x", svgNumber(layout.plotRight - 4)), ("y", svgNumber(threshold - 4)), ("text-anchor", "end"),
                                      ("fill", "#c0392b")], text: "dismiss threshold \(JSONLine.formatNumber(explanation.threshold)) pt")
            // The release's margin, as the decision gives it: from the threshold to the projection.
            let projected = offsetScale.y(explanation.projectedOffset)
            document.open("g", [("class", "projection"), ("data-margin", JSONLine.formatNumber(explanation.margin))])
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(threshold)), ("y2", svgNumber(projected)), ("stroke", "#6c3483"),
                                      ("stroke-width", "2")])
            document.element("circle", [("cx", svgNumber(x)), ("cy", svgNumber(projected)), ("r", "5"), ("fill", "#6c3483")])
            let sign = explanation.margin >= 0 ? "+" : ""
            document.element("text", [("x", svgNumber(x + 8)), ("y", svgNumber(projected + 4)), ("fill", "#6c3483")],
                             text: "projection \(JSONLine.formatNumber(explanation.projectedOffset)) pt, margin \(sign)\(JSONLine.formatNumber(explanation.margin)): \(ended.outcome.rawValue)")
            document.close("g")
            let releaseVelocity = velocityScale.y(explanation.velocity)
            document.element("circle", [("class", "release-velocity"), ("cx", svgNumber(x)), ("cy", svgNumber(releaseVelocity)), ("r", "4"),
                                        ("fill", "#117a65")])
            document.element("text", [("x", svgNumber(x + 6)), ("y", svgNumber(releaseVelocity + 4)), ("fill", "#117a65"), ("font-size", "10")],
                                      text: "release \(JSONLine.formatNumber(explanation.velocity.rounded())) pt/s")
        } else if let ended = drag.ended {
            let x = layout.x(time: ended.time)
            document.element("text", [("x", svgNumber(x + 4)), ("y", svgNumber(offsetScale.y(0) - 4)), ("fill", "#1f3a5f")],
                             text: "drag ended: \(ended.outcome.rawValue)")
        }
        document.close("g")
    }

    private func drawEvents(into document: inout SVGDocument, layout: PlotLayout) {
        let lane = layout.eventsLane
        var rows = LabelRows(count: Int((lane.height - 8) / 13))
        document.open("g", [("id", "events")])
        // Host commands first, so that their labels take the rows nearest the axis.
        for (index, command) in commands.enumerated() {
            let x = layout.x(time: command.time)
            document.open("g", [("class", "command"), ("id", "command-\(index)"), ("data-time", "\(command.time)")])
            document.element("path", [("d", "M\(svgNumber(x)),\(svgNumber(lane.top + lane.height)) l-5,8 h10 z"), ("fill", "#7d3c98")])
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(lane.top)), ("y2", svgNumber(lane.top + lane.height)),
                                      ("stroke", "#7d3c98"), ("stroke-width", "1.5"), ("stroke-dasharray", "2 2")])
            let text = "host: \(command.command.label)"
            let row = rows.place(x: x + 3, width: Double(text.count) * 5.8, limit: layout.plotRight)
            document.element("text", [("x", svgNumber(row.x)), ("y", svgNumber(lane.top + 12 + Double(row.row) * 13)), ("fill", "#7d3c98")], text: text)
            document.close("g")
        }
        for (index, intent) in intents.enumerated() {
            let x = layout.x(time: intent.time)
            document.open("g", [("class", "intent \(intent.typeName)"), ("id", "intent-\(index)"),
                                ("data-line", intent.jsonLine(explain: true).text)])
            if case .dragChanged = intent.kind {
                document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(lane.top)), ("y2", svgNumber(lane.top + 5)),
                                          ("stroke", "#8fa3b8")])
            } else {
                let colour = Self.colour(of: intent)
                document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(lane.top)), ("y2", svgNumber(lane.top + lane.height)),
                                          ("stroke", colour), ("stroke-width", "1.5")])
                let text = intent.label
                let row = rows.place(x: x + 3, width: Double(text.count) * 5.8, limit: layout.plotRight)
                document.element("text", [("x", svgNumber(row.x)), ("y", svgNumber(lane.top + 12 + Double(row.row) * 13)), ("fill", colour)], text: text)
            }
            document.close("g")
        }
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

    private func drawTaps(into document: inout SVGDocument, layout: PlotLayout) {
        let lane = layout.tapsLane
        document.open("g", [("id", "taps")])
        let taps = decisions.filter {
            switch $0.kind {
            case .tapOutside, .grabberTap, .tapTooLong, .grabberTapTooLong: true
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .touchRefused: false
            }
        }
        if taps.isEmpty {
            document.element("text", [("x", svgNumber((layout.plotLeft + layout.plotRight) / 2)), ("y", svgNumber(lane.top + 24)),
                                      ("text-anchor", "middle"), ("fill", "#888888")], text: "no tap")
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
            document.element("rect", [("class", "tap-max-duration"), ("x", svgNumber(x)), ("y", svgNumber(lane.top + 6)),
                                      ("width", svgNumber(layout.x(time: start + limit) - x)), ("height", "14"), ("fill", "none"),
                                      ("stroke", "#888888"), ("stroke-dasharray", "3 2")])
            document.element("rect", [("class", "tap-duration"), ("x", svgNumber(x)), ("y", svgNumber(lane.top + 9)),
                                      ("width", svgNumber(max(1, layout.x(time: decision.time) - x))), ("height", "8"), ("fill", colour)])
            let ms = { (time: Int64) in JSONLine.formatNumber(Double(time) / 1000) }
            document.element("text", [("x", svgNumber(x)), ("y", svgNumber(lane.top + 34)), ("fill", colour), ("font-size", "10")],
                             text: "\(decision.name) \(ms(duration)) ms (tapMaxDuration \(ms(limit)) ms)")
            document.close("g")
        }
        document.close("g")
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
    let plotLeft = 90.0
    let plotRight = 980.0
    let offsetPanel: Band
    let velocityPanel: Band
    let eventsLane: Band
    let tapsLane: Band
    let height: Double
    /// The end of the time axis, a whole number of ticks.
    let endMilliseconds: Double
    let tickStepMilliseconds: Double

    init(scene: Scene, endTime: Int64) {
        let screenSize = scene.screen
        scale = min(620 / max(screenSize.width, 1), 440 / max(screenSize.height, 1))
        screen = Rect(x: 20, y: 44, width: screenSize.width * scale, height: screenSize.height * scale)
        let timelineTop = screen.y + screen.height + 44
        offsetPanel = Band(top: timelineTop, height: 200)
        velocityPanel = Band(top: offsetPanel.top + offsetPanel.height + 26, height: 100)
        eventsLane = Band(top: velocityPanel.top + velocityPanel.height + 26, height: 112)
        tapsLane = Band(top: eventsLane.top + eventsLane.height + 26, height: 40)
        height = (tapsLane.top + tapsLane.height + 44).rounded(.up)
        let span = max(Double(endTime) / 1000, 1)
        let step = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
            .first { span / $0 <= 12 } ?? (span / 12).rounded(.up)
        tickStepMilliseconds = step
        endMilliseconds = (span / step).rounded(.up) * step
    }

    func x(milliseconds: Double) -> Double {
        plotLeft + milliseconds / endMilliseconds * (plotRight - plotLeft)
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

    func y(_ value: Double) -> Double {
        let clamped = min(max(value.isFinite ? value : 0, low), high)
        let fraction = (clamped - low) / (high - low)
        return downward ? top + fraction * height : top + height - fraction * height
    }
}

/// Labels on the screen picture, moved down until they overlap no label placed before.
struct LabelPlacer {
    private var placed: [Rect] = []

    mutating func place(x: Double, y: Double, width: Double) -> (x: Double, y: Double) {
        var box = Rect(x: x, y: y - 10, width: width, height: 13)
        var tries = 0
        while tries < 12, placed.contains(where: { Self.overlap($0, box) }) {
            box.y += 13
            tries += 1
        }
        placed.append(box)
        return (box.x, box.y + 10)
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}

/// Rows of timeline labels: each label takes the first row where it overlaps nothing.
struct LabelRows {
    private var ends: [Double]

    init(count: Int) { ends = Array(repeating: -Double.infinity, count: max(count, 1)) }

    /// The row and x for a label of `width` at `x`, moved left when it would pass `limit`.
    mutating func place(x: Double, width: Double, limit: Double) -> (row: Int, x: Double) {
        let start = min(x, limit - width)
        let row = ends.firstIndex { $0 < start } ?? ends.indices.min { ends[$0] < ends[$1] } ?? 0
        ends[row] = start + width + 6
        return (row, start)
    }
}

/// An SVG (or XML) document written as text, escaped as it goes.
struct SVGDocument {
    private(set) var text = ""
    private var depth = 0

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
