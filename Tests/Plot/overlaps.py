#!/usr/bin/env python3
"""Draws every golden recording and the real ones, and measures, as headless Chromium lays them
out, the pairs of labels that overlap and the labels a data line crosses.

Usage: overlaps.py GESTURECTL WORKDIR [NAME...]
Every gesture-* golden of Recordings/ with its scene, and the third-party recordings that have a
scene (Recordings/real-*.scene.json), are drawn as SVG and as the HTML page. The SVGs go into one
page; each HTML page is opened and scrubbed to the start, every time something was decided and
the times between, then again zoomed in 4×. At each, the page's script takes the box of every text
that shows (clipped as drawn; one under the question's dialog is hidden by it) and the geometry
of every data line (a contact's path, the finger's travel, the sheet's offset, the velocity, a
threshold, a projection, a marker of an intent or a host command, a finger's trail; not the grid,
the axes, the legend or the time cursor), all from the browser's own layout. Two labels overlap when their
boxes share an area; a line crosses a label when it passes through its box, unless it is the
label's own leader (class "leader", in the label's group); a label is under a filled shape when
one at least half opaque is drawn after it over its box; a figure's sign is doubled in "+-".
Windows of the 3M recording (one touch, a stretch of time) are drawn and measured too.
Exit 1 when any pair overlaps or any label is crossed, covered or doubled, listing them. NAMEs, when given, keep only the recordings whose name contains one
of them.
"""
import html
import json
import os
import pathlib
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from browser import Browser  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "Recordings"
THIRD_PARTY = RECORDINGS / "third-party" / "evemu"

# measure(root): the labels that show under root, the pairs of them that overlap, and the
# (line, label) pairs where a data line crosses a label.
MEASURE = r"""
window.measure = (root) => {
  const svgRoot = root.querySelector("svg");
  const clipOf = (element) => {
    // The clip of the nearest clipped group, in client coordinates (its rect is in the root's user space).
    for (let node = element; node && node !== svgRoot; node = node.parentElement) {
      const clip = node.getAttribute && node.getAttribute("clip-path");
      if (!clip) continue;
      const rect = svgRoot.querySelector(clip.slice(4, -1) + " rect");
      const matrix = svgRoot.getScreenCTM();
      const a = new DOMPoint(+rect.getAttribute("x"), +rect.getAttribute("y")).matrixTransform(matrix);
      const b = new DOMPoint(+rect.getAttribute("x") + +rect.getAttribute("width"), +rect.getAttribute("y") + +rect.getAttribute("height")).matrixTransform(matrix);
      return {left: a.x, top: a.y, right: b.x, bottom: b.y};
    }
    return null;
  };
  const intersect = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const empty = (box) => box.right - box.left <= 0 || box.bottom - box.top <= 0;
  const dialog = root.querySelector("#question-dialog");
  const cover = dialog && dialog.getAttribute("display") !== "none" ? dialog.querySelectorAll("rect")[1].getBoundingClientRect() : null;
  const labels = [];
  let hidden = 0;
  for (const text of root.querySelectorAll("svg text")) {
    let box = text.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) continue;
    box = {left: box.left, top: box.top, right: box.right, bottom: box.bottom};
    const clip = clipOf(text);
    if (clip) box = intersect(box, clip);
    if (empty(box)) continue;
    if (cover && !dialog.contains(text) && box.left >= cover.left && box.right <= cover.right && box.top >= cover.top && box.bottom <= cover.bottom) { hidden++; continue; }
    labels.push({box, text: text.textContent, element: text});
  }
  const overlaps = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      if (!empty(intersect(labels[i].box, labels[j].box))) overlaps.push([labels[i].text, labels[j].text]);
    }
  }
  // The data lines, each as a list of points in client coordinates.
  const excluded = ".time-axis, .value-axis, #legend, #zoom-axis, defs, #cursor";
  const lines = [];
  for (const shape of root.querySelectorAll("svg line, svg polyline, svg path")) {
    if (shape.closest(excluded)) continue;
    const rect = shape.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0 && shape.getBBox().width + shape.getBBox().height > 0) continue;  // not shown
    if (getComputedStyle(shape).display === "none" || shape.closest("[display=none]")) continue;
    const matrix = shape.getScreenCTM();
    let points;
    if (shape.tagName === "line") {
      points = [[+shape.getAttribute("x1"), +shape.getAttribute("y1")], [+shape.getAttribute("x2"), +shape.getAttribute("y2")]];
    } else if (shape.tagName === "polyline") {
      points = [...shape.points].map((point) => [point.x, point.y]);
    } else {
      const length = shape.getTotalLength();
      points = [];
      for (let at = 0; at <= length; at += 1) { const point = shape.getPointAtLength(at); points.push([point.x, point.y]); }
    }
    points = points.map(([x, y]) => { const point = new DOMPoint(x, y).matrixTransform(matrix); return [point.x, point.y]; });
    const group = shape.closest("g[id], g[class]");
    const name = (group && (group.id || group.getAttribute("class"))) + " " + (shape.getAttribute("class") || shape.tagName);
    lines.push({points, name, shape, clip: clipOf(shape)});
  }
  // Whether the segment from p to q passes through the inside of box (Liang-Barsky).
  const crosses = (p, q, box) => {
    let t0 = 0, t1 = 1;
    const dx = q[0] - p[0], dy = q[1] - p[1];
    for (const [edge, delta] of [[p[0] - box.left, -dx], [box.right - p[0], dx], [p[1] - box.top, -dy], [box.bottom - p[1], dy]]) {
      if (delta === 0) { if (edge < 0) return false; continue; }
      const t = edge / delta;
      if (delta < 0) { if (t > t1) return false; if (t > t0) t0 = t; } else { if (t < t0) return false; if (t < t1) t1 = t; }
    }
    return t0 < t1;
  };
  const crossings = [];
  for (const label of labels) {
    // A line through the box by 1 px or more: one that only grazes its edge does not count.
    const inner = {left: label.box.left + 1, top: label.box.top + 1, right: label.box.right - 1, bottom: label.box.bottom - 1};
    if (empty(inner)) continue;
    for (const line of lines) {
      if (line.shape.classList.contains("leader") && line.shape.parentElement === label.element.parentElement) continue;
      if (cover && dialog.contains(label.element) && !dialog.contains(line.shape)) continue;  // the dialog's box hides what is under it
      const box = line.clip ? intersect(inner, line.clip) : inner;
      if (empty(box)) continue;
      for (let i = 1; i < line.points.length; i++) {
        if (crosses(line.points[i - 1], line.points[i], box)) { crossings.push([line.name, label.text]); break; }
      }
    }
  }
  // A filled shape drawn after a label (so over it) that covers part of it, at least half opaque.
  const covered = [];
  const fills = [...root.querySelectorAll("svg rect, svg path, svg polygon, svg circle")].filter((shape) => {
    if (shape.closest("defs, #cursor") || shape.closest("[display=none]")) return false;
    const style = getComputedStyle(shape);
    if (style.display === "none" || style.visibility === "hidden" || style.fill === "none") return false;
    let opacity = +style.fillOpacity;
    for (let node = shape; node && node !== svgRoot; node = node.parentElement) opacity *= +getComputedStyle(node).opacity;
    return opacity >= 0.5 && !/^url\(/.test(style.fill);
  });
  for (const label of labels) {
    const inner = {left: label.box.left + 1, top: label.box.top + 1, right: label.box.right - 1, bottom: label.box.bottom - 1};
    if (empty(inner)) continue;
    for (const shape of fills) {
      if (!(label.element.compareDocumentPosition(shape) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (label.element.parentElement.contains(shape) && shape.closest("g") === label.element.closest("g") && dialog && dialog.contains(shape)) continue;
      const box = shape.getBoundingClientRect();
      const clip = clipOf(shape);
      const area = intersect(inner, clip ? intersect(box, clip) : box);
      if (!empty(area)) { covered.push([(shape.closest("g[id], g[class]") || {id: shape.tagName}).id || shape.closest("g[class]").getAttribute("class"), label.text]); break; }
    }
  }
  // A figure's sign written twice, as in "+-21310 ms".
  const doubled = labels.filter((label) => /[+][-\u2212]|[-\u2212][+]/.test(label.text)).map((label) => label.text);
  return {labels: labels.length, hidden, overlaps, crossings, covered, doubled};
};
"""

# Windows of a long real recording drawn on their own, as `plot --touch` and `--from`/`--to` give
# them: (name, the recording's name, arguments).
WINDOWS = [
    ("3m-microtouch-usb.evemu-data --touch 2", "real-3m-microtouch-usb.evemu-data", ["--touch", "2"]),
    ("3m-microtouch-usb.evemu-data --touch 3", "real-3m-microtouch-usb.evemu-data", ["--touch", "3"]),
    ("3m-microtouch-usb.evemu-data --from 1200 --to 7200", "real-3m-microtouch-usb.evemu-data", ["--from", "1200", "--to", "7200"]),
]


def recordings():
    """(name, trace files, scene, arguments) of every recording and window to draw."""
    whole = list(whole_recordings())
    yield from whole
    for name, recording, arguments in WINDOWS:
        traces, scene = next((traces, scene) for entry, traces, scene, _ in whole if entry == recording)
        yield name, traces, scene, arguments


def whole_recordings():
    """(name, trace files, scene, no arguments) of every recording to draw whole."""
    for scene in sorted(RECORDINGS.glob("gesture-*.scene.json")):
        stem = scene.name[: -len(".scene.json")]
        for extension in (".evemu", ".yml"):
            trace = RECORDINGS / (stem + extension)
            if trace.exists():
                yield stem, [trace], scene, []
    for scene in sorted(RECORDINGS.glob("real-*.scene.json")):
        stem = scene.name[len("real-"): -len(".scene.json")]
        if (THIRD_PARTY / (stem + ".evemu")).exists():
            yield "real-" + stem, [THIRD_PARTY / (stem + ".evemu")], scene, []
        elif (THIRD_PARTY / (stem + ".events")).exists():
            yield "real-" + stem, [THIRD_PARTY / (stem + ".desc"), THIRD_PARTY / (stem + ".events")], scene, []
        else:
            raise SystemExit(f"{scene}: no recording of that name in {THIRD_PARTY}")


def draw(gesturectl, traces, scene, arguments, form):
    return subprocess.run([gesturectl, "plot", *map(str, traces), "--scene", str(scene), *arguments, "--format", form],
                          check=True, capture_output=True, text=True).stdout


# Scrubs the page to each of a few times, then again zoomed in (the view following the time), and
# measures it at each.
SCRUB = """(() => {
  const scrubber = document.getElementById("scrubber");
  const moments = [...new Set([0, ...plot.events.map((event) => event[0])])].sort((a, b) => a - b);
  const times = [];
  moments.forEach((moment, index) => {
    times.push(moment);
    if (index + 1 < moments.length) times.push(Math.round((moment + moments[index + 1]) / 2));
  });
  const results = [];
  for (const [zoom, presses] of [["", 0], [", zoomed in 4×", 2]]) {
    for (let press = 0; press < presses; press++) document.getElementById("zoom-in").click();
    for (const time of times) {
      scrubber.value = String(time);
      scrubber.dispatchEvent(new Event("input"));
      results.push([String(time / 1000) + " ms" + zoom, measure(document)]);
    }
  }
  return JSON.stringify(results);
})()"""


def report(where, measured):
    for first, second in measured["overlaps"]:
        print(f"{where}: '{first}' overlaps '{second}'")
    for line, label in measured["crossings"]:
        print(f"{where}: the line {line} crosses '{label}'")
    for shape, label in measured["covered"]:
        print(f"{where}: '{label}' is under a filled {shape}")
    for label in measured["doubled"]:
        print(f"{where}: '{label}' has a doubled sign")
    return len(measured["overlaps"]), len(measured["crossings"]) + len(measured["covered"]) + len(measured["doubled"])


def scrub_pages(browser, work, names):
    """Each page of `names` opened in `browser` and measured at each of its times: (name, time, measured)."""
    measurements = []
    for name in names:
        browser.open((work / f"{file_name(name)}.overlaps.html").as_uri())
        browser.evaluate(MEASURE)
        measurements += [(name, time, measured) for time, measured in json.loads(browser.evaluate(SCRUB))]
    return measurements


def main():
    gesturectl, work = sys.argv[1], pathlib.Path(sys.argv[2])
    wanted = sys.argv[3:]
    chosen = [entry for entry in recordings() if not wanted or any(part in entry[0] for part in wanted)]
    figures = []
    for name, traces, scene, arguments in chosen:
        svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", draw(gesturectl, traces, scene, arguments, "svg"))
        figures.append(f'<figure data-name="{html.escape(name)}">{svg}</figure>')
        (work / f"{file_name(name)}.overlaps.html").write_text(draw(gesturectl, traces, scene, arguments, "html"))
    page = work / "overlaps.html"
    page.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>' + "".join(figures)
                    + '<script>"use strict";' + MEASURE + "document.body.dataset.time = '0';</script></body></html>")
    overlapping = crossed = pictures = pages = labels = 0
    # The pages are shared among a browser for each core, each measuring its own in turn.
    workers = max(1, min(len(os.sched_getaffinity(0)), 4))
    # The stack closes every browser started, also when a later one fails to start.
    with ExitStack() as started:
        browsers = [started.enter_context(Browser(work / f"overlaps-profile-{index}")) for index in range(workers)]
        browser = browsers[0]
        browser.open(page.as_uri())
        result = json.loads(browser.evaluate(
            "JSON.stringify(Object.fromEntries([...document.querySelectorAll('figure')].map((f) => [f.dataset.name, measure(f)])))"))
        if len(result) != len(figures):
            raise SystemExit(f"Error: {len(figures)} pictures drawn, {len(result)} measured")
        for name, measured in result.items():
            pairs, lines = report(f"{name}.svg", measured)
            overlapping += pairs
            crossed += lines
            labels += measured["labels"]
            pictures += 1
        names = [name for name, _, _, _ in chosen]
        with ThreadPoolExecutor(workers) as pool:
            shares = pool.map(scrub_pages, browsers, [work] * workers, [names[index::workers] for index in range(workers)])
            measurements = sorted((entry for share in shares for entry in share), key=lambda entry: names.index(entry[0]))
        for name, time, measured in measurements:
            pairs, lines = report(f"{name}.html at {time}", measured)
            overlapping += pairs
            crossed += lines
            pages += 1
        console = [message for each in browsers for message in each.console]
        if console:
            raise SystemExit("Error: the pages logged console errors: " + "; ".join(console))
    where = f"{pictures} pictures ({labels} labels) and {len(chosen)} pages at {pages} times"
    if overlapping or crossed:
        print(f"Error: in {where}, {overlapping} pairs of labels overlap and {crossed} labels are crossed by a data line, "
              "under a filled shape or with a doubled sign", file=sys.stderr)
        sys.exit(1)
    print(f"Plot: in {where}, no two labels overlap, no data line crosses a label, none is under a filled shape, "
          "and no figure has a doubled sign")


def file_name(name):
    """A picture's name as a file's: its arguments joined with dashes."""
    return re.sub(r"[^\w.-]+", "-", name)


if __name__ == "__main__":
    main()
