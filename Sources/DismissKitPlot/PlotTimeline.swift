import DismissKit

/// The timeline of a ``RecordingPlot``: the sheet's offset and velocity over time, the intents
/// and host commands, the touches and the taps, each in its panel or lane under one time axis.
extension RecordingPlot {
    /// Draws the timeline's panels and lanes.
    func drawTimeline(into document: inout SVGDocument, layout: PlotLayout, contacts: [Contact], drags: [DragTrace],
                      labels: inout LabelBoard) {
        document.open("g", [("id", "timeline")])
        let offsets = layout.offsetPanel, velocities = layout.velocityPanel
        // A panel with nothing to show is folded into its title, which says so.
        let panels = drags.isEmpty
            ? [(offsets, "offset and velocity: no sheet drag")]
            : [(offsets, "offset below the detent, pt (lower is further down)"), (velocities, "velocity, pt/s (down is positive)")]
        let tapped = layout.tapsLane.height > 0
        for (panel, name) in panels + [(layout.eventsLane, "intents and host commands"),
                                       (layout.touchesLane, "touches, one row each: down to up, thick while it drags a sheet, its decisions marked"),
                                       (layout.tapsLane, tapped ? "tap decisions (outside, on the grabber, held too long) against tapMaxDuration"
                                                                : "tap decisions: none")] {
            if panel.height > 0 {
                document.element("rect", [("x", svgNumber(layout.plotLeft)), ("y", svgNumber(panel.top)), ("width", svgNumber(layout.plotRight - layout.plotLeft)),
                                          ("height", svgNumber(panel.height)), ("fill", PlotPalette.panelFill), ("stroke", PlotPalette.panelBorder)])
            }
            labels.fixed(Label(text: name, colour: PlotPalette.secondaryInk), at: LabelSpot(x: layout.plotLeft + 4, y: panel.top - 4), into: &document)
        }
        drawLegend(into: &document, layout: layout, title: panels[0].1, dragged: !drags.isEmpty, labels: &labels)
        drawTimeAxis(into: &document, layout: layout, labels: &labels)

        // Offsets: the finger's travel, the sheet as shown, the threshold and the projection.
        var values = [0.0]
        for drag in drags {
            values += drag.samples.map { $0.offset }
            if let explanation = drag.ended?.explanation { values += [explanation.threshold, explanation.projectedOffset] }
            if let number = drag.contact, let startY = drag.startY, let contact = contacts.first(where: { $0.number == number }) {
                values += contact.points.map { $0.y - startY }
            }
        }
        let offsetScale = ValueScale(values: values, top: offsets.top, height: offsets.height, downward: true)
        var velocityValues = [0.0]
        for drag in drags {
            velocityValues += drag.samples.map { $0.velocity }
            if let explanation = drag.ended?.explanation { velocityValues.append(explanation.velocity) }
        }
        let velocityScale = ValueScale(values: velocityValues, top: velocities.top, height: velocities.height, downward: false)
        if !drags.isEmpty {
            drawValueAxis(offsetScale, into: &document, layout: layout, labels: &labels)
            drawValueAxis(velocityScale, into: &document, layout: layout, labels: &labels)
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
            // And the release's dots: the projection's and the velocity's.
            if let ended = drag.ended, let explanation = ended.explanation {
                let x = layout.x(time: ended.time)
                labels.avoid(Rect(x: x - 6, y: offsetScale.y(explanation.projectedOffset) - 6, width: 12, height: 12))
                labels.avoid(Rect(x: x - 5, y: velocityScale.y(explanation.velocity) - 5, width: 10, height: 10))
            }
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
    /// The legend of the lines, beside the first panel's title; with no sheet drag, only the
    /// shading of an open question, when there is one.
    private func drawLegend(into document: inout SVGDocument, layout: PlotLayout, title: String, dragged: Bool, labels: inout LabelBoard) {
        let y = layout.offsetPanel.top - 4
        var x = layout.plotLeft + 4 + TextMetrics.width(title, size: 11) + 18
        document.open("g", [("id", "legend")])
        var entries: [(text: String, colour: String, dash: String?, width: String)] = dragged ? [
            ("finger", PlotPalette.absent, "5 3", "1.5"), ("sheet as shown", PlotPalette.sheet, nil, "2.5"), ("dismiss threshold", PlotPalette.threshold, "6 4", "1"),
            ("projection", PlotPalette.projection, nil, "2"),
        ] : []
        if !questionSpans.isEmpty { entries.append(("question open", PlotPalette.questionOpen, nil, "8")) }
        for entry in entries {
            var attributes = [("x1", svgNumber(x)), ("x2", svgNumber(x + 18)), ("y1", svgNumber(y - 4)), ("y2", svgNumber(y - 4)),
                              ("stroke", entry.colour), ("stroke-width", entry.width)]
            if let dash = entry.dash { attributes.append(("stroke-dasharray", dash)) }
            document.element("line", attributes)
            labels.fixed(Label(text: entry.text, size: 10, colour: PlotPalette.legendInk), at: LabelSpot(x: x + 22, y: y), into: &document)
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
                                      ("fill", PlotPalette.questionOpen), ("fill-opacity", "0.35")])
        }
    }

    private func drawTimeAxis(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let bottom = layout.tapsLane.top + layout.tapsLane.height
        let step = layout.tickStepMilliseconds
        document.open("g", [("class", "time-axis"), ("id", "time-axis")])
        func tick(_ milliseconds: Double) {
            let x = layout.x(milliseconds: milliseconds)
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(layout.offsetPanel.top)), ("y2", svgNumber(bottom)),
                                      ("stroke", PlotPalette.gridLine)])
            document.element("line", [("class", "tick"), ("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(bottom)), ("y2", svgNumber(bottom + 4)),
                                      ("stroke", PlotPalette.secondaryInk)])
            labels.place(Label(text: JSONLine.formatNumber((milliseconds * 10).rounded() / 10), colour: PlotPalette.secondaryInk, attributes: [("class", "tick-label")]),
                         at: [LabelSpot(x: x, y: bottom + 15, anchor: .middle)], into: &document, noting: false)
        }
        labels.fixed(Label(text: layout.segments.count > 1 ? "time, ms from the first event (hatched: a gap with nothing in it, drawn narrow)"
                                                           : "time, ms from the first event", colour: PlotPalette.secondaryInk),
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
                labels.place(Label(text: "+\(Figure.duration(skipped))", size: 9, colour: PlotPalette.faintInk,
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
                                      ("stroke", PlotPalette.valueGridLine)])
            document.element("line", [("class", "tick"), ("x1", svgNumber(layout.plotLeft - 4)), ("x2", svgNumber(layout.plotLeft)),
                                      ("y1", svgNumber(y)), ("y2", svgNumber(y)), ("stroke", PlotPalette.secondaryInk)])
            labels.fixed(Label(text: JSONLine.formatNumber(value), size: 10, colour: PlotPalette.secondaryInk),
                         at: LabelSpot(x: layout.plotLeft - 6, y: y + 3.5, anchor: .end), into: &document)
        }
        let zero = scale.y(0)
        document.element("line", [("x1", svgNumber(layout.plotLeft)), ("x2", svgNumber(layout.plotRight)), ("y1", svgNumber(zero)), ("y2", svgNumber(zero)),
                                  ("stroke", PlotPalette.zeroLine)])
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
            let colour = PlotPalette.colour(ofContact: contact.number)
            document.element("polyline", [("class", "travel"), ("points", points(lines.travel)), ("fill", "none"),
                                          ("stroke", colour), ("stroke-width", "1.5"), ("stroke-dasharray", "5 3")])
            offsetLabels.place(Label(text: "touch \(contact.number + 1)", size: 10, colour: colour), at: LabelSpot.around(x: last.x, y: last.y, gap: 5, rows: 3),
                               into: &document, noting: false)
        }
        document.element("polyline", [("class", "sheet-offset"), ("points", points(lines.shown)), ("fill", "none"),
                                      ("stroke", PlotPalette.sheet), ("stroke-width", "2.5")])
        document.element("polyline", [("class", "velocity"), ("points", points(lines.velocity)), ("fill", "none"),
                                      ("stroke", PlotPalette.velocity), ("stroke-width", "2")])
        if let ended = drag.ended, let explanation = ended.explanation {
            let x = layout.x(time: ended.time)
            let threshold = offsetScale.y(explanation.threshold)
            // Each sheet's threshold once: the release figures come from the decision's explanation.
            if !thresholds.contains(where: { $0.presentation == names.name(of: drag.presentation) && abs($0.value - explanation.threshold) < 0.5 }) {
                thresholds.append((names.name(of: drag.presentation), explanation.threshold))
                document.element("line", [("class", "threshold"), ("x1", svgNumber(max(layout.x(time: drag.began), layout.plotLeft))), ("x2", svgNumber(layout.plotRight)),
                                          ("y1", svgNumber(threshold)), ("y2", svgNumber(threshold)), ("stroke", PlotPalette.threshold), ("stroke-dasharray", "6 4")])
                let text = "dismiss threshold \(Figure.points(explanation.threshold)) pt"
                offsetLabels.place(Label(text: text, colour: PlotPalette.threshold, hover: "dismiss threshold \(JSONLine.formatNumber(explanation.threshold)) pt"),
                                   at: [LabelSpot(x: layout.plotRight - 4, y: threshold - 4, anchor: .end), LabelSpot(x: layout.plotRight - 4, y: threshold + 13, anchor: .end),
                                        LabelSpot(x: layout.plotLeft + 4, y: threshold - 4), LabelSpot(x: layout.plotLeft + 4, y: threshold + 13)],
                                   into: &document)
            }
            // The release's margin, as the decision gives it: from the threshold to the projection.
            let projected = offsetScale.y(explanation.projectedOffset)
            document.open("g", [("class", "projection"), ("data-margin", JSONLine.formatNumber(explanation.margin))])
            document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(threshold)), ("y2", svgNumber(projected)), ("stroke", PlotPalette.projection),
                                      ("stroke-width", "2")])
            document.element("circle", [("cx", svgNumber(x)), ("cy", svgNumber(projected)), ("r", "5"), ("fill", PlotPalette.projection)])
            let text = "projection \(Figure.points(explanation.projectedOffset)) pt, margin \(Figure.signedPoints(explanation.margin)): \(ended.outcome.rawValue)"
            let sign = explanation.margin >= 0 ? "+" : ""
            let precise = "projection \(JSONLine.formatNumber(explanation.projectedOffset)) pt, margin \(sign)\(JSONLine.formatNumber(explanation.margin)) pt"
            offsetLabels.place(Label(text: text, colour: PlotPalette.projection, attributes: [("class", "projection-label")], hover: precise,
                                     note: "\(Figure.milliseconds(ended.time)) ms: \(text)",
                                     short: "\(Figure.points(explanation.projectedOffset)) pt: \(ended.outcome.rawValue)"),
                               at: LabelSpot.around(x: x, y: projected, gap: 8, rows: 5), into: &document)
            document.close("g")
            labels.adopt(offsetLabels)
            var velocityLabels = labels.within(velocityBounds)
            let releaseVelocity = velocityScale.y(explanation.velocity)
            document.element("circle", [("class", "release-velocity"), ("cx", svgNumber(x)), ("cy", svgNumber(releaseVelocity)), ("r", "4"),
                                        ("fill", PlotPalette.velocity)])
            let velocityText = "release \(Figure.velocity(explanation.velocity)) pt/s"
            velocityLabels.place(Label(text: velocityText, size: 10, colour: PlotPalette.velocity, hover: "release \(JSONLine.formatNumber(explanation.velocity)) pt/s",
                                       note: "\(Figure.milliseconds(ended.time)) ms: \(velocityText)", short: "\(Figure.velocity(explanation.velocity)) pt/s"),
                                 at: LabelSpot.around(x: x, y: releaseVelocity, gap: 7, rows: 3), into: &document)
            labels.adopt(velocityLabels)
        } else {
            if let ended = drag.ended {
                let x = layout.x(time: ended.time)
                let text = "drag ended: \(ended.outcome.rawValue)"
                offsetLabels.place(Label(text: text, colour: PlotPalette.sheet, note: "\(Figure.milliseconds(ended.time)) ms: \(text)"),
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
        /// The places for a label, row by row, right of its mark then left; `stacked` (a mark at
        /// the time of the one before): down the right side first, so that the marks of one
        /// time read in their order, top to bottom.
        func spots(x: Double, text: String, stacked: Bool = false) -> [LabelSpot] {
            let width = TextMetrics.width(text, size: 11)
            let right = (0..<rows).map { LabelSpot(x: min(x + 3, layout.plotRight - 2 - width), y: lane.top + 12 + Double($0) * 13) }
            let left = (0..<rows).map { LabelSpot(x: x - 3, y: lane.top + 12 + Double($0) * 13, anchor: .end) }
            return stacked ? right + left : zip(right, left).flatMap { [$0, $1] }
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
        func mark(_ label: Label, x: Double, fromTop: Bool, colour: String, dash: String?, stacked: Bool = false) {
            var spots = spots(x: x, text: label.text, stacked: stacked)
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
            document.element("path", [("d", "M\(svgNumber(x)),\(svgNumber(bottom)) l-5,8 h10 z"), ("fill", PlotPalette.hostCommand)])
            let text = "host: \(command.command.label)"
            let kind = command.command.label.prefix { $0 != " " }
            mark(Label(text: compact ? "host: \(kind)" : text, colour: PlotPalette.hostCommand, hover: compact ? text : nil,
                       note: "\(Figure.milliseconds(command.time)) ms: \(text)"), x: x, fromTop: false,
                 colour: PlotPalette.hostCommand, dash: "2 2")
            document.close("g")
        }
        var lastMarked: Int64?
        for (index, intent) in intents.enumerated() {
            let x = layout.x(time: intent.time)
            document.open("g", [("class", "intent \(intent.typeName)"), ("id", "intent-\(index)"),
                                ("data-line", intent.jsonLine(explain: true, names: names).text)])
            if intent.isStep {
                // A step: a tick on the lane's lower edge, under the labels' rows.
                document.element("line", [("x1", svgNumber(x)), ("x2", svgNumber(x)), ("y1", svgNumber(bottom - 5)), ("y2", svgNumber(bottom)),
                                          ("stroke", PlotPalette.laneLine)])
            } else {
                document.element("title", [], text: intent.jsonLine(explain: true, names: names).text)
                let colour = Self.colour(of: intent)
                let text = intent.label
                mark(Label(text: compact ? intent.shortLabel : text, colour: colour, hover: compact ? text : nil,
                           note: "\(Figure.milliseconds(intent.time)) ms: \(text)"), x: x, fromTop: true,
                     colour: colour, dash: nil, stacked: lastMarked == intent.time)
                lastMarked = intent.time
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
            labels.place(Label(text: "no touch", colour: PlotPalette.absent),
                         at: [LabelSpot(x: (layout.plotLeft + layout.plotRight) / 2, y: lane.top + 15, anchor: .middle)], into: &rowLabels)
        }
        let clamp = { (x: Double) in min(max(x, layout.plotLeft), layout.plotRight) }
        for (row, contact) in contacts.enumerated() {
            let y = lane.top + 4 + (Double(row) + 0.5) * PlotLayout.touchRowHeight
            let colour = PlotPalette.colour(ofContact: contact.number)
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
                    document.element("circle", [("cx", svgNumber(point.x)), ("cy", svgNumber(point.y)), ("r", "4"), ("fill", PlotPalette.paper),
                                                ("stroke", markColour), ("stroke-width", "2")])
                case .crossAxis, .tapMovedPastSlop, .tapTooLong, .grabberTapTooLong, .secondContact, .keyboardTouch, .touchRefused:
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
        case .dragBegan, .dragChanged, .dragEnded, .dragHandedBack, .setDetent, .contentScrolled: PlotPalette.sheet
        case .passthroughTap: PlotPalette.passthrough
        case .confirmationRequested, .hideKeyboard, .idleWarning: PlotPalette.question
        case .save: PlotPalette.save
        case .dismiss, .idleReset: PlotPalette.dismissal
        case .cancelled, .idleCancelled: PlotPalette.cancelled
        case .rejected: PlotPalette.refused
        }
    }

    private func drawTaps(into document: inout SVGDocument, layout: PlotLayout, labels: inout LabelBoard) {
        let lane = layout.tapsLane
        var laneLabels = labels.within(Rect(x: layout.plotLeft, y: lane.top, width: layout.plotRight - layout.plotLeft, height: lane.height))
        document.open("g", [("id", "taps")])
        guard !tapDecisions.isEmpty else {
            document.close("g")
            return
        }
        for (index, decision) in decisions.enumerated() {
            let duration: Int64, limit: Int64, tapped: Bool
            switch decision.kind {
            case .tapOutside(let d, let l), .grabberTap(let d, let l): (duration, limit, tapped) = (d, l, true)
            case .tapTooLong(let d, let l), .grabberTapTooLong(let d, let l): (duration, limit, tapped) = (d, l, false)
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .keyboardTouch, .touchRefused: continue
            }
            let start = decision.time - duration
            let x = layout.x(time: start)
            let colour = tapped ? PlotPalette.taken : PlotPalette.refused
            document.open("g", [("class", "tap \(decision.name)"), ("id", "tap-\(index)")])
            document.element("title", [], text: decision.jsonLine(names: names).text)
            document.element("rect", [("class", "tap-max-duration"), ("x", svgNumber(x)), ("y", svgNumber(lane.top + 6)),
                                      ("width", svgNumber(layout.x(time: start + limit) - x)), ("height", "14"), ("fill", "none"),
                                      ("stroke", PlotPalette.absent), ("stroke-dasharray", "3 2")])
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
