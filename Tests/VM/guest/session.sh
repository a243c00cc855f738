#!/bin/bash
# Runs inside the guest (see init). /share/queue lists the recordings, the longest first;
# VM_LANES lanes (the file /share/lanes) each take the next unclaimed one until none is left.
# For each: creates the virtual device with evemu-device, starts `gesturectl run
# --touch-events` and `libinput debug-events` on it (and, for some, `gesturectl run --scene`
# and the example kiosk client), plays the events with evemu-play, waits until the readers
# are quiet, stops them, lists the devices (`gesturectl devices`, `libinput list-devices`;
# not for gesture-* recordings), removes the device, and copies NAME.* to /results (9p,
# written through to the host) at once.
#
# Progress goes to stdout (the host's session.log), one line per step:
#   [guest T] NAME: started (lane L)
#   [guest T] NAME: playing on /dev/input/eventN
#   [guest T] NAME: finished in S s (create a, udev b, readers c, play d, quiet e, stop f, list g, copy h)
# The host stops the guest when no recording finishes for a while (a stall), so no wait here
# has a time limit of its own: each ends on its event, or when the process it waits for exits.
set -u
SHARE=/share
RESULTS=/results
OUT=/tmp/out
WORK=/tmp/work
CLAIMS=$WORK/claims
mkdir -p "$OUT" "$WORK" "$CLAIMS"
cp "$SHARE/gesturectl" /tmp/gesturectl   # started 100+ times: from tmpfs, not over 9p
GESTURECTL=/tmp/gesturectl
QUIET=90   # centiseconds without reading or writing that count as "the readers are done"

# No process is started for the clock, the log or the short pauses: under TCG each fork and
# exec costs milliseconds, and a recording's steps look at the clock and the readers often.
uptime_now() { local rest; read -r NOW rest < /proc/uptime; }
log() { uptime_now; echo "[guest $NOW] $*"; }
exec {NAP}<> <(:)                  # read -t on a pipe that never has data: a sleep without fork
nap() { read -r -t "$1" -u "$NAP" _; }
since() {  # seconds from $1 (a /proc/uptime reading) to now, in $LAP
  uptime_now
  local centiseconds=$(( 10#${NOW/./} - 10#${1/./} ))
  printf -v LAP '%d.%02d' $((centiseconds / 100)) $((centiseconds % 100))
}

# libinput only takes devices that udev has tagged (ID_INPUT_TOUCHSCREEN), even on the path backend.
log "session started"
/usr/lib/systemd/systemd-udevd --daemon --resolve-names=never 2> "$WORK/udevd.err"
udevadm trigger --action=add --subsystem-match=input
udevadm settle
log "udevd running; kernel $(uname -r); $(nproc) cpus"
read -r _ user nice system idle _ < /proc/stat
BUSY_AT_START=$((user + nice + system)) IDLE_AT_START=$idle

# Waits until FILE holds a line containing TEXT; fails only when process PID exits first.
# Looks every 20 ms with shell builtins only.
wait_line() {
  local file=$1 text=$2 pid=$3 content
  while :; do
    content=""
    [ -f "$file" ] && IFS= read -r -d '' content < "$file"
    [[ $content == *"$text"* ]] && return 0
    [ -d "/proc/$pid" ] || { content=""; [ -f "$file" ] && IFS= read -r -d '' content < "$file"; [[ $content == *"$text"* ]]; return; }
    nap 0.02
  done
}

# The processes PIDS and their children.
family() {
  local pid child children
  FAMILY=()
  for pid in "$@"; do
    FAMILY+=("$pid")
    children=""
    [ -r "/proc/$pid/task/$pid/children" ] && read -r children < "/proc/$pid/task/$pid/children"
    for child in $children; do FAMILY+=("$child"); done
  done
}

# What the processes have read and written so far, and whether any of them is running.
activity() {
  local pid key value state rest
  ACTIVITY="" RUNNING=0
  for pid in "${FAMILY[@]}"; do
    [ -r "/proc/$pid/io" ] || continue
    while read -r key value; do
      [[ $key == rchar: || $key == wchar: ]] && ACTIVITY+="$value "
    done < "/proc/$pid/io"
    read -r _ _ state rest < "/proc/$pid/stat" 2> /dev/null || continue
    [[ $state == R ]] && RUNNING=1
  done
}

# Returns once the readers PIDS (and their children) have neither read nor written anything
# for $QUIET centiseconds and none of them is running: every event played has been read and
# printed, and a timer that fires within that time (the scenes' are shorter) has fired. A reader
# that the busy guest has not scheduled yet is runnable, so it is waited for.
wait_quiet() {
  family "$@"
  local before after quiet_since
  activity; after=$ACTIVITY
  uptime_now; quiet_since=${NOW/./}
  while :; do
    nap 0.05
    before=$after
    activity; after=$ACTIVITY
    uptime_now
    if [ "$before" != "$after" ] || ((RUNNING)); then
      quiet_since=${NOW/./}
    elif (( 10#${NOW/./} - 10#$quiet_since >= QUIET )); then
      return
    fi
  done
}

run_one() {
  local name=$1 lane=$2 work=$WORK/$1 out=$OUT/$1 started
  local step_create step_udev step_readers step_play step_quiet step_stop step_copy t
  mkdir -p "$work"
  uptime_now; started=$NOW; t=$NOW
  log "$name: started (lane $lane)"
  # evemu-device prints "NAME: NODE" once the device exists, then holds it until killed.
  local creator fd line node=""
  exec {fd}< <(exec evemu-device "$SHARE/recordings/$name.desc" 2> "$work/evemu-device.err")
  creator=$!
  while IFS= read -r -u "$fd" line; do
    if [[ $line =~ (/dev/input/event[0-9]+) ]]; then node=${BASH_REMATCH[1]}; break; fi
  done
  exec {fd}<&-
  if [ -z "$node" ]; then
    log "$name: evemu-device failed: $(cat "$work/evemu-device.err")"
    kill $creator 2> /dev/null
    return
  fi
  since $t; step_create=$LAP; uptime_now; t=$NOW
  udevadm wait "$node"              # until udev has processed it (and tagged it a touchscreen)
  since $t; step_udev=$LAP; uptime_now; t=$NOW

  local calibration=()
  [[ $name == rotated-* ]] && calibration=(--calibration -1,0,1,0,-1,1)
  "$GESTURECTL" run --device "$node" "${calibration[@]}" --touch-events < /dev/null > "$out.live.jsonl" 2> "$out.live.stderr" &
  local live=$!
  local readers=($live)
  local intents="" client="" server=""
  if [ -f "$SHARE/recordings/$name.scene.json" ]; then   # the pipeline, live, on the recording's scene
    "$GESTURECTL" run --device "$node" --scene "$SHARE/recordings/$name.scene.json" < /dev/null \
      > "$out.intents.jsonl" 2> "$out.intents.stderr" &
    intents=$!
    readers+=($intents)
  fi
  if [[ $name == gesture-gated-swipe-confirm-discard ]]; then   # the example kiosk answers "discard"
    python3 "$SHARE/kiosk_client.py" --gesturectl "$GESTURECTL" --answer discard -- --device "$node" \
      < /dev/null > "$out.client.jsonl" 2> "$out.client.stderr" &
    client=$!
    readers+=($client)
  fi
  local socket=/tmp/$name.sock
  if [[ $name == gesture-gated-swipe-confirm-save ]]; then   # the same kiosk over gesturectl's socket, answering "save"
    "$GESTURECTL" run --device "$node" --socket "$socket" < /dev/null > "$out.server.jsonl" 2> "$out.server.stderr" &
    server=$!
    readers+=($server)
  fi
  stdbuf -oL libinput debug-events --device "$node" > "$out.libinput.txt" 2> "$out.libinput.stderr" &
  local reference=$!
  readers+=($reference)
  # gesturectl prints "device added" once it reads the device (a --socket one has its socket by then).
  wait_line "$out.live.stderr" 'device added' $live || log "$name: gesturectl run did not attach to $node"
  wait_line "$out.libinput.txt" DEVICE_ADDED $reference || log "$name: libinput debug-events did not attach to $node"
  if [ -n "$intents" ]; then
    wait_line "$out.intents.stderr" 'device added' $intents || log "$name: the intents reader did not attach to $node"
  fi
  if [ -n "$client" ] && [ -z "$server" ]; then
    wait_line "$out.client.stderr" 'device added' $client || log "$name: the kiosk client did not attach to $node"
  fi
  if [ -n "$server" ]; then
    if wait_line "$out.server.stderr" 'device added' $server && [ -S "$socket" ]; then
      stat -c %a "$socket" > "$out.socket-mode"
      python3 "$SHARE/kiosk_client.py" --socket "$socket" --answer save < /dev/null > "$out.client.jsonl" 2> "$out.client.stderr" &
      client=$!
      readers+=($client)
      wait_line "$out.client.jsonl" '"sent"' $client || log "$name: the kiosk client did not connect to $socket"
    else
      log "$name: gesturectl run --socket did not create $socket"
    fi
  fi
  # Playing readers come before everything else in the guest (the other lanes' set-ups and
  # stops), and evemu-play before the rest: a reader that falls 500 events behind loses events
  # (the kernel's buffer overflows), and one held up anyway is waited for (wait_quiet).
  family "${readers[@]}"
  renice -n -10 -p "${FAMILY[@]}" > /dev/null
  since $t; step_readers=$LAP; uptime_now; t=$NOW

  log "$name: playing on $node"
  nice -n -5 evemu-play "$node" < "$SHARE/recordings/$name.events"
  since $t; step_play=$LAP; uptime_now; t=$NOW
  wait_quiet "${readers[@]}"
  since $t; step_quiet=$LAP; uptime_now; t=$NOW

  if [[ $name == unplug-* ]]; then   # remove the device under the readers, touches still down
    kill $creator
    wait $creator 2> /dev/null
    wait_line "$out.live.stderr" 'device removed' $live || log "$name: gesturectl run did not notice the removal"
    wait_line "$out.libinput.txt" DEVICE_REMOVED $reference || log "$name: libinput debug-events did not notice the removal"
    wait_quiet $live $reference
  fi
  # gesturectl stops on SIGINT or SIGTERM: use both; debug-events flushes its output on SIGINT.
  if [[ $name == unplug-* ]]; then kill -TERM $live; else kill -INT $live; fi
  kill -INT $reference
  [ -n "$intents" ] && kill -TERM $intents
  [ -n "$client" ] && kill -TERM $client
  [ -n "$server" ] && kill -TERM $server
  wait $live; echo $? > "$out.live.status"
  if [ -n "$intents" ]; then wait $intents; echo $? > "$out.intents.status"; fi
  if [ -n "$client" ]; then wait $client; echo $? > "$out.client.status"; fi
  if [ -n "$server" ]; then wait $server; echo $? > "$out.server.status"; fi
  wait $reference
  kill $creator 2> /dev/null
  wait $creator 2> /dev/null
  since $t; step_stop=$LAP; uptime_now; t=$NOW

  cp "$out".* "$RESULTS/"
  since $t; step_copy=$LAP
  since $started
  local lines status
  mapfile -t lines < "$out.live.jsonl"
  read -r status < "$out.live.status"
  local steps="create $step_create, udev $step_udev, readers $step_readers, play $step_play, quiet $step_quiet, stop $step_stop, copy $step_copy"
  # NAME.finished comes last: the host takes a recording without it as not finished.
  echo "total $LAP, $steps" > "$RESULTS/$name.finished"
  log "$name: finished in $LAP s ($steps; ${#lines[@]} live lines, exit $status)"
}

# The device listing, one task for all the recordings that are listed (/share/listed): their
# devices are created at once, `gesturectl devices` (udev seat0) and `libinput list-devices`
# list them all, and each NAME gets both listings and its own node (NAME.node).
list_devices() {
  local lane=$1 name names=() creators=() fds=() nodes=() fd line node i started t
  uptime_now; started=$NOW
  log "@devices: started (lane $lane)"
  mapfile -t names < "$SHARE/listed"
  for name in "${names[@]}"; do
    exec {fd}< <(exec evemu-device "$SHARE/recordings/$name.desc" 2>> "$WORK/listed-evemu-device.err")
    creators+=($!) fds+=($fd)
  done
  for i in "${!names[@]}"; do
    fd=${fds[$i]} node=""
    while IFS= read -r -u "$fd" line; do
      if [[ $line =~ (/dev/input/event[0-9]+) ]]; then node=${BASH_REMATCH[1]}; break; fi
    done
    exec {fd}<&-
    nodes[$i]=$node
    [ -n "$node" ] || log "@devices: evemu-device failed for ${names[$i]}: $(cat "$WORK/listed-evemu-device.err")"
  done
  udevadm wait "${nodes[@]}"
  "$GESTURECTL" devices > "$WORK/devices.txt" 2>&1 &
  local a=$!
  libinput list-devices > "$WORK/list-devices.txt" 2>&1 &
  local b=$!
  wait $a || echo "exit status $?" >> "$WORK/devices.txt"
  wait $b
  kill "${creators[@]}"
  wait "${creators[@]}" 2> /dev/null
  for i in "${!names[@]}"; do
    [ -n "${nodes[$i]}" ] || continue
    cp "$WORK/devices.txt" "$RESULTS/${names[$i]}.devices.txt"
    cp "$WORK/list-devices.txt" "$RESULTS/${names[$i]}.list-devices.txt"
    echo "${nodes[$i]}" > "$RESULTS/${names[$i]}.node"
  done
  since $started
  log "@devices: finished in $LAP s (${#names[@]} devices listed)"
}

run_lane() {  # takes the next recording no lane has claimed (creating a file with noclobber is atomic)
  local lane=$1 name
  while read -r name; do
    set -C
    { : > "$CLAIMS/$name"; } 2> /dev/null || { set +C; continue; }
    set +C
    if [ "$name" = @devices ]; then list_devices "$lane"; else run_one "$name" "$lane"; fi
  done < "$SHARE/queue"
}

lanes=$(< "$SHARE/lanes")
for ((lane = 0; lane < lanes; lane++)); do run_lane $lane & done
wait
read -r _ user nice system idle _ < /proc/stat
busy=$((user + nice + system - BUSY_AT_START)) idle=$((idle - IDLE_AT_START))
log "session complete; the cpus were busy $((100 * busy / (busy + idle))) % of the time since udevd started"
