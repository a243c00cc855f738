#!/usr/bin/python3
"""The shipped units under systemd, in the guest's second boot (systemd is its init).

dismisskit.socket is listening; dismisskit.service has not started. The example kiosk client
(Examples/kiosk_client.py), as the user kiosk, connects to /run/dismisskit/gestures.sock: the
connection starts the service (socket activation), and the client presents its sheet. Then the
touchscreen of RECORDING is created (the udev rule must give it to the dismisskit user), the
client must see the `device` line, the recording is played, and the client must be asked,
answer discard and see its sheet dismissed. Then the service is stopped (SIGTERM).

What each party saw goes to /results/@systemd.*; compare.py's `systemd` check judges it.
Every wait ends on its event; the host's stall detector bounds the whole.
"""
import json
import os
import subprocess
import sys

SHARE, RESULTS, RECORDING = "/share", "/results", "gesture-gated-swipe-confirm-discard"
SOCKET = "/run/dismisskit/gestures.sock"
KIOSK_UID = 991


def log(text):
    with open("/proc/uptime") as uptime:
        now = uptime.read().split()[0]
    print(f"[guest {now}] @systemd: {text}", flush=True)


def systemctl_show(unit, *properties):
    output = subprocess.run(["systemctl", "show", unit, "--property=" + ",".join(properties)],
                            capture_output=True, text=True).stdout
    return dict(line.split("=", 1) for line in output.splitlines() if "=" in line)


facts = {}


def note(key, value):
    facts[key] = value
    with open(f"{RESULTS}/@systemd.facts.json", "w") as file:
        json.dump(facts, file, indent=1, sort_keys=True)


log("started")
note("before", {"socket": systemctl_show("dismisskit.socket", "ActiveState"),
                "service": systemctl_show("dismisskit.service", "ActiveState")})
transcript = open(f"{RESULTS}/@systemd.client.jsonl", "w")
client = subprocess.Popen(["setpriv", f"--reuid={KIOSK_UID}", f"--regid={KIOSK_UID}", "--clear-groups",
                           "/usr/bin/python3", f"{SHARE}/kiosk_client.py", "--socket", SOCKET, "--answer", "discard"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
lines = []


def read_until(predicate):
    for line in client.stdout:
        transcript.write(line)
        transcript.flush()
        lines.append(line)
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if predicate(entry):
            return True
    return False


if not read_until(lambda entry: "ready" in entry):
    log("the kiosk client ended before its sheet was in the pipeline")
else:
    log("the kiosk client's sheet is in the pipeline; creating the touchscreen")
    note("activated", systemctl_show("dismisskit.service", "ActiveState", "MainPID", "User"))
    creator = subprocess.Popen(["evemu-device", f"{SHARE}/recordings/{RECORDING}.desc"], stdout=subprocess.PIPE, text=True)
    node = ""
    for line in creator.stdout:
        if "/dev/input/event" in line:
            node = line.split(":")[-1].strip()
            break
    read_until(lambda entry: entry.get("received", {}).get("type") == "device" and entry["received"].get("touch"))
    status = os.stat(node)
    note("node", {"path": node, "uid": status.st_uid, "mode": oct(status.st_mode & 0o777)})
    log(f"the service added {node}; playing {RECORDING}")
    with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
        subprocess.run(["evemu-play", node], stdin=events, check=False)
    read_until(lambda entry: entry.get("received", {}).get("type") == "dismiss")
    log("the sheet was dismissed; stopping the service")
    subprocess.run(["systemctl", "stop", "dismisskit.service"], check=False)
    note("stopped", systemctl_show("dismisskit.service", "ActiveState", "Result", "ExecMainStatus", "ExecMainCode"))
    creator.kill()
    creator.wait()
read_until(lambda entry: False)
note("client_status", client.wait())
transcript.close()
journal = subprocess.run(["journalctl", "--no-pager", "-o", "cat", "-u", "dismisskit.service"], capture_output=True, text=True)
with open(f"{RESULTS}/@systemd.journal.txt", "w") as file:
    file.write(journal.stdout + journal.stderr)
log(f"finished (kiosk client exit {facts['client_status']})")
sys.exit(0)
