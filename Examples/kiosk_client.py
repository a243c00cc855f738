#!/usr/bin/env python3
"""A kiosk's side of `gesturectl run`, in Python: an example of embedding DismissKit.

The kiosk owns its presentation stack. It starts `gesturectl run`, asks what the
pipeline holds (`query`, whose `state` reply it adopts: after a reconnect the pipeline
may already hold the sheet), presents its sheet with a host command if it is not there,
and then reacts to what comes back, one JSON object per line (Docs/protocol.md, "The protocol"):

- hello: the first line of every connection, with gesturectl's version and protocol
  number. A kiosk written for protocol 1 stops when it is given another one.
- ok / error: the reply to one of its command lines, by line number. A refused
  `present` leaves the kiosk's stack as well, so the two never disagree.
- state: the reply to `query`.
- device: a touchscreen came or went.

- confirmationRequested: the user tried to close something with unsaved work; a real
  kiosk shows its discard / save / keep-editing dialog. This one answers with --answer.
- save: the kiosk saves the presentation's work.
- dismiss: the presentation is closed; it leaves the kiosk's stack.
- setDetent: the sheet rests at a new height.
- contentScrolled: the pipeline scrolled the sheet's content with the finger; a real kiosk
  sets its scroll view's offset (a kiosk whose scroll view scrolls itself sends `update`
  with `content.offset` instead, and the pipeline then follows it).
- idleWarning / idleCancelled / idleReset: the scene's idle rule (Docs/gestures.md,
  "Idle"); a real kiosk asks "Are you still there?" with a countdown to the deadline,
  closes it when someone touches, and shows its start screen at the reset. This one
  logs {"idle": "warning", "seconds": N}, {"idle": "cancelled"} and {"idle": "reset"}.
- everything else (drag progress, the hand-back to the content, pass-through taps,
  rejections) is logged.

Everything the kiosk receives and sends is printed as a transcript (JSON Lines) on
standard output: the hello line first, as {"hello": {...}}, then {"received": ...} and
{"sent": ...}, {"ready": "compose"} once the sheet is in the pipeline, and its final
stack last: {"stack": [...]}. It stops when
`gesturectl run` ends, or on SIGINT / SIGTERM (which it passes on).

With --socket it connects to a `gesturectl run --socket PATH` that is already running
(a system service, say) instead of starting one, and stops when the connection closes
or on SIGINT / SIGTERM.

Usage:
  kiosk_client.py [--gesturectl PATH] [--answer discard|save|keepEditing] -- RUN-ARGUMENTS...
  kiosk_client.py --socket PATH [--answer discard|save|keepEditing]
e.g.
  kiosk_client.py --answer discard -- --device /dev/input/event5
"""
import argparse
import json
import signal
import socket
import subprocess
import sys

# The protocol this kiosk speaks: the number in gesturectl's hello line.
PROTOCOL = 1

# The kiosk's compose sheet: full height, with work the user has not saved yet.
COMPOSE = {"id": "compose", "style": "sheet", "unsavedChanges": True}


class Kiosk:
    def __init__(self, commands, answer, transcript):
        self.commands = commands
        self.answer = answer
        self.transcript = transcript
        self.stack = []
        # Every line sent counts, from 1, as gesturectl numbers them; the replies name them.
        self.lines_sent = 0
        self.awaiting = {}

    def log(self, **entry):
        self.transcript.write(json.dumps(entry, sort_keys=True) + "\n")
        self.transcript.flush()

    def send(self, command):
        self.log(sent=command)
        self.lines_sent += 1
        self.awaiting[self.lines_sent] = command
        self.commands.write(json.dumps(command) + "\n")
        self.commands.flush()

    def present(self, presentation):
        self.stack.append(dict(presentation))
        self.send({"type": "present", "presentation": presentation})

    def find(self, presentation_id):
        return next((p for p in self.stack if p["id"] == presentation_id), None)

    def handle(self, message):
        self.log(received=message)
        kind = message.get("type")
        target = message.get("presentation")
        if kind == "ok":
            command = self.awaiting.pop(message["line"], None)
            if command and command["type"] == "present" and command["presentation"]["id"] == COMPOSE["id"]:
                self.log(ready=COMPOSE["id"])
        elif kind == "error":
            command = self.awaiting.pop(message["line"], None)
            self.log(refused=command, reason=message.get("reason"))
            if command and command["type"] == "present":
                # The pipeline did not take it: it is not on screen for the kiosk either.
                self.stack = [p for p in self.stack if p["id"] != command["presentation"]["id"]]
        elif kind == "state":
            self.awaiting.pop(message.get("line"), None)
            self.stack = [dict(p) for p in message["scene"]["presentations"]]
            if self.find(COMPOSE["id"]) is None:
                self.present(COMPOSE)
            else:
                self.log(ready=COMPOSE["id"])
        elif kind == "confirmationRequested":
            # A real kiosk asks the user here; this example answers as told.
            self.send({"type": "confirm", "presentation": target, "choice": self.answer})
        elif kind == "save":
            presentation = self.find(target)
            if presentation is not None:
                presentation["unsavedChanges"] = False
                self.log(saved=target)
        elif kind == "dismiss":
            self.stack = [p for p in self.stack if p["id"] != target]
        elif kind == "setDetent":
            presentation = self.find(target)
            if presentation is not None:
                presentation["selectedDetent"] = message["detent"]
        elif kind == "idleWarning":
            self.log(idle="warning", seconds=-(-max(0, message["remaining"]) // 1_000_000))  # whole seconds, rounded up
        elif kind in ("idleCancelled", "idleReset"):
            self.log(idle=kind[len("idle"):].lower())
        elif kind == "contentScrolled":
            presentation = self.find(target)
            if presentation is not None:
                presentation["content"] = {"offset": message["offset"]}


def greeted(kiosk, messages):
    """Reads the hello line that begins the connection: whether it names this kiosk's protocol."""
    line = messages.readline()
    try:
        hello = json.loads(line)
    except json.JSONDecodeError:
        hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
        kiosk.log(refused_hello=line.strip(), reason=f"expected a hello line with protocol {PROTOCOL}")
        return False
    kiosk.log(hello={"protocol": hello["protocol"], "version": hello.get("version")})
    return True


def serve(kiosk, messages):
    """Checks the hello line, asks for the pipeline's state (then presents the kiosk's
    sheet), and handles what comes back until the stream ends; False for a wrong hello."""
    if not greeted(kiosk, messages):
        return False
    kiosk.send({"type": "query"})
    for line in messages:
        line = line.strip()
        if not line:
            continue
        try:
            kiosk.handle(json.loads(line))
        except json.JSONDecodeError as error:
            kiosk.log(unreadable=line, reason=str(error))
    return True


def main():
    parser = argparse.ArgumentParser(description="An example kiosk driving gesturectl run over stdio or its socket.")
    parser.add_argument("--gesturectl", default="gesturectl", help="the gesturectl binary")
    parser.add_argument("--socket", help="connect to a running 'gesturectl run --socket PATH' instead")
    parser.add_argument("--answer", default="discard", choices=["discard", "save", "keepEditing"],
                        help="how to answer confirmations (a real kiosk asks its user)")
    parser.add_argument("run_arguments", nargs=argparse.REMAINDER, help="arguments for 'gesturectl run', after --")
    options = parser.parse_args()
    run_arguments = [a for a in options.run_arguments if a != "--"]

    if options.socket:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(options.socket)
        # Two files, not one "rw" file: writing to a text file drops the lines it has read ahead.
        incoming = connection.makefile("r", encoding="utf-8", newline="\n")
        outgoing = connection.makefile("w", encoding="utf-8", newline="\n")
        kiosk = Kiosk(outgoing, options.answer, sys.stdout)

        def leave(_number, _frame):
            raise SystemExit

        signal.signal(signal.SIGINT, leave)
        signal.signal(signal.SIGTERM, leave)
        spoken = True
        try:
            spoken = serve(kiosk, incoming)
        except (SystemExit, ConnectionError):
            pass
        connection.close()
        kiosk.log(stack=kiosk.stack)
        return 0 if spoken else 1

    process = subprocess.Popen([options.gesturectl, "run", *run_arguments],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    kiosk = Kiosk(process.stdin, options.answer, sys.stdout)

    def stop(number, _frame):
        process.send_signal(number)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    if not serve(kiosk, process.stdout):
        process.terminate()
    status = process.wait()
    kiosk.log(stack=kiosk.stack, gesturectl_status=status)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
