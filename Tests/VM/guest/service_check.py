#!/usr/bin/python3
"""The service check, in the guest, after the recordings (it needs the seat to itself).

`gesturectl run --seat seat0 --socket` starts before the touchscreen exists, with three
clients: a sender that sends commands (a query, a refused `present`, a malformed line) and
answers the confirmation, a listener that only reads, and a client that floods queries and
never reads. Then the touchscreen of RECORDING is created and played; then a client of
another uid (65534) connects. Everything each party saw goes to RESULTS/@service.* for
compare.py's `service` check; nothing is judged here.

Every wait ends on its event (a line, a process's exit); the host's stall detector bounds
the whole. Progress lines go to standard output (the host's session.log).

Usage: service_check.py GESTURECTL SHARE RESULTS RECORDING
"""
import json
import os
import signal
import subprocess
import sys
import time

from check_support import Lines, connect, created_node, log as check_log, parsed, scene_without_timeline

GESTURECTL, SHARE, RESULTS, RECORDING = sys.argv[1:5]
OUT = "/tmp/service"
SOCKET = "/tmp/service.sock"
os.makedirs(OUT, exist_ok=True)


def log(text):
    check_log("service", text)


# The scene without its timeline: the sender answers the confirmation live.
SCENE = scene_without_timeline(SHARE, OUT)

log("started")
log("starting gesturectl run on seat0 with no touchscreen")
stdout = open(f"{OUT}/@service.stdout.jsonl", "w")
run = subprocess.Popen([GESTURECTL, "run", "--seat", "seat0", "--socket", SOCKET, "--scene", SCENE, "--verbose"],
                       stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, text=True)
errors = Lines(run.stderr)
errors.wait_for(lambda line: "waiting for one" in line)

sender = connect(SOCKET)
listener = connect(SOCKET)
stalled = connect(SOCKET)
log("three clients connected")


def answer(line):
    message = parsed(line)
    if message.get("type") == "confirmationRequested":
        sender.sendall((json.dumps({"type": "confirm", "presentation": message["presentation"], "choice": "discard"}) + "\n").encode())


sent = Lines(sender.makefile("r", encoding="utf-8"), on_line=answer)
heard = Lines(listener.makefile("r", encoding="utf-8"))
sender.sendall(b'{"type": "query"}\n'
               + json.dumps({"type": "present", "presentation": {"id": "compose", "style": "sheet"}}).encode() + b"\n"
               + b'{"type": "present", "presentation": \n')
sent.wait_for(lambda line: parsed(line).get("line") == 3)

# The third client sends queries and never reads: the run must drop it, and only it.
stalled.setblocking(False)
flood = b'{"type": "query"}\n' * 1000
while not any("disconnected: stopped reading" in line for line in errors.lines):
    try:
        stalled.send(flood)
    except BlockingIOError:
        time.sleep(0.05)
    except OSError:
        break
errors.wait_for(lambda line: "disconnected: stopped reading" in line)
log("the client that stopped reading was disconnected")

log("creating the touchscreen")
creator = subprocess.Popen(["evemu-device", f"{SHARE}/recordings/{RECORDING}.desc"], stdout=subprocess.PIPE, text=True)
node = created_node(creator)
heard.wait_for(lambda line: parsed(line).get("type") == "device" and parsed(line).get("touch") is True)
log(f"the run added {node}; playing {RECORDING}")
with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
    subprocess.run(["evemu-play", node], stdin=events, check=False)
log("played; waiting for the dismissal")
heard.wait_for(lambda line: parsed(line).get("type") == "dismiss")
sent.wait_for(lambda line: parsed(line).get("type") == "dismiss")

# A client of another uid: the socket is opened to everyone for this check only, so that the
# run's own peer check is what refuses it.
os.chmod(SOCKET, 0o666)
other = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", "/usr/bin/python3", "-c", """
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect("/tmp/service.sock")
replies = s.makefile()
replies.readline()  # the hello line
print(replies.readline().strip())
"""], capture_output=True, text=True)
with open(f"{OUT}/@service.other-uid.txt", "w") as file:
    file.write(other.stdout + other.stderr)
log("a client of uid 65534 tried")

run.send_signal(signal.SIGTERM)
status = run.wait()
creator.kill()
creator.wait()
errors.wait_for(lambda line: False)
sent.wait_for(lambda line: False)
heard.wait_for(lambda line: False)
stdout.close()
for name, lines in (("stderr.txt", errors.lines), ("sender.jsonl", sent.lines), ("listener.jsonl", heard.lines)):
    with open(f"{OUT}/@service.{name}", "w") as file:
        file.write("".join(line + "\n" for line in lines))
with open(f"{OUT}/@service.status", "w") as file:
    file.write(f"{status}\n")
for name in sorted(os.listdir(OUT)):
    if name.startswith("@service."):
        with open(f"{OUT}/{name}") as source, open(f"{RESULTS}/{name}", "w") as target:
            target.write(source.read())
log(f"finished (gesturectl run exit {status})")
