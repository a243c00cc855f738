"""Where GTK draws a DkSheet and a DkPopover is where the pipeline hit-tests them. Tests/GTK/layout
(layout.c) runs on GTK's Broadway backend in a phone's window (390 x 844 points: a compact width)
and a landscape one (1280 x 800: a regular width), shown and touched through headless Chromium as
components.py does. For the sheet at each of its detents, and the popover (at its frame in the
regular width, adapted to a sheet at the large detent in the compact one), the program's widgets'
bounds in the window (gtk_widget_compute_bounds(): the frame, the grabber) must be the rectangles
of dk_gtk_pipeline_get_layout(), and real touches aimed at what GTK draws must find in the
pipeline what they touch: a tap on the drawn grabber is a grabber tap; a drag from 2 points inside
the drawn top edge begins a drag of the top region and one from 2 points outside does not; a tap
2 points outside the popover's drawn edge closes it and one 2 points inside does not.

Usage: layout.py PROGRAM BROADWAY_PORT"""
import sys
import tempfile

from components import Browser, check, centre, session

INSIDE = 2  # points from a drawn edge: a few points' disagreement puts one of the touches on the wrong side


def same(drawn, layout):
    """Whether two rectangles (or two absences) are the same, to a thousandth of a point."""
    if drawn is None or layout is None:
        return drawn is None and layout is None
    return all(abs(a - b) <= 0.001 for a, b in zip(drawn, layout))


def shown(program, which):
    """The state once GTK draws the presentation: it maps and lays out its frame once the call that
    presented it has returned (and a state is printed after a frame's layout)."""
    return program.until(lambda state: state[which]["drawn"]["frame"] is not None)


def close(program):
    """Closes both, and the state once neither is drawn: the next one's frame is laid out anew."""
    program.ask("close")
    return program.until(lambda state: state["sheet"]["drawn"]["frame"] is None
                         and state["popover"]["drawn"]["frame"] is None)


def drawn_where_it_is(state, which, role, adapted, what):
    """GTK draws the presentation's frame and grabber where the pipeline has them."""
    presentation = state[which]
    layout, drawn = presentation["layout"], presentation["drawn"]
    check(layout is not None and (layout["role"], layout["adapted"]) == (role, adapted)
          and same(drawn["frame"], layout["frame"]) and same(drawn["grabber"], layout["grabber"]),
          f"{what}: a {role}{' (adapted)' if adapted else ''}, its frame and grabber (or none) drawn where the pipeline "
          "has them",
          presentation)


def top_edge(finger, program, state, which, what):
    """A drag from just outside the drawn top edge moves nothing; one from just inside is the top
    region's drag. The last check of a presentation: the second drag may dismiss it."""
    frame, name = state[which]["drawn"]["frame"], state[which]["id"]
    x, top = round(frame[0] + frame[2] / 5), round(frame[1])  # away from the grabber, in the middle
    drags = len(state["drags"])
    state = finger.drag(x, top - INSIDE, top - INSIDE + 100)
    check(state["drags"][drags:] == [] and state[which]["id"] == name,
          f"{what}: a drag from {INSIDE} points above its drawn top edge begins no drag", state)
    state = finger.drag(x, top + INSIDE, top + INSIDE + 100)
    check(state["drags"][drags:] == [f"{name} top-region"],
          f"{what}: a drag from {INSIDE} points below its drawn top edge drags its top region", state)
    close(program)


def sheet_checks(finger, program, size):
    for detent in ("large", "medium"):
        what = f"{size[0]} x {size[1]}, the sheet at {detent}"
        program.ask(f"sheet {detent} medium large")
        state = shown(program, "sheet")
        drawn_where_it_is(state, "sheet", "sheet", False, what)
        other, before = "medium" if detent == "large" else "large", state["sheet"]["drawn"]["frame"]
        finger.tap(*centre(state["sheet"]["drawn"]["grabber"]))
        # The sheet follows the new detent once the lift has been dispatched: laid out anew.
        state = program.until(lambda state: state["sheet"]["drawn"]["frame"] != before)
        check(state["sheet"]["detent"] == other, f"{what}: a tap on its drawn grabber is a grabber tap: {other}", state)
        what = f"{size[0]} x {size[1]}, the sheet tapped to {other}"
        drawn_where_it_is(state, "sheet", "sheet", False, what)
        top_edge(finger, program, state, "sheet", what)


def regular_popover_checks(finger, program, size):
    what = f"{size[0]} x {size[1]}, the popover"
    program.ask("popover")
    state = shown(program, "popover")
    drawn_where_it_is(state, "popover", "popover", False, what)
    x, y, width, height = state["popover"]["drawn"]["frame"]
    middle_x, middle_y = round(x + width / 2), round(y + height / 2)
    bottom, left = round(y + height), round(x)
    for point, where in (((middle_x, bottom + INSIDE), "below its drawn bottom edge"),
                         ((left - INSIDE, middle_y), "left of its drawn left edge")):
        dismissed = len(state["dismissed"])
        state = finger.tap(*point)
        check(state["dismissed"][dismissed:] == ["popover tap-outside"],
              f"{what}: a tap {INSIDE} points {where} is outside it: it closes", state)
        program.ask("popover")
        state = shown(program, "popover")
    dismissed = len(state["dismissed"])
    for point, where in (((middle_x, bottom - INSIDE), "above its drawn bottom edge"),
                         ((left + INSIDE, middle_y), "right of its drawn left edge")):
        state = finger.tap(*point)
        check(state["popover"]["id"] is not None and state["dismissed"][dismissed:] == [],
              f"{what}: a tap {INSIDE} points {where} is inside it: it stays", state)
    close(program)


def compact_popover_checks(finger, program, size):
    what = f"{size[0]} x {size[1]}, the popover"
    program.ask("popover")
    state = shown(program, "popover")
    drawn_where_it_is(state, "popover", "sheet", True, what)
    top_edge(finger, program, state, "popover", what)


def main():
    program_path, port = sys.argv[1], int(sys.argv[2])
    with tempfile.TemporaryDirectory() as profile, Browser(profile, width=1400, height=1000) as browser:
        # A phone's compact width, and a landscape regular one.
        for size, popover_checks in (((390, 844), compact_popover_checks), ((1280, 800), regular_popover_checks)):
            session(browser, [program_path, str(size[0]), str(size[1])], port, [
                lambda finger, program: sheet_checks(finger, program, size),
                lambda finger, program: popover_checks(finger, program, size)], size=size)


if __name__ == "__main__":
    main()
