"""libdismisskit-gtk from Python through GObject Introspection: DismissKit.Pipeline is driven with
touches and commands, and its signals carry typed values (enums and flags, not strings); a
refusal is a GLib.Error in the pipeline's domain; a recording that can no longer be written turns
the "recording" property off and emits "recording-failed"; get_layout() says where a presentation
is drawn; the "keyboard-height" property is the keyboard command, and a height it refuses is a
warning in the DismissKit log domain that leaves the property as it was. Needs GI_TYPELIB_PATH (and the library on
the loader's path) to find DismissKit-0.typelib, as installed by script/install. set_idle_rule()
gives the scene its idle rule, and the pipeline ticks itself from GLib's main loop only while a
tick is needed: the warning, a touch's cancellation, and the reset come as typed signals.

Usage: introspection.py"""
import json
import os
import subprocess
import sys
import tempfile

import gi

gi.require_version("DismissKit", "0")
from gi.repository import DismissKit, GLib  # noqa: E402

SCENE = '{"presentations": [{"id": "compose", "style": "sheet", "unsavedChanges": true}]}'


def check(condition, what, got):
    if not condition:
        raise AssertionError(f"{what}: got {got!r}")
    print(f"ok {what}")


def swipe(pipeline, start):
    """A flick down the sheet's top at 120 Hz, from time `start` (µs)."""
    touch = DismissKit.TouchType
    for i in range(14):
        time = start + i * 8333
        pipeline.touch(touch.DOWN if i == 0 else touch.MOTION if i < 13 else touch.UP, 0, 300, 70 + 12.5 * i, time)
        pipeline.touch(touch.FRAME, 0, 0, 0, time)
    return start + 13 * 8333


def main():
    pipeline = DismissKit.Pipeline.new(SCENE)
    heard = []
    for name in ("drag-began", "drag-ended", "confirmation-requested", "save", "dismissed", "cancelled"):
        pipeline.connect(name, lambda _pipeline, *values, name=name: heard.append((name, *values)))

    end = swipe(pipeline, 0)
    began = next(event for event in heard if event[0] == "drag-began")
    check(began[1] == "compose" and began[2] == DismissKit.DragOrigin.TOP_REGION
          and isinstance(began[2], DismissKit.DragOrigin), "drag-began carries a DragOrigin: top region", began)
    asked = next(event for event in heard if event[0] == "confirmation-requested")
    everything = DismissKit.Choices.DISCARD | DismissKit.Choices.SAVE | DismissKit.Choices.KEEP_EDITING
    check(asked[2] == DismissKit.DismissalSource.SWIPE_FROM_TOP and isinstance(asked[3], DismissKit.Choices)
          and asked[3] == everything, "the unsaved sheet's swipe asks, offering Discard, Save and Keep Editing", asked)

    pipeline.confirm("compose", DismissKit.Choice.KEEP_EDITING, end + 1000)
    check(heard[-1] == ("cancelled", "compose"), "Keep Editing is answered with cancelled", heard[-1])
    end = swipe(pipeline, end + 100000)
    pipeline.confirm("compose", DismissKit.Choice.SAVE, end + 1000)
    check(heard[-2:] == [("save", "compose"), ("dismissed", "compose", DismissKit.DismissalSource.SWIPE_FROM_TOP,
                                                DismissKit.Resolution.SAVED)]
          and isinstance(heard[-1][3], DismissKit.Resolution), "Save is answered with save, then dismissed (saved)",
          heard[-2:])

    try:
        pipeline.confirm("compose", DismissKit.Choice.DISCARD, end + 2000)
        raise AssertionError("a confirm with no open question was taken")
    except GLib.Error as error:
        check(error.matches(DismissKit.Pipeline.error_quark(), DismissKit.PipelineError.COMMAND)
              and "compose" in error.message, "a refused command is a GLib.Error naming the presentation", error.message)
    try:
        DismissKit.Pipeline.new('{"presentations": [\n{"id": "a", "style": "shelf"}]}')
        raise AssertionError("a bad scene was taken")
    except GLib.Error as error:
        check(error.matches(DismissKit.Pipeline.error_quark(), DismissKit.PipelineError.SCENE)
              and error.message.startswith("scene_json:2:"), "a bad scene is a GLib.Error naming its line", error.message)
    try:
        pipeline.touch(DismissKit.TouchType.MOTION, 5, 10, 10, end + 3000)
        raise AssertionError("a motion of a contact that is not down was taken")
    except GLib.Error as error:
        check(error.matches(DismissKit.Pipeline.error_quark(), DismissKit.PipelineError.TOUCH)
              and "seatSlotNotDown" in error.message, "a refused touch is a GLib.Error with its reason", error.message)


# A child under a 4 KiB file size limit, as a full disk would be: it taps the sheet until its
# recording cannot be written, and prints what it heard.
RECORDING_CHILD = """
import resource, signal, sys
import gi
gi.require_version("DismissKit", "0")
from gi.repository import DismissKit
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
pipeline = DismissKit.Pipeline.new(sys.argv[1])
heard = []
pipeline.connect("notify::recording", lambda p, _spec: heard.append(("notify", p.props.recording)))
pipeline.connect("recording-failed", lambda p, reason, written: heard.append(("failed", p.props.recording, reason, written)))
print("before", pipeline.props.recording, pipeline.props.recording_failure)
pipeline.record(sys.argv[2])
print("after record", pipeline.get_recording())
for stroke in range(40):
    time = stroke * 16000
    pipeline.touch(DismissKit.TouchType.DOWN, 0, 300, 600, time)
    pipeline.touch(DismissKit.TouchType.FRAME, 0, 0, 0, time)
    pipeline.touch(DismissKit.TouchType.UP, 0, 0, 0, time + 8000)
    pipeline.touch(DismissKit.TouchType.FRAME, 0, 0, 0, time + 8000)
pipeline.dismiss("compose", 40 * 16000)
for event in heard:
    print(*event, sep="|")
print("failure", pipeline.props.recording_failure == pipeline.get_recording_failure() == heard[-1][2])
"""


def recording_that_cannot_be_written():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "session.jsonl")
        result = subprocess.run([sys.executable, "-c", RECORDING_CHILD, SCENE, path], capture_output=True, text=True)
        check(result.returncode == 0 and result.stderr == "", "the recording's child runs cleanly", result.stderr)
        lines = result.stdout.splitlines()
        check(lines[:3] == ["before False None", "after record True", "notify|True"],
              "record() turns recording on, with a notify", lines[:3])
        failed = lines[4].split("|") if len(lines) > 4 else []
        check(len(lines) == 6 and lines[3] == "notify|False" and failed[:2] == ["failed", "False"]
              and "File too large" in failed[2] and int(failed[3]) == os.stat(path).st_size <= 4096,
              "a write that fails turns recording off, then emits recording-failed once, with the bytes on disk",
              lines[3:])
        check(lines[5] == "failure True", "recording-failure holds the reason", lines[5])


def presentation_ids():
    """The id rule (Docs/protocol.md) through introspection: "café" with U+00E9 and with "e" +
    U+0301 are two presentations, and a control character is refused, never cut short."""
    for composed, decomposed in (("caf\u00e9", "cafe\u0301"), ("draft-message-caf\u00e9", "draft-message-cafe\u0301")):
        pipeline = DismissKit.Pipeline.new(json.dumps({"presentations": [{"id": composed, "style": "sheet", "unsavedChanges": True}]}))
        heard = []
        for name in ("confirmation-requested", "dismissed", "rejected"):
            pipeline.connect(name, lambda _pipeline, *values, name=name: heard.append((name, values[0])))
        pipeline.dismiss(decomposed, 1000)
        check(heard == [("rejected", decomposed)], "dismissing the spelling never presented is rejected under it", heard)
        try:
            pipeline.confirm(decomposed, DismissKit.Choice.DISCARD, 2000)
            raise AssertionError("an answer naming the spelling never presented was taken")
        except GLib.Error:
            pass
        pipeline.dismiss(composed, 3000)
        check(heard[1:] == [("confirmation-requested", composed)], "the unsaved sheet is asked about under its own spelling", heard)
    try:
        DismissKit.Pipeline.new('{"presentations": [{"id": "a", "style": "sheet"}, {"id": "a\\u0000b", "style": "sheet"}]}')
        raise AssertionError("a scene with U+0000 in an id was taken")
    except GLib.Error as error:
        check("holds no control character, this one has U+0000" in error.message, "U+0000 in a scene's id is refused", error.message)
    pipeline = DismissKit.Pipeline.new(SCENE)
    try:
        pipeline.dismiss("compose\u001b", 1000)
        raise AssertionError("a dismissal naming an id with U+001B was taken")
    except GLib.Error as error:
        check("this one has U+001B" in error.message, "U+001B in a typed call's id is refused", error.message)


def layouts():
    """get_layout() is the C library's dk_pipeline_layout() as a DismissKit.Layout, its rectangles
    Graphene.Rects: the default screen is 1280 x 800, and the large detent the screen less 40 points."""
    scene = '{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"], "grabber": true}]}'
    pipeline = DismissKit.Pipeline.new(scene)
    check(pipeline.get_layout("nobody") is None, "get_layout() of an unknown id is None", pipeline.get_layout("nobody"))

    def rect(r):
        return (r.get_x(), r.get_y(), r.get_width(), r.get_height())

    layout = pipeline.get_layout("compose")
    got = (layout.role, layout.adapted, rect(layout.frame), layout.detent_height, layout.has_grabber,
           rect(layout.grabber), layout.has_header, rect(layout.header))
    check(isinstance(layout.role, DismissKit.PresentationRole)
          and got == (DismissKit.PresentationRole.SHEET, False, (0, 40, 1280, 760), 760, True, (622, 45.5, 36, 5),
                      True, (0, 40, 1280, 56)), "get_layout() has the sheet at large, its grabber and top region", got)
    pipeline.touch(DismissKit.TouchType.DOWN, 0, 640, 48, 0)
    pipeline.touch(DismissKit.TouchType.UP, 0, 0, 0, 50000)
    layout = pipeline.get_layout("compose")
    check(rect(layout.frame) == (0, 420, 1280, 380) and rect(layout.copy().resting_frame) == (0, 420, 1280, 380),
          "after a grabber tap, get_layout() has the sheet at medium", rect(layout.frame))
    pipeline.screen(390, 844, 62, 134, 60000)
    pipeline.command('{"type": "present", "presentation": {"id": "share", "style": "popover", "modal": false, '
                     '"frame": {"x": 40, "y": 60, "width": 300, "height": 200}}}', 70000)
    layout = pipeline.get_layout("share")
    got = (layout.role, layout.adapted, rect(layout.frame), layout.has_grabber)
    check(got == (DismissKit.PresentationRole.SHEET, True, (0, 40, 390, 804), False),
          "in a compact width, get_layout() has a popover adapted to a sheet at large", got)


def keyboard_height():
    """keyboard-height 300 on the default 1280 x 800 screen grows the sheet at medium to large
    (cause keyboard) in the room above the keyboard; a negative or taller-than-screen height is
    refused with a warning naming it and why, and the property keeps 300."""
    scene = '{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"], "selectedDetent": "medium"}]}'
    pipeline = DismissKit.Pipeline.new(scene)
    detents, notified, warnings = [], [], []
    pipeline.connect("detent-set", lambda _pipeline, *intent: detents.append(intent))
    pipeline.connect("notify::keyboard-height", lambda pipeline, _spec: notified.append(pipeline.props.keyboard_height))
    GLib.log_set_handler("DismissKit", GLib.LogLevelFlags.LEVEL_WARNING,
                         lambda _domain, _level, message, _data: warnings.append(message), None)
    pipeline.props.keyboard_height = 300
    frame = pipeline.get_layout("compose").frame
    got = (detents, notified, pipeline.get_keyboard_height(), (frame.get_y(), frame.get_y() + frame.get_height()))
    check(got == ([("compose", "large", DismissKit.DetentCause.KEYBOARD)], [300], 300, (40, 500)),
          "keyboard-height 300: the sheet grows to large (cause keyboard), from 40 to the keyboard's top at 500", got)
    for height, reason in ((-5, "expected 0 (hidden) or more"), (900, "to the screen's height (800 points)")):
        pipeline.props.keyboard_height = height
        check(pipeline.props.keyboard_height == 300 and notified == [300] and len(warnings) == 1
              and warnings[0].startswith(f"DkPipeline:keyboard-height {height} refused: ") and reason in warnings[0],
              f"keyboard-height {height} is refused with a warning naming it and why; it stays 300",
              (pipeline.props.keyboard_height, notified, warnings))
        warnings.clear()


def wait_for(heard, name):
    """Runs GLib's main loop until `name` was heard (the pipeline's own ticks make it come), for at
    most a generous minute."""
    context = GLib.MainContext.default()
    deadline = GLib.get_monotonic_time() + 60 * 1000000
    while not any(event[0] == name for event in heard) and GLib.get_monotonic_time() < deadline:
        context.iteration(True)
    return next((event for event in heard if event[0] == name), None)


def idle_rule():
    """set_idle_rule() on a pipeline made on the empty scene: no timeout with nothing presented;
    with an unsaved sheet the pipeline ticks itself to idle-warning, a touch cancels it, and with
    no touch the reset discards the sheet (source idle), then idle-reset, and ticking stops. A rule
    the pipeline refuses is a GLib.Error."""
    pipeline = DismissKit.Pipeline.new("{}")
    heard = []
    for name in ("idle-warning", "idle-cancelled", "idle-reset", "dismissed"):
        pipeline.connect(name, lambda _pipeline, *values, name=name: heard.append((name, *values)))
    try:
        pipeline.set_idle_rule(500000, 500000, DismissKit.IdleUnsaved.DISCARD)
        refused = None
    except GLib.Error as error:
        refused = error
    check(refused is not None and refused.matches(DismissKit.Pipeline.error_quark(), DismissKit.PipelineError.COMMAND)
          and "idle.after" in refused.message, "an idle rule whose after is not above its warning is a GLib.Error", refused)
    pipeline.set_idle_rule(1500000, 1000000, DismissKit.IdleUnsaved.DISCARD)
    check(not pipeline.props.ticking, "with the idle rule and nothing presented, no timeout is armed", pipeline.props.ticking)
    pipeline.command('{"type": "present", "presentation": {"id": "form", "style": "sheet", "unsavedChanges": true}}',
                     pipeline.get_time())
    check(pipeline.props.ticking, "with a sheet presented, the pipeline ticks itself", pipeline.props.ticking)
    warning = wait_for(heard, "idle-warning")
    check(warning is not None and warning[2] <= 1000000 and warning[1] - warning[2] <= pipeline.get_time(),
          "with no touch, the pipeline's own tick gives idle-warning (deadline, remaining)", warning)
    now = pipeline.get_time()
    pipeline.touch(DismissKit.TouchType.DOWN, 0, 600, 500, now)
    pipeline.touch(DismissKit.TouchType.FRAME, 0, 0, 0, now)
    pipeline.touch(DismissKit.TouchType.UP, 0, 0, 0, now + 50000)
    pipeline.touch(DismissKit.TouchType.FRAME, 0, 0, 0, now + 50000)
    check([event[0] for event in heard] == ["idle-warning", "idle-cancelled"],
          "a touch during the warning gives idle-cancelled", heard)
    reset = wait_for(heard, "idle-reset")
    check(reset is not None and heard[2:] == [("idle-warning", heard[2][1], heard[2][2]),
                                               ("dismissed", "form", DismissKit.DismissalSource.IDLE,
                                                DismissKit.Resolution.DISCARDED), ("idle-reset",)]
          and not pipeline.props.ticking,
          "with no touch, the warning again, then the unsaved sheet is discarded (source idle), idle-reset, "
          "and no timeout is armed", heard)
    pipeline.command('{"type": "present", "presentation": {"id": "form", "style": "sheet"}}', pipeline.get_time())
    before = len(heard)
    pipeline.set_idle_rule(60000000, 1000000, DismissKit.IdleUnsaved.KEEP)
    check(pipeline.props.ticking and len(heard) == before,
          "a rule given while a sheet is presented is taken: the pipeline ticks for it, the sheet stays", heard[before:])

if __name__ == "__main__":
    main()
    recording_that_cannot_be_written()
    presentation_ids()
    layouts()
    keyboard_height()
    idle_rule()
