#!/usr/bin/env python3
"""Draws every golden recording and the real ones, and counts the pairs of labels that overlap,
as headless Chromium lays them out.

Usage: overlaps.py GESTURECTL WORKDIR [NAME...]
Every gesture-* golden of Recordings/ with its scene, and the third-party recordings that have a
scene (Recordings/real-*.scene.json), are drawn as SVG. All the pictures go into one page, whose
script takes the bounding box of every SVG text element from the browser's own layout and writes
each picture's overlapping pairs into the DOM; Chromium's --dump-dom hands them back. Two labels
overlap when their boxes share an area. Exit 1 when any pair overlaps, listing them. NAMEs, when
given, keep only the recordings whose name contains one of them.
"""
import html
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "Recordings"
THIRD_PARTY = RECORDINGS / "third-party" / "evemu"

# Each page script result goes into <pre id="overlaps">, as JSON: name -> [[text, text], ...].
MEASURE = """
<script>
"use strict";
const result = {};
for (const figure of document.querySelectorAll("figure")) {
  const boxes = [];
  for (const text of figure.querySelectorAll("svg text")) {
    const box = text.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) boxes.push([box, text.textContent]);
  }
  const pairs = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, at] = boxes[i], [b, bt] = boxes[j];
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (width > 0 && height > 0) pairs.push([at, bt]);
    }
  }
  result[figure.dataset.name] = {labels: boxes.length, overlaps: pairs};
}
document.getElementById("overlaps").textContent = JSON.stringify(result);
</script>
"""


def recordings():
    """(name, trace files, scene) of every recording to draw."""
    for scene in sorted(RECORDINGS.glob("gesture-*.scene.json")):
        stem = scene.name[: -len(".scene.json")]
        for extension in (".evemu", ".yml"):
            trace = RECORDINGS / (stem + extension)
            if trace.exists():
                yield stem, [trace], scene
    for scene in sorted(RECORDINGS.glob("real-*.scene.json")):
        stem = scene.name[len("real-"): -len(".scene.json")]
        if (THIRD_PARTY / (stem + ".evemu")).exists():
            yield "real-" + stem, [THIRD_PARTY / (stem + ".evemu")], scene
        elif (THIRD_PARTY / (stem + ".events")).exists():
            yield "real-" + stem, [THIRD_PARTY / (stem + ".desc"), THIRD_PARTY / (stem + ".events")], scene
        else:
            raise SystemExit(f"{scene}: no recording of that name in {THIRD_PARTY}")


def main():
    gesturectl, work = sys.argv[1], pathlib.Path(sys.argv[2])
    wanted = sys.argv[3:]
    figures = []
    for name, traces, scene in recordings():
        if wanted and not any(part in name for part in wanted):
            continue
        svg = subprocess.run([gesturectl, "plot", *map(str, traces), "--scene", str(scene), "--format", "svg"],
                             check=True, capture_output=True, text=True).stdout
        svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)
        figures.append(f'<figure data-name="{html.escape(name)}">{svg}</figure>')
    page = work / "overlaps.html"
    page.write_text('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
                    + "".join(figures) + '<pre id="overlaps"></pre>' + MEASURE + "</body></html>")
    dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={work}/profile",
                          "--dump-dom", page.as_uri()], check=True, capture_output=True, text=True).stdout
    found = re.search(r'<pre id="overlaps">(.*?)</pre>', dom, re.S)
    if not found or not found.group(1):
        raise SystemExit("Error: the page's script did not run")
    result = json.loads(html.unescape(found.group(1)))
    if len(result) != len(figures):
        raise SystemExit(f"Error: {len(figures)} pictures drawn, {len(result)} measured")
    failed = 0
    for name, measured in result.items():
        for first, second in measured["overlaps"]:
            print(f"{name}: '{first}' overlaps '{second}'")
        failed += bool(measured["overlaps"])
    pairs = sum(len(measured["overlaps"]) for measured in result.values())
    labels = sum(measured["labels"] for measured in result.values())
    if failed:
        print(f"Error: {pairs} pairs of labels overlap in {failed} of {len(result)} pictures", file=sys.stderr)
        sys.exit(1)
    print(f"Plot: no two of the {labels} labels overlap in any of {len(result)} pictures")


if __name__ == "__main__":
    main()
