"""The on-screen keyboard bridge, Examples/osk_bridge.py, against `gesturectl run --socket` on this
machine's seat (no touchscreen: the protocol works meanwhile), with the scene of the golden
gesture-keyboard-escape-hides-it-first: an unsaved sheet and the keyboard up.

The keyboard's state is written to the bridge's standard input as squeekboard's gdbus lines and
as wvkbd's words; a second client plays the kiosk's Escape key. Every wait ends on a line or the
end of a stream; none is a time limit of the test.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from test_kiosk_client import connect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GESTURECTL = os.environ.get("DISMISSKIT_GESTURECTL", "gesturectl")
BRIDGE = os.path.join(ROOT, "Examples", "osk_bridge.py")
SCENE = os.path.join(ROOT, "Recordings", "gesture-keyboard-escape-hides-it-first.scene.json")


class OnScreenKeyboardBridgeTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.socket_path = os.path.join(self.folder.name, "gestures.sock")
        self.hide_log = os.path.join(self.folder.name, "hidden")
        self.service = subprocess.Popen([GESTURECTL, "run", "--socket", self.socket_path, "--scene", SCENE],
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.kiosk = connect(self.socket_path)
        self.kiosk_lines = self.kiosk.makefile("r", encoding="utf-8", newline="\n")
        self.kiosk_lines.readline()  # the hello line
        self.bridge = subprocess.Popen(
            [sys.executable, BRIDGE, "--socket", self.socket_path, "--height", "224",
             "--hide", f"echo hidden >> {self.hide_log}"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def tearDown(self):
        self.kiosk_lines.close()
        self.kiosk.close()
        self.bridge.stdout.close()
        self.service.stdin.close()
        self.service.terminate()
        self.service.wait()
        self.folder.cleanup()

    def state(self, line):
        self.bridge.stdin.write(line + "\n")
        self.bridge.stdin.flush()

    def next_entry(self, wanted):
        """The bridge's next printed entry that `wanted` takes; a `sent` it does not take fails."""
        while True:
            line = self.bridge.stdout.readline()
            self.assertTrue(line, "the bridge ended first")
            entry = json.loads(line)
            if wanted(entry):
                return entry
            self.assertNotIn("sent", entry, "an unexpected command")

    def escape(self):
        self.kiosk.sendall(b'{"type": "key", "key": "escape"}\n')

    def test_squeekboards_visibility_is_reported_and_the_keyboard_goes_first(self):
        self.state("(<false>,)")  # `gdbus call ... Get` at the start: hidden
        self.next_entry(lambda e: e.get("sent") == {"type": "keyboard", "height": 0})
        self.state("/sm/puri/OSK0: org.freedesktop.DBus.Properties.PropertiesChanged "
                   "('sm.puri.OSK0', {'Visible': <true>}, @as [])")
        self.state("(<true>,)")  # the same state again sends nothing
        self.next_entry(lambda e: e.get("sent") == {"type": "keyboard", "height": 224})
        self.next_entry(lambda e: e.get("received") == {"line": 2, "type": "ok"})  # the run took the 224
        self.escape()
        hidden = self.next_entry(lambda e: e.get("received", {}).get("type") == "hideKeyboard")
        self.assertEqual(hidden["received"]["reason"], "escapeKey")
        self.next_entry(lambda e: "hid" in e)
        self.next_entry(lambda e: e.get("sent") == {"type": "keyboard", "height": 0})
        self.next_entry(lambda e: e.get("received") == {"line": 3, "type": "ok"})  # the run took the 0
        with open(self.hide_log) as log:
            self.assertEqual(log.read(), "hidden\n")
        # Hidden now: the next Escape asks about the unsaved sheet.
        self.escape()
        asked = self.next_entry(lambda e: e.get("received", {}).get("type") in ("confirmationRequested", "hideKeyboard"))
        self.assertEqual(asked["received"]["type"], "confirmationRequested")
        self.state("The name sm.puri.OSK0 does not have an owner")  # already hidden: nothing sent
        self.bridge.stdin.close()
        self.assertEqual(self.bridge.wait(), 0)
        self.assertEqual([json.loads(line) for line in self.bridge.stdout if '"sent"' in line], [])

    def test_wvkbds_words_are_reported(self):
        self.state("shown")
        self.next_entry(lambda e: e.get("sent") == {"type": "keyboard", "height": 224})
        self.state("hidden")
        self.next_entry(lambda e: e.get("sent") == {"type": "keyboard", "height": 0})
        self.bridge.stdin.close()
        self.assertEqual(self.bridge.wait(), 0)


if __name__ == "__main__":
    unittest.main()
