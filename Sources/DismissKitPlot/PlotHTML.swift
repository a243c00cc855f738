import DismissKit

/// The HTML page of a ``RecordingPlot``: one self-contained file (no network, no other files)
/// with the SVG and a scrubber that steps through time, moving the sheets as they were shown,
/// the contacts' fingers and a cursor on the timeline, and listing what was decided so far.
extension RecordingPlot {
    /// The page. Opened with `#t=<µs>` in its address, it starts at that time. A script error
    /// is written into the page (`data-error` on `body`), so a headless browser's DOM shows it.
    public func html() -> String {
        var document = SVGDocument()
        draw(into: &document, interactive: true)
        let layout = PlotLayout(scene: scene, endTime: endTime)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(xmlEscaped(title))</title>
            <style>
            body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 12px; color: #222; }
            #controls { position: sticky; top: 0; background: #fff; padding: 6px 0; font-size: 14px; }
            #scrubber { width: 760px; vertical-align: middle; }
            #so-far { font-size: 12px; }
            </style>
            </head>
            <body>
            <div id="controls">
            <label for="scrubber">time</label>
            <input type="range" id="scrubber" min="0" max="\(max(endTime, 1))" step="1" value="0">
            <output id="time" for="scrubber">0 ms</output>
            </div>
            \(document.text)<ol id="so-far"></ol>
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
            return "{\"end\":\(contact.endTime),\"colour\":\(jsString(PlotLayout.contactColours[contact.number % PlotLayout.contactColours.count])),\"points\":[\(points.joined(separator: ","))]}"
        }
        // A host command comes before what it caused; a decision before its intents.
        var events: [(time: Int64, text: String)] = commands.map { ($0.time, "host: \($0.command.label)") }
        events += decisions.map { ($0.time, Self.describe($0).0) }
        for intent in intents {
            if intent.isStep { continue }
            events.append((intent.time, intent.label))
        }
        let ordered = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map { "[\($0.element.time),\(jsString($0.element.text))]" }
        return """
            {"scale":\(number(layout.scale)),"left":\(number(layout.plotLeft)),"right":\(number(layout.plotRight)),\
            "endMs":\(number(layout.endMilliseconds)),"tracks":{\(tracks.joined(separator: ","))},\
            "contacts":[\(contactPaths.joined(separator: ","))],"events":[\(ordered.joined(separator: ","))]}
            """
    }

    /// Moves everything to the scrubber's time.
    private static let script = """
        (() => {
          const svg = "http://www.w3.org/2000/svg";
          const scrubber = document.getElementById("scrubber");
          const timeLabel = document.getElementById("time");
          const cursor = document.getElementById("cursor");
          const soFar = document.getElementById("so-far");
          const fingers = plot.contacts.map((contact) => {
            const dot = document.createElementNS(svg, "circle");
            dot.setAttribute("r", "9");
            dot.setAttribute("fill", contact.colour);
            dot.setAttribute("fill-opacity", "0.55");
            dot.setAttribute("class", "finger");
            document.getElementById("contacts").appendChild(dot);
            return dot;
          });
          const last = (steps, time) => {
            let found = null;
            for (const step of steps) { if (step[0] <= time) found = step; else break; }
            return found;
          };
          const show = (time) => {
            for (const [id, track] of Object.entries(plot.tracks)) {
              const step = last(track, time) || track[0];
              const sheet = document.getElementById("presentation-" + id);
              const backdrop = document.getElementById("backdrop-" + id);
              if (sheet) {
                sheet.setAttribute("transform", "translate(0," + (step[1] * plot.scale).toFixed(1) + ")");
                sheet.style.display = step[2] ? "" : "none";
              }
              if (backdrop) backdrop.style.display = step[2] ? "" : "none";
            }
            plot.contacts.forEach((contact, index) => {
              const point = last(contact.points, time);
              const down = point !== null && time <= contact.end;
              fingers[index].style.display = down ? "" : "none";
              if (down) { fingers[index].setAttribute("cx", point[1]); fingers[index].setAttribute("cy", point[2]); }
            });
            const x = plot.left + time / 1000 / plot.endMs * (plot.right - plot.left);
            cursor.setAttribute("x1", x.toFixed(1));
            cursor.setAttribute("x2", x.toFixed(1));
            soFar.replaceChildren(...plot.events.filter((event) => event[0] <= time).map((event) => {
              const item = document.createElement("li");
              item.textContent = (event[0] / 1000) + " ms  " + event[1];
              return item;
            }));
            timeLabel.textContent = (time / 1000).toFixed(1) + " ms";
            document.body.dataset.time = String(time);
          };
          scrubber.addEventListener("input", () => show(Number(scrubber.value)));
          const start = /^#t=(\\d+)$/.exec(window.location.hash);
          if (start) scrubber.value = start[1];
          show(Number(scrubber.value));
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
