"""The reference client, Examples/kiosk_client.py, against `gesturectl run --socket` on this
machine's seat (no touchscreen: the run waits for one, and the protocol works meanwhile).

A second client plays the host's other half: it asks for a programmatic dismissal of the
kiosk's sheet, which has unsaved work, so the kiosk must be asked, answer, and see it go.
Every wait ends on a line or the end of a stream; none is a time limit of the test.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GESTURECTL = os.environ.get("DISMISSKIT_GESTURECTL", "gesturectl")
CLIENT = os.path.join(ROOT, "Examples", "kiosk_client.py")


def connect(path):
    """Connects once the run answers on its socket (it prints its seat note first)."""
    while True:
        try:
            connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            connection.connect(path)
            return connection
        except (FileNotFoundError, ConnectionRefusedError):
            connection.close()
            os.sched_yield()


def read_until(kiosk, transcript, done):
    """Appends the kiosk's transcript entries to `transcript` up to the first for which `done` holds
    (or the end of its output)."""
    for line in kiosk.stdout:
        transcript.append(json.loads(line))
        if done(transcript[-1]):
            return


class Messages:
    """Lines to and from a socket (two files: writing to a text file drops what it read ahead)."""

    def __init__(self, connection):
        self.incoming = connection.makefile("r", encoding="utf-8", newline="\n")
        self.outgoing = connection.makefile("w", encoding="utf-8", newline="\n")

    def write(self, text):
        self.outgoing.write(text)

    def flush(self):
        self.outgoing.flush()

    def readline(self):
        return self.incoming.readline()

    def close(self):
        self.incoming.close()
        self.outgoing.close()


class KioskClientTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.directory.name, "kiosk.sock")
        self.run = subprocess.Popen([GESTURECTL, "run", "--socket", self.path], stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.run.stderr.readline()  # the note that the seat has no touchscreen yet
        connect(self.path).close()

    def tearDown(self):
        self.stop_run()
        self.run.stderr.close()
        self.directory.cleanup()

    def stop_run(self):
        """Ends the run (SIGTERM, exit 0): its clients see their connections close."""
        if self.run.poll() is None:
            self.run.send_signal(signal.SIGTERM)
        self.assertEqual(self.run.wait(), 0)

    def test_the_kiosk_is_asked_answers_and_sees_its_sheet_dismissed(self):
        kiosk = subprocess.Popen([sys.executable, CLIENT, "--socket", self.path, "--answer", "discard"],
                                 stdout=subprocess.PIPE, text=True)
        transcript = []
        read_until(kiosk, transcript, lambda entry: "ready" in entry)
        host = connect(self.path)
        messages = Messages(host)
        messages.write(json.dumps({"type": "dismiss", "presentation": "compose"}) + "\n")
        messages.flush()
        hello = json.loads(messages.readline())
        self.assertEqual((sorted(hello), hello["type"], hello["protocol"]), (["protocol", "type", "version"], "hello", 1))
        self.assertEqual(json.loads(messages.readline()), {"line": 1, "type": "ok"})
        read_until(kiosk, transcript, lambda entry: entry.get("received", {}).get("type") == "dismiss")
        # The pipeline agrees: nothing presented, no question open.
        messages.write(json.dumps({"type": "query"}) + "\n")
        messages.flush()
        # The host's connection also received the intents; its next reply is the state.
        replies = [json.loads(messages.readline()) for _ in range(3)]
        self.assertEqual([reply["type"] for reply in replies], ["confirmationRequested", "dismiss", "state"])
        self.assertEqual(replies[-1]["scene"]["presentations"], [])
        self.assertEqual(replies[-1]["openQuestions"], [])
        messages.close()
        host.close()
        self.stop_run()
        transcript += [json.loads(line) for line in kiosk.stdout]
        self.assertEqual(kiosk.wait(), 0)
        kiosk.stdout.close()
        sent = [entry["sent"] for entry in transcript if "sent" in entry]
        received = [entry["received"] for entry in transcript if "received" in entry]
        self.assertEqual([command["type"] for command in sent], ["query", "present", "confirm"])
        self.assertEqual([message["type"] for message in received],
                         ["state", "ok", "confirmationRequested", "ok", "dismiss"])
        self.assertEqual(received[-1]["resolution"], "discarded")
        self.assertEqual(transcript[-1], {"stack": []})
        self.assertEqual(transcript[0]["hello"]["protocol"], 1)

    def test_the_service_ticks_itself_and_the_kiosk_sees_the_idle_reset(self):
        kiosk = subprocess.Popen([sys.executable, CLIENT, "--socket", self.path], stdout=subprocess.PIPE, text=True)
        transcript = []
        read_until(kiosk, transcript, lambda entry: "ready" in entry)
        # The operator's rule comes in a scene: half a second without a touch warns, a second resets.
        host = connect(self.path)
        messages = Messages(host)
        rule = {"after": 1_000_000, "warning": 500_000, "unsaved": "discard"}
        compose = {"id": "compose", "style": "sheet", "unsavedChanges": True}
        messages.write(json.dumps({"type": "scene", "scene": {"idle": rule, "presentations": [compose]}}) + "\n")
        messages.flush()
        read_until(kiosk, transcript, lambda entry: entry.get("idle") == "reset")
        messages.close()
        host.close()
        self.stop_run()
        transcript += [json.loads(line) for line in kiosk.stdout]
        self.assertEqual(kiosk.wait(), 0)
        kiosk.stdout.close()
        idle = [entry for entry in transcript if "idle" in entry]
        self.assertEqual([entry["idle"] for entry in idle], ["warning", "reset"])
        self.assertLessEqual(idle[0]["seconds"], 1)  # at most half a second left, shown as the second it is in
        dismissed = [entry["received"] for entry in transcript if entry.get("received", {}).get("type") == "dismiss"]
        self.assertEqual([(d["presentation"], d["source"], d["resolution"]) for d in dismissed], [("compose", "idle", "discarded")])
        self.assertEqual(transcript[-1], {"stack": []})

    def test_the_kiosk_stops_at_a_hello_of_another_protocol(self):
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        path = os.path.join(self.directory.name, "other.sock")
        listener.bind(path)
        listener.listen(1)
        kiosk = subprocess.Popen([sys.executable, CLIENT, "--socket", path], stdout=subprocess.PIPE, text=True)
        server, _ = listener.accept()
        server.sendall(b'{"protocol":2,"type":"hello","version":"9.0.0"}\n')
        transcript = [json.loads(line) for line in kiosk.stdout]
        self.assertEqual(kiosk.wait(), 1)
        kiosk.stdout.close()
        self.assertIn("protocol 1", transcript[0]["reason"])
        self.assertFalse(any("sent" in entry for entry in transcript), "nothing sent to a server of another protocol")
        server.close()
        listener.close()

    def test_the_kiosk_adopts_the_pipelines_stack_after_a_reconnect(self):
        host = connect(self.path)
        messages = Messages(host)
        messages.write(json.dumps({"type": "present", "presentation": {"id": "compose", "style": "sheet"}}) + "\n")
        messages.flush()
        self.assertEqual(json.loads(messages.readline())["type"], "hello")
        self.assertEqual(json.loads(messages.readline()), {"line": 1, "type": "ok"})
        kiosk = subprocess.Popen([sys.executable, CLIENT, "--socket", self.path], stdout=subprocess.PIPE, text=True)
        transcript = []
        read_until(kiosk, transcript, lambda entry: "ready" in entry)
        messages.close()
        host.close()
        self.stop_run()
        transcript += [json.loads(line) for line in kiosk.stdout]
        self.assertEqual(kiosk.wait(), 0)
        kiosk.stdout.close()
        # It did not present its sheet again (that would be refused): the pipeline has it.
        self.assertEqual([entry["sent"]["type"] for entry in transcript if "sent" in entry], ["query"])
        self.assertEqual([p["id"] for p in transcript[-1]["stack"]], ["compose"])


if __name__ == "__main__":
    unittest.main()
