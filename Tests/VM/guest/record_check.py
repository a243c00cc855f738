#!/usr/bin/python3
"""The recording check, in the guest, after the service check (it wants the guest to itself).

The touchscreen of RECORDING is created and `gesturectl run --device NODE --socket --record
FILE` serves it, with `libinput debug-events` on the same node; a socket client answers the
confirmation; the recording's events are played with evemu-play. Then, in the guest:
`gesturectl replay FILE`, the same on FILE cut in the middle, and `libinput replay FILE`
playing the recorded touches into a new device with `libinput debug-events` on it, ended
by SIGINT once they are played.
Everything goes to RESULTS/@record.* for compare.py's `record` check; nothing is judged here.

Every wait ends on its event (a line, a process's exit); the host's stall detector bounds
the whole. Progress lines go to standard output (the host's session.log).

Usage: record_check.py GESTURECTL SHARE RESULTS RECORDING
"""
import json
import os
import signal
import subprocess
import sys
import time

from check_support import Lines, connect, created_node, log as check_log, parsed, scene_without_timeline

GESTURECTL, SHARE, RESULTS, RECORDING = sys.argv[1:5]
OUT = "/tmp/record"
SOCKET = "/tmp/record.sock"
FILE = f"{OUT}/session.yaml"
os.makedirs(OUT, exist_ok=True)


def log(text):
    check_log("record", text)


def wait_tagged(node):
    """Waits until udev has tagged the node as a touchscreen (libinput takes no other)."""
    rdev = os.stat(node).st_rdev
    data = f"/run/udev/data/c{os.major(rdev)}:{os.minor(rdev)}"
    while True:
        try:
            with open(data) as file:
                if "E:ID_INPUT_TOUCHSCREEN=1" in file.read():
                    return
        except FileNotFoundError:
            pass
        time.sleep(0.02)


def debug_events(node, path):
    """`libinput debug-events` on the node, its output to `path`, once it has added the device."""
    output = open(path, "w")
    process = subprocess.Popen(["libinput", "debug-events", "--device", node], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = Lines(process.stdout, on_line=lambda line: (output.write(line + "\n"), output.flush()))
    lines.wait_for(lambda line: "DEVICE_ADDED" in line)
    return process, lines


with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
    lifts = sum(1 for line in events if line.startswith("E:") and line.split()[2:4] == ["0003", "0039"]
                and int(line.split()[4]) == -1)
SCENE = scene_without_timeline(SHARE, OUT)  # the client answers live

log("started")
creator = subprocess.Popen(["evemu-device", f"{SHARE}/recordings/{RECORDING}.desc"], stdout=subprocess.PIPE, text=True)
node = created_node(creator)
wait_tagged(node)
first_debug, first_lines = debug_events(node, f"{OUT}/@record.debug-first.txt")
stdout = open(f"{OUT}/@record.live.jsonl", "w")
run = subprocess.Popen([GESTURECTL, "run", "--device", node, "--socket", SOCKET, "--scene", SCENE,
                        "--record", FILE], stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, text=True)
errors = Lines(run.stderr)
client = connect(SOCKET)


def answer(line):
    message = parsed(line)
    if message.get("type") == "confirmationRequested":
        client.sendall((json.dumps({"type": "confirm", "presentation": message["presentation"], "choice": "discard"}) + "\n").encode())


heard = Lines(client.makefile("r", encoding="utf-8"), on_line=answer)
heard.wait_for(lambda line: parsed(line).get("type") == "hello")
log(f"gesturectl run --record on {node}, a client connected; playing {RECORDING}")
with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
    subprocess.run(["evemu-play", node], stdin=events, check=False)
# Once libinput has given every lift, a query's reply comes after the run has read them too;
# a confirmation asked by then is answered, and its dismissal awaited. (A swipe the guest's
# load slowed into a settle asks nothing: compare.py reports it.)
first_lines.wait_for(lambda line: "TOUCH_UP" in line, count=lifts)
client.sendall(b'{"type": "query"}\n')
heard.wait_for(lambda line: parsed(line).get("type") == "state")
if any(parsed(line).get("type") == "confirmationRequested" for line in heard.lines):
    heard.wait_for(lambda line: parsed(line).get("type") == "dismiss")
run.send_signal(signal.SIGTERM)
status = run.wait()
stdout.close()
first_debug.terminate()
first_debug.wait()
creator.kill()
creator.wait()
errors.wait_for(lambda line: False)
log(f"recorded (gesturectl run exit {status}); replaying")

with open(f"{OUT}/@record.run.status", "w") as file:
    file.write(f"{status}\n")
with open(f"{OUT}/@record.run.stderr.txt", "w") as file:
    file.write("".join(line + "\n" for line in errors.lines))
with open(f"{OUT}/@record.mode", "w") as file:
    file.write(f"{os.stat(FILE).st_mode & 0o777:o}\n")
with open(FILE, "rb") as file:
    recorded = file.read()
with open(f"{OUT}/session-cut.yaml", "wb") as file:
    file.write(recorded[:len(recorded) // 2])
for name, path in (("replay", FILE), ("cut", f"{OUT}/session-cut.yaml")):
    with open(f"{OUT}/@record.{name}.jsonl", "w") as output, open(f"{OUT}/@record.{name}.stderr.txt", "w") as error:
        result = subprocess.run([GESTURECTL, "replay", path], stdout=output, stderr=error)
    with open(f"{OUT}/@record.{name}.status", "w") as file:
        file.write(f"{result.returncode}\n")

# libinput replay makes a new device, then waits for Enter before each play (Debian 12's has
# no --once): debug-events is started on the device first, and SIGINT, which it takes as the
# end, follows the play.
player = subprocess.Popen(["libinput", "replay", FILE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
replayed_node = created_node(player)
if replayed_node:
    wait_tagged(replayed_node)
    replay_debug, replay_lines = debug_events(replayed_node, f"{OUT}/@record.debug-replay.txt")
    log(f"libinput replay made {replayed_node}; playing the recording")
    player.stdin.write("\n")
    player.stdin.flush()
    replay_lines.wait_for(lambda line: "TOUCH_UP" in line, count=lifts)
    replay_debug.terminate()
    replay_debug.wait()
player.send_signal(signal.SIGINT)
rest = player.communicate()[0]
with open(f"{OUT}/@record.libinput-replay.txt", "w") as file:
    file.write(f"{replayed_node}\n{rest}exit {player.returncode}\n")

with open(f"{OUT}/@record.session.yaml", "wb") as file:
    file.write(recorded)
for name in sorted(os.listdir(OUT)):
    if name.startswith("@record."):
        with open(f"{OUT}/{name}", "rb") as source, open(f"{RESULTS}/{name}", "wb") as target:
            target.write(source.read())
log(f"finished (libinput replay exit {player.returncode})")
