#!/usr/bin/python3
"""The soak, in the guest, after the session (guest/init calls it): `gesturectl run --device
NODE --socket` for SECONDS, fed continuous touches on a kernel device (evemu-play of
RECORDING in a loop), while clients come and go in cycles:

- two steady clients stay connected throughout and read everything; one answers every
  confirmation (keepEditing, so the sheet stays and the next swipe asks again);
- each cycle: ten clients connect, query and disconnect; one pipelines 2,000 queries at once
  and only then reads; one floods 500 queries while reading; one half-closes after two queries
  (the last without its newline); one floods queries and stops reading until the run
  disconnects it for taking nothing (the stall rule), then reads what it was given.

Checked here, the verdict and figures written to RESULTS/@soak.json for compare.py:
- the bytes live on the heap at the end of each cycle (counted by the preload SHARE/alloc-count.so,
  read from the run's memory once its descriptors have settled) grow by at most
  LIVE_GROWTH_ALLOWED after the warm-up (the first two cycles), and the descriptor count at
  the end of every cycle after the warm-up is the same. RSS and its peak (VmHWM) are reported,
  not judged: they hold the clients' queues at their fullest, which depends on when the
  clients' peaks meet (the guest's speed), and what the C library keeps of freed memory;
- the steady clients got every intent standard output got, in order, and one reply per command;
- every client got its hello line first, every reply in order, and no torn line (a stalled
  client too, after its disconnect);
- standard error holds only lines gesturectl means to write here;
- the live path's figures (`run --figures`, under the counting preload SHARE/alloc-count.so):
  no heap allocation of the project's own per wakeup after the warm-up (at most GROWTHS_ALLOWED,
  a reused buffer growing to a busier wakeup than any before); the latency
  from the kernel's event time to the intent written, and the CPU time per touch event, are
  reported with the guest's CPU, not judged.

Progress goes to standard output (the host's session.log) at least once a minute, as
`@soak: finished ...` lines, which the host's stall detector counts as progress.

Usage: soak.py GESTURECTL SHARE RESULTS RECORDING
"""
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

GESTURECTL, SHARE, RESULTS, RECORDING = sys.argv[1:5]
with open(f"{SHARE}/soak-seconds") as file:
    SECONDS = int(file.read())
OUT = "/tmp/soak"
SOCKET = f"{OUT}/soak.sock"
WARM_UP_CYCLES = 2
# What the live heap may gain after the warm-up without being a leak: the reused buffers a
# connected client keeps (a queue keeps up to RunLimits.pauseReadingBytes, 256 KiB, of its
# capacity once drained; two steady clients) and the per-wakeup buffers that grow to a busier
# wakeup than any before. A leak of one block per touch event or per wakeup passes it within
# the soak's first minutes (tens of thousands of each), so CI's short soak (180 s) catches it;
# one of clients passes it from about 1.4 kB a client in the full soak by hand (600 s: some
# 770 clients come and go after the warm-up), from about 6 kB a client in CI's.
LIVE_GROWTH_ALLOWED = 1 << 20
os.makedirs(OUT, exist_ok=True)
problems = []
problems_lock = threading.Lock()


def log(text):
    with open("/proc/uptime") as uptime:
        now = uptime.read().split()[0]
    print(f"[guest {now}] @soak: {text}", flush=True)


def problem(text):
    with problems_lock:
        if len(problems) < 50:
            problems.append(text)


def connect():
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(SOCKET)
    return connection


def messages(data, who):
    """The lines of everything a client read, parsed; a torn last line or a missing hello is a problem."""
    if data and not data.endswith(b"\n"):
        problem(f"{who}: a torn last line: {data[-80:]!r}")
    lines = [json.loads(line) for line in data.split(b"\n") if line]
    if not lines or lines[0].get("type") != "hello" or lines[0].get("protocol") != 1:
        problem(f"{who}: no hello line first: {lines[:1]}")
    return lines[1:]


def read_all(connection):
    """Everything until the end; a reset (the run closed a socket with commands still unread
    in it) comes only after everything it was sent, so it ends the stream too."""
    chunks = []
    try:
        while chunk := connection.recv(1 << 16):
            chunks.append(chunk)
    except ConnectionResetError:
        pass
    return b"".join(chunks)


def replies(lines):
    return [m for m in lines if m.get("type") in ("ok", "error", "state")]


def broadcasts(lines):
    return [m for m in lines if m.get("type") not in ("ok", "error", "state", "device")]


def expect_states(lines, count, who):
    numbers = [m.get("line") for m in replies(lines)]
    if numbers != list(range(1, count + 1)) or any(m["type"] != "state" for m in replies(lines)):
        problem(f"{who}: replies for lines {numbers[:5]}... ({len(numbers)}), expected states for 1 to {count}")


class Steady:
    """A client connected throughout that reads everything; `answering` confirms every question."""

    def __init__(self, answering):
        self.connection = connect()
        self.answering = answering
        self.sent = 0
        self.data = []
        self.greeted = threading.Event()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        pending = b""
        while chunk := self.connection.recv(1 << 16):
            self.data.append(chunk)
            self.greeted.set()
            pending += chunk
            *complete, pending = pending.split(b"\n")
            for line in complete:
                message = json.loads(line)
                if self.answering and message.get("type") == "confirmationRequested":
                    self.sent += 1
                    self.connection.sendall(json.dumps({"type": "confirm", "presentation": message["presentation"],
                                                        "choice": "keepEditing"}).encode() + b"\n")


def churn(cycle):
    """Ten clients that connect, query and disconnect."""
    for index in range(10):
        connection = connect()
        connection.sendall(b'{"type": "query"}\n')
        shutdown_and_check(connection, 1, f"cycle {cycle} churn {index}")


def shutdown_and_check(connection, count, who):
    connection.shutdown(socket.SHUT_WR)
    lines = messages(read_all(connection), who)
    connection.close()
    expect_states(lines, count, who)


def burst(cycle):
    connection = connect()
    connection.sendall(b'{"type": "query"}\n' * 2000)
    shutdown_and_check(connection, 2000, f"cycle {cycle} burst")


def half_close(cycle):
    connection = connect()
    connection.sendall(b'{"type": "query"}\n{"type": "query"}')
    shutdown_and_check(connection, 2, f"cycle {cycle} half-close")


def flood_reading(cycle):
    connection = connect()
    data = []
    reader = threading.Thread(target=lambda: data.append(read_all(connection)), daemon=True)
    reader.start()
    for _ in range(10):
        connection.sendall(b'{"type": "query"}\n' * 50)
    connection.shutdown(socket.SHUT_WR)
    reader.join()
    connection.close()
    expect_states(messages(data[0], f"cycle {cycle} flood"), 500, f"cycle {cycle} flood")


def stall(cycle, notes):
    """Floods queries without reading until the run disconnects it, then reads what it was given."""
    connection = connect()
    connection.setblocking(False)
    before = notes()
    deadline = time.monotonic() + 60
    while notes() == before and time.monotonic() < deadline:
        try:
            connection.send(b'{"type": "query"}\n' * 100)
        except BlockingIOError:
            time.sleep(0.2)
        except OSError:
            break  # shut down by the run: its note is on its way
    while notes() == before and time.monotonic() < deadline:
        time.sleep(0.1)
    if notes() == before:
        problem(f"cycle {cycle} stall: not disconnected within 60 s of not reading")
    connection.setblocking(True)
    lines = messages(read_all(connection), f"cycle {cycle} stall")
    connection.close()
    numbers = [m.get("line") for m in replies(lines)]
    if numbers != list(range(1, len(numbers) + 1)):
        problem(f"cycle {cycle} stall: replies out of order before the disconnect")


def status(pid):
    with open(f"/proc/{pid}/status") as file:
        fields = dict(line.split(":", 1) for line in file)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def live_bytes(pid):
    """The bytes live on the run's heap now, read from its memory at the address the counting
    preload published (its three counters: allocations, libinput's, live bytes); None without it."""
    try:
        with open(COUNTERS) as file:
            address = int(file.read(), 16)
        with open(f"/proc/{pid}/mem", "rb") as memory:
            memory.seek(address)
            return struct.unpack("<qqq", memory.read(24))[2]
    except (OSError, ValueError, struct.error):
        return None


def descriptors(pid):
    """The run's descriptor count once it is the same twice 0.5 s apart (the clients just closed are dropped)."""
    last = len(os.listdir(f"/proc/{pid}/fd"))
    for _ in range(20):
        time.sleep(0.5)
        now = len(os.listdir(f"/proc/{pid}/fd"))
        if now == last:
            return now
        last = now
    return last


# The clients' own work (parsing every line) must not starve the run of the guest's two cpus:
# they run at nice 10, the run at -5, as a kiosk's input service would be given priority.
os.nice(10)
log(f"started: {SECONDS} s")
with open(f"{SHARE}/service.scene.json") as file:
    scene = json.load(file)
scene.pop("timeline", None)
with open(f"{OUT}/scene.json", "w") as file:
    json.dump(scene, file)
creator = subprocess.Popen(["evemu-device", f"{SHARE}/recordings/{RECORDING}.desc"], stdout=subprocess.PIPE, text=True)
node = ""
for line in creator.stdout:
    if "/dev/input/event" in line:
        node = line.split(":")[-1].strip()
        break
with open(f"{SHARE}/recordings/{RECORDING}.events") as file:
    events_per_play = sum(1 for line in file if line.startswith("E:"))
stdout = open(f"{OUT}/stdout.jsonl", "wb")
# Every heap allocation is counted, libinput's told apart (Benchmarks/anchors/alloc-count.c); the run
# reports the count, the latencies and its CPU time when it ends (--figures).
counter = f"{SHARE}/alloc-count.so"
COUNTERS = f"{OUT}/alloc-counters"
environment = dict(os.environ, LD_PRELOAD=counter, DK_ALLOC_COUNTERS=COUNTERS) if os.path.exists(counter) else None
if environment is None:
    problem(f"no allocation counter at {counter}: the host could not build it")
run = subprocess.Popen([GESTURECTL, "run", "--device", node, "--socket", SOCKET, "--scene", f"{OUT}/scene.json", "--figures"],
                       stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, preexec_fn=lambda: os.nice(-15),
                       env=environment)
stderr_lines = []
stderr_ended = threading.Event()


def read_stderr():
    for line in run.stderr:
        stderr_lines.append(line.decode(errors="replace").rstrip("\n"))
    stderr_ended.set()


threading.Thread(target=read_stderr, daemon=True).start()
while not os.path.exists(SOCKET):
    if run.poll() is not None:
        problem(f"gesturectl run ended at once: {stderr_lines}")
        break
    time.sleep(0.05)
stall_notes = lambda: sum("disconnected: stopped reading" in line for line in stderr_lines)
steady = [Steady(answering=True), Steady(answering=False)]
for client in steady:
    client.greeted.wait()
stop = threading.Event()
plays = 0


def play():
    global plays
    while not stop.is_set():
        with open(f"{SHARE}/recordings/{RECORDING}.events") as events:
            subprocess.run(["evemu-play", node], stdin=events, check=False)
        plays += 1


first_rss, _ = status(run.pid)
player = threading.Thread(target=play, daemon=True)
player.start()
started = time.monotonic()
samples = []   # (cycle, rss kB, hwm kB, descriptors, live heap bytes)
clients = len(steady)
cycle = 0
last_log = started
while time.monotonic() - started < SECONDS and run.poll() is None:
    cycle += 1
    stalled = threading.Thread(target=stall, args=(cycle, stall_notes))
    stalled.start()
    for phase in (churn, burst, half_close, flood_reading):
        try:
            phase(cycle)
        except (OSError, ValueError) as error:
            problem(f"cycle {cycle} {phase.__name__}: {error!r}")
    stalled.join()
    clients += 14
    count = descriptors(run.pid)
    rss, hwm = status(run.pid)
    samples.append((cycle, rss, hwm, count, live_bytes(run.pid)))
    if time.monotonic() - last_log >= 50:
        last_log = time.monotonic()
        log(f"finished cycle {cycle} at {last_log - started:.0f} s: {plays * events_per_play} events, "
            f"{clients} clients, RSS {rss} kB (peak {hwm} kB), live heap {samples[-1][4]} bytes, {count} descriptors")
duration = time.monotonic() - started
# The touches stop first, and the run is given a moment to write out what it decided: SIGTERM
# ends it at once, and what the steady clients had not taken yet would be missing.
stop.set()
player.join()
time.sleep(3)
last_rss, last_hwm = status(run.pid)
run.send_signal(signal.SIGTERM)
exit_status = run.wait()
stderr_ended.wait()
for client in steady:
    client.thread.join()
creator.kill()
stdout.close()

# The steady clients against standard output (a file: everything the run decided).
with open(f"{OUT}/stdout.jsonl", "rb") as file:
    decided = broadcasts(messages(file.read(), "standard output"))
for index, client in enumerate(steady):
    lines = messages(b"".join(client.data), f"steady client {index + 1}")
    if broadcasts(lines) != decided:
        problem(f"steady client {index + 1}: {len(broadcasts(lines))} intents, standard output {len(decided)}, or another order")
    numbers = [m.get("line") for m in replies(lines)]
    if numbers != list(range(1, client.sent + 1)):
        problem(f"steady client {index + 1}: replies for lines {numbers[:5]}..., expected 1 to {client.sent}")
if not any(m.get("type") == "confirmationRequested" for m in decided):
    problem("the touches decided no confirmation: the pipeline was not fed")
allowed = re.compile(r"^gesturectl: (device added: .*|socket client \d+ \(uid 0, pid \d+\) "
                     r"(connected|disconnected: stopped reading \(took none of the bytes waiting for it in 10 s\)))$")
# libinput's own note that the run read a frame late, which gesturectl passes on as it means to:
# in an emulated guest short of cpu it comes and goes with the host's load, so it is counted
# and reported, not judged (the session's check, with no load beside it, allows none).
# After five such notes libinput says it rate-limits them: that line belongs to them.
lagging = re.compile(r"^gesturectl: libinput error: .*(event processing lagging behind by \d+ms, your system is too slow"
                     r"|WARNING: log rate limit exceeded \(\d+ msgs per \d+min\)\. Discarding future messages\.)$")
lag_lines = [line for line in stderr_lines if lagging.match(line)]
FIGURES = "gesturectl: figures: "
# Growths of reused buffers the wait for input may make after the warm-up (see the check below).
GROWTHS_ALLOWED = 8
figure_lines = [line for line in stderr_lines if line.startswith(FIGURES)]
unexpected = [line for line in stderr_lines if not allowed.match(line) and not lagging.match(line)
              and not line.startswith(FIGURES)]
live = json.loads(figure_lines[-1][len(FIGURES):]) if len(figure_lines) == 1 else None
if live is None:
    problem(f"gesturectl run --figures wrote {len(figure_lines)} figures lines, expected 1")
else:
    counted = live.get("allocationsInWaitForInput", {})
    # A buffer that meets a busier wakeup than any before grows once to it (its capacity
    # doubles), so a run may allocate a few times after the warm-up; an allocation per wakeup
    # would show as thousands.
    if environment is not None and counted.get("own", GROWTHS_ALLOWED + 1) > GROWTHS_ALLOWED:
        problem(f"the wait for input allocated after the warm-up: {counted} in {live['wakeups']} wakeups")
    if not live["touchEvents"] or not live["intents"]:
        problem(f"the figures counted {live['touchEvents']} touch events and {live['intents']} intents after the warm-up")
with open("/proc/cpuinfo") as file:   # arm64 names no model: its implementer and part numbers instead
    fields = dict((key.strip(), value.strip()) for key, _, value in (line.partition(":") for line in file) if value)
guest_cpu = fields.get("model name") or (f"implementer {fields['CPU implementer']} part {fields['CPU part']}"
                                         if "CPU part" in fields else "unknown")
if unexpected:
    problem(f"standard error has lines gesturectl did not mean to write: {unexpected[:5]}")
if stall_notes() != cycle:
    problem(f"{stall_notes()} clients disconnected for not reading, expected {cycle} (one a cycle)")
if exit_status != 0:
    problem(f"gesturectl run ended with {exit_status} on SIGTERM")
after = [sample for sample in samples if sample[0] > WARM_UP_CYCLES]
if len(after) < 2:
    problem(f"only {len(samples)} cycles: too few after the warm-up")
else:
    heap = [sample[4] for sample in after]
    if environment is not None and None in heap:
        problem(f"the live heap bytes could not be read from the run's memory: {heap}")
    elif environment is not None and max(heap) - heap[0] > LIVE_GROWTH_ALLOWED:
        problem(f"the live heap grew from {heap[0]} to {max(heap)} bytes after the warm-up "
                f"(more than {LIVE_GROWTH_ALLOWED}): {heap}")
    if len({sample[3] for sample in after}) != 1:
        problem(f"the descriptor count changed after the warm-up: {[sample[3] for sample in after]}")
figures = {
    "seconds": round(duration), "requested_seconds": SECONDS, "cycles": cycle, "events": plays * events_per_play,
    "plays": plays, "clients": clients, "intents": len(decided),
    "rss_kb": {"start": first_rss, "after_warm_up": after[0][1] if after else None, "end": last_rss},
    "peak_rss_kb": {"after_warm_up": after[0][2] if after else None, "end": last_hwm},
    "live_heap_bytes": {"after_warm_up": after[0][4] if after else None, "most": max((sample[4] or 0 for sample in after), default=None),
                        "end": after[-1][4] if after else None},
    "descriptors": sorted({sample[3] for sample in after}),
    "libinput_lag_lines": len(lag_lines),
    "live_figures": live, "guest_cpu": guest_cpu, "guest_cpus": os.cpu_count(),
    "problems": problems,
}
with open(f"{RESULTS}/@soak.json", "w") as file:
    json.dump(figures, file, indent=1)
with open(f"{RESULTS}/@soak.stderr.txt", "w") as file:
    file.write("\n".join(stderr_lines) + "\n")
log(f"finished: {json.dumps({k: v for k, v in figures.items() if k != 'problems'})}; {len(problems)} problems")
