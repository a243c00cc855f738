#!/usr/bin/env python3
"""Drives every keyboard control of the HTML page, and the timeline's zoom by wheel and click,
in headless Chromium, as a person would (real key presses and wheel turns through the browser's
input), and asserts that each changes what is shown. No console error may be logged.

Usage: controls.py PAGE WORKDIR
PAGE is the HTML page of gesture-gated-swipe-confirm-discard (a drag from 16.7 ms, released at
125 ms, where the question opens, answered at 600 ms).
"""
import base64
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from browser import Browser, CTRL  # noqa: E402

SHIFT = 8
STATE = """JSON.stringify({
  time: Number(document.body.dataset.time), current: Number(document.body.dataset.current),
  playing: document.body.dataset.playing === "true", zoom: Number(document.body.dataset.zoom),
  view: document.body.dataset.view, ticks: document.body.dataset.ticks,
  cursor: Number(document.getElementById("cursor").getAttribute("x1")),
  sheet: document.querySelector("g.presentation").getAttribute("transform"),
  dialog: document.getElementById("question-dialog").getAttribute("display"),
  button: document.getElementById("play").textContent})"""
KEYS = {"ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39), " ": ("Space", 32), "+": ("Equal", 187),
        "-": ("Minus", 189), "0": ("Digit0", 48)}
PLOT_LEFT, PLOT_RIGHT = 90, 980
failures = []


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)


def main():
    page, work = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2])
    with Browser(work / "controls-profile") as browser:
        state = lambda: json.loads(browser.evaluate(STATE))  # noqa: E731

        def press(key):
            code, number = KEYS[key]
            browser.key(key, code=code, key_code=number)
            return state()

        def screenshot():
            return base64.b64decode(browser.call("Page.captureScreenshot")["data"])

        browser.open(page.as_uri() + "#t=0")
        start = state()
        check(start["time"] == 0 and start["zoom"] == 1, f"the page opens at 0 ms, the whole timeline shown ({start['view']} ms)")
        after = press("ArrowRight")
        check(after["time"] == 16667 and after["cursor"] > start["cursor"],
              f"→ goes to the next decision, 16.7 ms, and moves the time cursor ({after['time']} µs)")
        after = press("ArrowRight")
        check(after["time"] == 125000 and after["dialog"] == "inline",
              f"→ again goes to the release at 125 ms, where the question shows ({after['time']} µs)")
        after = press("ArrowLeft")
        check(after["time"] == 16667 and after["dialog"] == "none", f"← goes back to the decision before ({after['time']} µs)")
        before = state()
        after = press(" ")
        check(after["playing"] and after["button"] == "pause", "space plays, and the button offers to pause")
        # (Until it has played past the drag's next step, 25 ms, however many frames that took.)
        browser.wait("Number(document.body.dataset.time) > 30000", "the time to move while playing")
        after = press(" ")
        played = after["time"]
        check(not after["playing"] and after["button"] == "play" and played > before["time"] and after["sheet"] != before["sheet"],
              f"space again pauses, {played - before['time']} µs later, the sheet moved ({before['sheet']} to {after['sheet']})")
        check(state()["time"] == played, "paused, the time stays where it is")

        # Zoom, around the time cursor, by keys.
        whole = state()
        whole_picture = screenshot()
        after = press("+")
        check(after["zoom"] == 2 and after["ticks"] != whole["ticks"] and after["view"] != whole["view"],
              f"+ zooms in: {whole['view']} ms becomes {after['view']} ms, ticked {after['ticks']!r}")
        check(PLOT_LEFT <= after["cursor"] <= PLOT_RIGHT and abs(after["cursor"] - whole["cursor"]) < 1,
              "zooming by key keeps the time cursor where it is")
        closer = press("+")
        check(closer["zoom"] == 4 and closer["view"] != after["view"], f"+ again zooms in further ({closer['view']} ms)")
        check(screenshot() != whole_picture, "the zoomed timeline looks different")
        wider = press("-")
        check(wider["zoom"] == 2 and wider["view"] == after["view"], f"- zooms out again ({wider['view']} ms)")
        # Zoomed, the decisions still step the time, and the view follows the cursor.
        press("+")
        after = press("ArrowRight")
        after = press("ArrowRight")
        check(after["time"] == 600000 and PLOT_LEFT <= after["cursor"] <= PLOT_RIGHT and after["view"].endswith("-600.0"),
              f"zoomed, → goes to the answer at 600 ms and the view follows it ({after['view']} ms, cursor at {after['cursor']} px)")
        reset = press("0")
        check(reset["zoom"] == 1 and reset["view"] == whole["view"] and reset["ticks"] == whole["ticks"],
              f"0 shows the whole timeline again, ticked as before ({reset['view']} ms)")

        # Zoom and move by the wheel, around the pointer; a click moves the time.
        box = json.loads(browser.evaluate("""JSON.stringify((() => {
            const panel = document.querySelector("#timeline > rect").getBoundingClientRect();
            return {x: panel.left + panel.width * 0.25, y: panel.top + panel.height / 2}; })())"""))
        browser.wheel(box["x"], box["y"], -300, modifiers=CTRL)
        browser.wait("Number(document.body.dataset.zoom) > 1", "ctrl and the wheel to zoom")
        wheeled = state()
        check(wheeled["ticks"] != whole["ticks"], f"ctrl and the wheel zoom in around the pointer ({wheeled['zoom']}×, {wheeled['view']} ms)")
        browser.wheel(box["x"], box["y"], 200, modifiers=SHIFT)
        browser.wait(f"document.body.dataset.view !== {json.dumps(wheeled['view'])}", "shift and the wheel to move along the timeline")
        moved = state()
        check(moved["zoom"] == wheeled["zoom"], f"shift and the wheel move along the zoomed timeline ({wheeled['view']} to {moved['view']} ms)")
        browser.click(box["x"], box["y"])
        browser.wait(f"Number(document.body.dataset.time) !== {moved['time']}", "a click on the timeline to move the time")
        clicked = state()
        low, high = map(float, clicked["view"].split("-"))
        check(low * 1000 <= clicked["time"] <= high * 1000, f"a click on the zoomed timeline moves the time there ({clicked['time']} µs)")
        check(not browser.console, "no console error: " + "; ".join(browser.console))
    if failures:
        raise SystemExit(f"Error: {len(failures)} of the page's controls did not do what they should (above)")
    print("Plot: every key of the page (← → space + - 0), the wheel's zoom and move, and a click on the timeline change what is shown")


if __name__ == "__main__":
    main()
