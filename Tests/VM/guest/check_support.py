"""What the guest's checks (service_check.py, record_check.py) share: progress lines, lines read
from a stream as they come, socket connections, the devices evemu-device makes, and the
service's scene without its timeline. Every wait ends on its event."""
import json
import os
import socket
import threading
import time


def log(check, text):
    """A progress line on standard output (the host's session.log): `[guest UPTIME] @CHECK: TEXT`."""
    with open("/proc/uptime") as uptime:
        now = uptime.read().split()[0]
    print(f"[guest {now}] @{check}: {text}", flush=True)


class Lines:
    """Lines read from a stream by a thread, kept in order; waits end on a line or the stream's end."""

    def __init__(self, stream, on_line=None):
        self.lines = []
        self.ended = False
        self.condition = threading.Condition()
        self.on_line = on_line
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            line = line.rstrip("\n")
            with self.condition:
                self.lines.append(line)
                self.condition.notify_all()
            if self.on_line:
                self.on_line(line)
        with self.condition:
            self.ended = True
            self.condition.notify_all()

    def wait_for(self, predicate, count=1):
        """Waits until `count` lines satisfy `predicate`; False if the stream ended first."""
        with self.condition:
            while True:
                if sum(1 for line in self.lines if predicate(line)) >= count:
                    return True
                if self.ended:
                    return False
                self.condition.wait()


def parsed(line):
    """A JSON line as a dictionary; {} when it is not one."""
    try:
        return json.loads(line)
    except ValueError:
        return {}


def connect(path):
    """A connection to the run's socket, once it is there and listening."""
    while True:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(path)
            return connection
        except (FileNotFoundError, ConnectionRefusedError):
            connection.close()
            time.sleep(0.02)


def created_node(process):
    """The event node a device creator (evemu-device, libinput replay) prints first."""
    for line in process.stdout:
        if "/dev/input/event" in line:
            return "/dev/input/" + line.split("/dev/input/")[1].split(":")[0].split()[0]
    return ""


def scene_without_timeline(share, folder):
    """The service's scene without its timeline (a client answers live), written into `folder`; its path."""
    with open(f"{share}/service.scene.json") as file:
        scene = json.load(file)
    scene.pop("timeline", None)
    os.makedirs(folder, exist_ok=True)
    path = f"{folder}/scene.json"
    with open(path, "w") as file:
        json.dump(scene, file)
    return path
