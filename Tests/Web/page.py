"""Drives the example web kiosk (PREFIX/share/dismisskit/web/example) in Debian's headless
Chromium, through the DevTools protocol: real touch and mouse events go through the browser's own
input handling (Input.dispatchTouchEvent, Input.dispatchMouseEvent), and the assertions read the
DOM. Every event carries its own timestamp, spaced as a finger would, and is sent once that time
has come, never later than the browser's frames; a late event keeps its timestamp, so the
pipeline's decisions do not depend on how fast this machine delivers them. Waits poll the page
for as long as it changes (browser.py). Last, the session the page recorded through the
WebAssembly module must replay to the same intents with `gesturectl replay --verify`.
The words of each of po/LINGUAS's languages are compared with the catalog as msgfmt compiles it and
Python's gettext reads it; the page is given only its <html lang>.
With PICTURES set to a folder, it saves the pictures Docs/embedding-web.md shows there.

Usage: page.py PREFIX
"""
import base64
import functools
import gettext
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Plot"))
from browser import Browser  # noqa: E402

WIDTH, HEIGHT = 1280, 800
GESTURECTL = None  # PREFIX/bin/gesturectl
TOP_INSET = 40
FRAME = 0.016  # seconds between a moving finger's samples
PICTURES = os.environ.get("PICTURES")  # a folder for the pictures Docs/ shows, or none
PO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "po")


def read_catalogs():
    """Each language of po/LINGUAS (by its gettext name) and its catalog, as msgfmt compiles it and
    Python's gettext reads it."""
    with open(os.path.join(PO, "LINGUAS"), encoding="utf-8") as file:
        languages = [word for line in file if not line.startswith("#") for word in line.split()]
    catalogs = {}
    with tempfile.TemporaryDirectory() as scratch:
        for language in languages:
            mo = os.path.join(scratch, f"{language}.mo")
            subprocess.run(["msgfmt", "-o", mo, os.path.join(PO, f"{language}.po")], check=True)
            with open(mo, "rb") as file:
                catalogs[language] = gettext.GNUTranslations(file)
    return catalogs


CATALOGS = read_catalogs()
ENGLISH = gettext.NullTranslations()
QUESTION_WORDS = ["Discard your changes?", "Discard Changes", "Save", "Keep Editing"]
COUNTDOWN = ("Starting over in %d second.", "Starting over in %d seconds.")


def tag(language):
    """A gettext name as <html lang> spells it: pt_BR is pt-BR."""
    return language.replace("_", "-")


def countdown(catalog, seconds):
    return catalog.ngettext(*COUNTDOWN, seconds).replace("%d", str(seconds))


class Kiosk:
    """The example page in a browser, and a finger (or a mouse) on it."""

    def __init__(self, browser):
        self.browser = browser
        self.clock = 0.0  # the last timestamp given, seconds since the epoch

    def open(self, url):
        self.browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        self.browser.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
        self.browser.call("Page.navigate", url=url)
        self.browser.wait("window.kiosk !== undefined", "the example page to load")
        self.browser.evaluate("window.intents = []; addEventListener('dismisskit-intent', (e) => intents.push(e.detail)); true")

    def js(self, expression):
        return self.browser.evaluate(expression)

    def wait(self, expression, what):
        self.browser.wait(expression, what)

    @staticmethod
    def _pace(at):
        """Holds an event until its timestamp has come: the browser resamples scrolling to its
        frames, and a timestamp ahead of them would leave the scroll behind the finger. A late
        event keeps its timestamp, so the pipeline sees the same gesture on a slow machine."""
        delay = at - time.time()
        if delay > 0:
            time.sleep(delay)

    def _start(self):
        """A time for a new gesture: after the last one, and not before the page's own clock."""
        now = self.js("(performance.timeOrigin + performance.now()) / 1000")
        self.clock = max(self.clock, now) + 0.4
        return self.clock

    def _touch(self, kind, points, at):
        self._pace(at)
        self.browser.call("Input.dispatchTouchEvent", type=kind, timestamp=at,
                          touchPoints=[{"x": x, "y": y, "id": 0} for x, y in points])

    def swipe(self, path, hold=0.15):
        """A finger along `path` ((x, y) points, one every FRAME seconds), held still for `hold`
        seconds at the end before it lifts: the pipeline decides by position then, and the
        browser starts no fling (a fling would swallow the next tap, as it does under a finger)."""
        at = self._start()
        self._touch("touchStart", [path[0]], at)
        for point in path[1:]:
            at += FRAME
            self._touch("touchMove", [point], at)
        if hold and len(path) > 2:
            at += hold
            self._touch("touchMove", [path[-1]], at)
        at += FRAME
        self._touch("touchEnd", [], at)
        self.clock = at

    def fling(self, path):
        """A finger along `path` that lifts while it moves, as a person flicks: the browser sees
        the velocity (a fling) and the pipeline decides by it."""
        self.swipe(path, hold=0)

    def press(self, path):
        """A finger that comes down and moves along `path`, and stays down: lift() lifts it."""
        at = self._start()
        self._touch("touchStart", [path[0]], at)
        for point in path[1:]:
            at += FRAME
            self._touch("touchMove", [point], at)
        self.clock = at

    def lift(self):
        self.clock = max(self.clock, self.js("(performance.timeOrigin + performance.now()) / 1000")) + FRAME
        self._touch("touchEnd", [], self.clock)

    def fingers(self, *steps):
        """Fingers that come and go, FRAME apart: each step ("down", {id: (x, y)}) puts fingers
        down beside those held, ("up", [id]) lifts some; the rest lift after the last step."""
        at = self._start()
        held = {}
        for kind, fingers in steps:
            self._pace(at)
            if kind == "down":
                held.update(fingers)
                points = held
            else:
                points = {finger: held.pop(finger) for finger in fingers}
            self.browser.call("Input.dispatchTouchEvent", type="touchStart" if kind == "down" else "touchEnd", timestamp=at,
                              touchPoints=[{"x": x, "y": y, "id": finger} for finger, (x, y) in points.items()])
            at += FRAME
        self._pace(at)
        self.browser.call("Input.dispatchTouchEvent", type="touchEnd", timestamp=at, touchPoints=[])
        self.clock = at

    def tap(self, x, y):
        self.swipe([(x, y), (x, y)])

    def tap_element(self, selector):
        x, y = self.centre(selector)
        self.tap(x, y)

    def centre(self, selector):
        rect = self.js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                       " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        return rect

    def mouse_drag(self, path, pointer="mouse"):
        at = self._start()
        x, y = path[0]
        self._pace(at)
        self.browser.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", buttons=1,
                          clickCount=1, timestamp=at, pointerType=pointer)
        for x, y in path[1:]:
            at += FRAME
            self._pace(at)
            self.browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y, button="left", buttons=1,
                              timestamp=at, pointerType=pointer)
        at += FRAME
        self._pace(at)
        self.browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y, button="left", buttons=0,
                          clickCount=1, timestamp=at, pointerType=pointer)
        self.clock = at

    def type_into(self, selector, text):
        self.tap_element(selector)
        self.wait(f"document.activeElement === document.querySelector({json.dumps(selector)})", f"{selector} to have focus")
        self.browser.call("Input.insertText", text=text)

    def intents(self, kind):
        return self.js(f"intents.filter((intent) => intent.type === {json.dumps(kind)})")

    def open_compose(self):
        self.tap_element("#compose-button")
        self.wait("document.getElementById('compose').open && "
                  f"document.getElementById('compose').getBoundingClientRect().top === {TOP_INSET}",
                  "the compose sheet to open at its large detent")

    def open_share(self):
        self.tap_element("#share-button")
        self.wait("document.getElementById('share').matches(':popover-open')", "the share popover to open")


def line(x, y0, y1, steps):
    return [(x, y0 + (y1 - y0) * step / steps) for step in range(steps + 1)]


CHECKS = []

# After a failed check: answers an open question and closes what is presented, for the next check.
CLEAN_UP = """
document.querySelector('.dk-action-sheet button[data-choice=discard]')?.click();
for (const id of ['compose', 'share']) {
    try { kiosk.update(id, {unsavedChanges: false}); kiosk.dismiss(id); } catch {}
}
true
"""


def check(function):
    CHECKS.append(function)
    return function


@check
def clean_sheet_swipe_closes(kiosk):
    kiosk.open_compose()
    kiosk.swipe(line(WIDTH / 2, TOP_INSET + 30, 730, 12))
    kiosk.wait("!document.getElementById('compose').open", "the clean sheet to close")
    assert kiosk.js("document.getElementById('status').value") == "compose closed (direct)"


@check
def unsaved_sheet_swipe_asks_and_discard_closes(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Dear kiosk")
    kiosk.swipe(line(WIDTH / 2, TOP_INSET + 30, 730, 12))
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
    assert kiosk.js("document.getElementById('compose').open"), "the unsaved sheet closed without asking"
    heights = kiosk.js("[...document.querySelectorAll('.dk-action-sheet button')].map((b) => [b.textContent, b.getBoundingClientRect().height])")
    assert [label for label, _ in heights] == ["Discard Changes", "Save", "Keep Editing"], heights
    assert all(height >= 44 for _, height in heights), heights
    kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
    kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")
    assert kiosk.js("document.getElementById('status').value") == "compose closed (discarded)"
    assert kiosk.js("document.querySelector('.dk-action-sheet')") is None


@check
def escape_asks_when_unsaved(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Half a thought")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question")
    assert kiosk.intents("confirmationRequested")[-1]["source"] == "escapeKey"
    kiosk.browser.key("Escape", "Escape", 27)  # on the question: Keep Editing
    kiosk.wait("document.querySelector('.dk-action-sheet') === null", "Escape on the question to keep editing")
    assert kiosk.intents("cancelled"), "Escape on the question did not answer keepEditing"
    assert kiosk.js("document.getElementById('compose').open")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question again")
    kiosk.tap_element(".dk-action-sheet button[data-choice=save]")
    kiosk.wait("!document.getElementById('compose').open", "Save to close the sheet")
    assert kiosk.js("document.getElementById('status').value") == "compose closed (saved)"
    assert kiosk.intents("save")[-1]["presentation"] == "compose"


@check
def grabber_tap_changes_the_detent(kiosk):
    kiosk.open_compose()
    medium_top = HEIGHT - (HEIGHT - TOP_INSET) / 2
    kiosk.tap(WIDTH / 2, TOP_INSET + 8)
    kiosk.wait(f"document.getElementById('compose').getBoundingClientRect().top === {medium_top}", "the medium detent")
    assert [(intent["cause"], intent["detent"]) for intent in kiosk.intents("setDetent")] == [("grabberTap", "medium")]
    kiosk.tap(WIDTH / 2, medium_top + 8)
    kiosk.wait(f"document.getElementById('compose').getBoundingClientRect().top === {TOP_INSET}", "the large detent again")
    kiosk.js("kiosk.dismiss(document.getElementById('compose'))")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")


def at_both_sizes(kiosk, check_at):
    """Runs `check_at(width, height)` at 390 × 844 and at 1280 × 800."""
    try:
        for width, height in ((390, 844), (1280, 800)):
            set_viewport(kiosk, width, height)
            kiosk.js("intents.length = 0")
            check_at(width, height)
    finally:
        set_viewport(kiosk, WIDTH, HEIGHT)


def medium_top(height):
    return height - (height - TOP_INSET) / 2


SHEET_TOP = "document.getElementById('compose').getBoundingClientRect().top"


@check
def scrolled_content_hands_the_finger_to_the_sheet_within_one_contact(kiosk):
    """Up on the list scrolls it; then one contact down on it scrolls it back to its top and,
    as the finger goes on down, drags the sheet (dragBegan scrolledContent), which settles at
    its medium detent: the hand-off within one contact, as in a toolkit."""
    def scroll_then_drag(width, height):
        kiosk.open_compose()
        list_top = kiosk.js("document.getElementById('messages').getBoundingClientRect().top")
        x = width / 2
        kiosk.swipe(line(x, height - 100, height - 400, 20))
        kiosk.wait("document.getElementById('messages').scrollTop > 100", "the list to scroll")
        offset = kiosk.js("document.getElementById('messages').scrollTop")
        assert kiosk.js(SHEET_TOP) == TOP_INSET and not kiosk.intents("dragBegan"), kiosk.intents("dragBegan")
        kiosk.swipe(line(x, list_top + 20, list_top + 20 + offset + 250, 30))
        kiosk.wait(f"document.getAnimations().length === 0 && {SHEET_TOP} === {medium_top(height)}",
                   "the same contact to bring the sheet down to its medium detent")
        assert kiosk.js("document.getElementById('messages').scrollTop") == 0
        assert [intent["origin"] for intent in kiosk.intents("dragBegan")] == ["scrolledContent"], kiosk.intents("dragBegan")
        assert kiosk.intents("setDetent")[-1]["cause"] == "swipe", kiosk.intents("setDetent")
        kiosk.js("kiosk.dismiss(document.getElementById('compose'))")
        kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    at_both_sizes(kiosk, scroll_then_drag)


@check
def a_swipe_on_the_text_field_moves_the_sheet(kiosk):
    """The draft's textarea is a scroller of its own: at its top, a finger on it drags the sheet
    as the list at its top does; scrolled, the same contact scrolls it back to its top, then
    drags the sheet; a fling on it closes the clean sheet."""
    def swipe_on_the_draft(width, height):
        kiosk.open_compose()
        x, y = kiosk.centre("#draft")
        kiosk.swipe(line(x, y, y + 250, 12))
        kiosk.wait(f"document.getAnimations().length === 0 && {SHEET_TOP} === {medium_top(height)}",
                   "the swipe on the draft to bring the sheet to its medium detent")
        kiosk.js("kiosk.update('compose', { selectedDetent: 'large' }); true")
        kiosk.wait(f"document.getAnimations().length === 0 && {SHEET_TOP} === {TOP_INSET}", "the large detent")
        kiosk.js("{ const draft = document.getElementById('draft'); draft.value = Array.from({ length: 30 }, (_, n) => `Line ${n}`)"
                 ".join('\\n'); draft.scrollTop = 120; } true")
        kiosk.wait("document.getElementById('draft').scrollTop === 120", "the draft to be scrolled")
        x, y = kiosk.centre("#draft")
        kiosk.swipe(line(x, y, y + 120 + 250, 20))
        kiosk.wait(f"document.getAnimations().length === 0 && {SHEET_TOP} === {medium_top(height)}",
                   "the swipe on the scrolled draft to bring the sheet to its medium detent")
        assert kiosk.js("document.getElementById('draft').scrollTop") == 0, "the draft is still scrolled"
        x, y = kiosk.centre("#draft")
        kiosk.fling(line(x, y, y + 200, 6))
        kiosk.wait("!document.getElementById('compose').open", "the fling on the draft to close the sheet")
        assert [intent["origin"] for intent in kiosk.intents("dragBegan")] == ["scrolledContent"] * 3, kiosk.intents("dragBegan")
        assert "cancel" not in [intent["outcome"] for intent in kiosk.intents("dragEnded")], \
            kiosk.intents("dragEnded")
    at_both_sizes(kiosk, swipe_on_the_draft)


@check
def the_first_tap_after_a_fling_answers_the_question(kiosk):
    """A fling (the finger lifts while it moves) on the unsaved sheet asks; the first tap on
    Discard, right after, answers it."""
    def fling_then_discard(width, height):
        kiosk.open_compose()
        kiosk.type_into("#draft", "Flung away")
        kiosk.fling(line(width / 2, TOP_INSET + 30, TOP_INSET + 330, 6))
        kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
        assert kiosk.intents("confirmationRequested")[-1]["source"] == "swipeFromTop", kiosk.intents("confirmationRequested")
        kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
        kiosk.wait("!document.getElementById('compose').open", "the first tap after the fling to discard")
        assert kiosk.js("document.getElementById('status').value") == "compose closed (discarded)"
    at_both_sizes(kiosk, fling_then_discard)


@check
def escape_mid_drag_and_keep_editing_settle_the_sheet_at_its_detent(kiosk):
    """Escape while a finger drags the unsaved sheet asks; the finger lifts, Keep Editing: the
    sheet is drawn where the pipeline lays it out, back at its large detent."""
    def escape_while_dragging(width, height):
        kiosk.open_compose()
        kiosk.type_into("#draft", "Held down")
        kiosk.press(line(width / 2, TOP_INSET + 30, TOP_INSET + 230, 12))
        kiosk.wait(f"{SHEET_TOP} > {TOP_INSET + 100}", "the sheet to follow the finger")
        kiosk.browser.key("Escape", "Escape", 27)
        kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question")
        kiosk.lift()
        kiosk.tap_element(".dk-action-sheet button[data-choice=keepEditing]")
        kiosk.wait("document.querySelector('.dk-action-sheet') === null", "Keep Editing")
        kiosk.wait(f"document.getAnimations().length === 0 && {SHEET_TOP} === {TOP_INSET}",
                   "the sheet to settle back at its large detent")
        drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
        assert kiosk.js("document.getElementById('compose').dataset.dkDragged") is None, "the sheet is still drawn as dragged"
        kiosk.js("kiosk.update('compose', { unsavedChanges: false }); kiosk.dismiss('compose'); true")
        kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    at_both_sizes(kiosk, escape_while_dragging)


@check
def tap_outside_popover_closes_and_autosaves(kiosk):
    kiosk.open_share()
    kiosk.type_into("#share-note", "Lunch at one")
    kiosk.tap(WIDTH / 2, 500)
    kiosk.wait("!document.getElementById('share').matches(':popover-open')", "the tap outside to close the popover")
    assert kiosk.js("document.getElementById('status').value") == 'saved the share note "Lunch at one"'
    assert kiosk.intents("dismiss")[-1]["resolution"] == "autosaved"


@check
def passthrough_tap_clicks_the_button_below(kiosk):
    kiosk.open_share()
    kiosk.type_into("#share-note", "For the notes")
    kiosk.tap_element("#notes-button")
    kiosk.wait("document.getElementById('notes-count').textContent === '1'", "the pass-through tap to reach Notes")
    assert not kiosk.js("document.getElementById('share').matches(':popover-open')")
    assert kiosk.js("document.getElementById('status').value") == 'saved the share note "For the notes"'
    # A tap on the anchor closes the popover and is swallowed: it does not open it again.
    kiosk.open_share()
    kiosk.tap_element("#share-button")
    kiosk.tap_element("#notes-button")  # after the anchor's click, in input order
    kiosk.wait("document.getElementById('notes-count').textContent === '2'", "the next tap on Notes")
    assert not kiosk.js("document.getElementById('share').matches(':popover-open')"), "the anchor reopened the popover"


@check
def mouse_and_pen_drive_the_same_pipeline(kiosk):
    kiosk.open_compose()
    kiosk.mouse_drag(line(WIDTH / 2, TOP_INSET + 30, 730, 12))
    kiosk.wait("!document.getElementById('compose').open", "the mouse drag to close the sheet")
    kiosk.open_compose()
    kiosk.mouse_drag(line(WIDTH / 2, TOP_INSET + 30, 730, 12), pointer="pen")
    kiosk.wait("!document.getElementById('compose').open", "the pen drag to close the sheet")
    assert [intent["origin"] for intent in kiosk.intents("dragBegan")] == ["topRegion", "topRegion"]
    assert [intent["source"] for intent in kiosk.intents("dismiss")] == ["swipeFromTop", "swipeFromTop"]


@check
def a_rotation_keeps_the_open_question(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Turned around")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
    kiosk.browser.call("Emulation.setDeviceMetricsOverride", width=HEIGHT, height=WIDTH, deviceScaleFactor=1, mobile=False)
    kiosk.wait(f"document.getElementById('compose').getBoundingClientRect().width === {HEIGHT}", "the sheet laid out in portrait")
    screen_command = ("kiosk.session().trim().split('\\n').map((line) => JSON.parse(line)).filter((line) => line.type === 'command')"
                      f".some((line) => JSON.parse(line.command).type === 'screen' && JSON.parse(line.command).width === {HEIGHT}"
                      f" && JSON.parse(line.command).height === {WIDTH})")
    kiosk.wait(screen_command, "the screen command in the session")
    assert kiosk.js("document.querySelector('.dk-action-sheet')?.open"), "the rotation closed the question"
    kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
    kiosk.wait("!document.getElementById('compose').open", "Discard after the rotation to close the sheet")
    kiosk.browser.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
    kiosk.wait(f"document.documentElement.clientWidth === {WIDTH}", "landscape again")


@check
def presenting_an_open_sheet_again_changes_nothing_on_screen(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Kept on screen")
    error = kiosk.js("(() => { try { kiosk.present(document.getElementById('compose'), {style: 'sheet'}); }"
                     " catch (error) { return error.message; } })()")
    assert error and "compose" in error, error
    assert kiosk.js("document.getElementById('compose').open"), "the refused present closed the sheet"
    assert kiosk.js("document.getElementById('compose').getBoundingClientRect().top") == TOP_INSET
    assert kiosk.js("document.getElementById('draft').value") == "Kept on screen"
    # The pipeline still holds it, unsaved: a swipe down asks.
    kiosk.swipe(line(WIDTH / 2, TOP_INSET + 30, 730, 12))
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
    kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
    kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")


@check
def a_save_listener_that_calls_the_kiosk_back_keeps_the_intents_in_order(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Saved in order")
    kiosk.js("document.getElementById('compose').addEventListener('dismisskit-save', () => {"
             " try { kiosk.update(document.getElementById('compose'), {unsavedChanges: false}); } catch {} }, {once: true}); true")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question")
    kiosk.tap_element(".dk-action-sheet button[data-choice=save]")
    kiosk.wait("!document.getElementById('compose').open", "Save to close the sheet")
    order = [intent["type"] for intent in kiosk.js("intents") if intent["type"] in ("save", "dismiss")]
    assert order == ["save", "dismiss"], order
    assert kiosk.js("document.getElementById('status').value") == "compose closed (saved)"


# Each part a layout() rectangle names, and the element drawn for it: the elements' bounding rects
# (CSS pixels, points) that differ from the rectangles, as "part.side: drawn D, laid out L".
DRAWN_APART = """((id, parts) => {
    const layout = kiosk.layout(id);
    const apart = [];
    for (const [key, selector] of parts) {
        const element = document.querySelector(selector);
        const laidOut = layout[key];
        if (!element || !laidOut) {
            apart.push(`${key}: drawn ${Boolean(element)}, laid out ${Boolean(laidOut)}`);
            continue;
        }
        const drawn = element.getBoundingClientRect();
        for (const side of ['x', 'y', 'width', 'height']) {
            if (Math.abs(drawn[side] - laidOut[side]) > 0.02) apart.push(`${key}.${side}: drawn ${drawn[side]}, laid out ${laidOut[side]}`);
        }
    }
    return apart;
})"""
SHEET_PARTS = [["frame", "#compose"], ["grabber", "#compose > .dk-grabber"], ["header", "#compose .sheet-header"]]


def drawn_as_laid_out(kiosk, presentation, parts, role):
    """Waits for the page's transitions to end, then checks that the presentation is drawn where
    the module's layout() puts it, in `role`; its layout."""
    kiosk.wait("document.getAnimations().length === 0", "the transitions to end")
    layout = kiosk.js(f"kiosk.layout({json.dumps(presentation)})")
    assert layout["role"] == role, layout
    apart = kiosk.js(f"{DRAWN_APART}({json.dumps(presentation)}, {json.dumps(parts)})")
    assert not apart, f"{presentation} at {kiosk.js('innerWidth')} px: {apart}"
    return layout


def tap_fed(kiosk, x, y):
    """A tap, once the pipeline has been fed its lift (the session holds it)."""
    ups = len(kiosk.js(UP_SLOTS))
    kiosk.tap(x, y)
    kiosk.wait(f"{UP_SLOTS}.length === {ups + 1}", "the tap to be fed")


def set_viewport(kiosk, width, height):
    kiosk.browser.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
    kiosk.wait(f"document.documentElement.clientWidth === {width} && document.documentElement.clientHeight === {height}",
               f"a {width} × {height} viewport")


@check
def drawn_where_the_module_lays_out_and_hit_tests(kiosk):
    """At a compact and a regular width: the compose sheet at each detent, a popover and a popover
    adapted to a sheet are drawn at layout()'s rectangles, and a tap where they are drawn is what
    the pipeline finds there: the grabber, the sheet's edge, the popover's."""
    present_compose = ("kiosk.present(document.getElementById('compose'), { style: 'sheet', detents: ['medium', 'large', 300],"
                       " selectedDetent: 'large', grabber: true, headerHeight: 56, tapOutside: 'dismiss',"
                       " content: document.getElementById('messages') }); true")
    try:
        for width, height in ((390, 844), (1280, 800)):
            set_viewport(kiosk, width, height)
            kiosk.js("intents.length = 0")
            kiosk.js(present_compose)
            layout = drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
            # A tap on the drawn grabber selects the next larger detent, wrapping: large, 300, medium, large.
            heights = [layout["detentHeight"]]
            for _ in range(3):
                grabber = kiosk.js("(() => { const r = document.querySelector('#compose > .dk-grabber').getBoundingClientRect();"
                                   " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
                kiosk.tap(*grabber)
                kiosk.wait(f"intents.filter((intent) => intent.type === 'setDetent').length === {len(heights)}", "the grabber's tap")
                heights.append(drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")["detentHeight"])
            assert [(intent["cause"], intent["detent"]) for intent in kiosk.intents("setDetent")] == [
                ("grabberTap", 300), ("grabberTap", "medium"), ("grabberTap", "large")], kiosk.intents("setDetent")
            assert heights[1] == 300 and heights[0] == heights[3] > heights[2] > 300, heights
            # The question over its anchor, at the medium detent.
            kiosk.js("kiosk.update('compose', { selectedDetent: 'medium', unsavedChanges: true }); true")
            layout = drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
            kiosk.browser.key("Escape", "Escape", 27)
            kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
            anchor = kiosk.js("(() => { const { x, y, width, height } = document.querySelector('.dk-action-sheet')"
                              ".getBoundingClientRect(); return { x, y, width, height }; })()")
            assert anchor == layout["questionAnchor"], (anchor, layout["questionAnchor"])
            kiosk.browser.key("Escape", "Escape", 27)  # Keep Editing
            kiosk.wait("document.querySelector('.dk-action-sheet') === null", "Keep Editing")
            kiosk.js("kiosk.update('compose', { unsavedChanges: false }); true")
            # Just inside the drawn top edge (the header, beside the grabber's target) the sheet
            # stays; just outside it, the tap dismisses.
            x, top = width / 2 + 40, layout["frame"]["y"]
            tap_fed(kiosk, x, top + 4)
            assert kiosk.js("document.getElementById('compose').open") and not kiosk.intents("dismiss"), kiosk.intents("dismiss")
            tap_fed(kiosk, x, top - 4)
            kiosk.wait("!document.getElementById('compose').open", "the tap just outside the sheet to dismiss it")
            assert [intent["source"] for intent in kiosk.intents("dismiss")] == ["tapOutside"], kiosk.intents("dismiss")

            # The share popover: where the page placed it in a regular width; a modal sheet at the
            # large detent in a compact one, drawn as one, its frame kept.
            kiosk.js("intents.length = 0")
            kiosk.js("kiosk.present(document.getElementById('share'), { style: 'popover', modal: false, tapOutside: 'dismiss',"
                     " anchor: document.getElementById('share-button') }); true")
            compact = width < 600
            layout = drawn_as_laid_out(kiosk, "share", [["frame", "#share"]], "sheet" if compact else "popover")
            assert layout["adapted"] == compact, layout
            frame = layout["frame"]
            if compact:
                # Above the adapted sheet: the toolbar, between Notes and Share (no button to click).
                x = kiosk.js("(() => { const notes = document.getElementById('notes-button').getBoundingClientRect();"
                             " const share = document.getElementById('share-button').getBoundingClientRect();"
                             " return share.left - notes.right > 8 ? (notes.right + share.left) / 2 : null; })()")
                assert x is not None, "no room between Notes and Share"
                inside, outside = (x, frame["y"] + 4), (x, frame["y"] - 4)
            else:
                y = frame["y"] + frame["height"] / 2
                inside, outside = (frame["x"] + 4, y), (frame["x"] - 4, y)
            tap_fed(kiosk, *inside)
            assert kiosk.js("document.getElementById('share').matches(':popover-open')") and not kiosk.intents("dismiss")
            tap_fed(kiosk, *outside)
            kiosk.wait("!document.getElementById('share').matches(':popover-open')", "the tap just outside the popover to dismiss it")
            assert [intent["source"] for intent in kiosk.intents("dismiss")] == ["tapOutside"], kiosk.intents("dismiss")
    finally:
        set_viewport(kiosk, WIDTH, HEIGHT)


# A stand-in for the browser's on-screen keyboard, which headless Chromium has none of: like a
# browser's, it shows while a text field has the focus and hides when it loses it, and tells the
# page soon after, `by` the VirtualKeyboard API (its boundingRect, then geometrychange) or by the
# visual viewport (its height less the keyboard's, then resize). Chromium's DevTools protocol
# cannot shrink the visual viewport alone (setDeviceMetricsOverride and setVisibleSize resize the
# layout viewport with it), so the values are the page's own. It is drawn as a band at the
# bottom, in the top layer, that takes no pointer.
FAKE_KEYBOARD = """((height, by) => {
    const band = document.createElement('div');
    band.popover = 'manual';
    band.id = 'fake-keyboard';
    band.style.cssText = `inset: auto 0 0 0; width: 100%; height: ${height}px; margin: 0; padding: 0; border: 0;
        box-sizing: border-box; background: linear-gradient(#d1d3d9, #c4c7cf); pointer-events: none`;
    document.body.append(band);
    let shown = 0;
    const keyboard = navigator.virtualKeyboard, viewport = visualViewport;
    if (by === 'virtualKeyboard') {
        Object.defineProperty(keyboard, 'boundingRect',
            { configurable: true, get: () => new DOMRect(0, shown ? innerHeight - shown : 0, shown ? innerWidth : 0, shown) });
    } else {
        const full = Object.getOwnPropertyDescriptor(VisualViewport.prototype, 'height').get;
        Object.defineProperty(viewport, 'height', { configurable: true, get: () => full.call(viewport) - shown });
    }
    const tell = () => setTimeout(() => by === 'virtualKeyboard' ? keyboard.dispatchEvent(new Event('geometrychange'))
                                                                : viewport.dispatchEvent(new Event('resize')));
    const field = (event) => event.target.matches?.('textarea, input');
    const show = (event) => { if (!field(event)) return; shown = height; band.showPopover(); tell(); };
    const hide = (event) => { if (!field(event)) return; shown = 0; band.hidePopover(); tell(); };
    addEventListener('focusin', show);
    addEventListener('focusout', hide);
    window.fakeKeyboard = { remove() {
        removeEventListener('focusin', show);
        removeEventListener('focusout', hide);
        delete keyboard?.boundingRect;
        delete viewport.height;
        band.remove();
        shown = 0;
        tell();
    } };
    return true;
})"""
KEYBOARD_HEIGHT = 336
# The keyboard commands in the page's session, their heights in order.
KEYBOARD_COMMANDS = ("kiosk.session().trim().split('\\n').map((line) => JSON.parse(line)).filter((line) => line.type === 'command')"
                     ".map((line) => JSON.parse(line.command)).filter((command) => command.type === 'keyboard')"
                     ".map((command) => command.height)")
PRESENT_AT_MEDIUM = ("document.getElementById('draft').value = ''; kiosk.present(document.getElementById('compose'), { style: 'sheet',"
                     " detents: ['medium', 'large'], selectedDetent: 'medium', grabber: true, headerHeight: 56,"
                     " content: document.getElementById('messages') }); true")


def bring_up_the_keyboard(kiosk, by):
    """At 390 × 844, the compose sheet at its medium detent; a tap in its text field brings the
    keyboard up (told `by` the VirtualKeyboard API or the visual viewport): the pipeline is given
    its height, the sheet grows to large (setDetent, cause keyboard) and is drawn in the room
    above it. The sheet's layout."""
    set_viewport(kiosk, 390, 844)
    kiosk.js(f"{FAKE_KEYBOARD}({KEYBOARD_HEIGHT}, {json.dumps(by)})")
    kiosk.js(PRESENT_AT_MEDIUM)
    kiosk.wait("document.getAnimations().length === 0", "the sheet to open")
    assert kiosk.js("kiosk.layout('compose').detentHeight") == (844 - TOP_INSET) / 2
    keyboards = len(kiosk.js(KEYBOARD_COMMANDS))
    kiosk.type_into("#draft", "Typed above the keyboard")
    kiosk.wait(f"{KEYBOARD_COMMANDS}.length === {keyboards + 1}", "the keyboard's height to reach the pipeline")
    assert kiosk.js(KEYBOARD_COMMANDS)[keyboards:] == [KEYBOARD_HEIGHT], kiosk.js(KEYBOARD_COMMANDS)
    kiosk.wait("intents.some((intent) => intent.type === 'setDetent')", "the sheet to grow")
    assert [(intent["cause"], intent["detent"]) for intent in kiosk.intents("setDetent")] == [("keyboard", "large")]
    layout = drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
    frame = layout["frame"]
    assert frame["y"] == TOP_INSET and frame["y"] + frame["height"] == 844 - KEYBOARD_HEIGHT, frame
    assert kiosk.js("document.activeElement.id") == "draft"
    return layout


@check
def the_keyboard_makes_room_and_a_swipe_hides_it_first(kiosk):
    """The VirtualKeyboard API's keyboard: the sheet grows into the room above it; a swipe down
    hides it first (hideKeyboard before dragBegan, the text field blurred, 0 reported), and the
    question is drawn at its anchor."""
    try:
        layout = bring_up_the_keyboard(kiosk, "virtualKeyboard")
        kiosk.swipe(line(390 / 2, layout["frame"]["y"] + 30, 640, 14))
        kiosk.wait("intents.some((intent) => intent.type === 'dragEnded')", "the drag to end")
        order = [intent["type"] for intent in kiosk.js("intents") if intent["type"] in ("hideKeyboard", "dragBegan")]
        assert order == ["hideKeyboard", "dragBegan"], order
        assert kiosk.intents("hideKeyboard")[0]["reason"] == "drag", kiosk.intents("hideKeyboard")
        assert kiosk.js("document.activeElement.id") != "draft", "the text field kept the focus"
        kiosk.wait(f"{KEYBOARD_COMMANDS}.at(-1) === 0", "the hidden keyboard's 0 to reach the pipeline")
        # Held still at the end, the drag settles at the medium detent, on the whole screen again.
        assert kiosk.intents("setDetent")[-1]["detent"] == "medium", kiosk.intents("setDetent")
        layout = drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
        assert layout["detentHeight"] == (844 - TOP_INSET) / 2, layout
        # Down again from there: the unsaved draft asks, at the question's anchor.
        kiosk.swipe(line(390 / 2, layout["frame"]["y"] + 30, 830, 14))
        kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
        kiosk.wait("document.getAnimations().length === 0", "the transitions to end")
        anchor = kiosk.js("(() => { const { x, y, width, height } = document.querySelector('.dk-action-sheet')"
                          ".getBoundingClientRect(); return { x, y, width, height }; })()")
        assert anchor == kiosk.js("kiosk.layout('compose').questionAnchor"), anchor
        kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
        kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")
    finally:
        kiosk.js("window.fakeKeyboard?.remove(); true")
        set_viewport(kiosk, WIDTH, HEIGHT)


@check
def a_swipe_with_the_keyboard_up_asks_with_the_keyboard_gone(kiosk):
    """A tap on the text field brings the keyboard up; a swipe that goes on down to dismiss the
    unsaved sheet hides the keyboard first (hideKeyboard, reason drag, before dragBegan), then
    asks: the text field blurred, the keyboard's 0 reported and the stand-in gone before the
    question, which is drawn at its anchor, inside the window, with nothing over it."""
    try:
        layout = bring_up_the_keyboard(kiosk, "virtualKeyboard")
        kiosk.swipe(line(390 / 2, layout["frame"]["y"] + 30, 830, 14))
        kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
        order = [intent["type"] for intent in kiosk.js("intents")
                 if intent["type"] in ("hideKeyboard", "dragBegan", "confirmationRequested")]
        assert order == ["hideKeyboard", "dragBegan", "confirmationRequested"], order
        assert [intent["reason"] for intent in kiosk.intents("hideKeyboard")] == ["drag"], kiosk.intents("hideKeyboard")
        assert kiosk.intents("confirmationRequested")[0]["source"] == "swipeFromTop", kiosk.intents("confirmationRequested")
        assert kiosk.js("document.activeElement.id") != "draft", "the text field kept the focus"
        kiosk.wait(f"{KEYBOARD_COMMANDS}.at(-1) === 0", "the hidden keyboard's 0 to reach the pipeline")
        assert not kiosk.js("document.getElementById('fake-keyboard').matches(':popover-open')"), "the keyboard is still shown"
        kiosk.wait("document.getAnimations().length === 0", "the transitions to end")
        anchor = kiosk.js("(() => { const { x, y, width, height } = document.querySelector('.dk-action-sheet')"
                          ".getBoundingClientRect(); return { x, y, width, height }; })()")
        assert anchor == kiosk.js("kiosk.layout('compose').questionAnchor"), anchor
        assert anchor["y"] >= 0 and anchor["y"] + anchor["height"] <= 844, anchor
        # What is drawn at the middle of each answer is that answer: nothing lies over it.
        covered = kiosk.js("""[...document.querySelectorAll('.dk-action-sheet button')].filter((button) => {
            const r = button.getBoundingClientRect();
            return !button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }).map((button) => button.textContent)""")
        assert covered == [], f"covered answers: {covered}"
        if PICTURES:
            shot = kiosk.browser.call("Page.captureScreenshot", format="png",
                                      clip={"x": 0, "y": 0, "width": 390, "height": 844, "scale": 1})
            with open(os.path.join(PICTURES, "web-kiosk-keyboard-question.png"), "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
        kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")
    finally:
        kiosk.js("window.fakeKeyboard?.remove(); true")
        set_viewport(kiosk, WIDTH, HEIGHT)


@check
def the_visual_viewport_tells_the_keyboard_and_escape_hides_it(kiosk):
    """A keyboard that shrinks the visual viewport: the same room; Escape hides the keyboard
    (hideKeyboard, reason escapeKey) instead of asking to close the sheet."""
    try:
        bring_up_the_keyboard(kiosk, "visualViewport")
        kiosk.browser.key("Escape", "Escape", 27)
        kiosk.wait(f"{KEYBOARD_COMMANDS}.at(-1) === 0", "the hidden keyboard's 0 to reach the pipeline")
        assert [intent["reason"] for intent in kiosk.intents("hideKeyboard")] == ["escapeKey"], kiosk.intents("hideKeyboard")
        assert not kiosk.intents("confirmationRequested") and kiosk.js("document.getElementById('compose').open")
        assert kiosk.js("document.activeElement.id") != "draft", "the text field kept the focus"
        drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
        assert kiosk.js("kiosk.layout('compose').frame.height") == 844 - TOP_INSET
        kiosk.js("kiosk.update('compose', { unsavedChanges: false }); kiosk.dismiss('compose'); true")
        kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    finally:
        kiosk.js("window.fakeKeyboard?.remove(); true")
        set_viewport(kiosk, WIDTH, HEIGHT)


# The seat slots of the session's downs and ups, in order.
DOWN_SLOTS, UP_SLOTS = (f"kiosk.session().split('\\n').filter((line) => line.includes('\"event\":\"{event}\"'))"
                        ".map((line) => JSON.parse(line).seatSlot)" for event in ("down", "up"))


@check
def each_finger_takes_the_lowest_free_seat_slot(kiosk):
    before = len(kiosk.js(DOWN_SLOTS))
    # 12 fingers, two lift, two more come down: they take the two freed slots (the browser gives
    # touch ids from 0 to 15).
    grid = {finger: (80 + 70 * (finger % 6), 420 + 80 * (finger // 6)) for finger in range(12)}
    kiosk.fingers(("down", grid), ("up", [3, 9]), ("down", {14: (700, 600)}), ("down", {15: (760, 600)}))
    kiosk.wait(f"{DOWN_SLOTS}.length === {before + 14}", "the fingers to be fed")
    assert kiosk.js(DOWN_SLOTS)[before:] == list(range(12)) + [3, 9], kiosk.js(DOWN_SLOTS)[before:]


@check
def contacts_beyond_the_32_seat_slots_are_not_fed(kiosk):
    # A browser gives at most 16 touch points; a page's own pointer events can give thousands.
    before, ups = len(kiosk.js(DOWN_SLOTS)), len(kiosk.js(UP_SLOTS))
    kiosk.js("""(() => {
        const pointer = (type, pointerId) => document.body.dispatchEvent(new PointerEvent(type,
            { pointerId, pointerType: 'touch', clientX: 300 + pointerId % 500, clientY: 500, bubbles: true }));
        for (let id = 1000; id < 4200; id += 1) pointer('pointerdown', id);
        for (let id = 1000; id < 4200; id += 1) pointer('pointerup', id);
        return true;
    })()""")
    fed = kiosk.js(DOWN_SLOTS)[before:]
    assert fed == list(range(32)), f"{len(fed)} contacts fed, on slots {fed[:34]}…"
    assert kiosk.js(UP_SLOTS)[ups:] == list(range(32)), kiosk.js(UP_SLOTS)[ups:][:34]
    # Every slot was freed: a finger swipes a sheet closed as before.
    kiosk.open_compose()
    kiosk.swipe(line(WIDTH / 2, TOP_INSET + 30, 730, 12))
    kiosk.wait("!document.getElementById('compose').open", "the swipe to close the sheet")


@check
def reduced_motion_settles_without_moving(kiosk):
    duration = "getComputedStyle(document.getElementById('compose')).transitionDuration"
    kiosk.open_compose()
    assert kiosk.js(duration) == "0.35s", kiosk.js(duration)
    kiosk.browser.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-reduced-motion", "value": "reduce"}])
    assert kiosk.js(duration) == "0s", kiosk.js(duration)
    kiosk.js("kiosk.dismiss(document.getElementById('compose'))")
    kiosk.wait("!document.getElementById('compose').open", "the dismissal")
    kiosk.browser.call("Emulation.setEmulatedMedia", features=[])


# The question as the page draws it: the dialog's name, its title and its answers, in order.
QUESTION_SHOWN = ("(() => { const dialog = document.querySelector('.dk-action-sheet');"
                  " return [dialog.getAttribute('aria-label'), dialog.querySelector('p').textContent,"
                  " ...[...dialog.querySelectorAll('button')].map((button) => button.textContent)]; })()")
# The compose sheet's accessible description and its grabber's name and description.
SHEET_ACCESSIBLE = ("(() => { const sheet = document.getElementById('compose'), grabber = sheet.querySelector(':scope > .dk-grabber');"
                    " return [sheet.getAttribute('aria-description'), grabber.getAttribute('aria-label'),"
                    " grabber.getAttribute('aria-description')]; })()")


def ask_in(kiosk, lang):
    """With <html lang> set to `lang`: the unsaved compose sheet asked to close by Escape; what the
    question shows, and the sheet's and its grabber's accessible texts. The sheet is closed after."""
    kiosk.js(f"document.documentElement.lang = {json.dumps(lang)}; true")
    kiosk.js(PRESENT_COMPOSE % "true")
    kiosk.wait("document.getElementById('compose').open", "the compose sheet")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
    shown, accessible = kiosk.js(QUESTION_SHOWN), kiosk.js(SHEET_ACCESSIBLE)
    kiosk.browser.key("Escape", "Escape", 27)  # Keep Editing
    kiosk.wait("document.querySelector('.dk-action-sheet') === null", "Keep Editing")
    kiosk.js("kiosk.update('compose', { unsavedChanges: false }); kiosk.dismiss('compose'); true")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    return shown, accessible


def expected_question(catalog):
    question = [catalog.gettext(word) for word in QUESTION_WORDS]
    sheet = [catalog.gettext(word) for word in ("Swipe down to close.", "Resize", "Tap or drag to change the size.")]
    return [question[0], *question], sheet


@check
def the_question_is_in_the_language_of_the_documents_lang(kiosk):
    """For each language of the catalog, <html lang> alone: the question's name, title and answers,
    the sheet's accessible description and its grabber's name and description are the catalog's
    translations, none of them English; English again with lang="en"."""
    english = expected_question(ENGLISH)
    try:
        for language, catalog in CATALOGS.items():
            shown, accessible = ask_in(kiosk, tag(language))
            question, sheet = expected_question(catalog)
            assert (shown, accessible) == (question, sheet), (language, shown, accessible, question, sheet)
            untranslated = [word for word, english_word in zip(shown + accessible, english[0] + english[1]) if word == english_word]
            assert not untranslated, f"{language}: English words: {untranslated}"
    finally:
        kiosk.js("document.documentElement.lang = 'en'; true")
    assert list(ask_in(kiosk, "en")) == list(english)


@check
def the_best_match_of_the_documents_lang(kiosk):
    """A tag with a region or a script is its catalog's language; a Chinese tag of the traditional
    script, or a language the catalog lacks, is English."""
    try:
        for lang, language in [("ar-EG", "ar"), ("pt-BR", "pt_BR"), ("pt-PT", "pt_BR"), ("zh-Hans", "zh_CN"), ("zh-Hans-CN", "zh_CN"),
                               ("zh-SG", "zh_CN"), ("zh", "zh_CN"), ("de-AT", "de"), ("RU", "ru"), ("zh-TW", None),
                               ("zh-Hant", None), ("fi", None), ("", None)]:
            catalog = CATALOGS[language] if language else ENGLISH
            assert ask_in(kiosk, lang)[0][1] == catalog.gettext("Discard your changes?"), (lang, language)
    finally:
        kiosk.js("document.documentElement.lang = 'en'; true")


@check
def the_grabber_is_a_button_to_assistive_technologies(kiosk):
    """The grabber is a button: its press without a pointer (an assistive technology's click, detail
    0) gives the next larger detent, cause accessibility; a finger's tap stays the pipeline's own."""
    kiosk.js(PRESENT_AT_MEDIUM)
    kiosk.wait("document.getAnimations().length === 0", "the sheet to open")
    assert kiosk.js("document.querySelector('#compose > .dk-grabber').getAttribute('role')") == "button"
    kiosk.js("document.querySelector('#compose > .dk-grabber').click(); true")
    kiosk.wait("intents.some((intent) => intent.type === 'setDetent')", "the next detent")
    assert [(intent["cause"], intent["detent"]) for intent in kiosk.intents("setDetent")] == [("accessibility", "large")]
    drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")
    kiosk.js("kiosk.dismiss('compose'); true")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")


# Where the example's parts are drawn: the compose header's Cancel and Send, the toolbar's Compose
# and Share, the share popover and its arrow (the ::before, from its resolved left).
CANCEL_SEND = ("['compose-cancel', 'compose-done'].map((id) => { const r = document.getElementById(id).getBoundingClientRect();"
               " return [r.left, r.right]; })")
POPOVER_AND_ARROW = """(() => {
    const share = document.getElementById('share'), r = share.getBoundingClientRect();
    const anchor = document.getElementById('share-button').getBoundingClientRect();
    const arrow = getComputedStyle(share, '::before');
    const arrowCentre = r.left + share.clientLeft + parseFloat(arrow.left) + parseFloat(arrow.width) / 2;
    return { popover: [r.left, r.right], anchor: [anchor.left, anchor.right], arrowCentre, direction: getComputedStyle(share).direction };
})()"""


def mirrored_or_not(kiosk, lang, rtl):
    """With <html lang> set to `lang`: the compose sheet drawn where layout() puts it, its header's
    Cancel at the start (the right when `rtl`), the question in the same direction, a swipe down
    still closing the sheet; the share popover under its anchor, its arrow pointing at it."""
    kiosk.js(f"document.documentElement.lang = {json.dumps(lang)}; true")
    kiosk.js(PRESENT_COMPOSE % "false")
    frame = drawn_as_laid_out(kiosk, "compose", SHEET_PARTS, "sheet")["frame"]
    assert kiosk.js("document.documentElement.dir") == ("rtl" if rtl else ""), kiosk.js("document.documentElement.dir")
    (cancel_left, cancel_right), (send_left, send_right) = kiosk.js(CANCEL_SEND)
    (left_button, _), (_, right_button) = sorted([(cancel_left, cancel_right), (send_left, send_right)])
    assert left_button - frame["x"] < 20 and frame["x"] + frame["width"] - right_button < 20, frame
    assert (cancel_left > send_left) == rtl, f"{lang}: Cancel at {cancel_left}–{cancel_right}, Send at {send_left}–{send_right}"
    kiosk.js("kiosk.update('compose', { unsavedChanges: true }); true")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
    direction = kiosk.js("getComputedStyle(document.querySelector('.dk-action-sheet-panel')).direction")
    assert direction == ("rtl" if rtl else "ltr"), direction
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet') === null", "Keep Editing")
    kiosk.js("kiosk.update('compose', { unsavedChanges: false }); true")
    kiosk.swipe(line(WIDTH / 2, TOP_INSET + 30, 730, 12))  # down is down
    kiosk.wait("!document.getElementById('compose').open", "the swipe down to close the sheet")
    assert [intent["source"] for intent in kiosk.intents("dismiss")][-1] == "swipeFromTop", kiosk.intents("dismiss")
    kiosk.open_share()
    kiosk.wait("document.getAnimations().length === 0", "the popover to settle")
    placed = kiosk.js(POPOVER_AND_ARROW)
    (left, right), (anchor_left, anchor_right) = placed["popover"], placed["anchor"]
    assert left <= anchor_left and anchor_right <= right and anchor_left < placed["arrowCentre"] < anchor_right, f"{lang}: {placed}"
    assert (anchor_left < WIDTH / 2) == rtl, f"{lang}: Share at {anchor_left}"
    kiosk.tap(WIDTH / 2, 500)
    kiosk.wait("!document.getElementById('share').matches(':popover-open')", "the tap outside to close the popover")


@check
def arabic_and_hebrew_mirror_the_page(kiosk):
    """<html lang="ar"> or "he" alone gives <html> dir="rtl": Cancel on the right of the sheet's
    header, the question right to left, Share and its popover (and the popover's arrow) on the
    left; the sheet still drawn where the pipeline lays it out, and a swipe down still closes it.
    English gives the page back its own direction; a dir the page gives stays."""
    try:
        for lang in ("ar", "he"):
            mirrored_or_not(kiosk, lang, rtl=True)
        mirrored_or_not(kiosk, "en", rtl=False)
        kiosk.js("document.documentElement.dir = 'ltr'; document.documentElement.lang = 'ar'; true")
        kiosk.js(PRESENT_COMPOSE % "false")
        kiosk.wait("document.getElementById('compose').open", "the compose sheet")
        assert kiosk.js("document.documentElement.dir") == "ltr", "the page's own dir was replaced"
        kiosk.js("kiosk.dismiss('compose'); true")
        kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    finally:
        kiosk.js("document.documentElement.lang = 'en'; document.documentElement.removeAttribute('dir'); true")


# Checks that end the page's kiosk, each on the page loaded afresh, after the session is read.
LAST_CHECKS = []


def last_check(function):
    LAST_CHECKS.append(function)
    return function


@last_check
def destroy_with_the_question_open_gives_the_page_back(kiosk):
    kiosk.open_compose()
    kiosk.type_into("#draft", "Left behind")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question")
    kiosk.js("kiosk.destroy(); true")
    assert kiosk.js("document.querySelectorAll('dialog[open], :popover-open').length") == 0
    assert kiosk.js("document.querySelector('.dk-action-sheet')") is None
    notes = int(kiosk.js("document.getElementById('notes-count').textContent"))
    kiosk.tap_element("#notes-button")
    kiosk.wait(f"document.getElementById('notes-count').textContent === '{notes + 1}'", "a tap on Notes after destroy()")
    kiosk.browser.key("Escape", "Escape", 27)  # no listener is left to throw
    kiosk.swipe(line(WIDTH / 2, 300, 700, 8))


@last_check
def a_recording_at_its_limit_stops_and_the_kiosk_still_asks(kiosk):
    kiosk.js("""(async () => {
        kiosk.destroy();
        const { load } = await import('../dismisskit.js');
        const { Kiosk } = await import('../dismisskit-page.js');
        window.kiosk = new Kiosk(await load(), { record: { maxBytes: 6000 } });
        window.stopped = [];
        addEventListener('dismisskit-recording-stopped', (event) => stopped.push(event.detail));
        kiosk.present(document.getElementById('compose'), { style: 'sheet', unsavedChanges: true });
        return true;
    })()""")
    kiosk.wait(f"document.getElementById('compose').getBoundingClientRect().top === {TOP_INSET}", "the sheet to open")
    for _ in range(30):
        kiosk.tap(WIDTH / 2, 400)
        if kiosk.js("stopped.length"):
            break
    kiosk.wait("stopped.length === 1", "the recording to stop")
    status = kiosk.js("stopped[0]")
    assert status["state"] == "failed" and status["bytes"] <= 6000 and "limit of 6000 bytes" in status["error"], status
    assert kiosk.js("kiosk.recording().state") == "failed"
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question after the recording stopped")
    kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
    kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")
    assert kiosk.js("stopped.length") == 1 and kiosk.js("kiosk.session().length") == status["bytes"]


# The idle checks: the example's kiosk is replaced by one with a short idle rule (recorded), and the
# page's timeouts are watched: `timers` holds those armed and not yet fired or cleared, with their
# delays, and `timersArmed` counts every one armed. Nothing else on the example page arms one.
IDLE_KIOSK = """(async (idle) => {
    kiosk.destroy();
    const { load } = await import('../dismisskit.js');
    const { Kiosk } = await import('../dismisskit-page.js');
    const set = window.setTimeout, clear = window.clearTimeout;
    window.timers = new Map();
    window.timersArmed = 0;
    window.setTimeout = (callback, delay, ...rest) => {
        const id = set(() => { timers.delete(id); callback(...rest); }, delay);
        timers.set(id, delay);
        timersArmed += 1;
        return id;
    };
    window.clearTimeout = (id) => { timers.delete(id); clear(id); };
    window.resets = [];
    addEventListener('dismisskit-idle-reset', (event) => resets.push(event.detail));
    window.kiosk = new Kiosk(await load(), { record: true, idle });
    return true;
})"""
STILL_THERE = "document.querySelector('.dk-still-there')"
STILL_THERE_SHOWN = f"{STILL_THERE}?.matches(':popover-open')"
PRESENT_COMPOSE = ("kiosk.present(document.getElementById('compose'), { style: 'sheet', grabber: true, headerHeight: 56,"
                   " unsavedChanges: %s }); true")
PRESENT_SHARE = ("kiosk.present(document.getElementById('share'), { style: 'popover', modal: false,"
                 " anchor: document.getElementById('share-button') }); true")


def idle_kiosk(kiosk, after, warning, unsaved):
    kiosk.js(f"{IDLE_KIOSK}({json.dumps({'after': after, 'warning': warning, 'unsaved': unsaved})})")


def one_timer_within_a_second(kiosk):
    delays = kiosk.js("[...timers.values()]")
    assert len(delays) == 1 and 0 <= delays[0] <= 1000, f"the timeouts armed: {delays}"


def replays(kiosk):
    """The idle kiosk's session, recorded live with its ticks, replays to the same intents."""
    with tempfile.NamedTemporaryFile("w", suffix=".session.jsonl") as file:
        file.write(kiosk.js("kiosk.session()"))
        file.flush()
        replay = subprocess.run([GESTURECTL, "replay", file.name, "--verify"], capture_output=True, text=True)
    assert replay.returncode == 0, f"the session does not replay: {replay.stderr.strip()}"


@last_check
def no_idle_timer_while_nothing_is_presented(kiosk):
    idle_kiosk(kiosk, 60_000_000, 20_000_000, "discard")
    kiosk.tap(WIDTH / 2, 500)  # activity on the page, with nothing presented
    kiosk.wait("kiosk.session().includes('\"event\":\"up\"')", "the tap to be fed")
    assert kiosk.js("timersArmed") == 0, "a timeout was armed with nothing presented"
    kiosk.js(PRESENT_COMPOSE % "false")
    one_timer_within_a_second(kiosk)
    kiosk.js("kiosk.dismiss('compose'); true")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    assert kiosk.js("timers.size") == 0, "a timeout is still armed with nothing presented"
    armed = kiosk.js("timersArmed")
    time.sleep(2)  # nothing is pending: no timeout comes in the meantime
    assert kiosk.js("timersArmed") == armed, f"{kiosk.js('timersArmed') - armed} timeouts armed with nothing presented"


@last_check
def a_presentation_long_after_the_last_touch_restarts_the_idle_clock(kiosk):
    """The page presents by itself after the whole idle time without a touch: its command is
    activity now, not at the last touch's time, so the warning comes `warning` before a deadline
    `after` past it, and nothing is reset at once."""
    idle_kiosk(kiosk, 3_000_000, 2_000_000, "discard")
    kiosk.tap(WIDTH / 2, 500)
    kiosk.wait("kiosk.session().includes('\"event\":\"up\"')", "the tap to be fed")
    time.sleep(3.5)  # longer than `after` since the tap
    kiosk.js(PRESENT_COMPOSE % "false")
    kiosk.wait("intents.some((intent) => intent.type === 'idleWarning')", "the idle warning")
    commands = kiosk.js("kiosk.session().trim().split('\\n').map((line) => JSON.parse(line)).filter((line) => line.type === 'command')"
                        ".map((line) => [JSON.parse(line.command).type, line.time])")
    presented = next(time for kind, time in commands if kind == "present")
    up = kiosk.js("kiosk.session().trim().split('\\n').map((line) => JSON.parse(line)).find((line) => line.event === 'up').time")
    assert presented - up >= 3_000_000, f"the present was given at {presented}, the tap's lift at {up}"
    warning = kiosk.intents("idleWarning")[0]
    assert warning["deadline"] == presented + 3_000_000 and warning["remaining"] > 0, (warning, presented)
    assert kiosk.js("document.getElementById('compose').open") and not kiosk.intents("dismiss")
    kiosk.js("kiosk.dismiss('compose'); true")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")


@last_check
def the_idle_warning_counts_down_and_continue_cancels_it(kiosk):
    """A warning from a second after the last activity, for 20 s: the dialog asks with the whole
    seconds left, counting down; a tap on Continue only answers it, and cancels it; Escape too."""
    idle_kiosk(kiosk, 21_000_000, 20_000_000, "discard")
    kiosk.js(PRESENT_COMPOSE % "true")
    kiosk.wait(STILL_THERE_SHOWN, "the idle warning")
    assert kiosk.js(f"{STILL_THERE}.querySelector('h2').textContent") == "Are you still there?"
    countdown = f"{STILL_THERE}.querySelector('p').textContent"
    def seconds_left():
        text = kiosk.js(countdown)
        seconds = int(text.removeprefix("Starting over in ").removesuffix(" seconds.").removesuffix(" second."))
        assert text == f"Starting over in {seconds} second{'' if seconds == 1 else 's'}." and 0 < seconds <= 20, text
        return seconds
    first = seconds_left()
    first_text = kiosk.js(countdown)
    kiosk.wait(f"!{STILL_THERE} || {countdown} !== '{first_text}'", "the countdown to go on")
    assert kiosk.js(STILL_THERE_SHOWN) and seconds_left() < first, kiosk.js(countdown)
    button = kiosk.js(f"(() => {{ const b = {STILL_THERE}.querySelector('button'); const r = b.getBoundingClientRect();"
                      " return [b.textContent, r.width, r.height]; })()")
    assert button[0] == "Continue" and button[1] >= 44 and button[2] >= 44, button
    # Above everything: the topmost element at the button's centre is the button.
    assert kiosk.js(f"(() => {{ const b = {STILL_THERE}.querySelector('button'); const r = b.getBoundingClientRect();"
                    " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; })()")
    one_timer_within_a_second(kiosk)
    kiosk.tap_element(".dk-still-there button")
    kiosk.wait(f"{STILL_THERE} === null", "Continue to close the warning")
    assert [intent["type"] for intent in kiosk.js("intents")] == ["idleWarning", "idleCancelled"], kiosk.js("intents")
    assert kiosk.js("document.getElementById('compose').open"), "Continue closed the sheet"
    one_timer_within_a_second(kiosk)  # the next warning's
    kiosk.wait(STILL_THERE_SHOWN, "the idle warning again")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait(f"{STILL_THERE} === null", "Escape to close the warning")
    assert [intent["type"] for intent in kiosk.js("intents")][-2:] == ["idleWarning", "idleCancelled"], kiosk.js("intents")
    assert kiosk.js("document.getElementById('compose').open && document.querySelector('.dk-action-sheet') === null")
    kiosk.js("kiosk.update('compose', { unsavedChanges: false }); kiosk.dismiss('compose'); true")
    kiosk.wait("!document.getElementById('compose').open", "the programmatic dismissal")
    replays(kiosk)


@last_check
def the_idle_warning_leaves_the_keyboard_up_and_sits_above_it(kiosk):
    """At 390 × 844 with the stand-in keyboard up for the draft: the warning takes no focus (the
    keyboard stays, and no keyboard command cancels the warning), and it is drawn in the room
    above the keyboard, over the sheet."""
    try:
        set_viewport(kiosk, 390, 844)
        idle_kiosk(kiosk, 8_000_000, 6_000_000, "discard")
        kiosk.js(f"{FAKE_KEYBOARD}({KEYBOARD_HEIGHT}, 'virtualKeyboard')")
        kiosk.js(PRESENT_COMPOSE % "true")
        kiosk.wait("document.getAnimations().length === 0", "the sheet to open")
        kiosk.tap_element("#draft")
        kiosk.wait(f"{KEYBOARD_COMMANDS}.at(-1) === {KEYBOARD_HEIGHT}", "the keyboard's height to reach the pipeline")
        kiosk.wait(STILL_THERE_SHOWN, "the idle warning")
        assert kiosk.js("document.activeElement.id") == "draft", "the warning took the focus from the text field"
        panel = kiosk.js(f"(() => {{ const r = {STILL_THERE}.firstChild.getBoundingClientRect(); return [r.top, r.bottom]; }})()")
        assert 0 <= panel[0] and panel[1] <= 844 - KEYBOARD_HEIGHT, f"the warning's panel at {panel}, the keyboard from {844 - KEYBOARD_HEIGHT}"
        assert kiosk.js(f"(() => {{ const b = {STILL_THERE}.querySelector('button'); const r = b.getBoundingClientRect();"
                        " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; })()"), "the warning is not on top"
        assert kiosk.js(KEYBOARD_COMMANDS)[-1] == KEYBOARD_HEIGHT and not kiosk.intents("idleCancelled"), kiosk.js("intents")
    finally:
        kiosk.js("window.fakeKeyboard?.remove(); true")
        set_viewport(kiosk, WIDTH, HEIGHT)


@last_check
def without_a_touch_the_reset_closes_a_clean_and_an_unsaved_presentation_by_the_rule(kiosk):
    """`save`: the clean popover on top is dismissed, the unsaved sheet saved and dismissed, the
    warning closed, and the page hears dismisskit-idle-reset; then no timeout is armed."""
    idle_kiosk(kiosk, 4_000_000, 2_000_000, "save")
    kiosk.js(PRESENT_COMPOSE % "true")
    kiosk.js(PRESENT_SHARE)
    kiosk.wait(STILL_THERE_SHOWN, "the idle warning")
    kiosk.wait("resets.length === 1", "the idle reset")
    kiosk.wait("document.querySelectorAll('dialog[open], :popover-open').length === 0", "everything to be closed (a sheet slides out)")
    assert kiosk.js(f"[{STILL_THERE}, document.querySelector('.dk-action-sheet')]") == [None, None], "a question is left"
    steps = [(intent["type"], intent.get("presentation"), intent.get("resolution"), intent.get("source")) for intent in kiosk.js("intents")]
    assert steps == [("idleWarning", None, None, None), ("dismiss", "share", "direct", "idle"), ("save", "compose", None, None),
                     ("dismiss", "compose", "saved", "idle"), ("idleReset", None, None, None)], steps
    # The example page's dismisskit-idle-reset listener shows its start screen.
    assert kiosk.js("document.getElementById('status').value") == "started over for the next person"
    assert kiosk.js("timers.size") == 0, "a timeout is armed after the reset"
    replays(kiosk)


@last_check
def the_deadline_closes_the_warning_when_keep_leaves_the_open_question(kiosk):
    """`keep`, with the unsaved sheet's question open: the deadline dismisses nothing and gives no
    idleReset, and still the warning closes, leaving the question for the person."""
    idle_kiosk(kiosk, 4_000_000, 2_000_000, "keep")
    kiosk.js(PRESENT_COMPOSE % "true")
    kiosk.browser.key("Escape", "Escape", 27)
    kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "Escape's question")
    kiosk.wait(STILL_THERE_SHOWN, "the idle warning")
    kiosk.wait(f"{STILL_THERE} === null", "the deadline to close the warning")
    assert kiosk.js("document.querySelector('.dk-action-sheet')?.open && document.getElementById('compose').open")
    assert [intent["type"] for intent in kiosk.js("intents")] == ["confirmationRequested", "idleWarning"], kiosk.js("intents")
    assert kiosk.js("timers.size") == 0 and kiosk.js("resets.length") == 0
    kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
    kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")


# A kiosk of these options (an idle rule among them) in place of the page's, on a clean compose sheet.
IDLE_SHEET = """(async (options) => {
    kiosk.destroy();
    window.dk ??= await (await import('../dismisskit.js')).load();
    const { Kiosk } = await import('../dismisskit-page.js');
    window.kiosk = new Kiosk(dk, options);
    kiosk.present(document.getElementById('compose'), { style: 'sheet', unsavedChanges: false });
    return true;
})"""


def first_countdown(kiosk, options):
    """The idle warning of a kiosk of `options` (JavaScript) as it first shows: its title, its
    countdown and its button; then the kiosk is destroyed."""
    kiosk.js(f"{IDLE_SHEET}({options})")
    kiosk.wait(STILL_THERE, "the idle warning")
    shown = kiosk.js(f"['h2', 'p', 'button'].map((part) => {STILL_THERE}.querySelector(part).textContent)")
    kiosk.js("kiosk.destroy(); true")
    return shown


@last_check
def the_idle_countdown_is_the_languages_plural(kiosk):
    """For each language of the catalog, <html lang> alone: the idle warning's title and button
    are its translations, and its countdown at 1, 2, 5, 21 and 100 seconds (a second less when
    the first tick is late) is gettext's ngettext by the catalog's own plural rule: Russian's
    three forms, Arabic's six, Japanese's one; none of them the English."""
    for language, catalog in CATALOGS.items():
        kiosk.js(f"document.documentElement.lang = {json.dumps(tag(language))}; true")
        for seconds in (1, 2, 5, 21, 100):
            idle = {"after": seconds * 1_000_000 + 300_000, "warning": seconds * 1_000_000, "unsaved": "keep"}
            title, text, button = first_countdown(kiosk, json.dumps({"idle": idle}))
            assert [title, button] == [catalog.gettext("Are you still there?"), catalog.gettext("Continue")], (language, title, button)
            expected = [countdown(catalog, shown) for shown in (seconds, seconds - 1) if shown > 0]
            assert text in expected, f"{language} at {seconds} s: {text!r}, not one of {expected}"
            assert text not in [countdown(ENGLISH, shown) for shown in (seconds, seconds - 1)], f"{language}: {text!r}"
    kiosk.js("document.documentElement.lang = 'en'; true")


@last_check
def the_language_option_comes_before_the_documents_lang(kiosk):
    """`language: "ko"` on a page of lang="ru": Korean; `language` that the catalog lacks: the
    document's, Russian; a label given replaces its word alone, and the countdown given as a
    function of the seconds replaces the catalog's."""
    kiosk.js("""(async () => {
        kiosk.destroy();
        document.documentElement.lang = 'ru';
        const { load } = await import('../dismisskit.js');
        const { Kiosk } = await import('../dismisskit-page.js');
        window.dk = await load();
        window.Kiosk = Kiosk;
        return true;
    })()""")
    for options, language, labels in [({"language": "ko"}, "ko", {}), ({"language": "zh-TW"}, "ru", {}),
                                      ({"language": "ko", "labels": {"save": "Keep it"}}, "ko", {"save": "Keep it"})]:
        kiosk.js(f"window.kiosk = new Kiosk(dk, {json.dumps(options)}); true")
        kiosk.js(PRESENT_COMPOSE % "true")
        kiosk.browser.key("Escape", "Escape", 27)
        kiosk.wait("document.querySelector('.dk-action-sheet')?.open", "the question")
        question, _ = expected_question(CATALOGS[language])
        question[3] = labels.get("save", question[3])
        assert kiosk.js(QUESTION_SHOWN) == question, (options, kiosk.js(QUESTION_SHOWN))
        kiosk.js("kiosk.destroy(); true")
    kiosk.js("window.kiosk = new Kiosk(dk); true")
    idle = json.dumps({"after": 2_300_000, "warning": 2_000_000, "unsaved": "keep"})
    title, text, _ = first_countdown(kiosk, f"{{ idle: {idle}, labels: {{ startingOver: (seconds) => `Encore ${{seconds}} s` }} }}")
    assert title == CATALOGS["ru"].gettext("Are you still there?") and text in ("Encore 2 s", "Encore 1 s"), (title, text)
    kiosk.js("document.documentElement.lang = 'en'; true")


def run(kiosk, function):
    """Runs a check; after a failure, answers and closes what it left. False when it failed."""
    try:
        kiosk.js("intents.length = 0")
        function(kiosk)
        print(f"ok: {function.__name__.replace('_', ' ')}")
        return True
    except Exception as error:  # noqa: BLE001: each check reports and the next one runs
        print(f"FAILED: {function.__name__.replace('_', ' ')}: {error!r}")
        kiosk.js(CLEAN_UP)
        return False


def idle_pictures(url, scratch):
    """Docs/embedding-web.md's pictures of the idle warning: the example page with an unsaved draft
    in its compose sheet, 2 s into a 30 s warning, at 390 x 844 and 1280 x 800."""
    global WIDTH, HEIGHT
    checks_size = WIDTH, HEIGHT
    for WIDTH, HEIGHT, name in ((390, 844, "web-kiosk-idle-phone.png"), (1280, 800, "web-kiosk-idle.png")):
        with Browser(os.path.join(scratch, name), WIDTH, HEIGHT) as browser:
            kiosk = Kiosk(browser)
            kiosk.open(url)
            idle_kiosk(kiosk, 31_000_000, 30_000_000, "save")
            kiosk.js("document.getElementById('draft').value = 'See you at the town hall on'; true")
            kiosk.js("kiosk.present(document.getElementById('compose'), { style: 'sheet', detents: ['medium', 'large'],"
                     " selectedDetent: 'large', grabber: true, headerHeight: 56, content: document.getElementById('messages'),"
                     " unsavedChanges: true }); true")
            kiosk.wait(f"{STILL_THERE_SHOWN} && document.getAnimations().length === 0", "the warning")
            kiosk.wait(f"{STILL_THERE}.querySelector('p').textContent === 'Starting over in 28 seconds.'", "28 s left")
            with open(os.path.join(PICTURES, name), "wb") as file:
                file.write(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))
    WIDTH, HEIGHT = checks_size


# The draft in each picture's language: "See you at the town hall on".
DRAFTS = {"ru": "Встретимся в ратуше в", "ko": "시청에서 만나요,", "ar": "نلتقي في دار البلدية يوم"}


def question_pictures(url, scratch):
    """Docs/embedding-web.md's pictures of the question in Russian, Korean and Arabic (<html lang>
    alone): the example page's compose sheet with an unsaved draft, asked to close by Escape, at
    390 x 844 and 1280 x 800."""
    global WIDTH, HEIGHT
    checks_size = WIDTH, HEIGHT
    for WIDTH, HEIGHT, suffix in ((390, 844, "-phone"), (1280, 800, "")):
        with Browser(os.path.join(scratch, f"question{suffix}"), WIDTH, HEIGHT) as browser:
            kiosk = Kiosk(browser)
            kiosk.open(url)
            for lang, draft in DRAFTS.items():
                kiosk.js(f"document.documentElement.lang = {json.dumps(lang)}; document.getElementById('draft').value = {json.dumps(draft)};"
                         " kiosk.present(document.getElementById('compose'), { style: 'sheet', detents: ['medium', 'large'],"
                         " selectedDetent: 'large', grabber: true, headerHeight: 56, content: document.getElementById('messages'),"
                         " unsavedChanges: true }); true")
                kiosk.wait("document.getElementById('compose').open && document.getAnimations().length === 0", "the sheet")
                kiosk.browser.key("Escape", "Escape", 27)
                kiosk.wait("document.querySelector('.dk-action-sheet')?.open && document.getAnimations().length === 0", "the question")
                with open(os.path.join(PICTURES, f"web-kiosk-question-{lang}{suffix}.png"), "wb") as file:
                    file.write(base64.b64decode(browser.call("Page.captureScreenshot", format="png")["data"]))
                kiosk.tap_element(".dk-action-sheet button[data-choice=discard]")
                kiosk.wait("!document.getElementById('compose').open", "Discard to close the sheet")
    WIDTH, HEIGHT = checks_size


def main():
    if len(sys.argv) != 2:
        sys.exit("Usage: page.py PREFIX")
    prefix = os.path.realpath(sys.argv[1])
    global GESTURECTL
    GESTURECTL = os.path.join(prefix, "bin", "gesturectl")
    root = os.path.join(prefix, "share", "dismisskit", "web")
    handler = functools.partial(Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        with Browser(os.path.join(scratch, "profile"), WIDTH, HEIGHT) as browser:
            kiosk = Kiosk(browser)
            url = f"http://127.0.0.1:{server.server_port}/example/"
            kiosk.open(url)
            assert kiosk.js("[document.documentElement.clientWidth, document.documentElement.clientHeight]") == [WIDTH, HEIGHT]
            failures += sum(not run(kiosk, function) for function in CHECKS)
            session = kiosk.js("kiosk.session()")
            for function in LAST_CHECKS:
                kiosk.open(url)
                failures += not run(kiosk, function)
            errors = list(browser.console)
        if PICTURES:
            idle_pictures(url, scratch)
            question_pictures(url, scratch)
        # The page's session, recorded by the WebAssembly module, replays to the same intents.
        path = os.path.join(scratch, "web.session.jsonl")
        with open(path, "w") as file:
            file.write(session)
        replay = subprocess.run([os.path.join(prefix, "bin", "gesturectl"), "replay", path, "--verify"],
                                capture_output=True, text=True)
        if replay.returncode != 0:
            failures += 1
            print(f"FAILED: the page's session does not replay: {replay.stderr.strip()}")
        else:
            print(f"ok: the page's session ({session.count(chr(10))} lines) replays with gesturectl replay --verify")
    if errors:
        failures += 1
        print("FAILED: the page logged errors:\n  " + "\n  ".join(errors))
    server.shutdown()
    total = len(CHECKS) + len(LAST_CHECKS) + 1
    print(f"Tests/Web page: {total - failures} of {total} passed")
    sys.exit(1 if failures else 0)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    main()
