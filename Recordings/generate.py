#!/usr/bin/env python3
"""Writes the project's own recordings: small evemu (and libinput record YAML)
traces that pin one libinput touchscreen rule or one gesture each.

Every file is a pure function of this script, so `python3 Recordings/generate.py`
rewrites them identically. The expected outputs beside them
(`*.touch.jsonl`, `*.intents.jsonl`) are goldens, reviewed by hand; the test
suite's regenerate flag rewrites those, never this script.
"""
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# A 10-slot kiosk touchscreen over a 217 x 136 mm panel at 20 units/mm.
ABS_X, ABS_Y, SLOT, POS_X, POS_Y, TOOL, TRACKING = 0x00, 0x01, 0x2F, 0x35, 0x36, 0x37, 0x39
BTN_TOUCH = 0x14A
EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
MT_TOOL_PALM = 2


def panel(resolution=20, fuzz=0, slots=10, name="DismissKit Test Touchscreen"):
    width_units = 217 * max(resolution, 1) if resolution else 4340
    height_units = 136 * max(resolution, 1) if resolution else 2720
    return {
        "name": name,
        "slots": slots,
        "axes": {
            ABS_X: (0, width_units - 1, 0, resolution),
            ABS_Y: (0, height_units - 1, 0, resolution),
            SLOT: (0, slots - 1, 0, 0),
            POS_X: (0, width_units - 1, fuzz, resolution),
            POS_Y: (0, height_units - 1, fuzz, resolution),
            TOOL: (0, 2, 0, 0),
            TRACKING: (0, 65535, 0, 0),
        },
    }


class Trace:
    """Builds kernel frames the way a protocol B driver sends them: only changed values."""

    def __init__(self, device):
        self.device = device
        self.frames = []  # (time_us, [(type, code, value)])
        self.slot_state = {}  # slot -> {code: value}
        self.current_slot = 0
        self.active = {}  # slot -> tracking id
        self.next_id = 1
        self.touching = False
        self.last = {}

    def frame(self, time_us, changes):
        """changes: list of (slot, {code: value}) applied in order; emits only changed values."""
        events = []
        for slot, values in changes:
            state = self.slot_state.setdefault(slot, {POS_X: 0, POS_Y: 0, TOOL: 0, TRACKING: -1})
            pending = [(code, value) for code, value in values if state.get(code) != value or code == TRACKING]
            if not pending:
                continue
            if slot != self.current_slot:
                events.append((EV_ABS, SLOT, slot))
                self.current_slot = slot
            for code, value in pending:
                events.append((EV_ABS, code, value))
                state[code] = value
        touching = any(state[TRACKING] >= 0 for state in self.slot_state.values())
        if touching != self.touching:
            events.append((EV_KEY, BTN_TOUCH, 1 if touching else 0))
            self.touching = touching
        # Legacy single-touch axes follow the lowest active slot, as drivers do.
        for slot in sorted(self.slot_state):
            state = self.slot_state[slot]
            if state[TRACKING] >= 0:
                for code, mt in ((ABS_X, POS_X), (ABS_Y, POS_Y)):
                    if self.last.get(code) != state[mt]:
                        events.append((EV_ABS, code, state[mt]))
                        self.last[code] = state[mt]
                break
        self.frames.append((time_us, events))

    def raw(self, time_us, events):
        """A frame written exactly as given (for traces that break the usual driver pattern)."""
        self.frames.append((time_us, events))

    def write_evemu(self, path, comment):
        d = self.device
        lines = ["# EVEMU 1.3", "# " + comment, "N: " + d["name"], "I: 0018 0000 0000 0000",
                 "P: 02 00 00 00 00 00 00 00"]
        codes = {EV_SYN: [0, 1, 3], EV_KEY: [BTN_TOUCH], EV_ABS: sorted(d["axes"])}
        for event_type, type_codes in codes.items():
            mask = [0] * ((max(type_codes) // 64 + 1) * 8)
            for code in type_codes:
                mask[code // 8] |= 1 << (code % 8)
            for start in range(0, len(mask), 8):
                lines.append("B: %02x %s" % (event_type, " ".join("%02x" % b for b in mask[start:start + 8])))
        for code in sorted(d["axes"]):
            lo, hi, fuzz, res = d["axes"][code]
            lines.append("A: %02x %d %d %d 0 %d" % (code, lo, hi, fuzz, res))
        for time_us, events in self.frames:
            stamp = "%d.%06d" % (time_us // 1_000_000, time_us % 1_000_000)
            for event_type, code, value in events + [(EV_SYN, 0, 0)]:
                lines.append("E: %s %04x %04x %04d" % (stamp, event_type, code, value))
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")

    def write_yaml(self, path, comment, udev_properties):
        d = self.device
        out = ["# libinput record", "# " + comment, "version: 1", "ndevices: 1", "libinput:",
               '  version: "1.22.1"', '  git: "unknown"', "system:", '  kernel: "6.1.0"', '  dmi: "unknown"',
               "devices:", "- node: /dev/input/event5", "  evdev:", "    # Name: " + d["name"],
               '    name: "%s"' % d["name"], "    id: [24, 0, 0, 0]", "    codes:",
               "      0: [0, 1, 3] # EV_SYN", "      1: [%d] # EV_KEY" % BTN_TOUCH,
               "      3: [%s] # EV_ABS" % ", ".join(str(c) for c in sorted(d["axes"])), "    absinfo:"]
        for code in sorted(d["axes"]):
            lo, hi, fuzz, res = d["axes"][code]
            out.append("      %d: [%d, %d, %d, 0, %d]" % (code, lo, hi, fuzz, res))
        out += ["    properties: [1]", "  udev:", "    properties:"]
        out += ["    - %s" % p for p in udev_properties]
        out += ["  quirks:", "  events:"]
        first = self.frames[0][0] if self.frames else 0
        for time_us, events in self.frames:
            t = time_us - first
            out.append("  - evdev:")
            for event_type, code, value in events + [(EV_SYN, 0, 0)]:
                out.append("    - [%3d, %6d, %3d, %3d, %6d]" % (t // 1_000_000, t % 1_000_000, event_type, code, value))
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")


def touch(trace, t, slot, x=None, y=None):
    values = [(TRACKING, trace.next_id)]
    trace.next_id += 1
    if x is not None:
        values.append((POS_X, x))
    if y is not None:
        values.append((POS_Y, y))
    trace.frame(t, [(slot, values)])


def move(trace, t, slot, x=None, y=None):
    values = []
    if x is not None:
        values.append((POS_X, x))
    if y is not None:
        values.append((POS_Y, y))
    trace.frame(t, [(slot, values)])


def lift(trace, t, slot):
    trace.frame(t, [(slot, [(TRACKING, -1)])])


def rule_recordings():
    """One recording per libinput rule that the decoder must follow."""
    # Slot values persist across touches and start at 0; a new tracking id may come alone.
    tr = Trace(panel())
    touch(tr, 1, 0, x=1000)                # no Y event: y is the kernel's initial 0
    move(tr, 8001, 0, y=1200)
    lift(tr, 16001, 0)
    touch(tr, 100001, 0)                   # tracking id only: the last x/y again
    move(tr, 108001, 0, x=1040)
    lift(tr, 116001, 0)
    tr.write_evemu(os.path.join(HERE, "rules-slot-values-persist.evemu"),
                   "Slot values start at 0 and persist; a touch may begin with a tracking id alone.")

    # Release and a new contact in one frame: libinput continues the old touch.
    tr = Trace(panel())
    touch(tr, 1, 0, x=2000, y=1000)
    move(tr, 8001, 0, x=2010)
    tr.raw(16001, [(EV_ABS, TRACKING, -1), (EV_ABS, TRACKING, 7), (EV_ABS, POS_X, 3000), (EV_ABS, POS_Y, 1500),
                   (EV_ABS, ABS_X, 3000), (EV_ABS, ABS_Y, 1500)])
    tr.raw(24001, [(EV_ABS, POS_X, 3010), (EV_ABS, ABS_X, 3010)])
    tr.raw(32001, [(EV_ABS, TRACKING, -1), (EV_KEY, BTN_TOUCH, 0)])
    tr.write_evemu(os.path.join(HERE, "rules-same-frame-retouch.evemu"),
                   "TRACKING_ID -1 and a new id in one frame: no up, no down, the old touch moves on.")

    # Seat slots: lowest free number, shared across slots.
    tr = Trace(panel())
    touch(tr, 1, 0, x=1000, y=1000)
    touch(tr, 10001, 1, x=2000, y=1000)
    lift(tr, 20001, 0)
    touch(tr, 30001, 2, x=3000, y=1000)
    tr.frame(40001, [(2, [(POS_X, 3020)]), (1, [(POS_X, 2020)])])
    tr.frame(50001, [(1, [(TRACKING, -1)]), (2, [(TRACKING, -1)])])
    tr.write_evemu(os.path.join(HERE, "rules-seat-slots.evemu"),
                   "Three fingers: seat slots are the lowest free number; slots flush in ascending order.")

    # Hysteresis: fuzz 16 gives a margin of 8 units.
    tr = Trace(panel(fuzz=16))
    touch(tr, 1, 0, x=2000, y=1000)
    move(tr, 8001, 0, x=2004, y=1002)      # inside the ellipse: swallowed
    move(tr, 16001, 0, x=2020)             # outside: sent as received, stored lagged
    move(tr, 24001, 0, y=1010)             # y only: x is the lagged value
    touch(tr, 32001, 1, x=3000, y=1000)
    tr.frame(40001, [(0, [(POS_X, 2060)]), (1, [(POS_X, 3002)])])   # last dirty slot swallowed: no frame
    tr.frame(48001, [(0, [(POS_X, 2062)]), (1, [(POS_X, 3040)])])   # last dirty slot sent: frame
    tr.frame(56001, [(0, [(TRACKING, -1)]), (1, [(TRACKING, -1)])])
    tr.write_evemu(os.path.join(HERE, "rules-hysteresis.evemu"),
                   "Fuzz 16: moves inside the margin ellipse are swallowed; frame events follow libinput's last-slot rule.")

    # Palm: a touch turning into a palm is cancelled; a palm from the start is never reported.
    tr = Trace(panel())
    touch(tr, 1, 0, x=2000, y=1000)
    move(tr, 8001, 0, x=2040)
    tr.frame(16001, [(0, [(TOOL, MT_TOOL_PALM)])])
    move(tr, 24001, 0, x=2200)
    lift(tr, 32001, 0)
    tr.frame(40001, [(1, [(TRACKING, 50), (TOOL, MT_TOOL_PALM), (POS_X, 3000), (POS_Y, 1500)])])
    move(tr, 48001, 1, x=3100)
    lift(tr, 56001, 1)
    tr.frame(64001, [(0, [(TOOL, 0), (TRACKING, 51), (POS_X, 1000)])])
    lift(tr, 72001, 0)
    tr.write_evemu(os.path.join(HERE, "rules-palm-cancel.evemu"),
                   "ABS_MT_TOOL_TYPE palm: an active touch is cancelled; a palm from the start never appears.")

    # No resolution: libinput's fake resolution of 1, millimetres are device units.
    tr = Trace(panel(resolution=0, name="DismissKit Test Touchscreen Without Resolution"))
    touch(tr, 1, 0, x=1000, y=500)
    move(tr, 8001, 0, x=1100, y=600)
    lift(tr, 16001, 0)
    tr.write_evemu(os.path.join(HERE, "rules-missing-resolution.evemu"),
                   "Axes without resolution: mm values are device units (libinput's fake resolution 1).")

    # Calibration: a panel mounted rotated 90 degrees clockwise, as udev tells libinput.
    tr = Trace(panel())
    touch(tr, 1, 0, x=434, y=272)          # 10 % across, 10 % down
    move(tr, 8001, 0, x=868, y=544)
    lift(tr, 16001, 0)
    tr.write_yaml(os.path.join(HERE, "rules-calibration-rotated.yml"),
                  "Written by Recordings/generate.py: LIBINPUT_CALIBRATION_MATRIX rotates the panel 90 degrees clockwise.",
                  ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1", "LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0"])


if __name__ == "__main__":
    rule_recordings()
