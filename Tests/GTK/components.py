"""DkSheet and DkPopover driven through GTK's own touch and mouse delivery: Tests/GTK/components
(components.c) runs on GTK's Broadway backend, and Debian's headless Chromium shows its page and
sends real touch and mouse events through the DevTools protocol, which broadway.js hands to GTK
as GdkTouchEvents and button events. Every check reads the widgets' state the program prints.

A second run of the program has the user's locale de_DE.UTF-8, which GTK sets at start-up and
whose printf writes a decimal comma: a sheet with a scroll view at a fractional detent (412.5)
and a popover whose frame is at a fractional x must be presented, and behave, as under C.

Nothing waits a fixed time. After a gesture the driver waits until the program has seen as
many touches and buttons lift as it sent gestures. A program that answers nothing, or whose
state stops changing, for STALL seconds has hung.

Usage: components.py PROGRAM BROADWAY_PORT   (with GERMAN_LOCPATH=DIR, the de_DE.UTF-8 locale is
DIR's, as localedef made it)"""
import base64
import json
import os
import select
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Plot"))
from browser import Browser  # noqa: E402

STALL = 120.0
STEP = 0.008  # seconds between a gesture's events: 120 Hz
PICTURES = os.environ.get("PICTURES")  # a folder for the pictures Docs/ shows, or none


class Program:
    """components.c (or layout.c), answering each command with its widgets' state."""

    def __init__(self, command, environment):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment,
                                        text=True, bufsize=1)

    def ask(self, command="state"):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], STALL)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            raise AssertionError(f"{self.process.args[0]} answered nothing to {command!r} (exit {self.process.poll()})")
        return json.loads(line)

    def until(self, done):
        """The state once done(state) holds: for what GTK does in its own time (a button's
        activation shows its press first). Gives up when the state stops changing for STALL seconds."""
        state, changed = None, time.monotonic()
        while True:
            now = self.ask()
            if done(now):
                return now
            if now != state:
                state, changed = now, time.monotonic()
            elif time.monotonic() - changed > STALL:
                return now
            time.sleep(0.02)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


class Finger:
    """Touches and the mouse, with event times 8 ms apart on a clock that only goes forward."""

    def __init__(self, browser, program, origin):
        self.browser, self.program = browser, program
        self.origin = origin  # where the window's surface is in the page
        self.clock = time.time()
        self.lifts = 0  # gestures sent

    def _tick(self, seconds=STEP):
        self.clock += seconds
        return self.clock

    def _touch(self, kind, x, y):
        x, y = x + self.origin[0], y + self.origin[1]
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.browser.call("Input.dispatchTouchEvent", type=kind, touchPoints=points, timestamp=self._tick())

    def _mouse(self, kind, x, y, buttons):
        x, y = x + self.origin[0], y + self.origin[1]
        self.browser.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left" if kind != "mouseMoved" else "none",
                          buttons=buttons, clickCount=1 if kind != "mouseMoved" else 0, timestamp=self._tick())

    def escape(self):
        """The Escape key, pressed and released, on the gestures' clock."""
        common = {"key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27}
        self.clock = max(self.clock + 0.3, time.time())
        self.browser.call("Input.dispatchKeyEvent", type="rawKeyDown", timestamp=self._tick(), **common)
        self.browser.call("Input.dispatchKeyEvent", type="keyUp", timestamp=self._tick(), **common)

    def settled(self):
        """The state once GTK has handled every gesture sent so far: as many lifts as gestures.
        (A lift is handled whole, the pipeline's intents and the widgets' answers to them, before
        the program reads its next command.)"""
        return self.program.until(lambda state: state["lifts"] == self.lifts)

    def drag(self, x, y, to_y, steps=12, mouse=False):
        """Down at (x, y), down to to_y in steps 8 ms apart, and up."""
        self.clock = max(self.clock + 0.3, time.time())
        if mouse:
            # A mouse comes into the window to where it presses, and GTK has it there before the
            # press. (Coming in afresh: after a mouse drag on Broadway, GTK's pointer focus may
            # stay where the drag began, and the next press in the window would go there.)
            self._mouse("mouseMoved", -5, -5, 0)
            self._mouse("mouseMoved", x, y, 0)
            self.program.until(lambda state: state["hover"] == [x, y])
            self._mouse("mousePressed", x, y, 1)
        else:
            self._touch("touchStart", x, y)
        for i in range(1, steps + 1):
            now_y = y + (to_y - y) * i / steps
            if mouse:
                self._mouse("mouseMoved", x, now_y, 1)
            else:
                self._touch("touchMove", x, now_y)
        if mouse:
            self._mouse("mouseReleased", x, to_y, 0)
        else:
            self._touch("touchEnd", x, to_y)
        self.lifts += 1
        return self.settled()

    def tap(self, x, y, mouse=False):
        return self.drag(x, y, y, steps=1, mouse=mouse)


def picture(browser, state, name):
    """The window as the Broadway page shows it, as PICTURES/name (PNG), once the sheet has eased
    to its detent (250 ms: a picture's wait, no check's)."""
    time.sleep(0.5)
    width, height = state["size"]
    shot = browser.call("Page.captureScreenshot", format="png",
                        clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
    with open(os.path.join(PICTURES, name), "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    print(f"pictured {name}")


def sheet_top(state, detent):
    """Where the pipeline has the sheet's top edge (SPEC 3: large is the window less 40 points,
    medium half of it): where it is drawn once it has eased there."""
    height = state["size"][1]
    return height - (height - 40) / (2 if detent == "medium" else 1)


def centre(rect):
    """The rectangle's centre, in whole points: Broadway's pointer moves in whole pixels."""
    return round(rect[0] + rect[2] / 2), round(rect[1] + rect[3] / 2)


def check(condition, what, state):
    if not condition:
        raise AssertionError(f"{what}: {json.dumps(state)}")
    print(f"ok {what}")


ANSWERS = ("Discard Changes", "Save", "Keep Editing")


def swipe_to_ask(finger, program, top, mouse):
    """A swipe down from the sheet's top; the state once its question is drawn (the sheet adds the
    question's widgets once GTK has dispatched the lift), or the sheet does not ask."""
    state = finger.drag(200, top + 30, top + 330, mouse=mouse)
    return program.until(lambda state: state["sheet"]["question"] == 0
                         or all(state["answers"].get(label) for label in ANSWERS))


def sheet_checks(finger, program, mouse):
    how = "mouse" if mouse else "touch"
    # A clean sheet: a swipe down from its top closes it.
    state = program.ask("sheet 0")
    check(state["sheet"]["presented"] and state["sheet"]["detent"] == "large", f"{how}: the sheet is presented at large", state)
    top = sheet_top(state, "large")
    state = finger.drag(200, top + 30, top + 330, mouse=mouse)
    check(not state["sheet"]["presented"] and state["dismissed"][-1] == "sheet swipe-from-top direct",
          f"{how}: a clean sheet's swipe from the top closes it", state)
    # Unsaved: the swipe asks, with labelled, touch-sized answers; Keep Editing keeps it.
    program.ask("sheet 1")
    state = swipe_to_ask(finger, program, top, mouse)
    answers = state["answers"]
    check(state["sheet"]["presented"] and state["sheet"]["question"] == 7
          and all(answers.get(label) and answers[label][3] >= 44 for label in ANSWERS),
          f"{how}: an unsaved sheet's swipe asks: Discard Changes, Save, Keep Editing, each at least 44 pt tall", state)
    state = finger.tap(*centre(answers["Keep Editing"]), mouse=mouse)
    check(state["sheet"]["presented"] and state["sheet"]["question"] == 0 and state["sheet"]["offset"] == 0,
          f"{how}: Keep Editing keeps the sheet where it was", state)
    # The Escape key reaches the same gate.
    if not mouse:
        finger.escape()
        state = program.until(lambda state: state["sheet"]["question"] == 7
                              and all(state["answers"].get(label) for label in ANSWERS))
        check(state["sheet"]["presented"] and state["sheet"]["question"] == 7, "the Escape key asks too", state)
        state = finger.tap(*centre(state["answers"]["Keep Editing"]), mouse=mouse)
        check(state["sheet"]["presented"] and state["sheet"]["question"] == 0, "Keep Editing keeps it again", state)
    # Save saves, then closes.
    saved = state["saved"]
    state = swipe_to_ask(finger, program, top, mouse)
    check(state["sheet"]["question"] == 7, f"{how}: a second swipe asks again", state)
    state = finger.tap(*centre(state["answers"]["Save"]), mouse=mouse)
    check(not state["sheet"]["presented"] and state["saved"] == saved + 1
          and state["dismissed"][-1] == "sheet swipe-from-top saved", f"{how}: Save saves, then closes the sheet", state)
    # Discard closes.
    program.ask("sheet 1")
    state = swipe_to_ask(finger, program, top, mouse)
    state = finger.tap(*centre(state["answers"]["Discard Changes"]), mouse=mouse)
    check(not state["sheet"]["presented"] and state["dismissed"][-1] == "sheet swipe-from-top discarded"
          and state["saved"] == saved + 1, f"{how}: Discard Changes closes the unsaved sheet without saving", state)
    # A grabber tap goes to the next detent.
    state = program.ask("sheet 0 medium large")
    width = state["size"][0]
    state = finger.tap(width / 2, top + 8, mouse=mouse)
    check(state["sheet"]["detent"] == "medium", f"{how}: a grabber tap takes the sheet from large to medium", state)
    state = finger.tap(width / 2, sheet_top(state, "medium") + 8, mouse=mouse)
    check(state["sheet"]["detent"] == "large", f"{how}: a second grabber tap takes it back to large", state)
    program.ask("sheet-close")


def handoff_checks(finger, program):
    # Content scrolled to 200: the finger scrolls it to its top, then drags the sheet down.
    program.ask("sheet 0")
    program.until(lambda state: state["sheet"]["list"])  # laid out: it has a height to scroll in
    state = program.ask("scroll 200")
    list_rect = state["sheet"]["list"]
    check(state["sheet"]["scroll"] == 200, "the sheet's list is scrolled to 200", state)
    x, y = centre(list_rect)
    state = finger.drag(x, y - 100, y + 300, steps=24)
    check(state["sheet"]["scroll"] == 0 and not state["sheet"]["presented"]
          and state["dismissed"][-1] == "sheet swipe-scrolled-content direct",
          "scrolled content hands off: the list reaches its top, then the swipe closes the sheet", state)


def popover_checks(finger, program, mouse):
    how = "mouse" if mouse else "touch"
    # A tap outside an unsaved popover saves it, closes it, and reaches nothing beneath.
    state = program.ask("popover 1")
    check(state["popover"]["presented"] and state["popover"]["child"] is not None, f"{how}: the popover is up", state)
    saved, below = state["saved"], state["clicks"]["below"]
    child = state["popover"]["child"]
    state = finger.tap(200, state["size"][1] - 60, mouse=mouse)
    check(not state["popover"]["presented"] and state["saved"] == saved + 1
          and state["dismissed"][-1] == "popover tap-outside autosaved" and state["clicks"]["below"] == below,
          f"{how}: a tap outside the unsaved popover autosaves and closes it, and is swallowed", state)
    # A tap on the pass-through widget closes it and reaches the widget.
    state = program.ask("popover 0")
    compose = state["clicks"]["compose"]
    finger.tap(*centre(state["compose"]), mouse=mouse)
    state = program.until(lambda state: state["clicks"]["compose"] > compose)
    check(not state["popover"]["presented"] and state["clicks"]["compose"] == compose + 1
          and state["dismissed"][-1] == "popover tap-outside direct",
          f"{how}: a tap on the pass-through widget closes the popover and clicks the widget", state)
    # A tap inside does nothing to it.
    state = program.ask("popover 0")
    state = finger.tap(*centre(child), mouse=mouse)
    check(state["popover"]["presented"], f"{how}: a tap inside the popover keeps it", state)
    program.ask("popover-close")


def german_checks(finger, program):
    """Under de_DE.UTF-8: every number reaches the pipeline as a JSON number, and the custom
    detent's name comes back with a decimal point."""
    state = program.ask()
    check(state["locale"] == "de_DE.UTF-8", "de_DE: GTK set the user's locale, de_DE.UTF-8", state)
    state = program.ask("sheet 0 medium 412.5")
    check(state["sheet"]["presented"] and state["sheet"]["detent"] == "412.5",
          "de_DE: the sheet with a scroll view is presented at the custom detent 412.5", state)
    height = state["size"][1]
    top = height - 412.5
    state = program.until(lambda state: state["sheet"]["list"] and state["sheet"]["list"][1] % 1 == 0.5)
    check(state["sheet"]["list"][1] % 1 == 0.5, "de_DE: the sheet is laid out at its fractional detent", state)
    state = finger.tap(state["size"][0] / 2, top + 8)
    check(state["sheet"]["detent"] == "medium", "de_DE: a grabber tap takes the sheet from 412.5 to medium", state)
    state = finger.tap(state["size"][0] / 2, sheet_top(state, "medium") + 8)
    check(state["sheet"]["detent"] == "412.5", "de_DE: a second grabber tap takes it back to 412.5", state)
    state = finger.drag(200, top + 30, top + 330)
    check(not state["sheet"]["presented"] and state["dismissed"][-1] == "sheet swipe-from-top direct",
          "de_DE: a swipe from the top closes the sheet", state)
    state = program.ask("popover 0")
    check(state["popover"]["presented"] and state["popover"]["child"][0] % 1 == 0.5,
          "de_DE: the popover with its frame at a fractional x is presented", state)
    program.ask("popover-close")
    popover_checks(finger, program, mouse=False)


# broadway.js draws each shown surface as a div with its surface's place and size: [x, y, width, height].
SURFACES = ("[...document.querySelectorAll('div')].filter(d => d.surface && d.surface.visible)"
            ".map(d => [d.surface.x, d.surface.y, d.surface.width, d.surface.height])")


def aim_pointers_at_surfaces(browser):
    """broadway.js draws a surface's content as DOM nodes that it replaces as the picture changes
    (an easing sheet, a button's hover), while a touch stays aimed at the node it began on and the
    mouse's crossings are tracked node by node: once a node is gone, the rest of its touch never
    reaches broadway.js's listeners on the document, and a press may be taken for one outside the
    window. The surfaces themselves stay: they are made the pointers' targets."""
    browser.evaluate("const style = document.createElement('style');"
                     "style.textContent = 'body * { pointer-events: none; }';"
                     "document.head.appendChild(style);"
                     "for (const div of document.querySelectorAll('div')) if (div.surface) div.style.pointerEvents = 'auto';")


def session(browser, command, port, checks, environment=None, size=(800, 560)):
    """One run of the program (command: its path and arguments), its window `size` points, shown
    in a freshly loaded Broadway page, through `checks`."""
    program = Program(command, environment or os.environ)
    try:
        # A touchscreen's page: broadway.js listens for touch events where the browser has touch.
        browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        browser.call("Page.navigate", url=f"http://127.0.0.1:{port}/")
        # GTK fits a new window to its screen, which is 1024 x 768 until the page has told the
        # program its own size: the page tells it again until the window is shown.
        width, height = size
        browser.wait(f"typeof inputSocket !== 'undefined' && inputSocket && (sendScreenSizeChanged(),"
                     f" {SURFACES}.some(s => s[2] === {width} && s[3] === {height}))",
                     "the window's surface")
        window = next(s for s in browser.evaluate(SURFACES) if s[2:] == [width, height])
        aim_pointers_at_surfaces(browser)
        finger = Finger(browser, program, window[:2])
        for check_some in checks:
            check_some(finger, program)
    finally:
        program.close()


def main():
    program_path, port = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as profile, Browser(profile, width=1000, height=700) as browser:
        session(browser, [program_path], port, [
            lambda finger, program: sheet_checks(finger, program, mouse=False),
            handoff_checks,
            lambda finger, program: popover_checks(finger, program, mouse=False),
            lambda finger, program: sheet_checks(finger, program, mouse=True),
            lambda finger, program: popover_checks(finger, program, mouse=True)])
        german = dict(os.environ, LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8")
        if os.environ.get("GERMAN_LOCPATH"):
            german["LOCPATH"] = os.environ["GERMAN_LOCPATH"]
        session(browser, [program_path], port, [german_checks], german)


if __name__ == "__main__":
    main()
