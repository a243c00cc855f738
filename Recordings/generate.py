#!/usr/bin/env python3
"""Writes the project's own recordings: small evemu (and libinput record YAML)
traces that pin one libinput touchscreen rule or one gesture each.

Every file is a pure function of this script, so `python3 Recordings/generate.py`
rewrites them identically. The expected outputs beside them
(`*.touch.jsonl`, `*.intents.jsonl`) are goldens, reviewed by hand; the test
suite's regenerate flag rewrites those, never this script.
"""
import json
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# A 10-slot kiosk touchscreen over a 217 x 136 mm panel at 20 units/mm.
ABS_X, ABS_Y, SLOT, POS_X, POS_Y, TOOL, TRACKING = 0x00, 0x01, 0x2F, 0x35, 0x36, 0x37, 0x39
ABS_VOLUME, ABS_MISC, ABS_MT_ORIENTATION = 0x20, 0x28, 0x34
BTN_TOUCH, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE = 0x14A, 0x110, 0x111, 0x112
REL_X, REL_Y, REL_HWHEEL, REL_WHEEL = 0x00, 0x01, 0x06, 0x08
MSC_SCAN = 0x04
EV_SYN, EV_KEY, EV_REL, EV_ABS, EV_MSC = 0, 1, 2, 3, 4
INPUT_PROP_DIRECT = 1
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
        properties = d.get("properties", [INPUT_PROP_DIRECT])
        property_mask = sum(1 << p for p in properties)
        lines = ["# EVEMU 1.3"] + ["# " + line for line in comment.split("\n")] + [
            "N: " + d["name"], "I: %04x %04x %04x %04x" % d.get("id", (0x18, 0, 0, 0)),
            "P: " + " ".join("%02x" % ((property_mask >> (8 * i)) & 0xFF) for i in range(8))]
        codes = {EV_KEY: d.get("keys", [BTN_TOUCH]), EV_ABS: sorted(d["axes"])}
        codes.update(d.get("other_codes", {}))
        codes[EV_SYN] = sorted({EV_SYN} | set(codes))  # the event types
        for event_type, type_codes in sorted(codes.items()):
            mask = [0] * ((max(type_codes) // 64 + 1) * 8)
            for code in type_codes:
                mask[code // 8] |= 1 << (code % 8)
            for start in range(0, len(mask), 8):
                lines.append("B: %02x %s" % (event_type, " ".join("%02x" % b for b in mask[start:start + 8])))
        for code in sorted(d["axes"]):
            lo, hi, fuzz, res = d["axes"][code]
            lines.append("A: %02x %d %d %d 0 %d" % (code, lo, hi, fuzz, res))
        # Like evemu-record, the first event is at 0.000001: evemu-play (2.7) takes a first
        # timestamp of exactly 0 as "unset" and then skips the first interval.
        shift = 1 - (self.frames[0][0] if self.frames else 1)
        for time_us, events in self.frames:
            time_us += shift
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


# --- Protocol A rule recordings ------------------------------------------------------------
#
# A multitouch protocol A panel (the N-Trig and eGalax kind): every contact of a frame is
# reported with ABS_MT_POSITION_X/Y and ended by SYN_MT_REPORT; no slots, no tracking ids.
# libinput reads it through mtdev. Fuzz 0, so libinput's hysteresis is off, while mtdev
# smooths matched contacts with its default fuzz of (max - min) / 250: 17 units in x, 10 in y.

SYN_MT_REPORT = 2


def device_rule_recordings():
    """One recording per rule by which udev and libinput 1.22 give a device no touch events: each
    device is one of libinput's own test devices (`test/test-device.c`, `test/litest-device-*.c`),
    and its events are the touches it would send. The replay refuses each with the rule's reason
    (`device-*.refusal.txt`); Tests/VM checks on a real kernel that libinput takes no touches from
    it either. One more, `rules-disabled-axis`, is the rule's exception: a touchscreen libinput takes."""
    def touches(tr, single_touch_axes):
        """A touch on slot 0 in the device's own codes: down at 5,5, a move, a lift."""
        follow = [(EV_ABS, ABS_X, 5), (EV_ABS, ABS_Y, 5)] if single_touch_axes else []
        tr.raw(1, [(EV_ABS, SLOT, 0), (EV_ABS, TRACKING, 1), (EV_ABS, POS_X, 5), (EV_ABS, POS_Y, 5)] + follow)
        tr.raw(8001, [(EV_ABS, POS_X, 6), (EV_ABS, POS_Y, 7)] + ([(EV_ABS, ABS_X, 6), (EV_ABS, ABS_Y, 7)] if follow else []))
        tr.raw(16001, [(EV_ABS, TRACKING, -1)])

    # test-device.c, abs_mt_device_no_range: a multitouch device whose one other axis spans 0 ... 0.
    # For ABS_MT_ORIENTATION libinput logs "device has min == max on ABS_MT_ORIENTATION" and rejects it.
    tr = Trace({"name": "test device", "keys": [BTN_LEFT, BTN_RIGHT], "properties": [], "axes": {
        ABS_X: (0, 10, 0, 0), ABS_Y: (0, 10, 0, 0), SLOT: (0, 10, 0, 0), TRACKING: (0, 255, 0, 0),
        POS_X: (0, 10, 0, 0), POS_Y: (0, 10, 0, 0), ABS_MT_ORIENTATION: (0, 0, 0, 0)}})
    touches(tr, single_touch_axes=True)
    tr.write_evemu(os.path.join(HERE, "device-min-equals-max-mt-orientation.evemu"),
                   "libinput's test-device.c, abs_mt_device_no_range: ABS_MT_ORIENTATION spans 0 ... 0, and libinput\n"
                   "rejects the device (\"device has min == max on ABS_MT_ORIENTATION\"), though touchscreens ignore the axis.")

    # litest-device-generic-singletouch.c, with ABS_Y at 100 ... 100: min == max on a position axis.
    tr = Trace({"name": "generic_singletouch", "axes": {ABS_X: (10000, 20000, 0, 10), ABS_Y: (100, 100, 0, 9)}})
    tr.raw(1, [(EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, 15000), (EV_ABS, ABS_Y, 100)])
    tr.raw(8001, [(EV_ABS, ABS_X, 15100)])
    tr.raw(16001, [(EV_KEY, BTN_TOUCH, 0)])
    tr.write_evemu(os.path.join(HERE, "device-min-equals-max-abs-y.evemu"),
                   "libinput's generic single-touch test device (litest-device-generic-singletouch.c) with ABS_Y at\n"
                   "100 ... 100: libinput rejects it (\"device has min == max on ABS_Y\").")

    # test-device.c, abs_device_missing_res: ABS_X with a resolution, ABS_Y without.
    tr = Trace({"name": "test device", "keys": [BTN_LEFT, BTN_RIGHT], "properties": [],
                "axes": {ABS_X: (0, 10, 0, 10), ABS_Y: (0, 10, 0, 0)}})
    tr.raw(1, [(EV_ABS, ABS_X, 5), (EV_ABS, ABS_Y, 5), (EV_KEY, BTN_LEFT, 1)])
    tr.raw(8001, [(EV_KEY, BTN_LEFT, 0)])
    tr.write_evemu(os.path.join(HERE, "device-resolution-x-only.evemu"),
                   "libinput's test-device.c, abs_device_missing_res: only ABS_X has a resolution, and libinput\n"
                   "rejects the device (\"kernel has only x or y resolution, not both\").")

    # The same rule on a touchscreen: its multitouch pair agrees, its single-touch pair does not.
    device = panel()
    device["axes"][ABS_Y] = device["axes"][ABS_Y][:3] + (0,)
    tr = Trace(device)
    touch(tr, 1, 0, x=1000, y=1000)
    move(tr, 8001, 0, x=1100)
    lift(tr, 16001, 0)
    tr.write_evemu(os.path.join(HERE, "device-resolution-x-only-touchscreen.evemu"),
                   "A touchscreen whose multitouch axes both have a resolution but whose ABS_Y has none: libinput\n"
                   "rejects it for the single-touch pair alone (\"kernel has only x or y resolution, not both\").")

    # litest-device-ms-surface-cover.c: a keyboard cover whose axes run over the multitouch range
    # (ABS_RESERVED and ABS_MT_SLOT both advertised): fake multitouch, keyboard and pointer only.
    axes = {ABS_VOLUME: (0, 1023, 0, 0), ABS_MISC: (0, 255, 0, 0), 0x29: (0, 255, 0, 0)}
    axes.update({code: (-127, 127, 0, 0) for code in range(0x2A, 0x40)})
    axes[SLOT] = (0, 9, 0, 0)  # the kernel's uinput refuses to make a slot axis reaching 127
    keys = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 28, 29, 30, 31, 42, 56, 57, 103, 105, 106, 108,
            BTN_LEFT, BTN_RIGHT, BTN_MIDDLE]
    tr = Trace({"name": "Microsoft Surface Type Cover", "id": (0x03, 0x045E, 0x07DC, 0x0111), "properties": [],
                "keys": keys, "axes": axes,
                "other_codes": {EV_REL: [REL_X, REL_Y, REL_HWHEEL, REL_WHEEL], EV_MSC: [MSC_SCAN]}})
    touches(tr, single_touch_axes=False)
    tr.write_evemu(os.path.join(HERE, "device-fake-multitouch.evemu"),
                   "libinput's Microsoft Surface Type Cover test device (litest-device-ms-surface-cover.c): its axes\n"
                   "include ABS_RESERVED and ABS_MT_SLOT, so libevdev and libinput take it for fake multitouch; udev tags\n"
                   "it a keyboard and a mouse, and libinput gives it no touch capability. The events look like a touch.")

    # The same rule on a touchscreen udev tags one: libinput removes the tag and takes nothing.
    device = panel()
    device["axes"][0x2E] = (0, 255, 0, 0)
    tr = Trace(device)
    touch(tr, 1, 0, x=1000, y=1000)
    move(tr, 8001, 0, x=1100)
    lift(tr, 16001, 0)
    tr.write_evemu(os.path.join(HERE, "device-fake-multitouch-touchscreen.evemu"),
                   "A touchscreen that also advertises ABS_RESERVED: udev tags it ID_INPUT_TOUCHSCREEN, but libevdev\n"
                   "reads it as fake multitouch and libinput, which then removes the tag, does not take the device.")

    # litest-device-vmware-virtual-usb-mouse.c: absolute axes and mouse buttons, not a touchscreen.
    tr = Trace({"name": "VMware VMware Virtual USB Mouse", "id": (0x03, 0x0E0F, 0x0003, 0x0110), "properties": [],
                "keys": list(range(BTN_LEFT, BTN_LEFT + 8)), "axes": {ABS_X: (0, 32767, 0, 0), ABS_Y: (0, 32767, 0, 0)},
                "other_codes": {EV_REL: [REL_HWHEEL, REL_WHEEL]}})
    tr.raw(1, [(EV_ABS, ABS_X, 16000), (EV_ABS, ABS_Y, 16000), (EV_KEY, BTN_LEFT, 1)])
    tr.raw(8001, [(EV_ABS, ABS_Y, 17000)])
    tr.raw(16001, [(EV_KEY, BTN_LEFT, 0)])
    tr.write_evemu(os.path.join(HERE, "device-not-a-touchscreen.evemu"),
                   "libinput's VMware virtual USB mouse test device (litest-device-vmware-virtual-usb-mouse.c): ABS_X\n"
                   "and ABS_Y with mouse buttons, which udev tags a mouse, not a touchscreen.")

    # The exception: an axis from ABS_MISC up to ABS_RESERVED whose range is 0 ... 0 is disabled
    # ("disabling EV_ABS 0x2a on device (min == max == 0)"), and the touchscreen works.
    device = panel()
    device["axes"][0x2A] = (0, 0, 0, 0)
    tr = Trace(device)
    touch(tr, 1, 0, x=1000, y=1000)
    move(tr, 8001, 0, x=1100, y=1040)
    lift(tr, 16001, 0)
    tr.write_evemu(os.path.join(HERE, "rules-disabled-axis.evemu"),
                   "A touchscreen with EV_ABS 0x2a at 0 ... 0: libinput disables that axis (min == max == 0 from\n"
                   "ABS_MISC to ABS_RESERVED) instead of rejecting the device, and reads the touches as usual.")


def protocol_a_panel():
    return {
        "name": "DismissKit Test Protocol A Touchscreen",
        "axes": {
            ABS_X: (0, 4339, 0, 20),
            ABS_Y: (0, 2719, 0, 20),
            POS_X: (0, 4339, 0, 20),
            POS_Y: (0, 2719, 0, 20),
        },
    }


class ProtocolATrace(Trace):
    """Builds protocol A reports: all contacts each frame, BTN_TOUCH and ABS_X/Y as drivers send them."""

    def report(self, time_us, contacts, touch=None, empty_report=False):
        """contacts: [(x, y)] in report order; touch: BTN_TOUCH to send (0 or 1), if any;
        empty_report: a lone SYN_MT_REPORT, the kernel's way to say that no contact is left."""
        events = []
        for x, y in contacts:
            events += [(EV_ABS, POS_X, x), (EV_ABS, POS_Y, y), (EV_SYN, SYN_MT_REPORT, 0)]
        if empty_report:
            events.append((EV_SYN, SYN_MT_REPORT, 0))
        if touch is not None:
            events.append((EV_KEY, BTN_TOUCH, touch))
        # The legacy single-touch axes follow the first contact, only when they change.
        if contacts:
            for code, value in ((ABS_X, contacts[0][0]), (ABS_Y, contacts[0][1])):
                if self.last.get(code) != value:
                    events.append((EV_ABS, code, value))
                    self.last[code] = value
        self.frames.append((time_us, events))


def protocol_a_recordings():
    """What mtdev makes of protocol A reports, as libinput reads them."""
    tr = ProtocolATrace(protocol_a_panel())
    tr.report(1, [(1000, 1000)], touch=1)                        # A: slot 0
    tr.report(10001, [(1100, 1000), (3000, 2000)])               # A moves; B appears: slot 1
    tr.report(20001, [(3100, 2000)])                             # A vanishes: up
    tr.report(30001, [(3200, 2000), (1000, 1000)])               # C where A was: slot 0, a new touch
    tr.report(40001, [(1050, 1000), (3250, 2000)])               # reported the other way round
    tr.report(50001, [(1055, 1000), (3262, 2000)])               # mtdev's fuzz: C held, B smoothed
    tr.report(60001, [(1200, 1100), (3400, 2100)])
    tr.report(70001, [], touch=0, empty_report=True)             # no contact left
    comment = ("Protocol A through mtdev: contacts appear and vanish between reports, are matched by "
               "distance, smoothed by mtdev's fuzz; an empty report ends every touch.")
    tr.write_evemu(os.path.join(HERE, "rules-protocol-a-contacts.evemu"), comment)
    tr.write_yaml(os.path.join(HERE, "rules-protocol-a-contacts.yml"),
                  "Written by Recordings/generate.py: rules-protocol-a-contacts.evemu in libinput record YAML.",
                  ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])

    tr = ProtocolATrace(protocol_a_panel())
    tr.report(1, [(1000, 1000)], touch=1)                        # A down
    tr.raw(10001, [(EV_ABS, ABS_X, 1010)])                       # nothing multitouch: A stays
    tr.report(20001, [(1100, 1000)])                             # A moves on, the same touch
    tr.raw(30001, [(EV_KEY, BTN_TOUCH, 0)])                      # BTN_TOUCH 0 alone ends it
    tr.report(40001, [(2000, 1500)], touch=1)                    # B down
    tr.raw(50001, [(EV_ABS, POS_X, 2100), (EV_ABS, POS_Y, 1500), (EV_SYN, SYN_MT_REPORT, 0),
                   (EV_ABS, POS_X, 3000), (EV_SYN, SYN_MT_REPORT, 0)])   # a contact without y is none
    tr.report(60001, [], empty_report=True)                      # a lone SYN_MT_REPORT ends B
    tr.report(70001, [], touch=0)                                # BTN_TOUCH 0 after it: nothing left
    tr.write_evemu(os.path.join(HERE, "rules-protocol-a-reports.evemu"),
                   "Protocol A through mtdev: which reports end touches and which leave them alone.")


# --- Gesture recordings -------------------------------------------------------------------
#
# Strokes are written in screen points and converted to the panel's device units, so a
# scenario reads like the scene it runs against. The panel spans the whole screen.

STANDARD_SCREEN = {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}
# A portrait kiosk below the 600 pt compact width, on the same panel.
COMPACT_SCREEN = {"width": 500, "height": 800, "widthMM": 85, "heightMM": 136}


class Finger:
    """Writes one contact's frames onto a trace, converting points on `screen` to device units."""

    def __init__(self, trace, slot=0, screen=STANDARD_SCREEN):
        self.trace = trace
        self.slot = slot
        self.screen = screen
        axes = trace.device["axes"]
        self.x_units = axes[POS_X][1] + 1
        self.y_units = axes[POS_Y][1] + 1

    def units(self, x, y):
        ux = int(round(x / self.screen["width"] * self.x_units))
        uy = int(round(y / self.screen["height"] * self.y_units))
        return min(max(ux, 0), self.x_units - 1), min(max(uy, 0), self.y_units - 1)

    def down(self, t, x, y):
        ux, uy = self.units(x, y)
        touch(self.trace, t, self.slot, x=ux, y=uy)

    def move(self, t, x, y):
        ux, uy = self.units(x, y)
        move(self.trace, t, self.slot, x=ux, y=uy)

    def palm(self, t):
        self.trace.frame(t, [(self.slot, [(TOOL, MT_TOOL_PALM)])])

    def up(self, t):
        lift(self.trace, t, self.slot)


EASINGS = {
    "constant": lambda u: u,
    "decelerate": lambda u: 1 - (1 - u) ** 2,
}


def glide(finger, t0, start, end, duration_ms, hz=120, easing="constant", jitter=0.0, seed=0):
    """Moves a finger that is already down from `start` to `end` (points); returns the last sample's time.

    Samples come at `hz` (30-240); `jitter` adds a seeded uniform error of up to that many
    points to every sample but the last, so the stroke still ends where it says.
    """
    assert 30 <= hz <= 240
    period = 1_000_000 / hz
    samples = max(1, int(round(duration_ms * hz / 1000)))
    rng = random.Random(seed)
    ease = EASINGS[easing]
    t = t0
    for k in range(1, samples + 1):
        u = ease(k / samples)
        x = start[0] + (end[0] - start[0]) * u
        y = start[1] + (end[1] - start[1]) * u
        if jitter and k < samples:
            x += rng.uniform(-jitter, jitter)
            y += rng.uniform(-jitter, jitter)
        t = t0 + int(round(k * period))
        finger.move(t, x, y)
    return t


def stroke(trace, t0, start, end, duration_ms, hz=120, easing="constant", rest_ms=None, jitter=0.0, seed=0,
           slot=0, screen=STANDARD_SCREEN):
    """A one-finger stroke: down at `start`, move to `end` in `duration_ms`, lift; returns the lift time.

    The finger lifts one sampling period after its last move, or after `rest_ms` of rest.
    """
    finger = Finger(trace, slot, screen)
    finger.down(t0, *start)
    last = glide(finger, t0, start, end, duration_ms, hz, easing, jitter, seed)
    lift_time = last + (int(round(1_000_000 / hz)) if rest_ms is None else rest_ms * 1000)
    finger.up(lift_time)
    return lift_time


def tap(trace, t0, x, y, duration_ms=80, slot=0, screen=STANDARD_SCREEN):
    """A tap without motion; returns the lift time."""
    finger = Finger(trace, slot, screen)
    finger.down(t0, x, y)
    finger.up(t0 + duration_ms * 1000)
    return t0 + duration_ms * 1000


def sheet(id="compose", **fields):
    return dict({"id": id, "style": "sheet"}, **fields)


def scene(presentations, timeline=(), screen=STANDARD_SCREEN):
    result = {"screen": screen, "presentations": list(presentations)}
    if timeline:
        result["timeline"] = [{"time": t, "command": c} for t, c in timeline]
    return result


def write_gesture(name, trace, scene_object, comment):
    trace.write_evemu(os.path.join(HERE, "gesture-%s.evemu" % name), comment)
    with open(os.path.join(HERE, "gesture-%s.scene.json" % name), "w") as f:
        f.write(json.dumps(scene_object, indent=2) + "\n")


# The standard scene: 1280 x 800 points, top inset 40, so large = 760 pt (top edge y 40) and
# medium = 380 pt (top edge y 420). The top region is the 56 pt below the top edge; the grabber's
# hit target is 44 x 44 pt centred 8 pt below it at x 640. The slop is 2 mm = 11.8 pt.
LARGE_TOP, MEDIUM_TOP = 40, 420
HEADER = (300, 70)          # in a large sheet's top region, away from the grabber
MEDIUM_HEADER = (300, 450)
POPOVER = {"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400},
           "anchor": {"x": 1180, "y": 10, "width": 44, "height": 44}, "modal": False,
           "passthrough": [{"x": 1100, "y": 10, "width": 180, "height": 44}]}


def gesture_recordings():
    """One recording per gesture and policy rule, each with its scene; the goldens are reviewed by hand."""
    def new():
        return Trace(panel())

    def down_swipe(name, comment, presentations, start, distance, duration_ms, timeline=(), **kwargs):
        tr = new()
        stroke(tr, 0, start, (start[0], start[1] + distance), duration_ms, **kwargs)
        write_gesture(name, tr, scene(presentations, timeline), comment)

    large = sheet()
    # Swipe from the top: distance, velocity, rest before lift (threshold 380 pt = half of 760).
    down_swipe("swipe-top-dismiss-by-distance", "Slow 430 pt pull from the header, rest 80 ms: velocity 0, 430 > 380.",
               [large], HEADER, 430, 1000, easing="decelerate", rest_ms=80)
    down_swipe("swipe-top-settle-below-distance", "Slow 330 pt pull from the header, rest 80 ms: 330 < 380, settles.",
               [large], HEADER, 330, 1000, easing="decelerate", rest_ms=80)
    down_swipe("swipe-top-dismiss-by-velocity", "Flick of 150 pt in 14 samples at 120 Hz (1.29 pt/ms): projection 150 + 1.29 x 499 = 792 > 380.",
               [large], HEADER, 150, 120)
    down_swipe("swipe-top-slow-settle", "The same 150 pt over 600 ms: projection 150 + 0.25 pt/ms x 499 = 275 < 380, settles.",
               [large], HEADER, 150, 600)
    down_swipe("swipe-top-rest-60ms-settles", "A 200 pt flick, then the finger rests 60 ms (> 40 ms) before lifting: velocity 0.",
               [large], HEADER, 200, 150, rest_ms=60)
    down_swipe("swipe-top-rest-25ms-dismisses", "The same flick resting only 25 ms (< 40 ms): the velocity counts, dismiss.",
               [large], HEADER, 200, 150, rest_ms=25)
    down_swipe("swipe-top-within-slop-nothing", "A header contact moving 8 pt (slop 11.8 pt) and lifting: no drag.",
               [large], HEADER, 8, 100)
    down_swipe("swipe-top-just-past-slop-settles", "A header contact moving 16 pt slowly: a drag that settles back.",
               [large], HEADER, 16, 200, rest_ms=60)
    tr = new()
    tap(tr, 0, *HEADER)
    write_gesture("tap-header-nothing", tr, scene([large]), "A tap on the header: within the slop, nothing happens.")
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0] + 300, HEADER[1] + 40), 200)
    write_gesture("swipe-top-horizontal-rejected", tr, scene([large]),
                  "A rightward stroke from the header: more horizontal than vertical at the slop, not a sheet drag.")

    # Medium detent: half of 380 = 190.
    medium_only = sheet(detents=["medium"])
    down_swipe("swipe-top-medium-dismiss-by-distance", "A medium sheet (380 pt) pulled 230 pt and rested: 230 > 190.",
               [medium_only], MEDIUM_HEADER, 230, 800, easing="decelerate", rest_ms=80)
    down_swipe("swipe-top-medium-settle", "A medium sheet pulled 150 pt and rested: 150 < 190, settles.",
               [medium_only], MEDIUM_HEADER, 150, 800, easing="decelerate", rest_ms=80)
    two_detents = sheet(detents=["medium", "large"], selectedDetent="large")
    down_swipe("swipe-top-large-settles-medium", "A large sheet with a medium detent pulled 300 pt and rested: settles at medium.",
               [two_detents], HEADER, 300, 900, easing="decelerate", rest_ms=80)

    # Content: at its top, scrolled, moving up.
    down_swipe("swipe-content-top-dismiss", "A flick on content at offset 0: 180 pt in 150 ms, dismisses.",
               [large], (300, 300), 180, 150)
    down_swipe("scroll-fast-reaches-top-settles",
               "Content at offset 300: a fast decelerating 320 pt scroll (3.2 pt/ms at first) runs 20 pt past the top; "
               "only those 20 pt count, settles.",
               [sheet(content={"offset": 300})], (300, 150), 320, 200, easing="decelerate")
    down_swipe("scroll-long-pull-past-handoff-dismisses",
               "Content at offset 100: a 520 pt pull, 420 pt past the hand-off, rested: dismisses.",
               [sheet(content={"offset": 100})], (300, 230), 520, 1000, easing="decelerate", rest_ms=80)
    down_swipe("scroll-expand-medium-to-large", "Content moving up at the medium detent: the sheet grows to large.",
               [sheet(detents=["medium", "large"], selectedDetent="medium")], (300, 650), -150, 200)
    down_swipe("scroll-up-scrolled-content-nothing", "Content at offset 200 moving up at the medium detent: the content scrolls.",
               [sheet(detents=["medium", "large"], selectedDetent="medium", content={"offset": 200})], (300, 650), -150, 200)

    # Tap outside.
    medium_modal = sheet(detents=["medium"])
    for name, comment, kwargs in [
        ("tap-outside-sheet-regular-dismiss", "A 80 ms tap above a regular-width medium sheet: dismiss.", {}),
        ("tap-outside-sheet-390ms-dismiss", "A 390 ms tap (limit 400 ms): still a tap, dismiss.", {"duration_ms": 390}),
        ("tap-outside-sheet-450ms-nothing", "A 450 ms press (limit 400 ms): not a tap, nothing.", {"duration_ms": 450}),
    ]:
        tr = new()
        tap(tr, 0, 300, 200, **kwargs)
        write_gesture(name, tr, scene([medium_modal]), comment)
    tr = new()
    stroke(tr, 0, (300, 200), (308, 204), 100)
    write_gesture("tap-outside-moved-within-slop-dismiss", tr, scene([medium_modal]),
                  "A tap outside that wanders 9 pt (slop 11.8 pt): still a tap, dismiss.")
    tr = new()
    stroke(tr, 0, (300, 200), (320, 200), 100)
    write_gesture("tap-outside-moved-past-slop-nothing", tr, scene([medium_modal]),
                  "A contact outside that moves 20 pt: not a tap, nothing.")
    tr = new()
    tap(tr, 0, 250, 200, screen=COMPACT_SCREEN)
    write_gesture("tap-outside-sheet-compact-ignored", tr, scene([medium_modal], screen=COMPACT_SCREEN),
                  "A tap above a medium sheet in a compact width (500 pt): ignored.")
    tr = new()
    tap(tr, 0, 300, 200)
    write_gesture("tap-outside-nonmodal-sheet-nothing", tr, scene([sheet(detents=["medium"], modal=False)]),
                  "A tap above a non-modal medium sheet belongs to the parent: nothing.")

    # Popovers, alerts, full screen.
    for name, comment, point, presentation in [
        ("popover-tap-outside-dismiss", "A tap outside a non-modal popover: dismiss.", (300, 400), POPOVER),
        ("popover-tap-passthrough-dismiss-then-deliver",
         "A tap in the pass-through region: the popover is dismissed, then the tap is delivered.", (1120, 30), POPOVER),
        ("popover-tap-anchor-swallowed", "A tap on the popover's anchor: dismiss, and the tap is swallowed.", (1200, 30), POPOVER),
        ("popover-tap-inside-nothing", "A tap inside the popover: nothing.", (1000, 200), POPOVER),
        ("popover-modal-tap-outside-ignored", "A tap outside a modal popover: ignored.", (300, 400),
         dict(POPOVER, modal=True)),
        ("popover-unsaved-tap-outside-autosaves", "A tap outside a non-modal popover with unsaved changes: save, then dismiss.",
         (300, 400), dict(POPOVER, unsavedChanges=True)),
        ("alert-tap-outside-nothing", "A tap on an alert's backdrop: nothing.", (100, 100), {"id": "alert", "style": "alert"}),
    ]:
        tr = new()
        tap(tr, 0, *point)
        write_gesture(name, tr, scene([presentation]), comment)
    down_swipe("fullscreen-swipe-nothing", "A fast swipe down on a full-screen presentation: nothing.",
               [{"id": "player", "style": "fullScreen"}], HEADER, 200, 120)
    tr = new()
    stroke(tr, 0, (250, 70), (250, 270), 120, screen=COMPACT_SCREEN)
    write_gesture("popover-compact-is-sheet-swipe-dismiss", tr, scene([POPOVER], screen=COMPACT_SCREEN),
                  "In a compact width the popover is a large sheet: a flick from its top dismisses it.")

    # Grabber: taps cycle, drags resize or dismiss (threshold: half of the smallest detent).
    tr = new()
    tap(tr, 0, 640, MEDIUM_TOP + 8)
    tap(tr, 500_000, 640, LARGE_TOP + 8)
    write_gesture("grabber-tap-cycles-medium-large-medium", tr,
                  scene([sheet(detents=["medium", "large"], selectedDetent="medium", grabber=True)]),
                  "Two grabber taps: medium to large, then large back to medium.")
    grabbed = sheet(detents=["medium", "large"], selectedDetent="large", grabber=True)
    down_swipe("grabber-drag-settles-medium", "The grabber dragged 370 pt down and rested: height 390, nearest medium.",
               [grabbed], (640, LARGE_TOP + 8), 370, 800, easing="decelerate", rest_ms=80)
    down_swipe("grabber-drag-settles-large", "The grabber dragged 120 pt down and rested: nearest is large again.",
               [grabbed], (640, LARGE_TOP + 8), 120, 500, easing="decelerate", rest_ms=80)
    down_swipe("grabber-drag-dismiss-below-half-smallest",
               "The grabber dragged 620 pt down and rested: 140 pt left, below half of medium (190).",
               [grabbed], (640, LARGE_TOP + 8), 620, 1000, easing="decelerate", rest_ms=80)
    down_swipe("grabber-drag-up-to-large", "A medium sheet's grabber dragged 380 pt up and rested: settles at large.",
               [sheet(detents=["medium", "large"], selectedDetent="medium", grabber=True)], (640, MEDIUM_TOP + 8), -380,
               800, easing="decelerate", rest_ms=80)

    # Rubber band past the largest detent.
    down_swipe("rubber-band-above-only-detent", "A medium-only sheet pulled 300 pt up: the sheet rubber-bands, settles at medium.",
               [medium_only], MEDIUM_HEADER, -300, 600, easing="decelerate", rest_ms=80)
    down_swipe("rubber-band-past-large-settles-large",
               "A medium sheet pulled 450 pt up: past large by 70 pt (rubber band), settles at large.",
               [sheet(detents=["medium", "large"], selectedDetent="medium")], (300, 460), -450, 700, easing="decelerate",
               rest_ms=80)

    # Gated dismissal: unsaved changes ask; the host answers through the timeline.
    unsaved = sheet(unsavedChanges=True)
    for choice in ["discard", "save", "keepEditing"]:
        down_swipe("gated-swipe-confirm-%s" % choice.lower(),
                   "A dismissing flick on a sheet with unsaved changes, then the host answers %s." % choice,
                   [unsaved], HEADER, 150, 120,
                   timeline=[(600_000, {"type": "confirm", "presentation": "compose", "choice": choice})])
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    stroke(tr, 500_000, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    write_gesture("gated-swipe-while-asking-ignored", tr,
                  scene([unsaved], [(900_000, {"type": "confirm", "presentation": "compose", "choice": "discard"})]),
                  "A second dismissing flick while the question is open does not begin (the question covers the sheet); "
                  "discard dismisses.")
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    stroke(tr, 700_000, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    write_gesture("gated-keep-editing-then-asks-again", tr,
                  scene([unsaved], [(400_000, {"type": "confirm", "presentation": "compose", "choice": "keepEditing"})]),
                  "keepEditing closes the question; the next dismissing flick asks again.")
    down_swipe("gated-slow-pull-settles-no-question", "A slow 150 pt pull on an unsaved sheet: rubber band, settles, nothing asked.",
               [unsaved], HEADER, 150, 600)
    down_swipe("not-dismissible-swipe-rejected", "A dismissing flick on a sheet with dismissible false: rejected.",
               [sheet(dismissible=False)], HEADER, 150, 120)
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    write_gesture("unsaved-changes-set-mid-drag", tr,
                  scene([large], [(60_000, {"type": "update", "presentation": "compose", "unsavedChanges": True})]),
                  "The host marks the sheet unsaved mid-drag: the release asks instead of dismissing.")

    # Buttons, accessibility and programmatic requests from the timeline (the touch is a plain header tap).
    for name, comment, presentations, commands in [
        ("button-cancel-unsaved-asks", "The cancel button on an unsaved sheet asks; discard dismisses.", [unsaved],
         [{"type": "button", "presentation": "compose", "role": "cancel"},
          {"type": "confirm", "presentation": "compose", "choice": "discard"}]),
        ("button-done-unsaved-dismisses", "The done button on an unsaved sheet dismisses directly.", [unsaved],
         [{"type": "button", "presentation": "compose", "role": "done"}]),
        ("button-cancel-not-dismissible-dismisses", "Buttons still work on a sheet with dismissible false.",
         [sheet(dismissible=False)], [{"type": "button", "presentation": "compose", "role": "cancel"}]),
        ("accessibility-escape-alert-dismisses", "The accessibility escape action closes an alert.",
         [{"id": "alert", "style": "alert"}], [{"type": "accessibility", "presentation": "alert", "action": "escape"}]),
        ("accessibility-escape-unsaved-asks", "The accessibility escape action on an unsaved sheet asks; save saves and dismisses.",
         [unsaved], [{"type": "accessibility", "presentation": "compose", "action": "escape"},
                     {"type": "confirm", "presentation": "compose", "choice": "save"}]),
        ("accessibility-detents-step", "nextDetent, nextDetent (at the end: nothing), previousDetent.",
         [sheet(detents=["medium", "large"], selectedDetent="medium", grabber=True)],
         [{"type": "accessibility", "presentation": "compose", "action": a} for a in ["nextDetent", "nextDetent", "previousDetent"]]),
        ("programmatic-unsaved-asks", "A programmatic dismissal of an unsaved sheet asks; keepEditing cancels it.", [unsaved],
         [{"type": "dismiss", "presentation": "compose"},
          {"type": "confirm", "presentation": "compose", "choice": "keepEditing"}]),
    ]:
        tr = new()
        tap(tr, 0, *(MEDIUM_HEADER if presentations[-1].get("selectedDetent") == "medium" else HEADER))
        timeline = [(200_000 + 100_000 * i, c) for i, c in enumerate(commands)]
        write_gesture(name, tr, scene(presentations, timeline), comment)

    # Cancellation: every path ends the drag with `cancel` and dismisses nothing.
    tr = new()
    first = Finger(tr, 0)
    first.down(0, *HEADER)
    last = glide(first, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    Finger(tr, 1).down(last + 8000, 900, 500)
    last = glide(first, last + 16000, (HEADER[0], HEADER[1] + 150), (HEADER[0], HEADER[1] + 450), 120)
    first.up(last + 8000)
    Finger(tr, 1).up(last + 16000)
    write_gesture("cancel-second-finger-mid-drag", tr, scene([large]),
                  "A second finger lands on the sheet mid-drag: cancel; the rest of a would-be dismissing pull does nothing.")
    tr = new()
    finger = Finger(tr, 0)
    finger.down(0, *HEADER)
    last = glide(finger, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    finger.palm(last + 8000)
    last = glide(finger, last + 8000, (HEADER[0], HEADER[1] + 150), (HEADER[0], HEADER[1] + 450), 120)
    finger.up(last + 8000)
    write_gesture("cancel-palm-mid-drag", tr, scene([large]),
                  "The contact turns into a palm mid-drag (TOUCH_CANCEL): cancel, nothing dismissed.")
    down_swipe("cancel-remove-mid-drag", "The host removes the sheet mid-drag: cancel, nothing dismissed.",
               [large], HEADER, 450, 300, timeline=[(100_000, {"type": "remove", "presentation": "compose"})])
    down_swipe("cancel-scene-change-mid-drag", "The host replaces the scene mid-drag: cancel, nothing dismissed.",
               [large], HEADER, 450, 300,
               timeline=[(100_000, {"type": "scene", "scene": {"screen": STANDARD_SCREEN,
                                                                "presentations": [sheet("settings")]}})])
    down_swipe("cancel-detent-change-mid-drag", "The host selects another detent mid-drag (geometry changes): cancel.",
               [two_detents], HEADER, 450, 300,
               timeline=[(100_000, {"type": "update", "presentation": "compose", "selectedDetent": "medium"})])

    # The same swipes at other sampling rates, and with jitter: the same decisions.
    for hz in [30, 240]:
        down_swipe("rate-%dhz-flick-dismiss" % hz, "The 150 pt / 120 ms flick sampled at %d Hz: dismiss." % hz,
                   [large], HEADER, 150, 120, hz=hz)
        down_swipe("rate-%dhz-slow-settle" % hz, "The 150 pt / 600 ms pull sampled at %d Hz: settles." % hz,
                   [large], HEADER, 150, 600, hz=hz)
    down_swipe("jitter-flick-dismiss", "The flick with 1.5 pt of seeded jitter per sample: dismiss.",
               [large], HEADER, 150, 120, jitter=1.5, seed=7)
    down_swipe("jitter-slow-settle", "The slow pull with 1.5 pt of seeded jitter per sample: settles.",
               [large], HEADER, 150, 600, jitter=1.5, seed=11)

    # Stacks: only the topmost presentation responds.
    tr = new()
    stroke(tr, 0, MEDIUM_HEADER, (MEDIUM_HEADER[0], MEDIUM_HEADER[1] + 200), 120)
    stroke(tr, 500_000, HEADER, (HEADER[0], HEADER[1] + 200), 120)
    write_gesture("stack-swipes-dismiss-top-then-next", tr, scene([large, sheet("picker", detents=["medium"])]),
                  "Two sheets: the first flick dismisses the top (medium) one, the second the large one below.")


def host_contract_recordings():
    """The core's contract with the host (SPEC 3, 4.2, 4.6, 4.9, 5.1, 5.3, 7): one door for the
    scene, one release rule, no attempt left silent."""
    def new():
        return Trace(panel())

    def down_swipe(name, comment, presentations, start, distance, duration_ms, timeline=(), screen=STANDARD_SCREEN, **kwargs):
        tr = new()
        stroke(tr, 0, start, (start[0], start[1] + distance), duration_ms, screen=screen, **kwargs)
        write_gesture(name, tr, scene(presentations, timeline, screen=screen), comment)

    def path(name, comment, presentations, points, timeline=(), rest_ms=80, hz=120):
        """One finger through `points` [(x, y, ms to get there)], resting `rest_ms` before lifting."""
        tr = new()
        finger = Finger(tr, 0)
        (x0, y0, _), t = points[0], 0
        finger.down(0, x0, y0)
        for (x1, y1, _), (x2, y2, ms) in zip(points, points[1:]):
            t = glide(finger, t, (x1, y1), (x2, y2), ms, hz=hz)
        finger.up(t + rest_ms * 1000)
        write_gesture(name, tr, scene(presentations, timeline), comment)

    large = sheet()
    unsaved = sheet(unsavedChanges=True)
    slow_pull = dict(start=HEADER, distance=300, duration_ms=600)

    # A decision that lands on the presentation being dragged ends the gesture at once (SPEC 4.9).
    down_swipe("done-button-mid-drag-ends-drag",
               "A slow pull on an unsaved sheet; the host's Done button at 300 ms dismisses it, and nothing more "
               "is said about the drag.", [unsaved],
               timeline=[(300_000, {"type": "button", "presentation": "compose", "role": "done"})], **slow_pull)
    down_swipe("programmatic-dismiss-mid-drag-ends-drag",
               "A slow pull; the host dismisses the clean sheet at 300 ms: dismissed, the drag ends silently.", [large],
               timeline=[(300_000, {"type": "dismiss", "presentation": "compose"})], **slow_pull)
    down_swipe("cancel-button-mid-drag-asks-ends-drag",
               "A slow pull on an unsaved sheet; the Cancel button at 300 ms opens the question, which ends the drag "
               "(dragEnded cancel first); discard at 800 ms dismisses.", [unsaved],
               timeline=[(300_000, {"type": "button", "presentation": "compose", "role": "cancel"}),
                         (800_000, {"type": "confirm", "presentation": "compose", "choice": "discard"})], **slow_pull)
    down_swipe("key-escape-mid-drag-ends-drag",
               "A slow pull; the host reports Escape at 300 ms: the clean sheet is dismissed and the drag ends silently.",
               [large], timeline=[(300_000, {"type": "key", "key": "escape"})], **slow_pull)
    down_swipe("accessibility-detent-mid-drag-cancels-first",
               "A slow pull on a large sheet with a medium detent; previousDetent at 300 ms: the drag is cancelled, "
               "then the sheet goes to medium.", [sheet(detents=["medium", "large"], selectedDetent="large")],
               timeline=[(300_000, {"type": "accessibility", "presentation": "compose", "action": "previousDetent"})],
               **slow_pull)

    # A covered presentation: every attempt on it is rejected, programmatic included (SPEC 5.1).
    tr = new()
    tap(tr, 0, 300, 650)
    write_gesture("covered-presentation-attempts-rejected", tr,
                  scene([sheet("base"), sheet("top", detents=["medium"], unsavedChanges=True)], [
                      (200_000, {"type": "dismiss", "presentation": "base"}),
                      (300_000, {"type": "button", "presentation": "base", "role": "cancel"}),
                      (400_000, {"type": "accessibility", "presentation": "base", "action": "escape"}),
                  ]),
                  "A tap on the top sheet's content; the host then tries to close the sheet below it three ways: "
                  "each is rejected, and both sheets stay.")

    # One release rule for every origin (SPEC 4.6): threshold 760 - 380 / 2 = 570 on a large sheet with medium.
    two = sheet(detents=["medium", "large"], selectedDetent="large", grabber=True)
    down_swipe("release-rule-header-flick-settles-medium",
               "An 80 pt flick in 100 ms from the header of a large sheet with a medium detent: projection 479 < 570, "
               "height 281 is nearest medium.", [two], HEADER, 80, 100)
    down_swipe("release-rule-grabber-flick-settles-medium",
               "The same 80 pt flick from the grabber: the same rule, the same decision.", [two], (640, LARGE_TOP + 8), 80, 100)

    # Hand-back and growing (SPEC 4.2).
    path("scroll-hand-back-content-takes-it",
         "Content at offset 100: a pull of 150 pt hands 50 pt to the sheet; back up 200 pt, the sheet returns to its "
         "detent, hands the finger back and the content scrolls again (never above the detent).",
         [sheet(content={"offset": 100})], [(300, 300, 0), (300, 450, 150), (300, 250, 200)])
    path("scroll-grow-past-large-then-content",
         "Content at its top at the medium detent: 500 pt up grows the sheet 380 pt to large (no rubber band), "
         "the content takes the rest; settles at large.",
         [sheet(detents=["medium", "large"], selectedDetent="medium")], [(300, 700, 0), (300, 200, 500)])
    path("scroll-hand-off-then-grow",
         "Content at offset 100 at the medium detent: a pull of 150 pt hands 50 pt to the sheet; back up 350 pt, the "
         "sheet passes its detent and grows 300 pt (growing wins below the largest detent: the content is at its "
         "top); settles at large.",
         [sheet(detents=["medium", "large"], selectedDetent="medium", content={"offset": 100})],
         [(300, 500, 0), (300, 650, 150), (300, 300, 300)])

    # Host-owned scrolling (SPEC 4.2): the offsets the host reports are the truth.
    update = lambda offset: {"type": "update", "presentation": "compose", "content": {"offset": offset}}
    path("scroll-host-owned-hand-off-where-host-says",
         "Content at offset 200 in the host's own scroll view: a 300 pt pull in 300 ms. The host reports 170 at "
         "50 ms, 60 at 150 ms and 0 at 250 ms: the pipeline reports no offsets of its own after the first report, "
         "the sheet takes the finger where the host said 0 (not at 200 pt, where a 1:1 model would), and settles.",
         [sheet(content={"offset": 200})], [(300, 300, 0), (300, 600, 300)],
         timeline=[(50_000, update(170)), (150_000, update(60)), (250_000, update(0))])
    path("scroll-host-owned-report-while-sheet-holds",
         "Content at offset 40 in the host's scroll view: the host reports 0 at 50 ms, the sheet takes the finger; "
         "at 200 ms the host reports 30 (its view scrolled on): stored, it takes nothing away; the sheet keeps the "
         "finger and settles.",
         [sheet(content={"offset": 40})], [(300, 300, 0), (300, 500, 300)],
         timeline=[(50_000, update(0)), (200_000, update(30))])
    medium_growing = sheet(detents=["medium", "large"], selectedDetent="medium")
    path("scroll-host-owned-grow-reports-zero",
         "Content at its top at the medium detent in the host's scroll view, pinned there: 300 pt up in 500 ms while "
         "the host reports 0 every 100 ms. The sheet grows with the finger throughout (a report of 0 while it grows "
         "changes nothing) and settles at large.",
         [medium_growing], [(300, 700, 0), (300, 400, 500)],
         timeline=[(t, update(0)) for t in range(100_000, 600_000, 100_000)])
    path("scroll-host-owned-grow-to-large-then-content",
         "Content at its top at the medium detent: 500 pt up in 500 ms grows the sheet to large at 380 ms; the host's "
         "scroll view then reports 40, 80 and 120 as the finger goes on up. The sheet stays at large and settles "
         "there, as when the pipeline scrolls the content.",
         [medium_growing], [(300, 700, 0), (300, 200, 500)],
         timeline=[(420_000, update(40)), (460_000, update(80)), (500_000, update(120))])
    # The velocity window after a hand-off (SPEC 4.6).
    path("scroll-flick-after-hand-off-dismisses",
         "Content at offset 100: scrolled to its top slowly (100 pt in 500 ms), then flicked 90 pt in 50 ms "
         "(1,800 pt/s) and lifted: only the flick counts, undiluted by the scroll, and it dismisses as the same "
         "flick from the top region would.",
         [sheet(content={"offset": 100})], [(300, 300, 0), (300, 400, 500), (300, 490, 50)], rest_ms=8)

    # A screen change (SPEC 7): the gesture in progress ends, everything else stays.
    screen_rotated = {"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}
    down_swipe("screen-rotation-mid-drag-cancels",
               "A slow pull; the display rotates at 300 ms: the drag is cancelled (it was made in the old geometry), "
               "the sheet stays, and the rest of the pull does nothing.", [large],
               timeline=[(300_000, screen_rotated)], **slow_pull)
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    write_gesture("screen-rotation-keeps-question", tr,
                  scene([unsaved], [(400_000, screen_rotated),
                                    (600_000, {"type": "confirm", "presentation": "compose", "choice": "discard"})]),
                  "A dismissing flick on an unsaved sheet asks; the display rotates at 400 ms; the question is still "
                  "open, and discard at 600 ms dismisses.")

    # A form sheet with a frame is that frame (SPEC 3).
    form = {"id": "form", "style": "formSheet", "frame": {"x": 340, "y": 200, "width": 600, "height": 500}}
    tr = new()
    tap(tr, 0, 640, 150)
    write_gesture("formsheet-frame-tap-above-dismisses", tr, scene([form]),
                  "A tap above a regular-width form sheet's own frame is outside it: dismiss.")
    down_swipe("formsheet-frame-swipe-top-dismisses",
               "A flick from the top region of the form sheet's frame (its top edge at y 200): a swipe from the top, "
               "threshold half its 500 pt height.", [form], (400, 220), 200, 120)

    # An open question covers its presentation (SPEC 5.3): attempts on it are rejected, not absorbed.
    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 150), 120)
    write_gesture("gated-done-while-asking-rejected", tr,
                  scene([unsaved], [(400_000, {"type": "button", "presentation": "compose", "role": "done"}),
                                    (500_000, {"type": "dismiss", "presentation": "compose"}),
                                    (600_000, {"type": "confirm", "presentation": "compose", "choice": "keepEditing"})]),
                  "A dismissing flick opens the question; Done and a programmatic dismissal while it is open are "
                  "rejected; keepEditing cancels.")

    # Escape from a host that owns the keyboard (SPEC 7), and on a modal popover (SPEC 3: only its buttons).
    tr = new()
    tap(tr, 0, *HEADER)
    write_gesture("key-escape-unsaved-asks", tr,
                  scene([unsaved], [(200_000, {"type": "key", "key": "escape"}),
                                    (300_000, {"type": "confirm", "presentation": "compose", "choice": "save"})]),
                  "The host reports Escape on an unsaved sheet: asked; save saves and dismisses.")
    tr = new()
    tap(tr, 0, 1000, 200)
    write_gesture("key-escape-modal-popover-rejected", tr,
                  scene([dict(POPOVER, modal=True)], [(200_000, {"type": "key", "key": "escape"}),
                                                      (300_000, {"type": "button", "presentation": "share", "role": "cancel"})]),
                  "Escape on a modal popover is rejected; its Cancel button closes it.")

    # Stack rules judge the role at this width (SPEC 3): in a compact width a popover is a sheet.
    tr = new()
    stroke(tr, 0, (250, MEDIUM_TOP + 30), (250, MEDIUM_TOP + 230), 120, screen=COMPACT_SCREEN)
    stroke(tr, 500_000, (250, LARGE_TOP + 30), (250, LARGE_TOP + 230), 120, screen=COMPACT_SCREEN)
    write_gesture("compact-sheet-above-adapted-popover", tr,
                  scene([POPOVER, sheet("picker", detents=["medium"])], screen=COMPACT_SCREEN),
                  "Compact width: a medium sheet above a popover (a large sheet here). The first flick dismisses "
                  "the picker, the second the popover.")

    # `update` takes every presentation field but the id (SPEC 7).
    tr = new()
    tap(tr, 0, *HEADER)
    tap(tr, 300_000, 640, MEDIUM_TOP + 8)
    write_gesture("update-detents-and-grabber", tr,
                  scene([large], [(100_000, {"type": "update", "presentation": "compose", "detents": ["medium", "large"],
                                             "selectedDetent": "medium", "grabber": True})]),
                  "A tap on the header does nothing; the host then gives the sheet a medium detent, selects it and "
                  "shows a grabber; a tap on the new grabber cycles to large.")


def keyboard_recordings():
    """The on-screen keyboard (SPEC 10): a 300 pt keyboard on the standard screen leaves a 500 pt room,
    where large is 460 pt (top edge y 40, release threshold 230) and medium 230 pt (top edge y 270)."""
    def new():
        return Trace(panel())

    def keyboard_scene(presentations, timeline=(), keyboard=300):
        result = scene(presentations, timeline)
        if keyboard:
            result["keyboard"] = {"height": keyboard}
        return result

    def keyboard(height):
        return {"type": "keyboard", "height": height}

    large = sheet()
    unsaved = sheet(unsavedChanges=True)

    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 250), 1000, easing="decelerate", rest_ms=80)
    write_gesture("keyboard-room-swipe-dismisses", tr, keyboard_scene([large]),
                  "The keyboard is up: a slow 250 pt pull from the header, rested. The keyboard goes first "
                  "(hideKeyboard before dragBegan), and the release is measured in the room: 250 > 230 dismisses, "
                  "where the full screen's 380 would settle.")

    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 300), 600, rest_ms=80)
    write_gesture("keyboard-hidden-mid-drag-goes-on", tr, keyboard_scene([large], [(150_000, keyboard(0))]),
                  "The keyboard is up: a slow 300 pt pull asks it to hide with its dragBegan; the host hides it at "
                  "150 ms. Nothing is cancelled: the drag goes on in the full room, where 300 < 380 settles.")

    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 300), 600, rest_ms=80)
    write_gesture("keyboard-swipe-unsaved-asks-above-it", tr,
                  keyboard_scene([unsaved], [(1_000_000, keyboard(0)),
                                             (1_200_000, {"type": "confirm", "presentation": "compose", "choice": "keepEditing"})]),
                  "The keyboard is up and stays up (a slow host): a swipe on an unsaved sheet asks it to hide for the "
                  "drag, and again just before the question; the host hides it, and the person keeps editing.")

    tr = new()
    popover = dict(POPOVER, unsavedChanges=True)
    tap(tr, 0, 300, 650)
    tap(tr, 300_000, 300, 300)
    write_gesture("keyboard-tap-on-it-keeps-popover", tr, keyboard_scene([popover]),
                  "The keyboard is up under an unsaved non-modal popover: a tap on a key (300, 650) is the keyboard's, "
                  "no tap outside, and the popover stays; a tap above the keyboard (300, 300) autosaves and dismisses it.")

    tr = new()
    finger, key = Finger(tr, 0), Finger(tr, 1)
    finger.down(0, *HEADER)
    t = glide(finger, 0, HEADER, (HEADER[0], HEADER[1] + 50), 200)
    key.down(t + 4_000, 600, 650)
    t = glide(finger, t, (HEADER[0], HEADER[1] + 50), (HEADER[0], HEADER[1] + 100), 200)
    key.up(t + 4_000)
    t = glide(finger, t, (HEADER[0], HEADER[1] + 100), (HEADER[0], HEADER[1] + 150), 200)
    finger.up(t + 80_000)
    write_gesture("keyboard-key-mid-drag-cancels-nothing", tr, keyboard_scene([large]),
                  "The keyboard is up: a slow 150 pt pull from the header; a second finger taps a key (600, 650) "
                  "during it. The key is the keyboard's: the drag goes on and settles (150 < 230).")

    tr = new()
    tap(tr, 0, *MEDIUM_HEADER)
    write_gesture("keyboard-shows-sheet-grows", tr,
                  keyboard_scene([sheet(detents=["medium", "large"], selectedDetent="medium")],
                                 [(100_000, keyboard(300)), (200_000, keyboard(280)), (300_000, keyboard(0))], keyboard=0),
                  "A tap on a medium sheet's header does nothing; the keyboard then shows: the sheet goes to large "
                  "(cause keyboard); the keyboard's height changes, then it hides, and the sheet stays at large.")

    tr = new()
    tap(tr, 0, 300, 700)
    stroke(tr, 100_000, (300, 290), (300, 420), 800, easing="decelerate", rest_ms=80)
    write_gesture("keyboard-medium-only-stays-on-it", tr,
                  keyboard_scene([sheet(detents=["medium"])], [(50_000, keyboard(300))], keyboard=0),
                  "A tap on a medium-only sheet's content does nothing; the keyboard shows at 50 ms and the sheet "
                  "stays at medium, on the keyboard's top (top edge y 270). A 130 pt pull from its header there "
                  "(y 290, outside the sheet without the keyboard) dismisses it: 130 > 115.")

    tr = new()
    tap(tr, 0, 300, 300)
    write_gesture("keyboard-escape-hides-it-first", tr,
                  keyboard_scene([unsaved], [(100_000, {"type": "key", "key": "escape"}), (200_000, keyboard(0)),
                                             (300_000, {"type": "key", "key": "escape"}),
                                             (400_000, {"type": "confirm", "presentation": "compose", "choice": "discard"})]),
                  "The keyboard is up over an unsaved sheet: Escape only asks it to hide; once hidden, Escape asks "
                  "the question, and discard dismisses.")

    tr = new()
    stroke(tr, 0, (300, 30), (300, 300), 1000, easing="decelerate", rest_ms=80)
    write_gesture("keyboard-custom-detent-in-room", tr, keyboard_scene([sheet(detents=[600])]),
                  "The keyboard is up: a sheet with a 600 pt custom detent is laid out 500 pt tall, the room (top edge "
                  "y 0); a 270 pt pull from its header dismisses it (270 > 250, where 600 pt would need 300).")


def idle_recordings():
    """Idle (SPEC 11): the scene's rule resets the kiosk 10 s after the last activity, warning 3 s
    before; the host ticks once a second. A tap on the topmost sheet's content does nothing but
    start the clock, so the deadline is 10 s after its lift: (300, 300) on a large sheet, (300, 450)
    on the medium attach sheet over compose (y 420 down, or 270 to 500 above a 300 pt keyboard).
    Attach is medium so that the plots show compose's labels above it."""
    def new():
        return Trace(panel())

    def idle_scene(presentations, unsaved, timeline=(), **fields):
        result = scene(presentations, timeline)
        result["idle"] = {"after": 10_000_000, "warning": 3_000_000, "unsaved": unsaved}
        result.update(fields)
        return result

    def ticks(first_s, last_s):
        return [(second * 1_000_000, {"type": "tick"}) for second in range(first_s, last_s + 1)]

    stack = [sheet(unsavedChanges=True), sheet("attach", detents=["medium"])]
    tr = new()
    tap(tr, 0, 300, 450)
    write_gesture("idle-save", tr, idle_scene(stack, "save", ticks(1, 12)),
                  "An unsaved compose sheet under a clean attach sheet at medium; a tap on it, then nothing. The tick at 8 s warns "
                  "(deadline 10.08 s); the one at 11 s resets: attach is dismissed, compose saved and dismissed "
                  "(source idle), then idleReset. The tick at 12 s finds nothing.")

    tr = new()
    tap(tr, 0, 300, 450)
    write_gesture("idle-discard", tr, idle_scene(stack, "discard", ticks(1, 11)),
                  "The same, with the rule discard: at 11 s attach is dismissed, compose dismissed discarded (source "
                  "idle), then idleReset.")

    tr = new()
    tap(tr, 0, 300, 450)
    write_gesture("idle-keep", tr,
                  idle_scene(stack, "keep", ticks(1, 13) + [(13_500_000, {"type": "confirm", "presentation": "compose",
                                                                          "choice": "keepEditing"})] + ticks(14, 26),
                             keyboard={"height": 300}),
                  "The rule keep, with the keyboard up: at 11 s attach is dismissed and compose is kept; its question "
                  "is asked (source idle), after hideKeyboard. No idleReset; the ticks at 12 and 13 s find the deadline "
                  "met. The person keeps editing at 13.5 s: the clock starts again, the warning comes at 21 s, and at "
                  "24 s the question is asked again.")

    tr = new()
    stroke(tr, 0, HEADER, (HEADER[0], HEADER[1] + 450), 400, rest_ms=80)
    write_gesture("idle-question-open", tr, idle_scene([sheet(unsavedChanges=True)], "discard", ticks(1, 11)),
                  "A 450 pt swipe on an unsaved sheet asks the question, and nobody answers. The tick at 8 s warns; at "
                  "11 s the question is answered by the rule: compose is dismissed discarded, source idle; idleReset.")

    tr = new()
    finger = Finger(tr, 0)
    finger.down(0, 300, 300)
    finger.up(12_000_000)
    write_gesture("idle-finger-down", tr, idle_scene([sheet()], "discard", ticks(1, 23)),
                  "A finger rests on the sheet's content for 12 s: no warning and no reset while it is down, though "
                  "the deadline would be at 10 s. Its lift is activity: the warning comes at 19 s (deadline 22 s), "
                  "and the clean sheet is dismissed at 22 s, then idleReset.")

    tr = new()
    tap(tr, 0, 300, 300)
    tap(tr, 8_500_000, 300, 300)
    write_gesture("idle-activity-cancels", tr, idle_scene([sheet()], "discard", ticks(1, 19)),
                  "The warning comes at 8 s; a tap at 8.5 s cancels it (idleCancelled before anything the tap "
                  "does), and the clock starts again from its lift (8.58 s): the warning at 16 s, the reset at "
                  "19 s (deadline 18.58 s), the clean sheet dismissed, idleReset.")

    tr = new()
    tap(tr, 0, 300, 300)
    write_gesture("idle-nothing-presented", tr,
                  idle_scene([], "discard", ticks(1, 12) + [(12_500_000, {"type": "present", "presentation": sheet()})]
                             + ticks(13, 23)),
                  "Nothing is presented: the ticks to 12 s warn of nothing and reset nothing. A sheet presented at "
                  "12.5 s is activity: the warning comes at 20 s (deadline 22.5 s), the reset at 23 s, idleReset.")


if __name__ == "__main__":
    rule_recordings()
    device_rule_recordings()
    protocol_a_recordings()
    gesture_recordings()
    host_contract_recordings()
    keyboard_recordings()
    idle_recordings()
