"""The idle rule in a GTK kiosk: Tests/GTK/idle (idle.c) runs on GTK's Broadway backend, shown and
touched through headless Chromium as components.py does, its window's pipeline given a short idle
rule (8 s, the warning in the last 5) with dk_gtk_pipeline_set_idle_rule().
- With the rule and nothing presented, the pipeline arms no timeout (DkPipeline:ticking is off);
  with a sheet presented it does.
- With no touch, idle-warning comes and the question "Are you still there?" is drawn, with a
  countdown in whole seconds that counts down, and a touch-sized Continue.
- A tap on Continue is activity: idle-cancelled, the question closes, the sheet stays.
- With no touch after that: the warning again, then at the deadline the clean sheet is dismissed
  (source idle, direct), idle-reset comes, the question is gone and no timeout is armed.
- An unsaved sheet under "discard" is dismissed discarded; under "keep" it stays, its own question
  is asked, and no idle-reset comes.
- A rule whose after is not above its warning is refused, naming why; a rule set while a sheet is
  presented is taken, and the sheet stays (the C library writes the scene as it is).
- With the kiosk's keyboard shown, the question is drawn in the room above it.
Nothing asserts a time: each step waits for what the program shows (components.py's STALL).

Usage: idle.py PROGRAM BROADWAY_PORT   (with PICTURES=DIR: DIR/gtk-idle-phone.png and
DIR/gtk-idle-landscape.png too)"""
import re
import sys
import tempfile

from components import PICTURES, Browser, centre, check, picture, session

AFTER_MS, WARNING_MS = 8000, 5000
KEYBOARD = 300


def seconds(state):
    """The countdown's seconds, or None when it shows none."""
    found = re.fullmatch(r"Starting over in (\d+) seconds?\.", state["idle"]["countdown"])
    return int(found.group(1)) if found else None


def warned(program, count):
    """The state once the count-th idle warning's question is drawn."""
    return program.until(lambda state: state["events"].count("idle-warning") >= count
                         and state["idle"]["question"] is not None)


def warning_checks(finger, program, name):
    state = program.ask(f"rule {AFTER_MS} {WARNING_MS} discard")
    check(state["refused"] == [] and not state["ticking"],
          "the idle rule is set; with nothing presented no timeout is armed", state)
    state = program.ask("sheet 0")
    check(state["sheet"]["presented"] and state["ticking"], "a sheet is presented: the pipeline ticks itself", state)
    state = program.ask(f"rule {WARNING_MS} {WARNING_MS} keep")
    check(len(state["refused"]) == 1 and "must be longer than idle.warning" in state["refused"][0]
          and state["sheet"]["presented"], "a rule whose after is not above its warning is refused, naming why", state)
    state = program.ask(f"rule {AFTER_MS} {WARNING_MS} discard")
    check(len(state["refused"]) == 1 and state["sheet"]["presented"] and state["ticking"],
          "the rule given again while the sheet is presented is taken, and the sheet stays", state)
    state = warned(program, 1)
    idle = state["idle"]
    first = seconds(state)
    check(state["events"] == ["idle-warning"] and first is not None and 0 < first <= WARNING_MS // 1000
          and idle["continue"] is not None and idle["continue"][3] >= 44,
          "with no touch, \"Are you still there?\" is drawn with a countdown in whole seconds and a touch-sized "
          "Continue", state)
    if PICTURES:
        picture(finger.browser, state, name)
    state = program.until(lambda state: seconds(state) is not None and seconds(state) < first
                          or state["idle"]["question"] is None)
    check(seconds(state) is not None and seconds(state) < first, "the countdown counts down", state)
    state = finger.tap(*centre(state["idle"]["continue"]))
    state = program.until(lambda state: state["idle"]["question"] is None)
    check(state["events"] == ["idle-warning", "idle-cancelled"] and state["sheet"]["presented"]
          and state["dismissed"] == [] and state["idle"]["question"] is None,
          "a tap on Continue cancels the warning: the question closes, the sheet stays", state)


def reset_checks(finger, program):
    state = warned(program, 2)
    check(state["events"][-1] == "idle-warning", "with no touch after Continue, the warning comes again", state)
    state = program.until(lambda state: "idle-reset" in state["events"])
    check(state["dismissed"] == ["sheet idle direct"] and state["events"][-1] == "idle-reset"
          and not state["sheet"]["presented"], "at the deadline the clean sheet is dismissed (idle, direct), then idle-reset",
          state)
    state = program.until(lambda state: state["idle"]["question"] is None)
    check(state["idle"]["question"] is None and not state["ticking"],
          "after the reset the question is gone and no timeout is armed", state)
    # An unsaved sheet under "discard": dismissed without its work.
    state = program.ask("sheet 1")
    state = program.until(lambda state: state["events"].count("idle-reset") == 2)
    check(state["dismissed"][-1] == "sheet idle discarded" and not state["sheet"]["presented"],
          "under discard, the unsaved sheet is dismissed discarded at the deadline, then idle-reset", state)
    # An unsaved sheet under "keep": it stays and asks its own question; no reset.
    state = program.ask(f"rule {AFTER_MS} {WARNING_MS} keep")
    check(len(state["refused"]) == 1, "with nothing presented the rule is set again: keep", state)
    program.ask("sheet 1")
    state = program.until(lambda state: state["sheet"]["question"] != 0 and state["answers"].get("Discard Changes")
                          and state["idle"]["question"] is None)
    check(state["sheet"]["presented"] and state["sheet"]["question"] != 0 and state["events"].count("idle-reset") == 2
          and len(state["dismissed"]) == 2 and state["idle"]["question"] is None and not state["ticking"],
          "under keep, the unsaved sheet stays at the deadline and asks its question, in place of the idle one; "
          "no idle-reset", state)
    state = finger.tap(*centre(state["answers"]["Discard Changes"]))
    state = program.until(lambda state: not state["sheet"]["presented"])
    check(len(state["dismissed"]) == 3 and state["dismissed"][-1].endswith(" discarded"),
          "its question's Discard Changes dismisses it", state)


def keyboard_checks(finger, program):
    program.ask(f"keyboard {KEYBOARD}")
    program.ask("sheet 0")
    state = warned(program, 5)
    bottom = state["idle"]["question"][1] + state["idle"]["question"][3]
    check(bottom <= state["size"][1] - KEYBOARD + 0.001,
          f"with the kiosk's keyboard {KEYBOARD} points tall, the question is drawn in the room above it", state)
    state = finger.tap(*centre(state["idle"]["continue"]))
    state = program.until(lambda state: state["events"][-1] == "idle-cancelled")
    check(state["sheet"]["presented"], "Continue cancels it there too", state)
    program.ask("sheet-close")


def main():
    program_path, port = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as profile, Browser(profile, width=1400, height=1000) as browser:
        size = (390, 844)
        session(browser, [program_path, *map(str, size)], port,
                [lambda finger, program: warning_checks(finger, program, "gtk-idle-phone.png")], size=size)
        size = (1280, 800)
        session(browser, [program_path, *map(str, size)], port,
                [lambda finger, program: warning_checks(finger, program, "gtk-idle-landscape.png"), reset_checks,
                 keyboard_checks], size=size)


if __name__ == "__main__":
    main()
