"""The on-screen keyboard as a GTK kiosk reports it (DkPipeline:keyboard-height): Tests/GTK/keyboard
(keyboard.c) runs on GTK's Broadway backend in a 1280 x 800 window, shown and touched through
headless Chromium as components.py does, its keyboard a band 300 points tall docked at the bottom.
- An unsaved DkSheet at medium with its entry focused grows to large when the keyboard shows
  (detent-set, cause keyboard), and GTK draws it in the room above the keyboard: from 40 to 500,
  where the pipeline has it.
- A swipe down from the sheet's top asks for the keyboard to hide before the drag begins
  (keyboard-hiding-requested, reason drag, then drag-began): the sheet has taken the focus from
  the entry by then; the kiosk hides its keyboard and reports 0.
- A kiosk slow to hide its keyboard: the question a swipe opens is drawn in the room above the
  keyboard (its bottom at 500, not under the keys where no touch would reach it), and at the
  window's bottom once the keyboard is hidden.
- Escape while the keyboard is up only asks for it to hide (keyboard-hiding-requested, reason
  escape-key): the unsaved sheet stays, no question is drawn; the next Escape, the keyboard
  hidden, asks.
- A tap on the keyboard, below an unsaved non-modal DkPopover, is the keyboard's: the popover is
  neither saved nor closed. With the keyboard hidden, the same tap autosaves and closes it.

Usage: keyboard.py PROGRAM BROADWAY_PORT   (with PICTURES=DIR: DIR/gtk-keyboard.png too)"""
import sys
import tempfile

from components import PICTURES, Browser, check, picture, session

KEYBOARD = 300
SIZE = (1280, 800)


def sheet_checks(finger, program):
    state = program.ask("sheet medium")
    program.ask("focus")
    state = program.until(lambda state: state["sheet"]["drawn"] is not None and state["focused"])
    check(state["sheet"]["detent"] == "medium" and state["focused"], "the unsaved sheet is at medium, its entry focused",
          state)
    state = program.ask(f"keyboard {KEYBOARD}")
    check(state["keyboard"] == KEYBOARD and state["sheet"]["detent"] == "large"
          and state["events"] == [f"detent-set {state['sheet']['id']} large keyboard"],
          f"keyboard-height {KEYBOARD}: the sheet goes to large, cause keyboard", state)
    room = SIZE[1] - KEYBOARD
    state = program.until(lambda state: state["sheet"]["drawn"] is not None
                          and abs(state["sheet"]["drawn"][1] + state["sheet"]["drawn"][3] - room) <= 0.001)
    drawn, layout = state["sheet"]["drawn"], state["sheet"]["layout"]
    check(abs(drawn[1] - 40) <= 0.001 and abs(drawn[1] + drawn[3] - room) <= 0.001
          and all(abs(a - b) <= 0.001 for a, b in zip(drawn, layout)) and state["focused"],
          f"the sheet is drawn in the room above the keyboard, from 40 to {room}, where the pipeline has it; "
          "the entry keeps the focus", state)
    if PICTURES:
        picture(finger.browser, state, "gtk-keyboard.png")
    name, events = state["sheet"]["id"], len(state["events"])
    finger.drag(200, 70, 370)
    state = program.until(lambda state: len(state["events"]) >= events + 2)
    check(state["events"][events:events + 2] == [f"keyboard-hiding-requested {name} drag",
                                                  f"drag-began {name} top-region, focused no"]
          and not state["focused"] and state["keyboard"] == 0,
          "a swipe on the sheet asks for the keyboard to hide before its drag begins; the sheet took the focus "
          "from the entry by then, and the kiosk reported the keyboard hidden", state)
    program.ask("close")


def question_checks(finger, program):
    program.ask("kiosk-hides 0")
    program.ask("sheet medium")
    state = program.ask(f"keyboard {KEYBOARD}")
    check(state["sheet"]["detent"] == "large" and state["keyboard"] == KEYBOARD,
          "a kiosk that does not hide its keyboard: the unsaved sheet at large above it", state)
    room = SIZE[1] - KEYBOARD
    program.until(lambda state: state["sheet"]["drawn"] is not None
                  and abs(state["sheet"]["drawn"][1] + state["sheet"]["drawn"][3] - room) <= 0.001)
    finger.drag(200, 70, 370)
    state = program.until(lambda state: state["sheet"]["question"] is not None)
    question = state["sheet"]["question"]
    check(question is not None and abs(question[1] + question[3] - room) <= 0.001 and state["keyboard"] == KEYBOARD,
          f"the swipe's question is drawn above the keyboard still shown, its bottom at {room}", state)
    program.ask("keyboard 0")
    state = program.until(lambda state: state["sheet"]["question"] is not None
                          and abs(state["sheet"]["question"][1] + state["sheet"]["question"][3] - SIZE[1]) <= 0.001)
    question = state["sheet"]["question"]
    check(abs(question[1] + question[3] - SIZE[1]) <= 0.001,
          f"once the keyboard is hidden, the question is at the window's bottom, {SIZE[1]}", state)
    program.ask("close")
    program.ask("kiosk-hides 1")


def escape_checks(finger, program):
    program.ask("sheet medium")
    program.ask("focus")
    program.until(lambda state: state["sheet"]["drawn"] is not None and state["focused"])
    state = program.ask(f"keyboard {KEYBOARD}")
    check(state["sheet"]["detent"] == "large" and state["keyboard"] == KEYBOARD and state["focused"],
          "the unsaved sheet at large, its entry focused, the keyboard shown", state)
    name, events, dismissed = state["sheet"]["id"], len(state["events"]), len(state["dismissed"])
    finger.escape()
    state = program.until(lambda state: len(state["events"]) > events)
    check(state["events"][events:] == [f"keyboard-hiding-requested {name} escape-key"]
          and state["sheet"]["id"] == name and state["sheet"]["question"] is None
          and state["dismissed"][dismissed:] == [] and not state["focused"] and state["keyboard"] == 0,
          "Escape with the keyboard up only asks for the keyboard to hide: the unsaved sheet stays, nothing is "
          "asked; the entry lost the focus and the kiosk reported the keyboard hidden", state)
    finger.escape()
    state = program.until(lambda state: state["sheet"]["question"] is not None)
    check(state["events"][events + 1:] == [] and state["sheet"]["id"] == name,
          "the next Escape, the keyboard hidden, asks the question without asking for the keyboard again", state)
    program.ask("close")


def popover_checks(finger, program):
    program.ask(f"keyboard {KEYBOARD}")
    state = program.ask("popover")
    check(state["popover"]["id"] is not None and state["keyboard"] == KEYBOARD,
          "the unsaved popover is up, the keyboard shown", state)
    saved, dismissed = state["saved"], len(state["dismissed"])
    state = finger.tap(200, SIZE[1] - 60)
    check(state["popover"]["id"] is not None and state["saved"] == saved and state["dismissed"][dismissed:] == [],
          "a tap on the keyboard is the keyboard's: the unsaved popover is neither saved nor closed", state)
    state = program.ask("keyboard 0")
    state = finger.tap(200, SIZE[1] - 60)
    check(state["popover"]["id"] is None and state["saved"] == saved + 1
          and state["dismissed"][dismissed:] == ["popover tap-outside autosaved"],
          "with the keyboard hidden, the same tap is outside the popover: it autosaves and closes it", state)


def main():
    program_path, port = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as profile, Browser(profile, width=1400, height=1000) as browser:
        session(browser, [program_path], port, [sheet_checks, question_checks, escape_checks, popover_checks], size=SIZE)


if __name__ == "__main__":
    main()
