#!/usr/bin/python3
"""Compares touch events of the VM run (see ./run).

  compare.py libinput RESULTS WIDTHxHEIGHT NAME...
      NAME.live.jsonl (gesturectl run --touch-events) against NAME.libinput.txt
      (libinput debug-events, same device, same time): event types, slots, seat slots,
      mm to 0.01 and transformed coordinates, which debug-events prints as percentages.
      Also, for every recording but the gesture-* ones, NAME.devices.txt (gesturectl
      devices) against NAME.list-devices.txt (libinput list-devices) for the node in
      NAME.node: name, size, and the touch count debug-events printed. The guest lists
      all those devices at once; a missing listing is a mismatch.
  compare.py replay RESULTS NAME...
      NAME.live.jsonl against NAME.replay.jsonl (gesturectl replay --touch-events):
      the same JSON lines, time ignored, x/y/xMM/yMM within 0.01.
  compare.py intents RESULTS NAME...
      NAME.intents.jsonl (gesturectl run --scene, live) against NAME.replay-intents.jsonl
      (gesturectl replay --scene on NAME.played.evemu, the events as the guest played them,
      with their times), both with --explain: the same decisions, in order (the
      recogniser's decision lines and every intent but dragChanged, without time,
      velocities, offsets, positions, durations and --explain figures). For
      information, a note when NAME.replay-recording-intents.jsonl (the replay of the
      recording itself, $RECORDINGS/NAME.evemu) decides otherwise, with the stretch.
  compare.py client RESULTS NAME...
      NAME.client.jsonl, the transcript of Examples/kiosk_client.py: it was asked to
      confirm, answered discard (over stdio) or save (over `gesturectl run --socket`,
      names ending in -save), and the unsaved sheet was dismissed once, after a save
      for the latter.

  compare.py service RESULTS RECORDING
      The service check (guest/service_check.py), from its @service.* files: `gesturectl
      run --seat seat0 --socket` started before the touchscreen existed (its note, then the
      device line), the sender got exactly one reply per line (a state, the refused present,
      the malformed line, ok for its confirm), the client that stopped reading was
      disconnected, the listener and the sender received the same intents in order, those
      standard output printed, and they make the same decisions as the recording's golden
      (Recordings/RECORDING.intents.jsonl, its timeline's confirm answered live instead);
      libinput reported no SYN_DROPPED and no lag; a client of uid 65534 was refused with
      the reason; the run ended with 0 on SIGTERM.

  compare.py record RESULTS
      The recording check (guest/record_check.py), from its @record.* files: `gesturectl run
      --record` ended with 0 on SIGTERM, made its file mode 0600, and the live run asked for
      the confirmation the socket client answered and dismissed the sheet; `gesturectl
      replay FILE` exited 0 and printed byte for byte the intents the live run sent; the
      file cut in the middle replayed (exit 0) to a shorter prefix of them; `libinput replay
      FILE` made a new device and exited 0, and `libinput debug-events` on it printed the
      same touches as on the first play (event types, slots and positions; device and time
      left out).

  compare.py systemd RESULTS
      The shipped units under systemd as the guest's init (guest/systemd_check.py), from
      its @systemd.* files: the socket listened and the service had not started; the package's
      sysusers.d entry made the dismisskit user and the socket's kiosk group; the kiosk
      client, a member of that group alone, started it by connecting; the service ran as dismisskit;
      the udev rule gave it the touchscreen; the client saw the device line, was asked,
      answered discard and saw its sheet dismissed; the units were the gesturectl
      package's and systemd heard READY=1, the status line and WATCHDOG=1; after
      `systemctl reload` with new thresholds in the --config file, the same swipe settled;
      `systemctl stop` ended the service with status 0; its journal has no libinput
      SYN_DROPPED or lag; Docs/kiosk-setup.md's commands for a booted kiosk ran as written,
      and the query they send as the user ui was answered.

  compare.py refused RESULTS NAME...
      The device-* recordings (guest/session.sh, check_device_rule), each a device libinput
      takes no touches from: `gesturectl run --device NODE` exited with a status other than 0
      at once, printed nothing, and said on stderr "libinput takes no touches from NODE: " and
      the reason its golden gives ($RECORDINGS/NAME.refusal.txt, what `gesturectl replay`
      refuses the recording with); and libinput agreed: for a reason "libinput rejects the
      device", `libinput debug-events --verbose` on the node logged "was rejected" (and the
      "kernel bug: ..." line the reason quotes) and added no device; for "not a touchscreen",
      it added the device without the touch capability or did not take it at all, and for
      "udev would not tag it", udev did not tag it ID_INPUT_TOUCHSCREEN.

For unplug-* recordings (device removed with fingers down), gesturectl must also have
cancelled every open touch and noted the removal on stderr. For rotated-* recordings
gesturectl ran with a 180-degree calibration: its percentages must be 100 minus libinput's.

A recording without NAME.finished (which the guest writes last, after copying the others)
was not finished in the guest: it is reported as unfinished and counts as a failure.

Prints one line per recording and exits 1 if any differs or is unfinished.
"""
import json
import os
import re
import subprocess
import sys

TOLERANCE = 0.01
ROTATED_TOLERANCE = 0.2   # percent: one device unit is 0.08 % (x) and 0.13 % (y) on the EP0430M09
COORDINATES = ("xMM", "yMM", "x", "y")
NUMBER = r"\s*(-?[\d.]+)"
LIBINPUT_LINE = re.compile(r"^\s*\S+\s+TOUCH_(DOWN|MOTION|UP|CANCEL|FRAME)\s+\+?[\d.]+s\s*(.*)$")
POSITION = re.compile(r"^(-?\d+) \((-?\d+)\)" + NUMBER + "/" + NUMBER + r" \(" + NUMBER + "/" + NUMBER + r"mm\)$")
IDENTITY = re.compile(r"^(-?\d+) \((-?\d+)\)$")


def read_live(path):
    with open(path) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def read_run(path):
    """What one channel of `gesturectl run` received, after the hello line it must begin with."""
    messages = read_live(path)
    if not messages or messages[0].get("type") != "hello" or messages[0].get("protocol") != 1:
        raise ValueError(f"{os.path.basename(path)} does not begin with the hello line: {messages[:1]}")
    return messages[1:]


def read_libinput(path):
    """Touch events from debug-events, as dicts shaped like gesturectl's (x/y in percent)."""
    events = []
    with open(path, errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            match = LIBINPUT_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            kind, rest = match.group(1).lower(), match.group(2).strip()
            if kind == "frame":
                events.append({"type": kind})
            elif kind in ("down", "motion"):
                position = POSITION.match(rest)
                if not position:
                    raise ValueError(f"{path}:{number}: cannot read '{line.strip()}'")
                slot, seat, x, y, xmm, ymm = position.groups()
                events.append({"type": kind, "slot": int(slot), "seatSlot": int(seat),
                               "x%": float(x), "y%": float(y), "xMM": float(xmm), "yMM": float(ymm)})
            else:
                identity = IDENTITY.match(rest)
                if not identity:
                    raise ValueError(f"{path}:{number}: cannot read '{line.strip()}'")
                events.append({"type": kind, "slot": int(identity.group(1)), "seatSlot": int(identity.group(2))})
    return events


def as_libinput(event, width, height):
    """gesturectl's event reduced to what debug-events prints."""
    reduced = {key: event[key] for key in ("type", "slot", "seatSlot", "xMM", "yMM") if key in event}
    if "x" in event:
        reduced["x%"] = event["x"] / width * 100
        reduced["y%"] = event["y"] / height * 100
    return reduced


def as_libinput_rotated(event, width, height):
    """gesturectl's event under a 180-degree calibration, turned back to debug-events' view.

    Calibrated device units are truncated to integers from single-precision arithmetic, so a
    point may land one device unit off: percentages get ROTATED_TOLERANCE, mm are dropped
    (the unrotated runs check them).
    """
    reduced = as_libinput(event, width, height)
    reduced.pop("xMM", None)
    reduced.pop("yMM", None)
    if "x%" in reduced:
        reduced["x%"] = 100 - reduced["x%"]
        reduced["y%"] = 100 - reduced["y%"]
    return reduced


def differs(expected, actual, ignored=(), tolerance=TOLERANCE):
    """A description of the first differing key, or None."""
    keys = (set(expected) | set(actual)) - set(ignored)
    for key in sorted(keys):
        if key not in expected or key not in actual:
            return f"key '{key}' only on one side"
        a, b = expected[key], actual[key]
        if key in COORDINATES or key.endswith("%"):
            if abs(a - b) > tolerance + 1e-9:
                return f"{key} {a} vs {b}"
        elif a != b:
            return f"{key} {a!r} vs {b!r}"
    return None


def compare(live, other, reduce, ignored, label, tolerance=TOLERANCE):
    for index, (mine, theirs) in enumerate(zip(live, other)):
        problem = differs(theirs, reduce(mine), ignored, tolerance)
        if problem:
            return f"event {index + 1} ({mine.get('type')}): {problem} [{label}]"
    if len(live) != len(other):
        return f"{len(live)} events from gesturectl, {len(other)} from {label}"
    return None


def unplug_problem(live, stderr_path):
    """A device removed with touches down: every open touch cancelled, the removal noted."""
    with open(stderr_path) as stderr:
        if "device removed" not in stderr.read():
            return "gesturectl did not report the device removal"
    down = set()
    for event in live:
        if event["type"] == "down":
            down.add(event["seatSlot"])
        elif event["type"] in ("up", "cancel"):
            down.discard(event["seatSlot"])
    if down or not any(event["type"] == "cancel" for event in live):
        return "touches were not cancelled when the device went away"
    return None


def blocks(path):
    """The 'Key: value' blocks of a list-devices style listing, keyed by their Kernel node."""
    found, block = {}, {}
    with open(path, errors="replace") as lines:
        for line in list(lines) + [""]:
            if not line.strip():
                if "Kernel" in block:
                    found[block["Kernel"]] = block
                block = {}
            elif ":" in line:
                key, value = line.split(":", 1)
                block[key.strip()] = value.strip()
    return found


def devices_problem(base):
    """`gesturectl devices` (udev seat0) against `libinput list-devices` and debug-events."""
    with open(base + ".node") as node_file:
        node = node_file.read().strip()
    mine = blocks(base + ".devices.txt").get(node)
    theirs = blocks(base + ".list-devices.txt").get(node)
    if mine is None or theirs is None:
        return f"gesturectl devices or libinput list-devices does not list {node}"
    if mine.get("Device") != theirs.get("Device"):
        return f"device name {mine.get('Device')!r} vs {theirs.get('Device')!r}"
    size = re.match(r"^([\d.]+)x([\d.]+)mm$", theirs.get("Size", ""))
    my_size = re.match(r"^([\d.]+)x([\d.]+)mm$", mine.get("Size", ""))
    if bool(size) != bool(my_size) or (size and any(
            abs(float(a) - float(b)) > 0.5 for a, b in zip(size.groups(), my_size.groups()))):
        return f"size {mine.get('Size')!r} vs libinput's {theirs.get('Size', 'none')!r}"
    with open(base + ".libinput.txt", errors="replace") as debug_events:
        touches = re.search(r"DEVICE_ADDED.*ntouches (\d+)", debug_events.read())
    # libinput reports a protocol A device's touch count as 0, which gesturectl prints as unknown.
    my_slots = {"unknown": "0"}.get(mine.get("Touch slots"), mine.get("Touch slots"))
    if not touches or my_slots != touches.group(1):
        return f"touch slots {mine.get('Touch slots')} vs libinput's {touches and touches.group(1)}"
    return None


# Intent and decision fields that depend on timing and position, not on the decision.
MEASURED = {"time", "explain", "velocity", "offset", "x", "y", "dx", "dy", "distance", "duration"}


def refused_problem(base, name):
    """What is wrong with a device-* recording's refusal, or None (see `refused` above)."""
    with open(os.path.join(os.environ.get("RECORDINGS", ""), f"{name}.refusal.txt")) as file:
        reason = file.read().strip().split(": ", 1)[1]
    with open(base + ".live.status") as file:
        status = file.read().strip()
    with open(base + ".live.stderr") as file:
        stderr = file.read()
    with open(base + ".libinput.txt") as file:
        libinput = file.read()
    with open(base + ".udev.txt") as file:
        udev = file.read()
    if status == "0":
        return "gesturectl run took the device (exit 0)"
    if os.path.getsize(base + ".live.jsonl"):
        return "gesturectl run printed touch events"
    said = re.search(r"libinput takes no touches from /dev/input/event\d+: (.*)", stderr)
    if not said:
        return f"gesturectl run did not say why it refused the device: {stderr.strip()!r}"
    if said.group(1).strip() != reason:
        return f"gesturectl run refused it for {said.group(1).strip()!r}, the replay for {reason!r}"
    added = [line for line in libinput.splitlines() if "DEVICE_ADDED" in line]
    if reason.startswith("libinput rejects the device"):
        quoted = re.search(r'its log: "(.*)"\)$', reason)
        if added or "was rejected" not in libinput:
            return "libinput did not reject the device"
        if quoted and quoted.group(1) not in libinput:
            return f"libinput's log does not say {quoted.group(1)!r}"
    elif reason.startswith("not a touchscreen"):
        if added:
            capabilities = re.search(r"cap:(\S*)", added[0])
            if not capabilities or "t" in capabilities.group(1):
                return "libinput added the device with the touch capability"
        elif "Failed to initialize device" not in libinput:
            return "libinput neither added the device nor gave up on it"
        if "udev would not tag it" in reason and "ID_INPUT_TOUCHSCREEN=1" in udev:
            return "udev tagged the device a touchscreen"
    else:
        return f"the golden's reason names no rule: {reason!r}"
    return None


def decisions(path, live=False):
    """The decisions in an intents file (both sides run with --explain): the recogniser's
    decision lines and every intent but drag progress, without measurements (and without the
    live run's hello and `device` lines, which a replay has not)."""
    intents = read_run(path) if live else read_live(path)
    return [{k: v for k, v in intent.items() if k not in MEASURED}
            for intent in intents if intent.get("type") not in ("dragChanged", "device")]


def intents_problem(base):
    """`gesturectl run --scene` live against `gesturectl replay --scene` on the events as played
    (NAME.played.evemu): the same decisions."""
    with open(base + ".intents.status") as status:
        code = status.read().strip()
    if code != "0":
        return f"gesturectl run --scene exited with status {code}"
    live, replayed = decisions(base + ".intents.jsonl", live=True), decisions(base + ".replay-intents.jsonl")
    for index, (mine, theirs) in enumerate(zip(live, replayed)):
        if mine != theirs:
            return f"decision {index + 1}: live {mine} vs replay {theirs}"
    if len(live) != len(replayed):
        return f"{len(live)} decisions live, {len(replayed)} in the replay"
    return None


def event_times(path):
    """The times (s) of an evemu file's events."""
    with open(path, errors="replace") as lines:
        return [float(line.split()[1]) for line in lines if line.startswith("E:")]


def recording_note(base, source):
    """For information: whether the replay of the recording itself decided the same, and by
    how much evemu-play stretched it."""
    try:
        if decisions(base + ".intents.jsonl", live=True) == decisions(base + ".replay-recording-intents.jsonl"):
            return ""
        played, recorded = event_times(base + ".played.evemu"), event_times(source)
        stretch = (played[-1] - played[0]) / (recorded[-1] - recorded[0]) - 1
        return f" (the recording itself decides otherwise: played {stretch * 100:+.0f} % longer)"
    except (OSError, ValueError, IndexError, ZeroDivisionError):
        return ""


def client_problem(base, choice):
    """The kiosk client saw the confirmation, answered `choice`, and the sheet was dismissed.

    Over stdio (discard) gesturectl must have ended cleanly; over the socket (save) the
    client must have seen `save` before the dismissal, and the socket must be mode 0600."""
    with open(base + ".client.jsonl") as lines:
        transcript = [json.loads(line) for line in lines if line.strip()]
    received = [entry["received"] for entry in transcript if "received" in entry]
    sent = [entry["sent"] for entry in transcript if "sent" in entry]
    asked = [i for i in received if i.get("type") == "confirmationRequested" and i.get("presentation") == "compose"]
    answered = [c for c in sent if c.get("type") == "confirm" and c.get("choice") == choice]
    dismissed = [i for i in received if i.get("type") == "dismiss"]
    resolution = {"discard": "discarded", "save": "saved"}[choice]
    final = transcript[-1] if transcript else {}
    if not asked:
        return "no confirmation was requested for the unsaved sheet"
    if not answered:
        return f"the client did not answer {choice}"
    if [(d.get("presentation"), d.get("resolution")) for d in dismissed] != [("compose", resolution)]:
        return f"expected one dismiss of compose ({resolution}), got {dismissed}"
    if received.index(asked[0]) > received.index(dismissed[0]):
        return "the sheet was dismissed before the question"
    if final.get("stack") != []:
        return f"the client ended with {final}"
    if choice == "discard" and final.get("gesturectl_status") != 0:
        return f"gesturectl ended with {final.get('gesturectl_status')}"
    if choice == "save":
        saves = [i for i in received if i.get("type") == "save" and i.get("presentation") == "compose"]
        if not saves or received.index(saves[0]) > received.index(dismissed[0]):
            return "no save before the dismissal"
        with open(base + ".socket-mode") as mode:
            if mode.read().strip() != "600":
                return "the socket is not mode 0600"
        with open(base + ".server.status") as status:
            if status.read().strip() != "0":
                return "gesturectl run --socket did not end cleanly"
    return None


def service_problem(results, recording, golden):
    """What is wrong with the service check's results, or None (see the module's docstring)."""
    base = f"{results}/@service"
    if not os.path.exists(base + ".status"):
        return "the guest did not finish the service check"

    def lines(suffix):
        with open(base + suffix) as file:
            return [line.rstrip("\n") for line in file if line.strip()]

    def messages(suffix):
        return read_run(base + suffix)

    stderr = lines(".stderr.txt")
    sender, listener, stdout = messages(".sender.jsonl"), messages(".listener.jsonl"), messages(".stdout.jsonl")
    if lines(".status") != ["0"]:
        return f"gesturectl run ended with {lines('.status')} on SIGTERM"
    waiting = next((i for i, line in enumerate(stderr) if "waiting for one" in line), None)
    added = next((i for i, line in enumerate(stderr) if "device added:" in line and "Touchscreen" in line), None)
    if waiting is None or added is None or added < waiting:
        return "run did not wait for the touchscreen and then add it (stderr: waiting note, then device added)"
    for marker in ("SYN_DROPPED", "lagging behind"):
        if any(marker in line for line in stderr):
            return f"libinput reported {marker}: {[line for line in stderr if marker in line]}"
    if sum("disconnected: stopped reading" in line for line in stderr) != 1:
        return "not exactly one client was disconnected for not reading"
    replies = [m for m in sender if m.get("type") in ("ok", "error", "state")]
    numbers = [m.get("line") for m in replies]
    if numbers != [1, 2, 3, 4]:
        return f"the sender's replies are for lines {numbers}, not one each for 1 to 4"
    kinds = [(m["type"], "already used" in m.get("reason", "")) for m in replies]
    if kinds != [("state", False), ("error", True), ("error", False), ("ok", False)]:
        return f"unexpected replies {replies}"
    touchscreen = [m for m in listener if m.get("type") == "device" and m.get("touch")]
    intents = [m for m in listener if m.get("type") != "device"]
    if not touchscreen or not intents or listener.index(touchscreen[0]) > listener.index(intents[0]):
        return "the listener did not get the touchscreen's device line before the intents"
    if [m for m in sender if m.get("type") not in ("ok", "error", "state", "device")] != intents:
        return "the sender and the listener did not receive the same intents in order"
    if [m for m in stdout if m.get("type") != "device"] != intents:
        return "standard output and the listener did not get the same intents in order"
    with open(golden) as file:
        expected = [json.loads(line) for line in file if line.strip()]
    strip = lambda items: [{k: v for k, v in m.items() if k not in MEASURED} for m in items if m["type"] != "dragChanged"]
    if strip(intents) != strip(expected):
        return f"decisions {strip(intents)} differ from the golden's {strip(expected)}"
    other = lines(".other-uid.txt")
    if not other or not other[0].startswith('{"line":0,"reason":"uid 65534 may not connect'):
        return f"a client of uid 65534 was not refused with the reason: {other}"
    return None


def record_problem(results):
    """What is wrong with the recording check's results, or None (see the module's docstring)."""
    base = f"{results}/@record"
    if not os.path.exists(base + ".session.yaml"):
        return "the guest did not finish the recording check"

    def text(suffix):
        with open(base + suffix) as file:
            return file.read()

    if text(".run.status").strip() != "0":
        return f"gesturectl run --record ended with {text('.run.status').strip()}: {text('.run.stderr.txt')[-500:]}"
    if text(".mode").strip() != "600":
        return f"the recording's mode is {text('.mode').strip()}, not 600"
    live = [line for line in text(".live.jsonl").splitlines()
            if json.loads(line).get("type") not in ("hello", "device", "ok", "error", "state")]
    if not any('"type":"confirmationRequested"' in line for line in live) or not any('"type":"dismiss"' in line for line in live):
        return f"the live run did not ask for the confirmation and dismiss the sheet: {live}"
    if text(".replay.status").strip() != "0":
        return f"gesturectl replay FILE exited {text('.replay.status').strip()}: {text('.replay.stderr.txt')}"
    replayed = text(".replay.jsonl").splitlines()
    if replayed != live:
        first = next((i for i, (a, b) in enumerate(zip(live, replayed)) if a != b), min(len(live), len(replayed)))
        return f"the replay differs from the live intents at intent {first + 1}: live {live[first:first + 1]}, replay {replayed[first:first + 1]}"
    if text(".cut.status").strip() != "0":
        return f"the file cut in the middle did not replay: {text('.cut.stderr.txt')}"
    cut = text(".cut.jsonl").splitlines()
    if len(cut) >= len(live) or cut != live[:len(cut)]:
        return f"the file cut in the middle replayed to {len(cut)} intents that are not a shorter prefix of the {len(live)} live ones"
    player = text(".libinput-replay.txt")
    if not player.startswith("/dev/input/event") or not player.rstrip().endswith("exit 0"):
        return f"libinput replay did not make a device and play the file: {player[-500:]}"

    def touches(suffix):
        return [re.sub(r"^\s*\S+\s+(TOUCH_\w+)\s+\+?[\d.]+s\s*", r"\1 ", line).rstrip()
                for line in text(suffix).splitlines() if " TOUCH_" in line]

    first, again = touches(".debug-first.txt"), touches(".debug-replay.txt")
    if not first or first != again:
        index = next((i for i, (a, b) in enumerate(zip(first, again)) if a != b), min(len(first), len(again)))
        return (f"libinput debug-events saw other touches in libinput replay's play ({len(again)} lines) than in the "
                f"first ({len(first)}), from line {index + 1}: {first[index:index + 1]} against {again[index:index + 1]}")
    return None


def systemd_problem(results):
    """What is wrong with the systemd check's results, or None (see the module's docstring)."""
    base = f"{results}/@systemd"
    if not os.path.exists(base + ".journal.txt"):
        return "the guest under systemd did not finish its check"
    with open(base + ".facts.json") as file:
        facts = json.load(file)
    with open(base + ".client.jsonl") as file:
        transcript = [json.loads(line) for line in file if line.strip()]
    with open(base + ".journal.txt") as file:
        journal = file.read()
    if facts["before"] != {"socket": {"ActiveState": "active"}, "service": {"ActiveState": "inactive"}}:
        return f"before the first client: {facts['before']} (expected the socket listening, the service not started)"
    activated = facts.get("activated", {})
    if activated.get("ActiveState") != "active" or activated.get("User") != "dismisskit":
        return f"the first client did not start the service as dismisskit: {activated}"
    users = facts.get("users", {})
    if users.get("socket_gid") != users.get("kiosk"):
        return f"the socket is not the kiosk group's (made by the package's sysusers.d entry): {users}"
    if facts.get("node", {}).get("uid") != users.get("dismisskit"):
        return f"the udev rule did not give the touchscreen to dismisskit (uid {users.get('dismisskit')}): {facts.get('node')}"
    received = [entry["received"] for entry in transcript if "received" in entry]
    sent = [entry["sent"] for entry in transcript if "sent" in entry]
    kinds = [m.get("type") for m in received if m.get("type") not in ("dragChanged",)]
    expected = ["state", "ok", "device", "dragBegan", "dragEnded", "confirmationRequested", "ok", "dismiss"]
    if kinds != expected:
        return f"the kiosk client received {kinds}, expected {expected}"
    if [c["type"] for c in sent] != ["query", "present", "confirm"] or sent[-1].get("choice") != "discard":
        return f"the kiosk client sent {sent}"
    if received[-1].get("resolution") != "discarded" or transcript[-1] != {"stack": []}:
        return f"the sheet was not dismissed and discarded: {received[-1]}, {transcript[-1]}"
    if (activated.get("Type") != "notify" or activated.get("StatusText") != "Serving the socket and standard input"
            or activated.get("FragmentPath") != "/lib/systemd/system/dismisskit.service"):
        return f"systemd did not hear the packaged notify service's READY=1 and status: {activated}"
    reload = facts.get("reload", {})
    ended = [entry for entry in reload.get("received", []) if entry.get("type") == "dragEnded"]
    if reload.get("status") != 0 or "its thresholds apply from the next gesture on" not in reload.get("note", ""):
        return f"systemctl reload did not reread the --config file: {reload}"
    if [entry.get("outcome") for entry in ended] != ["settle"]:
        return f"the swipe after the reload did not settle under the reloaded thresholds: {reload}"
    stopped = facts.get("stopped", {})
    if stopped.get("Result") != "success" or stopped.get("ExecMainStatus") != "0":
        return f"systemctl stop did not end the service cleanly: {stopped}"
    if stopped.get("WatchdogTimestampMonotonic", "0") == "0":
        return f"systemd heard no WATCHDOG=1: {stopped}"
    for marker in ("SYN_DROPPED", "lagging behind"):
        if marker in journal:
            return f"the service's journal reports {marker}"
    guide = facts.get("kiosk_guide", {})
    if guide.get("status") != 0 or not guide.get("answered") or guide.get("socket", {}).get("ActiveState") != "active":
        return f"Docs/kiosk-setup.md's commands for a booted kiosk did not all run (@systemd.kiosk-guide.txt): {guide}"
    kiosk_service = facts.get("kiosk_service", {})
    if not kiosk_service.get("ready") or kiosk_service.get("User") != "ui" or kiosk_service.get("UnitFileState") != "enabled":
        return f"the example client's unit the guide started did not present its sheet as ui (@systemd.kiosk-service.txt): {kiosk_service}"
    if "device added: DismissKit Test Touchscreen" not in journal or f"(uid {users.get('client_uid')}," not in journal:
        return "the service's journal does not show the touchscreen and the kiosk client"
    return None


def soak_problem(results, seconds):
    """What is wrong with the soak (guest/soak.py judges it; this reads its verdict), or None."""
    path = f"{results}/@soak.json"
    if not os.path.exists(path):
        return "the guest did not finish the soak"
    with open(path) as file:
        soak = json.load(file)
    if soak["problems"]:
        return "; ".join(soak["problems"][:5])
    if soak["seconds"] < seconds:
        return f"the soak ran {soak['seconds']} s, not {seconds}"
    return None


def live_path_lines(soak, accelerator, qemu_binary):
    """The soak's `run --figures` (the live path in the guest), with the machine that ran it."""
    live = soak.get("live_figures")
    if not live:
        return ["  live path: no figures"]
    with open("/proc/cpuinfo") as file:
        host_cpu = next((line.split(":", 1)[1].strip() for line in file if line.startswith("model name")), "unknown")
    try:
        qemu = subprocess.run([qemu_binary, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    except OSError:
        qemu = "QEMU (version unknown)"
    latency, cpu = live["latencyMicroseconds"], live["cpuMicrosecondsPerTouchEvent"]
    counted = live.get("allocationsInWaitForInput") or {}
    def number(value, digits=1):
        return "-" if value is None else f"{value:.{digits}f}"
    lines = [f"  live path: {live['touchEvents']} touch events in {live['wakeups']} wakeups, {live['intents']} intents, "
             f"after the first {live['warmUpTouchEvents']} touch events",
             f"    kernel event time to the intent written: p50 {latency['p50']} us, p99 {latency['p99']} us, "
             f"max {latency['max']} us",
             f"    CPU per touch event: {number(cpu['inWakeups'])} us in the wakeups that read touches, "
             f"{number(cpu['wholeProcess'])} us for the whole process (the soak's clients' commands included)"]
    if "own" in counted:
        lines.append(f"    heap allocations in the wait for input: {number(counted['ownPerWakeup'], 2)} per wakeup, "
                     f"{number(counted['ownPerTouchEvent'], 2)} per touch event ({counted['own']} of the project's own; "
                     f"{counted.get('ownWhileLibinputLogged', 0)} more in the {counted.get('wakeupsWithLibinputLog', 0)} "
                     f"wakeups in which libinput logged a message; libinput's {counted['byLibinput']}, "
                     f"{number(counted['byLibinput'] / max(live['touchEvents'], 1), 2)} per touch event)")
    else:
        lines.append("    heap allocations: not counted (no counting preload)")
    lines.append(f"    machine: emulated, {accelerator.upper()} ({qemu}), guest CPU '{soak.get('guest_cpu')}' x"
                 f"{soak.get('guest_cpus')} on host CPU '{host_cpu}': emulated time, not a kiosk's")
    return lines


def main():
    mode, results = sys.argv[1], sys.argv[2]
    if mode == "soak":
        try:
            problem = soak_problem(results, int(sys.argv[3]))
        except (OSError, ValueError, KeyError) as error:
            problem = repr(error)
        if problem:
            print(f"  MISMATCH soak: {problem}")
        else:
            with open(f"{results}/@soak.json") as file:
                soak = json.load(file)
            print(f"  match    soak: {soak['seconds']} s, {soak['events']} events, {soak['clients']} clients, "
                  f"{soak['intents']} intents; RSS {soak['rss_kb']['start']} kB at the start, {soak['rss_kb']['end']} kB "
                  f"at the end (peak {soak['peak_rss_kb']['after_warm_up']} kB after the warm-up, "
                  f"{soak['peak_rss_kb']['end']} kB at the end); live heap {soak['live_heap_bytes']['after_warm_up']} bytes "
                  f"after the warm-up, at most {soak['live_heap_bytes']['most']}; descriptors {soak['descriptors']}; "
                  f"libinput lag notes {soak.get('libinput_lag_lines', 0)}")
        if os.path.exists(f"{results}/@soak.json"):
            with open(f"{results}/@soak.json") as file:
                print("\n".join(live_path_lines(json.load(file), sys.argv[4] if len(sys.argv) > 4 else "tcg",
                                                sys.argv[5] if len(sys.argv) > 5 else "qemu-system-x86_64")))
        print(f"soak: {0 if problem else 1}/1")
        return 1 if problem else 0
    if mode == "systemd":
        try:
            problem = systemd_problem(results)
        except (OSError, ValueError, KeyError) as error:
            problem = repr(error)
        print(f"  MISMATCH systemd: {problem}" if problem else
              "  match    systemd: the package's units and rule, socket activation, READY, a reload, a touchscreen")
        print(f"systemd: {0 if problem else 1}/1")
        return 1 if problem else 0
    if mode == "record":
        try:
            problem = record_problem(results)
        except (OSError, ValueError) as error:
            problem = repr(error)
        if problem:
            print(f"  MISMATCH record: {problem}")
        else:
            with open(f"{results}/@record.replay.jsonl") as file:
                count = sum(1 for line in file if line.strip())
            with open(f"{results}/@record.cut.jsonl") as file:
                cut = sum(1 for line in file if line.strip())
            print(f"  match    record: replay printed the {count} live intents byte for byte, the half file {cut} of them; "
                  "libinput replay played the same touches")
        print(f"record: {0 if problem else 1}/1")
        return 1 if problem else 0
    if mode == "service":
        recording = sys.argv[3]
        golden = os.path.join(os.environ.get("RECORDINGS", ""), f"{recording}.intents.jsonl")
        try:
            problem = service_problem(results, recording, golden)
        except (OSError, ValueError) as error:
            problem = str(error)
        print(f"  MISMATCH service: {problem}" if problem else "  match    service: three clients, hot-plug, peer check")
        print(f"service: {0 if problem else 1}/1")
        return 1 if problem else 0
    if mode == "libinput":
        width, height = (float(v) for v in sys.argv[3].split("x"))
        names = sys.argv[4:]
    else:
        names = sys.argv[3:]
    matched = 0
    sources = os.environ.get("RECORDINGS", "")
    for name in names:
        base = f"{results}/{name}"
        note = ""
        if not os.path.exists(base + ".finished"):
            print(f"  UNFINISHED {name}: the guest did not finish this recording (stalled or stopped)")
            continue
        try:
            live = [] if mode == "refused" else read_run(base + ".live.jsonl")
            if mode == "libinput":
                other = read_libinput(base + ".libinput.txt")
                with open(base + ".live.status") as status:
                    code = status.read().strip()
                if name.startswith("rotated-"):
                    other = [{k: v for k, v in e.items() if k not in ("xMM", "yMM")} for e in other]
                    problem = compare(live, other, lambda e: as_libinput_rotated(e, width, height), (),
                                      "libinput, turned", ROTATED_TOLERANCE)
                else:
                    problem = compare(live, other, lambda e: as_libinput(e, width, height), (), "libinput")
                if code != "0":
                    problem = f"gesturectl exited with status {code}"
                elif not any(event["type"] == "down" for event in other):
                    problem = "libinput saw no touch down (was the device tagged by udev?)"
                elif not problem and not name.startswith("gesture-"):
                    problem = devices_problem(base)
                if name.startswith("unplug-") and not problem:
                    problem = unplug_problem(live, base + ".live.stderr")
            elif mode == "intents":
                problem = intents_problem(base)
                note = recording_note(base, f"{sources}/{name}.evemu")
            elif mode == "client":
                problem = client_problem(base, "save" if name.endswith("-save") else "discard")
            elif mode == "refused":
                problem = refused_problem(base, name)
                note = "refused as libinput refuses it"
            else:
                other = read_live(base + ".replay.jsonl")
                problem = compare(live, other, lambda e: e, ("time",), "replay")
        except (OSError, ValueError) as error:
            problem = str(error)
        if problem:
            print(f"  MISMATCH {name}: {problem}")
        else:
            matched += 1
            print(f"  match    {name}: {note if mode == 'refused' else f'{len(live)} events{note}'}")
    print(f"{mode}: {matched}/{len(names)}")
    return 0 if matched == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
