"""Tests of the Python binding (bindings/python/dismisskit.py) over the installed C library.

Run by Tests/Python/run PREFIX (from ./script/test), which puts the installed dismisskit.py
first on PYTHONPATH and names the installed gesturectl in DISMISSKIT_GESTURECTL.
"""

import enum
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest

import dismisskit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GESTURECTL = os.environ.get("DISMISSKIT_GESTURECTL", "gesturectl")
SHEET = {
    "presentations": [
        {"id": "compose", "style": "sheet", "detents": ["medium", "large"], "grabber": True, "unsavedChanges": True}
    ]
}


def gesturectl(*arguments):
    return subprocess.run([GESTURECTL, *arguments], capture_output=True, text=True, check=True).stdout


def replay(pipeline, touch_lines, timeline, read=list):
    """Feeds gesturectl's touch events and a scene's timeline as Replay.intents does: each
    command before the touch events of the first frame at or after its time, the rest after
    the last frame. Returns the intents, each call's as `read(pipeline)` gives them."""
    intents = []
    pending = list(timeline)
    for line in touch_lines:
        event = json.loads(line)
        while pending and pending[0]["time"] <= event["time"]:
            entry = pending.pop(0)
            pipeline.command(entry["command"], entry["time"])
            intents.extend(read(pipeline))
        pipeline.touch(event["type"], event.get("seatSlot", -1), event.get("x", 0.0), event.get("y", 0.0), event["time"])
        intents.extend(read(pipeline))
    for entry in pending:
        pipeline.command(entry["command"], entry["time"])
        intents.extend(read(pipeline))
    return intents


def replay_golden(scene_path, read=list):
    """(intents through the binding, intents gesturectl prints) for one golden recording."""
    recording = scene_path[: -len(".scene.json")] + ".evemu"
    with open(scene_path) as file:
        scene = json.load(file)
    timeline = scene.pop("timeline", [])
    touches = gesturectl("replay", recording, "--scene", scene_path, "--touch-events", "--exact").splitlines()
    expected = [json.loads(line) for line in gesturectl("replay", recording, "--scene", scene_path).splitlines()]
    with dismisskit.Pipeline(scene) as pipeline:
        return replay(pipeline, touches, timeline, read), expected


def json_fields(intent):
    """A typed Intent as its JSON line's dict would hold it, numbers rounded to 0.001 as there."""
    names = {"origin": intent.origin, "outcome": intent.outcome, "cause": intent.cause, "source": intent.source,
             "resolution": intent.resolution, "presentation": intent.presentation, "reason": intent.reason}
    fields = {"type": intent.kind, "time": intent.time_us}
    fields.update({key: value.value if isinstance(value, enum.Enum) else value
                   for key, value in names.items() if value is not None})
    for key in ["offset", "velocity", "x", "y", "detent"]:
        value = getattr(intent, key)
        if isinstance(value, float):
            value = round(value, 3)
            value = int(value) if value == int(value) else value
        if value is not None:
            fields[key] = value
    if intent.options:
        fields["options"] = [["discard", "save", "keepEditing"][choice] for choice in intent.options]
    if intent.deadline_us is not None:
        fields.update(deadline=intent.deadline_us, remaining=intent.remaining_us)
    return fields


class GoldenRecordingTests(unittest.TestCase):
    def test_a_gated_swipe_answered_save(self):
        actual, expected = replay_golden(os.path.join(ROOT, "Recordings/gesture-gated-swipe-confirm-save.scene.json"))
        self.assertEqual(actual, expected)
        self.assertEqual(
            [intent["type"] for intent in actual if intent["type"] != "dragChanged"],
            ["dragBegan", "dragEnded", "confirmationRequested", "save", "dismiss"],
        )
        self.assertEqual(actual[-1]["resolution"], "saved")

    def test_every_golden_gesture_recording(self):
        scenes = sorted(glob.glob(os.path.join(ROOT, "Recordings/gesture-*.scene.json")))
        self.assertGreater(len(scenes), 50)
        compared = 0
        for scene_path in scenes:
            with self.subTest(recording=os.path.basename(scene_path)):
                actual, expected = replay_golden(scene_path)
                self.assertEqual(actual, expected)
                compared += len(expected)
        self.assertGreater(compared, 1000)

    def test_typed_intents_say_what_the_json_lines_say(self):
        scenes = sorted(glob.glob(os.path.join(ROOT, "Recordings/gesture-*.scene.json")))
        kinds = set()
        for scene_path in scenes:
            with self.subTest(recording=os.path.basename(scene_path)):
                typed, expected = replay_golden(scene_path, read=lambda pipeline: list(pipeline.typed_intents()))
                self.assertEqual([json_fields(intent) for intent in typed], expected)
                kinds.update(intent.kind for intent in typed)
        self.assertEqual(len(kinds), 16, kinds)  # every intent type, each enum among them


class PipelineTests(unittest.TestCase):
    def test_a_recorded_session_replays_to_the_same_intents(self):
        # The second records keyboard commands: the scene's keyboard, and the host hiding it; the
        # third ticks, and its idle rule asks its question at the deadline.
        for name, last in [("gated-swipe-confirm-save", {"resolution": "saved"}),
                           ("keyboard-swipe-unsaved-asks-above-it", {"type": "cancelled"}),
                           ("idle-keep", {"type": "confirmationRequested", "source": "idle"})]:
            with self.subTest(name), tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "session.jsonl")
                scene_path = os.path.join(ROOT, f"Recordings/gesture-{name}.scene.json")
                with open(scene_path) as file:
                    scene = json.load(file)
                timeline = scene.pop("timeline", [])
                recording = scene_path[: -len(".scene.json")] + ".evemu"
                touches = gesturectl("replay", recording, "--scene", scene_path, "--touch-events", "--exact").splitlines()
                with dismisskit.Pipeline(scene, record=path) as pipeline:
                    handed_out = replay(pipeline, touches, timeline)
                self.assertEqual(os.stat(path).st_mode & 0o777, 0o600)
                replayed = [json.loads(line) for line in gesturectl("replay", path).splitlines()]
                self.assertEqual(replayed, handed_out)
                self.assertLessEqual(last.items(), replayed[-1].items())
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "session.jsonl")
            with open(os.path.join(ROOT, "Recordings/gesture-gated-swipe-confirm-save.scene.json")) as file:
                scene = json.load(file)
            scene.pop("timeline")
            with dismisskit.Pipeline(scene, record=path):
                pass
            self.assertEqual(dismisskit.Pipeline(scene).recording,
                             dismisskit.Recording(dismisskit.RecordingState.OFF, 0))
            with dismisskit.Pipeline(scene, record=path) as pipeline:
                recording = pipeline.recording
                self.assertEqual(recording.state, dismisskit.RecordingState.ON)
                self.assertEqual(recording.bytes_written, os.stat(path).st_size)
                # The earlier recording at the path is kept beside it.
                self.assertTrue(os.path.exists(path + ".1"))
            with self.assertRaises(dismisskit.DismissKitError):
                dismisskit.Pipeline(scene, record=os.path.join(folder, "missing", "session.jsonl"))
            with self.assertRaises(ValueError):
                dismisskit.Pipeline(scene, record="session\0.jsonl")

    def test_a_recording_that_cannot_be_written_says_so(self):
        # A full disk stops the recording, not the pipeline: here the file size limit of a child
        # process, as a full disk would, and what reached the disk ends at a whole line.
        script = """
import resource, signal, sys, dismisskit
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
pipeline = dismisskit.Pipeline(open(sys.argv[1]).read(), record=sys.argv[2])
for stroke in range(40):
    time = stroke * 16000
    pipeline.touch("down", 0, 640, 600, time)
    pipeline.touch("frame", 0, 0, 0, time)
    pipeline.touch("up", 0, 0, 0, time + 8000)
    pipeline.touch("frame", 0, 0, 0, time + 8000)
recording = pipeline.recording
print(recording.state.name, recording.bytes_written, recording.failure)
"""
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "session.jsonl")
            scene = os.path.join(ROOT, "Recordings/gesture-gated-swipe-confirm-save.scene.json")
            result = subprocess.run([sys.executable, "-c", script, scene, path], capture_output=True, text=True, check=True)
            state, written, failure = result.stdout.strip().split(" ", 2)
            self.assertEqual(state, "FAILED")
            self.assertIn("File too large", failure)
            self.assertEqual(int(written), os.stat(path).st_size)
            with open(path, "rb") as file:
                self.assertTrue(file.read().endswith(b"\n"))

    def test_version_is_version_swifts(self):
        declared = subprocess.run([os.path.join(ROOT, "script/version")], capture_output=True, text=True,
                                  check=True).stdout.strip()
        self.assertEqual(dismisskit.version(), declared)
        self.assertEqual(dismisskit.__version__, declared)

    def test_a_grabber_tap_and_escape(self):
        pipeline = dismisskit.Pipeline(json.dumps(SHEET))
        pipeline.touch("down", 0, 640.0, 48.0, 10_000)
        pipeline.touch(dismisskit.TouchType.FRAME, 0, 0, 0, 10_000)
        pipeline.touch("up", 0, 0, 0, 60_000)
        pipeline.touch("frame", 0, 0, 0, 60_000)
        self.assertEqual(
            list(pipeline),
            [{"cause": "grabberTap", "detent": "medium", "presentation": "compose", "time": 60_000, "type": "setDetent"}],
        )
        self.assertEqual(list(pipeline), [])
        pipeline.command('{"type": "key", "key": "escape"}', 70_000)
        self.assertEqual(pipeline.next_intent()["type"], "confirmationRequested")
        self.assertIsNone(pipeline.next_intent())
        pipeline.command({"type": "confirm", "presentation": "compose", "choice": "discard"}, 80_000)
        self.assertEqual(
            list(pipeline),
            [{"presentation": "compose", "resolution": "discarded", "source": "escapeKey", "time": 80_000, "type": "dismiss"}],
        )
        pipeline.close()
        pipeline.close()
        with self.assertRaises(ValueError):
            pipeline.touch("down", 0, 1, 1, 0)

    def test_the_keyboard_grows_the_sheet_and_goes_first(self):
        at_medium = {"presentations": [dict(SHEET["presentations"][0], selectedDetent="medium")]}
        pipeline = dismisskit.Pipeline(json.dumps(at_medium))
        pipeline.keyboard(300, 1_000)
        grown = pipeline.next_typed_intent()
        self.assertEqual((grown.kind, grown.detent, grown.cause), ("setDetent", "large", dismisskit.DetentCause.KEYBOARD))
        self.assertEqual(pipeline.layout("compose").frame, (0.0, 40.0, 1280.0, 460.0))
        pipeline.escape_key(2_000)
        hidden = pipeline.next_typed_intent()
        self.assertEqual((hidden.kind, hidden.presentation, hidden.reason, hidden.keyboard_hiding_reason),
                         ("hideKeyboard", "compose", "escapeKey", dismisskit.KeyboardHidingReason.ESCAPE_KEY))
        self.assertIsNone(pipeline.next_typed_intent())
        with self.assertRaisesRegex(dismisskit.DismissKitError, "keyboard height 900 must be from 0"):
            pipeline.keyboard(900, 3_000)
        pipeline.keyboard(0, 4_000)
        pipeline.escape_key(5_000)
        self.assertEqual(pipeline.next_typed_intent().kind, "confirmationRequested")
        pipeline.close()

    def test_idle_warns_then_resets_through_the_gate(self):
        scene = {"idle": {"after": 10_000_000, "warning": 3_000_000, "unsaved": "save"},
                 "presentations": [dict(SHEET["presentations"][0], unsavedChanges=True)]}
        pipeline = dismisskit.Pipeline(json.dumps(scene))
        self.assertLess(pipeline.next_tick(), 0)  # before the first event: tick at once
        pipeline.escape_key(1_000_000)
        self.assertEqual(pipeline.next_typed_intent().kind, "confirmationRequested")
        self.assertEqual(pipeline.next_tick(), 8_000_000)
        pipeline.tick(8_500_000)
        warning = pipeline.next_typed_intent()
        self.assertEqual((warning.kind, warning.presentation, warning.deadline_us, warning.remaining_us),
                         ("idleWarning", None, 11_000_000, 2_500_000))
        pipeline.tick(11_000_000)
        self.assertEqual([(intent.kind, intent.source, intent.resolution) for intent in pipeline.typed_intents()],
                         [("save", None, None), ("dismiss", dismisskit.DismissalSource.IDLE, dismisskit.DismissResolution.SAVED),
                          ("idleReset", None, None)])
        self.assertIsNone(pipeline.next_tick())
        pipeline.close()
        with self.assertRaisesRegex(dismisskit.DismissKitError, "idle.after .5 µs. must be longer than idle.warning"):
            dismisskit.Pipeline(json.dumps({"idle": {"after": 5, "warning": 5, "unsaved": "keep"}}))

    def test_a_scenes_gestures_set_the_thresholds(self):
        def release_outcome(gestures):
            scene = {"presentations": [{"id": "compose", "style": "sheet"}], **gestures}
            with dismisskit.Pipeline(scene) as pipeline:
                for i in range(14):  # down at (300, 70), 12 moves of 12.5 pt at 120 Hz, up
                    kind = "down" if i == 0 else "motion" if i < 13 else "up"
                    pipeline.touch(kind, 0, 300.0, 70.0 + 12.5 * i, i * 8333)
                    pipeline.touch("frame", 0, 0.0, 0.0, i * 8333)
                return [i["outcome"] for i in pipeline if i["type"] == "dragEnded"]

        self.assertEqual(release_outcome({}), ["dismissAttempt"])
        # No projection: the sheet is released where the finger left it, 150 pt down, and settles.
        self.assertEqual(release_outcome({"gestures": {"decelerationPerMillisecond": 0}}), ["settle"])
        with self.assertRaisesRegex(dismisskit.DismissKitError, "unknown key"):
            release_outcome({"gestures": {"deceleration": 0}})

    def test_bad_scenes_raise_with_the_reason(self):
        with self.assertRaisesRegex(dismisskit.DismissKitError, r"^scene_json:2: .*colour"):
            dismisskit.Pipeline('{"presentations": [],\n "colour": 1}')
        with self.assertRaisesRegex(dismisskit.DismissKitError, r"^scene_json:1: "):
            dismisskit.Pipeline("{")
        with self.assertRaisesRegex(dismisskit.DismissKitError, "frame"):
            dismisskit.Pipeline({"presentations": [{"id": "p", "style": "popover"}]})
        with self.assertRaises(TypeError):
            dismisskit.Pipeline(["not", "a", "scene"])

    def test_bad_commands_raise_and_change_nothing(self):
        with dismisskit.Pipeline(SHEET) as pipeline:
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"^command_json:1: "):
                pipeline.command('{"type": "fly"}', 0)
            with self.assertRaisesRegex(dismisskit.DismissKitError, r'^no presentation "share" in the scene$'):
                pipeline.command({"type": "remove", "presentation": "share"}, 0)
            with self.assertRaisesRegex(dismisskit.DismissKitError, "out of range"):
                pipeline.command({"type": "key", "key": "escape"}, 2**62)
            self.assertEqual(list(pipeline), [])

    def test_numbers_c_cannot_hold_and_nul_characters_raise(self):
        with dismisskit.Pipeline(SHEET) as pipeline:
            for time in [2**64 + 5, 2**63, -(2**63) - 1]:
                with self.assertRaisesRegex(OverflowError, r"outside int64_t, -2\*\*63 to 2\*\*63 - 1"):
                    pipeline.command({"type": "key", "key": "escape"}, time)
            with self.assertRaisesRegex(ValueError, "NUL"):
                pipeline.command('{"type": "key", "key": "escape"}\0{"type": "fly"}', 0)
            with self.assertRaisesRegex(ValueError, "NUL"):
                pipeline.command(b'{"type": "key", "key": "escape"}\0', 0)
            with self.assertRaisesRegex(ValueError, "touch refused: .*: seatSlotOutOfRange$"):
                pipeline.touch("down", 2**32, 640, 70, 0)
            with self.assertRaisesRegex(ValueError, "touch refused: .*: timeOutOfRange$"):
                pipeline.touch("down", 0, 640, 70, 2**64 + 5)
            self.assertEqual(list(pipeline), [], "nothing was applied")
        with self.assertRaisesRegex(ValueError, "NUL"):
            dismisskit.Pipeline('{"presentations": []}\0')

    def test_typed_calls_name_a_number_as_it_was_passed(self):
        # NaN and infinities reach the C library as they are: its message says so, with no JSON
        # the caller never wrote; a value the command's rules refuse is named by its field.
        with dismisskit.Pipeline(SHEET) as pipeline:
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"^offset: NaN is not a finite number$"):
                pipeline.report_content_offset("compose", math.nan, 0)
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"^height: -inf is not a finite number$"):
                pipeline.screen(1280, -math.inf, 217, 136, 0)
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"^width_mm: inf is not a finite number$"):
                pipeline.screen(1280, 800, math.inf, 136, 0)
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"^width: expected a positive number$"):
                pipeline.screen(0, 800, 217, 136, 0)
            self.assertEqual(list(pipeline), [], "nothing was applied")

    def test_refused_touches_raise_and_change_nothing(self):
        def drag(pipeline, refusing):
            """A swipe down from the top, with refused touches in between when refusing."""
            def refused(pattern, *touch):
                if refusing:
                    with self.assertRaisesRegex(ValueError, pattern):
                        pipeline.touch(*touch)

            refused(r"^touch refused: motion on seat slot 0 at 0 us: seatSlotNotDown$", "motion", 0, 640, 80, 0)
            refused(r"^touch refused: up on seat slot 3 at 0 us: seatSlotNotDown$", "up", 3, 0, 0, 0)
            refused(r"^touch refused: cancel on seat slot 0 at 0 us: seatSlotNotDown$", "cancel", 0, 0, 0, 0)
            for x, y in [(math.nan, 70.0), (640.0, math.inf), (640.0, -1e10)]:
                refused(r"^touch refused: down on seat slot 0 at 0 us: positionOutOfRange$", "down", 0, x, y, 0)
            for slot in [-1, dismisskit.SEAT_SLOTS, 64, 2**40]:
                refused(rf"^touch refused: down on seat slot {slot} at 0 us: seatSlotOutOfRange$",
                        "down", slot, 640, 70, 0)
            for time in [2**53 + 1, -(2**53) - 1, 2**70]:
                refused(rf"^touch refused: down on seat slot 0 at {time} us: timeOutOfRange$", "down", 0, 640, 70, time)
            pipeline.touch("down", 0, 640.0, 70.0, 10_000)
            pipeline.touch("frame", 0, 0, 0, 10_000)
            refused(r"^touch refused: down on seat slot 0 at 10000 us: seatSlotAlreadyDown$", "down", 0, 640, 90, 10_000)
            refused(r"^touch refused: motion on seat slot 0 at 9999 us: timeWentBack$", "motion", 0, 640, 90, 9_999)
            refused(r"^touch refused: frame at 9999 us: timeWentBack$", "frame", 2**40, 0, 0, 9_999)
            for i in range(1, 13):
                pipeline.touch("motion", 0, 640.0, 70.0 + 12.5 * i, 10_000 + i * 8_333)
                pipeline.touch("frame", 0, 0, 0, 10_000 + i * 8_333)
            pipeline.touch("up", 0, 0, 0, 120_000)
            pipeline.touch("frame", 0, 0, 0, 120_000)
            return list(pipeline)

        with dismisskit.Pipeline(SHEET) as clean, dismisskit.Pipeline(SHEET) as refusing:
            expected = drag(clean, refusing=False)
            self.assertEqual([i["type"] for i in expected if i["type"] != "dragChanged"],
                             ["dragBegan", "dragEnded", "confirmationRequested"])
            self.assertEqual(drag(refusing, refusing=True), expected)
            with self.assertRaisesRegex(ValueError, "unknown touch type 'hover'"):
                refusing.touch("hover", 0, 0, 0, 0)
            with self.assertRaisesRegex(ValueError, "unknown touch type 7"):
                refusing.touch(7, 0, 0, 0, 0)

    def test_a_screen_command_cancels_the_drag_and_keeps_the_question(self):
        portrait = {"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}
        with dismisskit.Pipeline(SHEET) as pipeline:
            pipeline.command({"type": "key", "key": "escape"}, 0)
            self.assertEqual([i["type"] for i in pipeline], ["confirmationRequested"])
            pipeline.command(portrait, 1_000)
            self.assertEqual(list(pipeline), [])
            with self.assertRaisesRegex(dismisskit.DismissKitError, "cannot change the screen"):
                pipeline.command({"type": "scene", "scene": {"screen": {"width": 1280, "height": 800, "widthMM": 217,
                                                                        "heightMM": 136}, "presentations": []}}, 2_000)
            pipeline.command({"type": "confirm", "presentation": "compose", "choice": "keepEditing"}, 3_000)
            self.assertEqual([i["type"] for i in pipeline], ["cancelled"])
            pipeline.touch("down", 0, 400.0, 70.0, 10_000)
            pipeline.touch("motion", 0, 400.0, 100.0, 20_000)
            self.assertEqual(pipeline.next_intent()["type"], "dragBegan")
            list(pipeline)
            pipeline.command(dict(portrait, width=1280, height=800, widthMM=217, heightMM=136), 30_000)
            self.assertEqual(
                list(pipeline),
                [{"detent": "large", "outcome": "cancel", "presentation": "compose", "time": 30_000, "type": "dragEnded"}],
            )
            with self.assertRaisesRegex(dismisskit.DismissKitError, "width"):
                pipeline.command(dict(portrait, width=200_000), 40_000)

    def test_the_command_helpers_are_the_json_commands(self):
        odd = 'say "hi" \\ back'
        scene = {"presentations": [{"id": odd, "style": "sheet", "detents": ["medium", "large"]}]}
        with dismisskit.Pipeline(scene) as typed, dismisskit.Pipeline(scene) as spelled:
            typed.set_unsaved_changes(odd, True, 1_000)
            spelled.command({"type": "update", "presentation": odd, "unsavedChanges": True}, 1_000)
            typed.button(odd, dismisskit.ButtonRole.CANCEL, 2_000)
            spelled.command({"type": "button", "presentation": odd, "role": "cancel"}, 2_000)
            typed.confirm(odd, dismisskit.Choice.KEEP_EDITING, 3_000)
            spelled.command({"type": "confirm", "presentation": odd, "choice": "keepEditing"}, 3_000)
            typed.accessibility(odd, dismisskit.AccessibilityAction.PREVIOUS_DETENT, 4_000)
            spelled.command({"type": "accessibility", "presentation": odd, "action": "previousDetent"}, 4_000)
            typed.report_content_offset(odd, 12.5, 5_000)
            spelled.command({"type": "update", "presentation": odd, "content": {"offset": 12.5}}, 5_000)
            typed.screen(800, 1280, 136, 217, 6_000)
            spelled.command({"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}, 6_000)
            typed.escape_key(7_000)
            spelled.command({"type": "key", "key": "escape"}, 7_000)
            typed.confirm(odd, dismisskit.Choice.SAVE, 8_000)
            spelled.command({"type": "confirm", "presentation": odd, "choice": "save"}, 8_000)
            intents = list(typed)
            self.assertEqual(intents, list(spelled))
            self.assertEqual([i["type"] for i in intents],
                             ["confirmationRequested", "cancelled", "setDetent", "confirmationRequested", "save", "dismiss"])
            self.assertTrue(all(i["presentation"] == odd for i in intents), intents)
            with self.assertRaisesRegex(dismisskit.DismissKitError, "no presentation .* in the scene"):
                typed.remove(odd, 9_000)
            typed.dismiss(odd, 9_000)
            self.assertEqual([(i["type"], i["reason"]) for i in typed], [("rejected", "not presented")])
            with self.assertRaisesRegex(ValueError, "is not a valid Choice"):
                typed.confirm(odd, 7, 10_000)  # type: ignore[arg-type]

    def test_present_and_update_are_the_json_commands(self):
        sheet = {"id": "compose", "style": "sheet", "detents": ["medium", 512.5], "selectedDetent": 512.5,
                 "grabber": True, "headerHeight": 70.25, "unsavedChanges": True}
        popover = {"id": "share", "style": "popover", "modal": False,
                   "frame": {"x": 900, "y": 60, "width": 320, "height": 400},
                   "anchor": {"x": 1180, "y": 10, "width": 44, "height": 44},
                   "passthrough": [{"x": 1100, "y": 10, "width": 180, "height": 44}]}
        with dismisskit.Pipeline({}) as typed, dismisskit.Pipeline({}) as spelled:
            typed.present("compose", 1_000, style=dismisskit.PresentationStyle.SHEET, detents=["medium", 512.5],
                          selected_detent=512.5, grabber=True, header_height=70.25, unsaved_changes=True)
            spelled.command({"type": "present", "presentation": sheet}, 1_000)
            for pipeline in (typed, spelled):
                for kind, y, time in (("down", 800 - 512.5 + 8, 2_000), ("up", 0, 60_000)):  # the grabber
                    pipeline.touch(kind, 0, 640, y, time)
                    pipeline.touch("frame", 0, 0, 0, time)
            typed.update("compose", 100_000, detents=["large"], unsaved_changes=False, frame=dismisskit.REMOVE)
            spelled.command({"type": "update", "presentation": "compose", "detents": ["large"], "unsavedChanges": False,
                             "frame": None}, 100_000)
            typed.dismiss("compose", 110_000)
            spelled.dismiss("compose", 110_000)
            typed.present("share", 120_000, style="popover", modal=False, frame=(900, 60, 320, 400),
                          anchor=(1180, 10, 44, 44), passthrough=[(1100, 10, 180, 44)])
            spelled.command({"type": "present", "presentation": popover}, 120_000)
            for pipeline in (typed, spelled):  # on the pass-through region, outside the popover
                for kind, time in (("down", 130_000), ("up", 180_000)):
                    pipeline.touch(kind, 0, 1150, 30, time)
                    pipeline.touch("frame", 0, 0, 0, time)
            intents = list(typed)
            self.assertEqual(intents, list(spelled))
            self.assertEqual([i["type"] for i in intents], ["setDetent", "dismiss", "dismiss", "passthroughTap"])
            self.assertEqual(intents[0]["detent"], "medium")
            with self.assertRaisesRegex(dismisskit.DismissKitError, "^height: NaN is not a finite number$"):
                typed.present("other", 200_000, style="sheet", detents=[math.nan])
            with self.assertRaisesRegex(ValueError, "is not a valid PresentationStyle"):
                typed.present("other", 200_000, style="drawer")  # type: ignore[arg-type]
            with self.assertRaisesRegex(dismisskit.DismissKitError, "a popover needs a frame"):
                typed.present("other", 200_000, style=dismisskit.PresentationStyle.POPOVER)
            self.assertEqual(list(typed), [])

    def test_the_seat_slots_agree_with_the_header_and_the_library(self):
        with open(os.path.join(ROOT, "Sources/CDismissKit/include/dismisskit.h")) as header:
            declared = int(re.search(r"#define DK_SEAT_SLOTS (\d+)", header.read()).group(1))
        self.assertEqual(dismisskit.SEAT_SLOTS, declared)
        with dismisskit.Pipeline(SHEET) as pipeline:
            pipeline.touch("down", dismisskit.SEAT_SLOTS - 1, 640.0, 400.0, 0)  # the last slot is taken
            with self.assertRaisesRegex(ValueError, "seatSlotOutOfRange$"):
                pipeline.touch("down", dismisskit.SEAT_SLOTS, 640.0, 400.0, 0)

    def test_importing_loads_nothing_until_the_first_pipeline(self):
        probe = ("import dismisskit\n"
                 "def loaded(): return any('libdismisskit' in line for line in open('/proc/self/maps'))\n"
                 "print(loaded())\n"
                 "dismisskit.Pipeline({'presentations': []}).close()\n"
                 "print(loaded())\n")
        result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
        self.assertEqual(result.stdout.split(), ["False", "True"], result.stderr)

    def test_content_the_pipeline_scrolls_and_the_hand_back(self):
        scene = {"presentations": [{"id": "list", "style": "sheet", "content": {"offset": 40}}]}
        with dismisskit.Pipeline(scene) as pipeline:
            pipeline.touch("down", 0, 640.0, 400.0, 0)
            for i in range(1, 4):
                pipeline.touch("motion", 0, 640.0, 400.0 + 20 * i, i * 10_000)
            self.assertEqual([(i["type"], i.get("offset")) for i in pipeline],
                             [("contentScrolled", 20), ("contentScrolled", 0), ("dragBegan", None), ("dragChanged", 20)])
            # While the sheet has the finger, the host's report is stored and takes nothing away.
            pipeline.command({"type": "update", "presentation": "list", "content": {"offset": 10}}, 35_000)
            self.assertEqual(list(pipeline), [])
            # Back up past the hand-off point: the content has the finger back, at once.
            pipeline.touch("motion", 0, 640.0, 430.0, 40_000)
            self.assertEqual([(i["type"], i.get("offset")) for i in pipeline], [("dragChanged", 0), ("dragHandedBack", None)])

    def test_the_layout_is_where_the_pipeline_hit_tests(self):
        # The default screen, 1280 x 800: large is the screen less the 40-point top inset, medium half of it.
        with dismisskit.Pipeline(SHEET) as pipeline:
            self.assertIsNone(pipeline.layout("nobody"))
            layout = pipeline.layout("compose")
            assert layout is not None
            self.assertEqual((layout.role, layout.adapted, layout.detent_height, layout.drag_offset),
                             (dismisskit.PresentationRole.SHEET, False, 760, 0))
            self.assertEqual((layout.frame, layout.resting_frame, layout.question_anchor), ((0, 40, 1280, 760),) * 3)
            self.assertEqual((layout.grabber, layout.header), ((622, 45.5, 36, 5), (0, 40, 1280, 56)))
            # A touch just inside the grabber's hit target's corner is a grabber tap: medium.
            x, y, width, height = layout.grabber_hit_target or (0, 0, 0, 0)
            self.assertGreaterEqual((width, height), (44, 44))
            pipeline.touch("down", 0, x + 0.5, y + 0.5, 10_000)
            pipeline.touch("up", 0, 0, 0, 20_000)
            self.assertEqual([(i["type"], i.get("detent")) for i in pipeline], [("setDetent", "medium")])
            layout = pipeline.layout("compose")
            assert layout is not None
            self.assertEqual((layout.frame, layout.detent_height), ((0, 420, 1280, 380), 380))
            # Held by a drag, the frame moves by dragChanged's offset; where it rests does not.
            for i in range(4):
                pipeline.touch("down" if i == 0 else "motion", 0, 300.0, 440.0 + 20 * i, 30_000 + i * 10_000)
            offsets = [i.offset for i in pipeline.typed_intents() if i.kind == "dragChanged"]
            layout = pipeline.layout("compose")
            assert layout is not None
            self.assertEqual((layout.drag_offset, layout.frame[1], layout.resting_frame), (offsets[-1], 420 + offsets[-1],
                                                                                           (0, 420, 1280, 380)))
            self.assertEqual(layout.grabber, (622, 425.5 + offsets[-1], 36, 5))
        # A popover at its frame in a regular width; in a compact one, a sheet at the large detent.
        with dismisskit.Pipeline({"presentations": []}) as pipeline:
            pipeline.present("share", 0, style=dismisskit.PresentationStyle.POPOVER, modal=False,
                             frame=(900, 60, 320, 400), anchor=(1000, 10, 60, 40))
            self.assertEqual(pipeline.layout("share"), dismisskit.Layout(
                role=dismisskit.PresentationRole.POPOVER, adapted=False, frame=(900, 60, 320, 400),
                resting_frame=(900, 60, 320, 400), drag_offset=0, detent_height=0, grabber=None,
                grabber_hit_target=None, header=None, question_anchor=(900, 60, 320, 400)))
            pipeline.screen(390, 844, 62, 134, 1_000)
            layout = pipeline.layout("share")
            assert layout is not None
            self.assertEqual((layout.role, layout.adapted, layout.frame, layout.header, layout.grabber),
                             (dismisskit.PresentationRole.SHEET, True, (0, 40, 390, 804), (0, 40, 390, 56), None))
            with self.assertRaisesRegex(ValueError, "NUL"):
                pipeline.layout("share\0")

    def test_an_id_is_its_bytes_and_holds_no_control_character(self):
        # "café" with U+00E9 and with "e" + U+0301: two presentations, short and long.
        for composed, decomposed in (("caf\u00e9", "cafe\u0301"), ("draft-message-caf\u00e9", "draft-message-cafe\u0301")):
            scene = {"presentations": [{"id": composed, "style": "sheet", "unsavedChanges": True}]}
            with dismisskit.Pipeline(scene) as pipeline:
                pipeline.dismiss(decomposed, 1000)
                self.assertEqual(list(pipeline), [{"presentation": decomposed, "reason": "not presented",
                                                   "source": "programmatic", "time": 1000, "type": "rejected"}])
                with self.assertRaises(dismisskit.DismissKitError):
                    pipeline.confirm(decomposed, dismisskit.Choice.DISCARD, 2000)
                self.assertEqual(list(pipeline), [])
                pipeline.command({"type": "present", "presentation": {"id": decomposed, "style": "sheet"}}, 3000)
                pipeline.dismiss(composed, 4000)
                self.assertEqual([(i["type"], i["presentation"]) for i in pipeline], [("rejected", composed)])
                pipeline.dismiss(decomposed, 5000)
                self.assertEqual([(i["type"], i["presentation"]) for i in pipeline], [("dismiss", decomposed)])
        # A control character is refused in a scene and in a command, and the message says which.
        with self.assertRaisesRegex(dismisskit.DismissKitError, r"holds no control character, this one has U\+0000"):
            dismisskit.Pipeline({"presentations": [{"id": "a", "style": "sheet"}, {"id": "a\u0000b", "style": "sheet"}]})
        with dismisskit.Pipeline({"presentations": [{"id": "a", "style": "sheet", "unsavedChanges": True}]}) as pipeline:
            with self.assertRaisesRegex(dismisskit.DismissKitError, r"this one has U\+001B"):
                pipeline.command({"type": "dismiss", "presentation": "a\u001bb"}, 1000)
            self.assertEqual(list(pipeline), [])

    def test_the_repository_copy_finds_the_library_through_pkg_config(self):
        installed = os.path.dirname(os.path.dirname(dismisskit.library_path()))
        environment = dict(os.environ, PKG_CONFIG_PATH=os.path.join(installed, "lib", "pkgconfig"),
                           PYTHONPATH=os.path.join(ROOT, "bindings", "python"))
        environment.pop("DISMISSKIT_LIBRARY", None)
        result = subprocess.run(
            [sys.executable, "-c", "import dismisskit; print(dismisskit.__file__); print(dismisskit.library_path()); "
                                   "print(dismisskit.version())"],
            capture_output=True, text=True, env=environment, check=True,
        ).stdout.splitlines()
        self.assertEqual(result[0], os.path.join(ROOT, "bindings", "python", "dismisskit.py"))
        self.assertEqual(result[1], dismisskit.library_path())
        self.assertEqual(result[2], dismisskit.version())


if __name__ == "__main__":
    unittest.main()
