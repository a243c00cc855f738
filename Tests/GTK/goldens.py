"""The golden recordings (Recordings/gesture-*) replayed through DismissKit.Pipeline from Python
through GObject Introspection, as Tests/Python's replay_golden does through ctypes: the touches
`gesturectl replay REC --scene SCENE --touch-events --exact` prints, and the scene's timeline
commands at their times. Each signal is written as the intent line it stands for, from its
arguments (enums and flags by their nicks, which are the JSON's names in GObject's way) and the
pipeline's latest time while it is emitted, and compared field by field with the golden
.intents.jsonl. A golden's "explain" is left out: the pipeline's signals carry no explanations.

Usage: goldens.py GESTURECTL"""
import glob
import json
import os
import subprocess
import sys

import gi

gi.require_version("DismissKit", "0")
from gi.repository import DismissKit, GObject  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IDLE_GOLDENS = 7

# Each signal: the intent's type and the names of the fields its arguments are, in order.
SIGNALS = {
    "drag-began": ("dragBegan", ["presentation", "origin"]),
    "drag-changed": ("dragChanged", ["presentation", "offset", "velocity"]),
    "drag-ended": ("dragEnded", ["presentation", "outcome", "detent"]),
    "drag-handed-back": ("dragHandedBack", ["presentation"]),
    "content-scrolled": ("contentScrolled", ["presentation", "offset"]),
    "detent-set": ("setDetent", ["presentation", "detent", "cause"]),
    "passthrough-tap": ("passthroughTap", ["x", "y"]),
    "confirmation-requested": ("confirmationRequested", ["presentation", "source", "options"]),
    "save": ("save", ["presentation"]),
    "dismissed": ("dismiss", ["presentation", "source", "resolution"]),
    "cancelled": ("cancelled", ["presentation"]),
    "rejected": ("rejected", ["presentation", "source", "reason"]),
    "keyboard-hiding-requested": ("hideKeyboard", ["presentation", "reason"]),
    "idle-warning": ("idleWarning", ["deadline", "remaining"]),
    "idle-cancelled": ("idleCancelled", []),
    "idle-reset": ("idleReset", []),
}


def json_name(nick):
    """A GObject nick as the JSON names it: "swipe-from-top" is "swipeFromTop"."""
    first, *rest = nick.split("-")
    return first + "".join(word.capitalize() for word in rest)


def json_value(field, value):
    """One signal argument as its intent line holds it: enums by name, Choices as the list of
    their names in the Choice enum's order, numbers rounded to 0.001, a custom detent's height ("500") a number."""
    if isinstance(value, DismissKit.Choices):
        choices = sorted(DismissKit.Choice.__enum_values__.values())
        return [json_name(choice.value_nick) for choice in choices if value & (1 << choice)]
    if hasattr(value, "value_nick"):
        return json_name(value.value_nick)
    if field == "detent" and value not in ("medium", "large"):
        value = float(value)
    if isinstance(value, float):
        value = round(value, 3)
        return int(value) if value == int(value) else value
    return value


def gesturectl_lines(gesturectl, *arguments):
    result = subprocess.run([gesturectl, *arguments], capture_output=True, text=True, check=True)
    return [json.loads(line) for line in result.stdout.splitlines()]


def replay(gesturectl, scene_path):
    """The intent lines the signals stand for, in order, for one golden."""
    recording = scene_path[: -len(".scene.json")] + ".evemu"
    with open(scene_path) as file:
        scene = json.load(file)
    timeline = scene.pop("timeline", [])
    touches = gesturectl_lines(gesturectl, "replay", recording, "--scene", scene_path, "--touch-events", "--exact")
    pipeline = DismissKit.Pipeline.new(json.dumps(scene))
    heard = []

    def listener(name):
        kind, fields = SIGNALS[name]

        def on_signal(pipeline, *arguments):
            intent = {"type": kind, "time": pipeline.get_latest_time()}
            intent.update((field, json_value(field, value)) for field, value in zip(fields, arguments))
            heard.append(intent)
        return on_signal

    for name in SIGNALS:
        pipeline.connect(name, listener(name))

    # Each command before the touch events of the first frame at or after its time, the rest
    # after the last frame, as gesturectl replay applies them.
    pending = list(timeline)
    for event in touches:
        while pending and pending[0]["time"] <= event["time"]:
            entry = pending.pop(0)
            pipeline.command(json.dumps(entry["command"]), entry["time"])
        touch_type = getattr(DismissKit.TouchType, event["type"].upper())
        pipeline.touch(touch_type, event.get("seatSlot", -1), event.get("x", 0.0), event.get("y", 0.0), event["time"])
    for entry in pending:
        pipeline.command(json.dumps(entry["command"]), entry["time"])
    return heard


def golden(scene_path):
    with open(scene_path[: -len(".scene.json")] + ".intents.jsonl") as file:
        intents = [json.loads(line) for line in file]
    for intent in intents:
        intent.pop("explain", None)
    return intents


def every_signal():
    """SIGNALS names every intent signal of DismissKit.Pipeline (all but recording-failed), and
    each of its arguments."""
    DismissKit.Pipeline.new("{}")  # the class, and with it its signals
    names = {GObject.signal_name(signal) for signal in GObject.signal_list_ids(DismissKit.Pipeline)} - {"recording-failed"}
    if names != set(SIGNALS):
        raise AssertionError(f"the intent signals are {sorted(names)}, not {sorted(SIGNALS)}")
    for name, (_kind, fields) in SIGNALS.items():
        carried = len(GObject.signal_query(name, DismissKit.Pipeline).param_types)
        if carried != len(fields):
            raise AssertionError(f"{name} carries {carried} arguments, {len(fields)} are compared")


def main():
    (gesturectl,) = sys.argv[1:]
    scenes = sorted(glob.glob(os.path.join(ROOT, "Recordings/gesture-*.scene.json")))
    idle = [scene for scene in scenes if os.path.basename(scene).startswith("gesture-idle-")]
    if len(idle) < IDLE_GOLDENS or len(scenes) <= len(idle):
        raise AssertionError(f"expected the {IDLE_GOLDENS} idle goldens and others: found {len(idle)} of {len(scenes)}")
    every_signal()
    compared, kinds, failures = 0, set(), []
    for scene_path in scenes:
        name = os.path.basename(scene_path)[: -len(".scene.json")]
        actual, expected = replay(gesturectl, scene_path), golden(scene_path)
        for index in range(max(len(actual), len(expected))):
            got = actual[index] if index < len(actual) else None
            want = expected[index] if index < len(expected) else None
            if got != want:
                fields = sorted(key for key in set(got or {}) | set(want or {})
                                if (got or {}).get(key) != (want or {}).get(key))
                failures.append(f"{name} intent {index}: {fields} differ: signal {got}, golden {want}")
                break
        compared += len(expected)
        kinds.update(intent["type"] for intent in actual)
    if failures:
        raise AssertionError("the signals are not the goldens' intents:\n" + "\n".join(failures))
    if kinds != {kind for kind, _fields in SIGNALS.values()}:
        raise AssertionError(f"not every signal was heard: {sorted(kinds)}")
    print(f"ok the signals of {len(scenes)} golden recordings ({len(idle)} idle) are their {compared} intents, "
          f"every one of the {len(kinds)} signals among them")


if __name__ == "__main__":
    main()
