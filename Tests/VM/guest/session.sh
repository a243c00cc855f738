#!/bin/bash
# Runs inside the guest (see init). For every recording listed in /share/lanes/*, creates the
# virtual device with evemu-device, reads it with `gesturectl run --touch-events` and with
# `libinput debug-events` at the same time, and plays the events with evemu-play. Before
# playing, `gesturectl devices` (udev seat0) and `libinput list-devices` describe the devices.
# Each lane file is one sequence of recordings; lanes run in parallel on separate devices.
set -u
SHARE=/share
OUT=/tmp/out
WORK=/tmp/work
mkdir -p "$OUT" "$WORK"
log() { echo "[guest $(cut -d' ' -f1 /proc/uptime)] $*"; }

# libinput only takes devices that udev has tagged (ID_INPUT_TOUCHSCREEN), even on the path backend.
/usr/lib/systemd/systemd-udevd --daemon --resolve-names=never 2> "$WORK/udevd.err"
udevadm trigger --action=add
udevadm settle --timeout=30
log "udevd running; kernel $(uname -r)"

# Waits (up to $2 tenths of a second) until the command in $3... succeeds.
wait_for() {
  local tenths=$1; shift
  local i
  for ((i = 0; i < tenths; i++)); do "$@" && return 0; sleep 0.1; done
  return 1
}

# Returns once the files have not grown for three looks in a row (0.9 s; a busy guest may
# pause a reader for a while, and a reader stopped early would lose events).
wait_quiet() {
  local before after steady=0
  after=$(stat -c %s "$@" | tr '\n' ' ')
  while ((steady < 3)); do
    before=$after; sleep 0.3
    after=$(stat -c %s "$@" | tr '\n' ' ')
    if [ "$before" = "$after" ]; then steady=$((steady + 1)); else steady=0; fi
  done
}

run_one() {
  local name=$1 work=$WORK/$1 out=$OUT/$1
  mkdir -p "$work"
  evemu-device "$SHARE/recordings/$name.desc" > "$work/evemu-device.txt" 2>&1 &
  local creator=$!
  if ! wait_for 100 grep -q '/dev/input/event' "$work/evemu-device.txt"; then
    log "$name: evemu-device failed: $(cat "$work/evemu-device.txt")"
    kill $creator 2> /dev/null
    return
  fi
  local node
  node=$(grep -o '/dev/input/event[0-9]*' "$work/evemu-device.txt" | head -1)
  udevadm settle --timeout=30
  local calibration=()
  [[ $name == rotated-* ]] && calibration=(--calibration -1,0,1,0,-1,1)
  "$SHARE/gesturectl" run --device "$node" "${calibration[@]}" --touch-events < /dev/null > "$out.live.jsonl" 2> "$out.live.stderr" &
  local live=$!
  local readers=("$out.live.jsonl")
  local intents="" client=""
  if [ -f "$SHARE/recordings/$name.scene.json" ]; then   # the pipeline, live, on the recording's scene
    "$SHARE/gesturectl" run --device "$node" --scene "$SHARE/recordings/$name.scene.json" < /dev/null \
      > "$out.intents.jsonl" 2> "$out.intents.stderr" &
    intents=$!
    readers+=("$out.intents.jsonl")
  fi
  if [[ $name == gesture-gated-swipe-confirm-discard ]]; then   # the example kiosk answers "discard"
    python3 "$SHARE/kiosk_client.py" --gesturectl "$SHARE/gesturectl" --answer discard -- --device "$node" \
      < /dev/null > "$out.client.jsonl" 2> "$out.client.stderr" &
    client=$!
    readers+=("$out.client.jsonl")
  fi
  local server="" socket=/tmp/$name.sock
  if [[ $name == gesture-gated-swipe-confirm-save ]]; then   # the same kiosk over gesturectl's socket, answering "save"
    "$SHARE/gesturectl" run --device "$node" --socket "$socket" < /dev/null > "$out.server.jsonl" 2> "$out.server.stderr" &
    server=$!
    if wait_for 300 test -S "$socket"; then
      stat -c %a "$socket" > "$out.socket-mode"
      python3 "$SHARE/kiosk_client.py" --socket "$socket" --answer save < /dev/null > "$out.client.jsonl" 2> "$out.client.stderr" &
      client=$!
      readers+=("$out.client.jsonl")
    else
      log "$name: gesturectl run --socket did not create $socket"
    fi
  fi
  stdbuf -oL libinput debug-events --device "$node" > "$out.libinput.txt" 2> "$out.libinput.stderr" &
  local reference=$!
  if ! wait_for 300 grep -q 'device added' "$out.live.stderr" || ! wait_for 300 grep -q DEVICE_ADDED "$out.libinput.txt"; then
    log "$name: a reader did not attach to $node"
  fi
  if [ -n "$intents" ] && ! wait_for 300 grep -q 'device added' "$out.intents.stderr"; then
    log "$name: the intents reader did not attach to $node"
  fi
  if [ -n "$client" ] && [ -z "$server" ] && ! wait_for 300 grep -q 'device added' "$out.client.stderr"; then
    log "$name: the kiosk client did not attach to $node"
  fi
  if [ -n "$server" ] && ! wait_for 300 grep -q '"sent"' "$out.client.jsonl"; then
    log "$name: the kiosk client did not connect to $socket"
  fi
  echo "$node" > "$out.node"
  if [[ $name != gesture-* ]]; then   # the device listing, once per real or rule recording
    "$SHARE/gesturectl" devices > "$out.devices.txt" 2>&1 || echo "exit status $?" >> "$out.devices.txt"
    libinput list-devices > "$out.list-devices.txt" 2>&1
  fi
  log "$name: playing on $node ($(udevadm info -q property -n "$node" | grep -c '^ID_INPUT_TOUCHSCREEN=1') touchscreen tag)"
  evemu-play "$node" < "$SHARE/recordings/$name.events"
  wait_quiet "${readers[@]}" "$out.libinput.txt"
  if [[ $name == unplug-* ]]; then   # remove the device under the readers, touches still down
    kill $creator
    wait $creator 2> /dev/null
    wait_quiet "$out.live.jsonl" "$out.libinput.txt" "$out.live.stderr"
  fi
  # gesturectl stops on SIGINT or SIGTERM: use both; debug-events flushes its output on SIGINT.
  if [[ $name == unplug-* ]]; then kill -TERM $live; else kill -INT $live; fi
  kill -INT $reference
  wait $live
  echo $? > "$out.live.status"
  if [ -n "$intents" ]; then kill -TERM $intents; wait $intents; echo $? > "$out.intents.status"; fi
  if [ -n "$client" ]; then kill -TERM $client; wait $client; echo $? > "$out.client.status"; fi
  if [ -n "$server" ]; then kill -TERM $server; wait $server; echo $? > "$out.server.status"; fi
  wait $reference
  kill $creator 2> /dev/null
  wait $creator 2> /dev/null
  log "$name: done ($(wc -l < "$out.live.jsonl") live lines, exit $(cat "$out.live.status"))"
}

run_lane() {
  local name
  while read -r name; do run_one "$name"; done < "$1"
}

for lane in "$SHARE"/lanes/*; do run_lane "$lane" & done
wait
mkdir -p "$SHARE/results"
cp "$OUT"/* "$SHARE/results/"
log "session complete"
