#!/usr/bin/env python3
"""Tells a running `gesturectl run --socket PATH` when an on-screen keyboard shows and hides,
and hides the keyboard when the pipeline asks for it (SPEC section 10; Docs/kiosk-setup.md,
"6. The on-screen keyboard").

It reads the keyboard's state from standard input, one line at a time:

- `shown` or `hidden`, written by whatever shows the keyboard (a kiosk that signals wvkbd);
- squeekboard's, as `gdbus monitor` prints sm.puri.OSK0's PropertiesChanged
  (a line holding `'Visible': <true>` or `'Visible': <false>`), or as `gdbus call ... Get`
  answers (`(<true>,)`, `(<false>,)`); `gdbus monitor`'s note that the name has no owner
  (squeekboard is gone) counts as hidden.

Other lines are ignored. Each change is sent as `{"type": "keyboard", "height": H}`: the
`--height` given (points of the service's screen) when shown, 0 when hidden. On a
`hideKeyboard` intent it runs the `--hide` command (with /bin/sh) and reports the keyboard
hidden. What it sends and receives is printed as JSON Lines ({"sent": ...},
{"received": ...}, {"hid": REASON, "status": EXIT-STATUS}), as Examples/kiosk_client.py does. It stops
when the connection or standard input ends, or on SIGINT / SIGTERM.

Usage:
  osk_bridge.py --socket PATH --height POINTS [--hide COMMAND]
e.g.
  gdbus monitor --session --dest sm.puri.OSK0 --object-path /sm/puri/OSK0 |
      osk_bridge.py --socket /run/dismisskit/gestures.sock --height 224 \\
          --hide 'busctl --user call sm.puri.OSK0 /sm/puri/OSK0 sm.puri.OSK0 SetVisible b false'
"""
import argparse
import json
import re
import selectors
import signal
import socket
import subprocess
import sys

# The protocol this bridge speaks: the number in gesturectl's hello line.
PROTOCOL = 1

SHOWN = re.compile(r"^shown$|'Visible': <true>|^\(<true>,\)$")
HIDDEN = re.compile(r"^hidden$|'Visible': <false>|^\(<false>,\)$|does not have an owner")


def keyboard_state(line):
    """True for a line that says the keyboard is shown, False for hidden, None for anything else."""
    line = line.strip()
    if SHOWN.search(line):
        return True
    if HIDDEN.search(line):
        return False
    return None


class Bridge:
    def __init__(self, connection, height, hide_command):
        self.connection = connection
        self.height = height
        self.hide_command = hide_command
        self.reported = None

    def log(self, **entry):
        sys.stdout.write(json.dumps(entry, sort_keys=True) + "\n")
        sys.stdout.flush()

    def report(self, shown):
        """Sends the keyboard's height when it differs from the last one sent."""
        height = self.height if shown else 0
        if height == self.reported:
            return
        self.reported = height
        command = {"type": "keyboard", "height": height}
        self.log(sent=command)
        self.connection.sendall((json.dumps(command) + "\n").encode())

    def handle(self, line):
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            self.log(unreadable=line, reason=str(error))
            return
        self.log(received=message)
        if message.get("type") == "hideKeyboard":
            status = subprocess.call(self.hide_command, shell=True) if self.hide_command else 0
            self.log(hid=message.get("reason"), status=status)
            self.report(False)


def lines(buffer, data):
    """Appends data to buffer (a bytearray) and gives the whole lines it now holds."""
    buffer.extend(data)
    while b"\n" in buffer:
        line, _, rest = bytes(buffer).partition(b"\n")
        buffer[:] = rest
        yield line.decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser(description="Reports an on-screen keyboard to gesturectl run's socket.")
    parser.add_argument("--socket", required=True, help="the socket of 'gesturectl run --socket PATH'")
    parser.add_argument("--height", required=True, type=float,
                        help="the keyboard's height while shown, in points of the service's screen")
    parser.add_argument("--hide", help="a shell command that hides the keyboard (run on hideKeyboard)")
    options = parser.parse_args()
    if options.height <= 0:
        parser.error(f"--height: expected more than 0 points, got {options.height:g}")

    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(options.socket)
    except OSError as error:
        print(f"osk_bridge: cannot connect to '{options.socket}': {error.strerror}", file=sys.stderr)
        return 1
    buffers = {"socket": bytearray(), "state": bytearray()}
    # The hello line; what arrives with it stays in the socket's buffer for the loop below.
    while b"\n" not in buffers["socket"]:
        data = connection.recv(65536)
        if not data:
            break
        buffers["socket"].extend(data)
    first, _, rest = bytes(buffers["socket"]).partition(b"\n")
    buffers["socket"][:] = rest
    try:
        hello = json.loads(first)
    except json.JSONDecodeError:
        hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
        print(f"osk_bridge: expected a hello line with protocol {PROTOCOL}, got {first.decode(errors='replace')!r}",
              file=sys.stderr)
        return 1
    height = int(options.height) if options.height.is_integer() else options.height
    bridge = Bridge(connection, height, options.hide)

    def leave(_number, _frame):
        raise SystemExit(0)

    signal.signal(signal.SIGINT, leave)
    signal.signal(signal.SIGTERM, leave)
    selector = selectors.DefaultSelector()
    selector.register(connection, selectors.EVENT_READ, "socket")
    selector.register(sys.stdin.buffer.raw, selectors.EVENT_READ, "state")
    for line in lines(buffers["socket"], b""):
        if line.strip():
            bridge.handle(line)
    while True:
        for key, _ in selector.select():
            data = key.fileobj.recv(65536) if key.data == "socket" else key.fileobj.read(65536)
            if not data:
                return 0
            for line in lines(buffers[key.data], data):
                if key.data == "state":
                    shown = keyboard_state(line)
                    if shown is not None:
                        bridge.report(shown)
                elif line.strip():
                    bridge.handle(line)


if __name__ == "__main__":
    sys.exit(main())
