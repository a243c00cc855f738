#!/usr/bin/python3
"""The shipped units under systemd, in the guest's second boot (systemd is its init).

The package's sysusers.d entry made the dismisskit user and the kiosk group at boot (the host
wrote neither into /etc); dismisskit.socket is listening, owned by that group; dismisskit.service
has not started. The example kiosk client (Examples/kiosk_client.py), as a user whose only group
is kiosk, connects to /run/dismisskit/gestures.sock: the
connection starts the service (socket activation), and the client presents its sheet. Then the
touchscreen of RECORDING is created (the udev rule must give it to the dismisskit user), the
client must see the `device` line, the recording is played, and the client must be asked,
answer discard and see its sheet dismissed. The units are the gesturectl package's (Type=notify:
systemd must have heard READY=1 and the status line, and the watchdog's pings). Then the
kiosk client leaves (SIGTERM), the --config file gets thresholds under which the same swipe settles,
`systemctl reload` is run (SIGHUP), and once the journal notes the reread a second client
presents the sheet again and the recording is played again: its drag must now settle. Then
the service is stopped (SIGTERM), and the commands Docs/kiosk-setup.md gives for a booted kiosk
run as written (Tests/KioskGuide/extract vm): the user ui, the touchscreen listed, the calibration
rule, the socket enabled, ui's query answered, and the example client's unit (kiosk.service, from
the package's examples) enabled, running as ui, its sheet presented.

What each party saw goes to /results/@systemd.*; compare.py's `systemd` check judges it.
Every wait ends on its event; the host's stall detector bounds the whole.
"""
import grp
import json
import os
import pwd
import signal
import socket
import subprocess
import sys
import time

SHARE, RESULTS, RECORDING = "/share", "/results", "gesture-gated-swipe-confirm-discard"
SOCKET = "/run/dismisskit/gestures.sock"
KIOSK_CLIENT_UID = 2000  # a uid with no passwd entry: only its group lets it in
CONFIG = "/etc/dismisskit/gestures.json"
# No projection and a threshold near the top: the recording's swipe settles under these.
RELOADED = {"decelerationPerMillisecond": 0, "dismissFraction": 0.01}


def log(text):
    with open("/proc/uptime") as uptime:
        now = uptime.read().split()[0]
    print(f"[guest {now}] @systemd: {text}", flush=True)


def systemctl_show(unit, *properties):
    output = subprocess.run(["systemctl", "show", unit, "--property=" + ",".join(properties)],
                            capture_output=True, text=True).stdout
    return dict(line.split("=", 1) for line in output.splitlines() if "=" in line)


facts = {}


def parsed(line):
    """The JSON object on a line of the client's output, or {} for another line."""
    try:
        entry = json.loads(line)
    except ValueError:
        return {}
    return entry if isinstance(entry, dict) else {}


def note(key, value):
    facts[key] = value
    with open(f"{RESULTS}/@systemd.facts.json", "w") as file:
        json.dump(facts, file, indent=1, sort_keys=True)


log("started")
users = {"dismisskit": pwd.getpwnam("dismisskit").pw_uid, "kiosk": grp.getgrnam("kiosk").gr_gid}
note("users", {**users, "socket_gid": os.stat(SOCKET).st_gid, "client_uid": KIOSK_CLIENT_UID})
note("before", {"socket": systemctl_show("dismisskit.socket", "ActiveState"),
                "service": systemctl_show("dismisskit.service", "ActiveState")})
transcript = open(f"{RESULTS}/@systemd.client.jsonl", "w")
client = subprocess.Popen(["setpriv", f"--reuid={KIOSK_CLIENT_UID}", f"--regid={users['kiosk']}", "--clear-groups",
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
    note("activated", systemctl_show("dismisskit.service", "ActiveState", "MainPID", "User", "Type", "StatusText",
                                     "WatchdogUSec", "FragmentPath"))
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
    log("the sheet was dismissed; the kiosk client leaves, the thresholds change and are reloaded")
    client.send_signal(signal.SIGTERM)  # it leaves, printing its final stack
    read_until(lambda entry: False)
    present = next(entry["sent"] for entry in map(parsed, lines) if entry.get("sent", {}).get("type") == "present")
    with open(CONFIG, "w") as file:
        json.dump(RELOADED, file)
    journal = subprocess.Popen(["journalctl", "--follow", "--lines=0", "--output=cat", "--unit=dismisskit.service"],
                               stdout=subprocess.PIPE, text=True)
    reload_status = subprocess.run(["systemctl", "reload", "dismisskit.service"], check=False).returncode
    reload_note = next((line.strip() for line in journal.stdout if "SIGHUP" in line), "")
    journal.kill()
    journal.wait()
    second = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    second.connect(SOCKET)
    second.sendall((json.dumps(present) + "\n").encode())
    replies = second.makefile("r")
    received = []
    for line in replies:
        received.append(json.loads(line))
        if received[-1].get("type") in ("ok", "error"):
            break
    log(f"reloaded ({reload_note}); the second client presented the sheet; playing {RECORDING} again")
    with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
        subprocess.run(["evemu-play", node], stdin=events, check=False)
    for line in replies:
        received.append(json.loads(line))
        if received[-1].get("type") == "dragEnded":
            break
    second.close()
    note("reload", {"status": reload_status, "note": reload_note, "thresholds": RELOADED,
                    "received": [entry for entry in received if entry.get("type") != "dragChanged"]})
    log("the second swipe ended; stopping the service")
    watchdog = systemctl_show("dismisskit.service", "WatchdogTimestampMonotonic")
    subprocess.run(["systemctl", "stop", "dismisskit.service"], check=False)
    note("stopped", {**systemctl_show("dismisskit.service", "ActiveState", "Result", "ExecMainStatus", "ExecMainCode"),
                     **watchdog})
    log("running Docs/kiosk-setup.md's commands for the guest")
    guide = subprocess.run(["bash", f"{SHARE}/kiosk-guide.sh"], cwd="/tmp", capture_output=True, text=True)
    with open(f"{RESULTS}/@systemd.kiosk-guide.txt", "w") as file:
        file.write(guide.stdout + guide.stderr)
    note("kiosk_guide", {"status": guide.returncode,
                         "boxes": guide.stdout.count("### Docs/kiosk-setup.md:"),
                         "socket": systemctl_show("dismisskit.socket", "ActiveState"),
                         "answered": '"type":"state"' in guide.stdout})
    if guide.returncode == 0:
        log("waiting for the example client the guide started (kiosk.service) to present its sheet")
        while True:
            client_journal = subprocess.run(["journalctl", "--no-pager", "-o", "cat", "-u", "kiosk.service"],
                                            capture_output=True, text=True).stdout
            kiosk_unit = systemctl_show("kiosk.service", "ActiveState", "User", "UnitFileState")
            ready = any(parsed(line).get("ready") == "compose" for line in client_journal.splitlines())
            if ready or kiosk_unit.get("ActiveState") in ("failed", "inactive"):
                break
            time.sleep(0.2)
        with open(f"{RESULTS}/@systemd.kiosk-service.txt", "w") as file:
            file.write(client_journal)
        note("kiosk_service", {"ready": ready, **kiosk_unit})
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
