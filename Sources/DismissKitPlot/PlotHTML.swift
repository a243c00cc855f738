import DismissKit

/// The HTML page of a ``RecordingPlot``: one self-contained file (no network, no other files)
/// with the SVG and a scrubber that steps through time, moving the sheets as they were shown,
/// the contacts' fingers and a cursor on the timeline, and listing what was decided so far; its
/// timeline zooms in around the cursor or the pointer.
extension RecordingPlot {
    /// The page. Opened with `#t=<µs>` in its address, it starts at that time; `&press=<id>,…`
    /// then presses those controls in turn (the tests use it). A script error is written into
    /// the page (`data-error` on `body`), so a headless browser's DOM shows it.
    public func html() -> String {
        var document = SVGDocument()
        draw(into: &document, interactive: true)
        let layout = layout(contacts: contacts)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(xmlEscaped(title))</title>
            <style>
            body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 12px; color: #222; }
            #controls { position: sticky; top: 0; background: #fff; padding: 6px 0; font-size: 14px; z-index: 1; border-bottom: 1px solid #ccd; }
            #controls button, #controls select { font-size: 14px; }
            #scrubber { width: 520px; vertical-align: middle; }
            #decision-list { font-size: 12px; max-height: 132px; overflow-y: auto; margin: 6px 0 0; padding-left: 2.6em; }
            #decision-list li.past { color: #555; }
            #decision-list li.current { color: #000; font-weight: bold; background: #fdebd0; }
            #decision-list li.future { color: #aab; }
            .presentation.away text { display: none; }
            #screen .later { opacity: 0.12; }
            #timeline-data :is(line, polyline, rect), #touch-marks line { vector-effect: non-scaling-stroke; }
            #note { position: fixed; display: none; max-width: 640px; background: #ffffe8; border: 1px solid #998; padding: 4px 6px;
                    font: 11px "DejaVu Sans Mono", monospace; white-space: pre-wrap; word-break: break-all; pointer-events: none; z-index: 2; }
            </style>
            </head>
            <body>
            <div id="controls">
            <button type="button" id="previous" title="previous decision (←)">◀ previous</button>
            <button type="button" id="play" title="play or pause (space)">play</button>
            <button type="button" id="next" title="next decision (→)">next ▶</button>
            <label for="speed">speed</label>
            <select id="speed"><option value="1">1×</option><option value="0.5">0.5×</option><option value="0.25">0.25×</option><option value="0.1">0.1×</option></select>
            <label for="scrubber">time</label>
            <input type="range" id="scrubber" min="\(startTime)" max="\(max(endTime, startTime + 1))" step="1" value="\(startTime)">
            <output id="time" for="scrubber">0 ms</output>
            <span id="zoom-controls">timeline
            <button type="button" id="zoom-in" title="zoom in on the timeline, around the time cursor (+; ctrl and the wheel, or a pinch, around the pointer)">+</button>
            <button type="button" id="zoom-out" title="zoom out (−)">−</button>
            <button type="button" id="zoom-reset" title="the whole timeline again (0)">whole</button>
            <output id="zoom">1×</output></span>
            <ol id="decision-list"></ol>
            </div>
            \(document.text)<div id="note"></div>
            <script>
            "use strict";
            window.addEventListener("error", (event) => { document.body.dataset.error = String(event.message); });
            const plot = \(scriptData(layout: layout));
            \(Self.script)
            </script>
            </body>
            </html>

            """
    }

    /// The page's data, as a JavaScript object literal.
    private func scriptData(layout: PlotLayout) -> String {
        let number = { (value: Double) in JSONLine.formatNumber(value) }
        let tracks = scene.presentations.map { presentation in
            let steps = positions(of: presentation).map { "[\($0.time),\(number($0.offset)),\($0.presented)]" }
            return "\(jsString(presentation.id)):[\(steps.joined(separator: ","))]"
        }
        let contactPaths = contacts.map { contact in
            let points = contact.points.map { point -> String in
                let onScreen = layout.onScreen(x: point.x, y: point.y)
                return "[\(point.time),\(svgNumber(onScreen.x)),\(svgNumber(onScreen.y))]"
            }
            return "{\"end\":\(contact.endTime),\"colour\":\(jsString(PlotPalette.colour(ofContact: contact.number))),\"points\":[\(points.joined(separator: ","))]}"
        }
        // A host command comes before what it caused; a decision before its intents.
        var events: [(time: Int64, text: String, line: String)] = commands.map { ($0.time, "host: \($0.command.label)", "") }
        events += decisions.map { ($0.time, Self.describe($0).0, $0.jsonLine(names: names).text) }
        for intent in intents {
            if intent.isStep { continue }
            events.append((intent.time, intent.label, intent.jsonLine(explain: true, names: names).text))
        }
        let ordered = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { "[\($0.element.time),\(jsString("\(Figure.milliseconds($0.element.time)) ms  \($0.element.text)")),\(jsString($0.element.line))]" }
        let questions = questionSpans.map { "[\($0.start),\($0.end),\(jsString($0.presentation)),\(jsString($0.source)),\(jsString($0.choices.joined(separator: " · ")))]" }
        let screen = layout.screen
        return """
            {"scale":\(number(layout.scale)),"left":\(number(layout.plotLeft)),"right":\(number(layout.plotRight)),\
            "segments":[\(layout.segments.map { "[\(number($0.start)),\(number($0.end)),\(svgNumber($0.left)),\(svgNumber($0.right))]" }.joined(separator: ","))],"tracks":{\(tracks.joined(separator: ","))},\
            "screen":[\(svgNumber(screen.x)),\(svgNumber(screen.y)),\(svgNumber(screen.width)),\(svgNumber(screen.height))],\
            "contacts":[\(contactPaths.joined(separator: ","))],"events":[\(ordered.joined(separator: ","))],"questions":[\(questions.joined(separator: ","))]}
            """
    }

    /// Moves everything to the scrubber's time, plays, steps from decision to decision, zooms
    /// the timeline, and shows an element's explain line on hover.
    private static let script = """
        (() => {
          const svg = "http://www.w3.org/2000/svg";
          const scrubber = document.getElementById("scrubber");
          const timeLabel = document.getElementById("time");
          const cursor = document.getElementById("cursor");
          const list = document.getElementById("decision-list");
          const playButton = document.getElementById("play");
          const speed = document.getElementById("speed");
          const note = document.getElementById("note");
          const contactsGroup = document.getElementById("contacts");
          const element = (name, attributes) => {
            const made = document.createElementNS(svg, name);
            for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
            return made;
          };
          const fingers = plot.contacts.map((contact) => {
            const trail = element("polyline", {fill: "none", stroke: contact.colour, "stroke-width": "6", "stroke-opacity": "0.35",
                                               "stroke-linecap": "round", "stroke-linejoin": "round", class: "trail"});
            const dot = element("circle", {r: "9", fill: contact.colour, "fill-opacity": "0.6", class: "finger"});
            contactsGroup.append(trail, dot);
            return {dot, trail};
          });
          // The question, as the kiosk shows it: a dialog over the screen, where it hides no label
          // (placeDialog: the middle, else the nearest place to it that is free, else the one
          // that hides the fewest).
          const [sx, sy, sw, sh] = plot.screen;
          const dialog = element("g", {id: "question-dialog", display: "none"});
          const card = element("rect", {width: 260, height: 90, rx: 10, fill: "\(PlotPalette.paper)", stroke: "\(PlotPalette.question)",
                                        "stroke-width": "2"});
          dialog.append(element("rect", {x: sx, y: sy, width: sw, height: sh, fill: "\(PlotPalette.dimming)", "fill-opacity": "0.25"}), card);
          const question = element("text", {"text-anchor": "middle", "font-weight": "bold"});
          const asked = element("text", {"text-anchor": "middle", "font-size": "10", fill: "\(PlotPalette.secondaryInk)"});
          const choices = element("text", {"text-anchor": "middle", fill: "\(PlotPalette.dragStart)"});
          const placeDialog = () => {
            const screenGroup = document.getElementById("screen");
            const matrix = screenGroup.getScreenCTM();
            const labels = [...screenGroup.querySelectorAll("text")].filter((text) => !dialog.contains(text))
              .map((text) => text.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
            const covered = (x, y) => {
              const a = new DOMPoint(x, y).matrixTransform(matrix), b = new DOMPoint(x + 260, y + 90).matrixTransform(matrix);
              return labels.filter((box) => !(box.right <= a.x || box.left >= b.x || box.bottom <= a.y || box.top >= b.y)).length;
            };
            // Every place on a 10-pixel grid, the middle first, then by distance from it.
            const middle = [sx + sw / 2 - 130, sy + sh / 2 - 45];
            const places = [];
            for (let x = sx + 10; x <= sx + sw - 270; x += 10) {
              for (let y = sy + 10; y <= sy + sh - 100; y += 10) places.push([x, y]);
            }
            places.sort((p, q) => Math.hypot(p[0] - middle[0], p[1] - middle[1]) - Math.hypot(q[0] - middle[0], q[1] - middle[1]));
            places.unshift(middle);
            const [x, y] = places.find(([x, y]) => covered(x, y) === 0)
              || places.reduce((best, place) => covered(...place) < covered(...best) ? place : best, middle);
            card.setAttribute("x", x);
            card.setAttribute("y", y);
            [[question, 33], [asked, 55], [choices, 75]].forEach(([text, down]) => {
              text.setAttribute("x", x + 130);
              text.setAttribute("y", y + down);
            });
          };
          dialog.append(question, asked, choices);
          document.getElementById("screen").appendChild(dialog);
          const items = plot.events.map((event) => {
            const item = document.createElement("li");
            item.textContent = event[1];
            if (event[2]) item.title = event[2];
            list.appendChild(item);
            return item;
          });
          const last = (steps, time) => {
            let found = null;
            for (const step of steps) { if (step[0] <= time) found = step; else break; }
            return found;
          };
          // As PlotLayout places a time (ms): in a segment to its scale, in a gap pro rata.
          const timeX = (ms) => {
            const segments = plot.segments;
            const within = (s) => s[2] + (s[1] > s[0] ? (ms - s[0]) * (s[3] - s[2]) / (s[1] - s[0]) : 0);
            if (ms <= segments[0][0] || segments.length === 1) return within(segments[0]);
            for (let i = 1; i < segments.length; i++) {
              const s = segments[i], before = segments[i - 1];
              if (ms <= before[1]) return within(before);
              if (ms < s[0]) return before[3] + (ms - before[1]) / (s[0] - before[1]) * (s[2] - before[3]);
              if (ms <= s[1] || i === segments.length - 1) return within(s);
            }
            return plot.right;
          };
          // The timeline's zoom: an original x is drawn at left + (x - view) × zoom. The data
          // groups stretch along x (their strokes do not), while their texts, dots and marks keep
          // their shape at the stretched place of their x. The axis is ticked anew for what is shown.
          // (Each group's contents move into an inner group that is transformed, so that the
          // group's clip stays where it is.)
          const zoomed = ["timeline-data", "touch-marks"].map((id) => {
            const group = document.getElementById(id), inner = element("g", {class: "zoomed"});
            inner.append(...group.childNodes);
            group.append(inner);
            return inner;
          });
          const keepShape = zoomed.flatMap((group) => [...group.querySelectorAll("text, circle, path")]).map((shape) => {
            const box = shape.getBBox();
            const anchor = shape.tagName === "text" ? Number(shape.getAttribute("x")) : shape.tagName === "circle" ? Number(shape.getAttribute("cx"))
                                                                                : box.x + box.width / 2;
            return [shape, anchor];
          });
          const staticAxis = document.getElementById("time-axis");
          const zoomAxis = element("g", {id: "zoom-axis", display: "none"});
          document.getElementById("timeline-data").before(zoomAxis);
          const zoomLabel = document.getElementById("zoom");
          const plotWidth = plot.right - plot.left;
          const bottom = Number(cursor.getAttribute("y2"));
          const top = Number(cursor.getAttribute("y1"));
          let zoom = 1, view = plot.left;
          const zoomX = (x) => plot.left + (x - view) * zoom;
          // The time (ms) an original x stands for: the inverse of timeX.
          const timeAt = (x) => {
            const segments = plot.segments;
            for (let i = 0; i < segments.length; i++) {
              const s = segments[i];
              if (x <= s[3] || i === segments.length - 1) {
                if (x >= s[2] || i === 0) return s[3] > s[2] ? s[0] + (x - s[2]) * (s[1] - s[0]) / (s[3] - s[2]) : s[0];
                const before = segments[i - 1];
                return before[1] + (x - before[3]) / (s[2] - before[3]) * (s[0] - before[1]);
              }
            }
            return segments[segments.length - 1][1];
          };
          const decimals = (step) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
          const drawZoomAxis = () => {
            zoomAxis.replaceChildren();
            const from = view, to = view + plotWidth / zoom;
            const shown = plot.segments.map((s) => [Math.max(s[2], from), Math.min(s[3], to), s]).filter(([a, b]) => b > a);
            const span = shown.reduce((sum, [a, b]) => sum + timeAt(b) - timeAt(a), 0);
            const step = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000]
              .find((candidate) => span / candidate <= 10) || 100000;
            let lastLabel = -Infinity;
            for (const [a, b] of shown) {
              for (let count = Math.ceil(timeAt(a) / step - 1e-9); count * step <= timeAt(b) + step * 1e-6; count++) {
                const x = zoomX(timeX(count * step));
                zoomAxis.append(element("line", {x1: x, x2: x, y1: top, y2: bottom, stroke: "\(PlotPalette.gridLine)"}),
                                element("line", {class: "tick", x1: x, x2: x, y1: bottom, y2: bottom + 4, stroke: "\(PlotPalette.secondaryInk)"}));
                if (x - lastLabel < 60) continue;
                const label = element("text", {class: "tick-label", x: x, y: bottom + 15, "text-anchor": "middle", fill: "\(PlotPalette.secondaryInk)"});
                label.textContent = (count * step).toFixed(decimals(step));
                zoomAxis.append(label);
                lastLabel = x;
              }
            }
            for (let i = 1; i < plot.segments.length; i++) {
              const x = zoomX((plot.segments[i - 1][3] + plot.segments[i][2]) / 2);
              if (x < plot.left || x > plot.right) continue;
              const skipped = plot.segments[i][0] - plot.segments[i - 1][1];
              const label = element("text", {x: x, y: bottom + 29, "text-anchor": "middle", "font-size": "9", fill: "\(PlotPalette.faintInk)"});
              label.textContent = "+" + (skipped < 1000 ? Math.round(skipped) + " ms" : (skipped / 1000).toFixed(1) + " s");
              zoomAxis.append(label);
            }
            // What the axis shown says, for a test to read.
            const labels = (zoom === 1 ? staticAxis : zoomAxis).querySelectorAll(".tick-label");
            document.body.dataset.view = timeAt(from).toFixed(1) + "-" + timeAt(to).toFixed(1);
            document.body.dataset.ticks = [...labels].map((label) => label.textContent).join(" ");
          };
          const applyZoom = () => {
            view = Math.min(Math.max(view, plot.left), plot.right - plotWidth / zoom);
            const matrix = "matrix(" + zoom + " 0 0 1 " + (plot.left - view * zoom) + " 0)";
            for (const group of zoomed) {
              if (zoom === 1) group.removeAttribute("transform"); else group.setAttribute("transform", matrix);
            }
            for (const [shape, anchor] of keepShape) {
              if (zoom === 1) shape.removeAttribute("transform");
              else shape.setAttribute("transform", "translate(" + anchor + " 0) scale(" + 1 / zoom + " 1) translate(" + -anchor + " 0)");
            }
            staticAxis.style.display = zoom === 1 ? "" : "none";
            zoomAxis.setAttribute("display", zoom === 1 ? "none" : "inline");
            drawZoomAxis();
            zoomLabel.textContent = (zoom < 10 ? zoom.toFixed(1) : zoom.toFixed(0)) + "×";
            document.body.dataset.zoom = String(Math.round(zoom * 100) / 100);
          };
          // Zooms by `factor` keeping the original x `around` where it is drawn; around the time
          // cursor, it brings the cursor into view.
          const zoomBy = (factor, around, aroundCursor = true) => {
            const drawn = zoomX(around);
            zoom = Math.min(Math.max(zoom * factor, 1), 256);
            view = around - (drawn - plot.left) / zoom;
            applyZoom();
            if (aroundCursor) follow(cursorX());
            placeCursor();
          };
          // While zoomed, the view follows the time cursor: one that leaves it is brought back in.
          const follow = (x) => {
            if (zoom === 1) return;
            const drawn = zoomX(x);
            if (drawn < plot.left || drawn > plot.right) { view = x - plotWidth / zoom * 0.1; applyZoom(); }
          };
          const cursorX = () => timeX(Number(scrubber.value) / 1000);
          const placeCursor = () => {
            const x = zoomX(cursorX());
            cursor.setAttribute("x1", x.toFixed(1));
            cursor.setAttribute("x2", x.toFixed(1));
            // (Moved along the zoomed timeline away from it, the cursor is out of view.)
            cursor.style.display = x < plot.left - 0.5 || x > plot.right + 0.5 ? "none" : "";
          };
          let shownCurrent = -1;
          const laterMarks = [...document.querySelectorAll("#screen .contact, #screen .decision, #screen .passthrough-tap")];
          const show = (time) => {
            for (const [id, track] of Object.entries(plot.tracks)) {
              const step = last(track, time) || track[0];
              const sheet = document.getElementById("presentation-" + id);
              const backdrop = document.getElementById("backdrop-" + id);
              if (sheet) {
                sheet.setAttribute("transform", "translate(0," + (step[1] * plot.scale).toFixed(1) + ")");
                sheet.style.display = step[2] ? "" : "none";
                // Its labels tell the starting scene: away from where it started, they would lie on others.
                sheet.classList.toggle("away", Math.abs(step[1] * plot.scale) >= 0.5);
              }
              if (backdrop) backdrop.style.display = step[2] ? "" : "none";
            }
            plot.contacts.forEach((contact, index) => {
              const point = last(contact.points, time);
              const down = point !== null && time <= contact.end;
              fingers[index].dot.style.display = down ? "" : "none";
              fingers[index].trail.style.display = down ? "" : "none";
              if (down) {
                fingers[index].dot.setAttribute("cx", point[1]);
                fingers[index].dot.setAttribute("cy", point[2]);
                const recent = contact.points.filter((p) => p[0] <= time && p[0] >= time - 300000);
                fingers[index].trail.setAttribute("points", recent.map((p) => p[1] + "," + p[2]).join(" "));
              }
            });
            // What has not happened yet on the screen (contacts, decisions, pass-through taps) is dimmed.
            for (const mark of laterMarks) mark.classList.toggle("later", Number(mark.dataset.time) > time);
            const open = plot.questions.find((q) => q[0] <= time && time < q[1]);
            dialog.setAttribute("display", open ? "inline" : "none");
            if (open) {
              placeDialog();
              question.textContent = "Discard changes to " + open[2] + "?";
              asked.textContent = "asked by " + open[3];
              choices.textContent = open[4];
            }
            follow(timeX(time / 1000));
            placeCursor();
            let current = -1;
            plot.events.forEach((event, index) => { if (event[0] <= time) current = index; });
            items.forEach((item, index) => {
              item.className = index < current ? "past" : index === current ? "current" : "future";
            });
            if (current !== shownCurrent && current >= 0) items[current].scrollIntoView({block: "nearest"});
            shownCurrent = current;
            timeLabel.textContent = (time / 1000).toFixed(1) + " ms";
            document.body.dataset.time = String(time);
            document.body.dataset.current = String(current);
          };
          const moveTo = (time) => {
            scrubber.value = String(Math.min(Math.max(time, Number(scrubber.min)), Number(scrubber.max)));
            show(Number(scrubber.value));
          };
          const times = [...new Set(plot.events.map((event) => event[0]))];
          const previous = () => {
            const now = Number(scrubber.value);
            const earlier = times.filter((t) => t < now);
            moveTo(earlier.length ? earlier[earlier.length - 1] : Number(scrubber.min));
          };
          const next = () => {
            const now = Number(scrubber.value);
            const later = times.find((t) => t > now);
            moveTo(later === undefined ? Number(scrubber.max) : later);
          };
          let playing = null;
          const pause = () => {
            if (playing !== null) cancelAnimationFrame(playing);
            playing = null;
            playButton.textContent = "play";
            document.body.dataset.playing = "false";
          };
          const play = () => {
            if (Number(scrubber.value) >= Number(scrubber.max)) moveTo(Number(scrubber.min));
            let before = null;
            const frame = (now) => {
              if (before !== null) moveTo(Number(scrubber.value) + (now - before) * 1000 * Number(speed.value));
              before = now;
              if (Number(scrubber.value) >= Number(scrubber.max)) { pause(); return; }
              playing = requestAnimationFrame(frame);
            };
            playing = requestAnimationFrame(frame);
            playButton.textContent = "pause";
            document.body.dataset.playing = "true";
          };
          const toggle = () => { if (playing === null) play(); else pause(); };
          document.getElementById("previous").addEventListener("click", previous);
          document.getElementById("next").addEventListener("click", next);
          playButton.addEventListener("click", toggle);
          speed.addEventListener("change", () => { document.body.dataset.speed = speed.value; });
          scrubber.addEventListener("input", () => show(Number(scrubber.value)));
          document.addEventListener("keydown", (event) => {
            if (event.key === "ArrowLeft") { event.preventDefault(); previous(); }
            else if (event.key === "ArrowRight") { event.preventDefault(); next(); }
            else if (event.key === " ") { event.preventDefault(); toggle(); }
            else if (event.key === "+" || event.key === "=") { event.preventDefault(); zoomBy(2, cursorX()); }
            else if (event.key === "-" || event.key === "−") { event.preventDefault(); zoomBy(0.5, cursorX()); }
            else if (event.key === "0") { event.preventDefault(); zoomBy(0, cursorX()); }
          });
          document.getElementById("zoom-in").addEventListener("click", () => zoomBy(2, cursorX()));
          document.getElementById("zoom-out").addEventListener("click", () => zoomBy(0.5, cursorX()));
          document.getElementById("zoom-reset").addEventListener("click", () => zoomBy(0, cursorX()));
          // Over the timeline: ctrl and the wheel (a touchpad's pinch arrives so) zoom around the
          // pointer; shift and the wheel, or a sideways wheel, move along it.
          const picture = document.getElementById("plot");
          const pointerAt = (event) => new DOMPoint(event.clientX, event.clientY).matrixTransform(picture.getScreenCTM().inverse());
          picture.addEventListener("wheel", (event) => {
            const point = pointerAt(event);
            if (point.x < plot.left || point.x > plot.right || point.y < top || point.y > bottom) return;
            if (event.ctrlKey) {
              event.preventDefault();
              zoomBy(Math.exp(-event.deltaY / 300), view + (point.x - plot.left) / zoom, false);
            } else if (zoom > 1 && (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY))) {
              event.preventDefault();
              view += (event.shiftKey ? event.deltaY : event.deltaX) / zoom;
              applyZoom();
              placeCursor();
            }
          }, {passive: false});
          // A click on the timeline moves the time there.
          picture.addEventListener("click", (event) => {
            const point = pointerAt(event);
            if (point.x < plot.left || point.x > plot.right || point.y < top || point.y > bottom) return;
            moveTo(Math.round(timeAt(view + (point.x - plot.left) / zoom) * 1000));
          });
          // Hover: the explain line of the decision or intent under the pointer.
          document.getElementById("plot").addEventListener("mousemove", (event) => {
            const owner = event.target.closest ? event.target.closest("[data-line]") : null;
            if (!owner) { note.style.display = "none"; return; }
            note.textContent = owner.getAttribute("data-line");
            note.style.left = (event.clientX + 14) + "px";
            note.style.top = (event.clientY + 14) + "px";
            note.style.display = "block";
          });
          const start = /^#t=(\\d+)(?:&press=([a-z,-]+))?$/.exec(window.location.hash);
          if (start) scrubber.value = start[1];
          applyZoom();
          show(Number(scrubber.value));
          if (start && start[2]) {
            for (const id of start[2].split(",")) {
              if (id === "speed") { speed.selectedIndex = (speed.selectedIndex + 1) % speed.options.length; speed.dispatchEvent(new Event("change")); }
              else document.getElementById(id).click();
            }
          }
        })();
        """
}

/// A string as a JavaScript string literal that is safe inside a `<script>` element.
func jsString(_ text: String) -> String {
    var literal = "\""
    for character in text.unicodeScalars {
        switch character {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case "<": literal += "\\u003c"
        case "\n": literal += "\\n"
        case "\u{2028}": literal += "\\u2028"
        case "\u{2029}": literal += "\\u2029"
        default:
            if character.value < 0x20 {
                let hex = String(character.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                literal.unicodeScalars.append(character)
            }
        }
    }
    return literal + "\""
}
