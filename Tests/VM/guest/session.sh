#!/bin/bash
# Runs inside the guest (see init). /share/queue lists the recordings, the longest first, and
# @devices; /share/lanes (VM_LANES) lanes each take the next entry no lane has taken, until
# none is left. For each recording: creates the virtual device with evemu-device, waits for
# udev to tag it, starts `gesturectl run --touch-events` and `libinput debug-events` on it
# (and, for some, `gesturectl run --scene` with evemu-record, and the example kiosk client),
# plays the events with evemu-play, waits until the readers are quiet, stops them, removes
# the device, and copies NAME.* to /results (9p, written through to the host) at once,
# NAME.finished last.
# @devices lists the devices of all the recordings but the gesture-* and device-* ones
# (`gesturectl devices`, `libinput list-devices`), see list_devices. A device-* recording is
# a device libinput takes no touches from: see check_device_rule.
#
# Progress goes to stdout (the host's session.log), a line per step:
#   [guest T] NAME: started (lane L)
#   [guest T] NAME: /dev/input/eventN ready, starting the readers
#   [guest T] NAME: playing on /dev/input/eventN
#   [guest T] NAME: played, waiting for the readers to be quiet
#   [guest T] NAME: stopping the readers
#   [guest T] NAME: finished in S s (create a, udev b, readers c, play d, quiet e, stop f, copy g; ...)
# The host stops the guest when no recording finishes for a while (a stall), so no wait here
# has a time limit of its own: each ends on its event, or when the process it waits for exits.
set -u
SHARE=/share
RESULTS=/results
OUT=/tmp/out
WORK=/tmp/work
CLAIMS=$WORK/claims
mkdir -p "$OUT" "$WORK" "$CLAIMS"
# gesturectl is started some 150 times: from memory, not over 9p, and from a tmpfs with huge
# pages (a start costs the emulated CPU about 40 % less: fewer page faults in 70 MB).
mkdir -p /tmp/bin
mount -t tmpfs -o huge=always,size=128m tmpfs /tmp/bin
cp "$SHARE/gesturectl" /tmp/bin/gesturectl
GESTURECTL=/tmp/bin/gesturectl
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
until udevadm settle; do :; done   # settle gives up after 120 s: wait on (a stall stops the guest)
log "udevd running; kernel $(uname -r); $(nproc) cpus"
read -r _ user nice system idle _ < /proc/stat
BUSY_AT_START=$((user + nice + system)) IDLE_AT_START=$idle

# Waits until FILE holds a line containing TEXT; fails only when process PID exits first.
# Looks every 20 ms with shell builtins only (for a reader whose output goes straight to a
# file, and for the removal in unplug-*).
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

# Starts a reader with one of its streams (STREAM: out or err) on a pipe to this shell, the
# other into OTHER_FILE, stdin from /dev/null. Sets W_PID and W_FD (the pipe).
watch_start() {
  local stream=$1 other=$2 fd; shift 2
  if [ "$stream" = err ]; then
    exec {fd}< <(exec "$@" < /dev/null 2>&1 > "$other")
  else
    exec {fd}< <(exec "$@" < /dev/null 2> "$other")
  fi
  W_PID=$! W_FD=$fd
}

# Copies the pipe FD into FILE line by line until a line holds TEXT (blocking reads: no
# looking again and again), then hands the rest to a forwarder (W_CAT), a subshell: a fork
# costs an eighth of an exec here, and these streams are short. Fails if the stream ends
# first (the reader exited).
watch_wait() {
  local fd=$1 file=$2 text=$3 line found=1
  while IFS= read -r -u "$fd" line; do
    printf '%s\n' "$line" >> "$file"
    if [[ $line == *"$text"* ]]; then found=0; break; fi
  done
  { while IFS= read -r line; do printf '%s\n' "$line"; done; [ -z "$line" ] || printf '%s' "$line"; } <&"$fd" >> "$file" &
  W_CAT=$!
  exec {fd}<&-
  return $found
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
    nap 0.15
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
  local name=$1 lane=$2 out=$OUT/$1 started
  local step_create step_udev step_readers step_play step_quiet step_stop step_copy t
  uptime_now; started=$NOW; t=$NOW
  log "$name: started (lane $lane)"
  # evemu-device prints "NAME: NODE" once the device exists, then holds it until killed.
  local creator fd line node=""
  exec {fd}< <(exec evemu-device "$SHARE/recordings/$name.desc" 2> "$WORK/$name.evemu-device.err")
  creator=$!
  while IFS= read -r -u "$fd" line; do
    if [[ $line =~ (/dev/input/event[0-9]+) ]]; then node=${BASH_REMATCH[1]}; break; fi
  done
  exec {fd}<&-
  if [ -z "$node" ]; then
    log "$name: evemu-device failed: $(cat "$WORK/$name.evemu-device.err")"
    kill $creator 2> /dev/null
    return
  fi
  since $t; step_create=$LAP; uptime_now; t=$NOW
  udevadm wait "$node"              # until udev has processed it (and tagged it a touchscreen)
  since $t; step_udev=$LAP; uptime_now; t=$NOW
  log "$name: $node ready, starting the readers"

  local calibration=()
  [[ $name == rotated-* ]] && calibration=(--calibration -1,0,1,0,-1,1)
  local live intents="" recorder="" client="" server="" reference readers=() forwarders=() live_fd intents_fd client_fd
  watch_start err "$out.live.jsonl" "$GESTURECTL" run --device "$node" "${calibration[@]}" --touch-events
  live=$W_PID live_fd=$W_FD
  if [ -f "$SHARE/recordings/$name.scene.json" ]; then   # the pipeline, live, on the recording's scene
    watch_start err "$out.intents.jsonl" "$GESTURECTL" run --device "$node" --scene "$SHARE/recordings/$name.scene.json" --explain
    intents=$W_PID intents_fd=$W_FD
    # The events as they were played, with the kernel's times (what every reader saw): the host
    # replays these with the scene, so that the decisions are compared on the same input
    # however much a busy machine stretched evemu-play's pauses.
    stdbuf -oL evemu-record "$node" < /dev/null > "$out.played.evemu" 2> "$out.played.stderr" &
    recorder=$!
  fi
  if [[ $name == gesture-gated-swipe-confirm-discard ]]; then   # the example kiosk answers "discard"
    watch_start err "$out.client.jsonl" python3 "$SHARE/kiosk_client.py" --gesturectl "$GESTURECTL" --answer discard -- --device "$node"
    client=$W_PID client_fd=$W_FD
  fi
  local socket=/tmp/$name.sock server_fd
  if [[ $name == gesture-gated-swipe-confirm-save ]]; then   # the same kiosk over gesturectl's socket, answering "save"
    watch_start err "$out.server.jsonl" "$GESTURECTL" run --device "$node" --socket "$socket"
    server=$W_PID server_fd=$W_FD
  fi
  # `libinput debug-events`, without the `libinput` that only execs it.
  # Its output, a line per event, goes straight to its file (through a pipe and a forwarder
  # it would cost a second process's wake-up per event, while the readers must keep up).
  stdbuf -oL /usr/libexec/libinput/libinput-debug-events --device "$node" < /dev/null \
    > "$out.libinput.txt" 2> "$out.libinput.stderr" &
  reference=$!
  # gesturectl prints "device added" once it reads the device (a --socket one has its socket by then).
  watch_wait $live_fd "$out.live.stderr" 'device added' || log "$name: gesturectl run did not attach to $node"
  readers+=($live) forwarders+=($W_CAT)
  wait_line "$out.libinput.txt" DEVICE_ADDED $reference || log "$name: libinput debug-events did not attach to $node"
  readers+=($reference)
  if [ -n "$recorder" ]; then
    wait_line "$out.played.evemu" 'Waiting for events' $recorder || log "$name: evemu-record did not attach to $node"
    readers+=($recorder)
  fi
  if [ -n "$intents" ]; then
    watch_wait $intents_fd "$out.intents.stderr" 'device added' || log "$name: the intents reader did not attach to $node"
    readers+=($intents) forwarders+=($W_CAT)
  fi
  if [ -n "$client" ]; then
    watch_wait $client_fd "$out.client.stderr" 'device added' || log "$name: the kiosk client did not attach to $node"
    wait_line "$out.client.jsonl" '"ready"' $client || log "$name: the kiosk client's sheet is not in the pipeline"
    readers+=($client) forwarders+=($W_CAT)
  fi
  if [ -n "$server" ]; then
    if watch_wait $server_fd "$out.server.stderr" 'device added' && [ -S "$socket" ]; then
      readers+=($server) forwarders+=($W_CAT)
      stat -c %a "$socket" > "$out.socket-mode"
      watch_start out "$out.client.stderr" python3 "$SHARE/kiosk_client.py" --socket "$socket" --answer save
      client=$W_PID
      watch_wait $W_FD "$out.client.jsonl" '"ready"' || log "$name: the kiosk client's sheet is not in the pipeline ($socket)"
      readers+=($client) forwarders+=($W_CAT)
    else
      readers+=($server) forwarders+=($W_CAT)
      log "$name: gesturectl run --socket did not create $socket"
    fi
  fi
  # While a recording plays, its evemu-play and readers come before everything else in the
  # guest (the other lanes' set-ups and stops): evemu-play first, as its pauses are the
  # recording's timing (the events' times, which decisions depend on, are taken when it
  # writes them); then the readers, as one that falls some 500 events behind loses events
  # (the kernel's buffer for it overflows). One held up anyway is waited for (wait_quiet).
  family "${readers[@]}" "${forwarders[@]}"
  renice -n -10 -p "${FAMILY[@]}" > /dev/null
  since $t; step_readers=$LAP; uptime_now; t=$NOW

  log "$name: playing on $node"
  nice -n -15 evemu-play "$node" < "$SHARE/recordings/$name.events"
  since $t; step_play=$LAP; uptime_now; t=$NOW
  log "$name: played, waiting for the readers to be quiet"
  wait_quiet "${readers[@]}" "${forwarders[@]}"
  since $t; step_quiet=$LAP; uptime_now; t=$NOW
  log "$name: stopping the readers"

  if [[ $name == unplug-* ]]; then   # remove the device under the readers, touches still down
    kill $creator
    wait $creator 2> /dev/null
    wait_line "$out.live.stderr" 'device removed' $live || log "$name: gesturectl run did not notice the removal"
    wait_line "$out.libinput.txt" DEVICE_REMOVED $reference || log "$name: libinput debug-events did not notice the removal"
    wait_quiet $live $reference "${forwarders[@]}"
  fi
  # gesturectl stops on SIGINT or SIGTERM: use both; debug-events flushes its output on SIGINT.
  if [[ $name == unplug-* ]]; then kill -TERM $live; else kill -INT $live; fi
  kill -INT $reference
  [ -n "$intents" ] && kill -TERM $intents
  [ -n "$recorder" ] && kill -INT $recorder
  [ -n "$client" ] && kill -TERM $client
  [ -n "$server" ] && kill -TERM $server
  wait $live; echo $? > "$out.live.status"
  if [ -n "$intents" ]; then wait $intents; echo $? > "$out.intents.status"; fi
  [ -z "$recorder" ] || wait $recorder
  if [ -n "$client" ]; then wait $client; echo $? > "$out.client.status"; fi
  if [ -n "$server" ]; then wait $server; echo $? > "$out.server.status"; fi
  wait $reference
  wait "${forwarders[@]}"
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

# A device-* recording: a device libinput takes no touches from (Recordings/README.md). Its
# device is created and udev tagged it; then what each side says of it is kept: udev's
# properties, `gesturectl run --device NODE --touch-events` (which must refuse it at once,
# saying why: its stderr and exit status), and `libinput debug-events --verbose` on the node
# until it has added the device or given up (its log names the rule when it rejects one).
# Nothing is played.
check_device_rule() {
  local name=$1 lane=$2 out=$OUT/$1 started creator fd line node="" reference
  uptime_now; started=$NOW
  log "$name: started (lane $lane)"
  exec {fd}< <(exec evemu-device "$SHARE/recordings/$name.desc" 2> "$WORK/$name.evemu-device.err")
  creator=$!
  while IFS= read -r -u "$fd" line; do
    if [[ $line =~ (/dev/input/event[0-9]+) ]]; then node=${BASH_REMATCH[1]}; break; fi
  done
  exec {fd}<&-
  if [ -z "$node" ]; then
    log "$name: evemu-device failed: $(cat "$WORK/$name.evemu-device.err")"
    kill $creator 2> /dev/null
    return
  fi
  udevadm wait "$node"
  udevadm info --query=property --name="$node" > "$out.udev.txt" 2>&1
  stdbuf -oL /usr/libexec/libinput/libinput-debug-events --verbose --device "$node" < /dev/null > "$out.libinput.txt" 2>&1 &
  reference=$!
  "$GESTURECTL" run --device "$node" --touch-events < /dev/null > "$out.live.jsonl" 2> "$out.live.stderr"
  echo $? > "$out.live.status"
  wait_line "$out.libinput.txt" DEVICE_ADDED $reference   # added, or it gave up on the device and exited
  kill -INT $reference 2> /dev/null
  wait $reference
  kill $creator
  wait $creator 2> /dev/null
  cp "$out".* "$RESULTS/"
  since $started
  echo "total $LAP" > "$RESULTS/$name.finished"
  log "$name: finished in $LAP s (gesturectl run exit $(< "$out.live.status"))"
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

# Creates FILE, failing if it exists (noclobber: atomic, and no process started).
claim() {
  local status
  set -C
  { : > "$1"; } 2> /dev/null
  status=$?
  set +C
  return $status
}

# A lane takes the first entry of the queue that no lane has taken. The recordings in
# /share/heavy (the long real ones: thousands of events each) play one at a time: while one
# plays, the others are left for later, so that the readers of two never compete for the
# guest's CPU (a reader that falls behind loses events). A lane with only those left waits.
declare -A HEAVY
while read -r name; do HEAVY[$name]=1; done < "$SHARE/heavy"
mapfile -t QUEUE < "$SHARE/queue"
run_lane() {
  local lane=$1 name taken heavy_left
  while :; do
    taken="" heavy_left=0
    for name in "${QUEUE[@]}"; do
      [ -e "$CLAIMS/$name" ] && continue
      if [ -n "${HEAVY[$name]:-}" ]; then
        heavy_left=1
        claim "$WORK/heavy-playing" || continue
        if claim "$CLAIMS/$name"; then taken=$name; break; fi
        rm -f "$WORK/heavy-playing"
      elif claim "$CLAIMS/$name"; then
        taken=$name; break
      fi
    done
    if [ -z "$taken" ]; then
      ((heavy_left)) || return 0
      nap 0.5   # only heavy ones are left, one of them playing in another lane
      continue
    fi
    case $taken in
      @devices) list_devices "$lane" ;;
      device-*) check_device_rule "$taken" "$lane" ;;
      *) run_one "$taken" "$lane" ;;
    esac
    [ -z "${HEAVY[$taken]:-}" ] || rm -f "$WORK/heavy-playing"
  done
}

lanes=$(< "$SHARE/lanes")
for ((lane = 0; lane < lanes; lane++)); do run_lane $lane & done
wait
# The service check needs seat0 to itself: after every recording (guest/service_check.py).
/usr/bin/python3 "$SHARE/guest/service_check.py" "$GESTURECTL" "$SHARE" "$RESULTS" gesture-gated-swipe-confirm-discard \
  2> "$WORK/service-check.err" || log "@service: the check failed: $(tail -3 "$WORK/service-check.err")"
# The recording check, after it: guest/record_check.py.
/usr/bin/python3 "$SHARE/guest/record_check.py" "$GESTURECTL" "$SHARE" "$RESULTS" gesture-gated-swipe-confirm-discard \
  2> "$WORK/record-check.err" || log "@record: the check failed: $(tail -3 "$WORK/record-check.err")"
read -r _ user nice system idle _ < /proc/stat
busy=$((user + nice + system - BUSY_AT_START)) idle=$((idle - IDLE_AT_START))
log "session complete; the cpus were busy $((100 * busy / (busy + idle))) % of the time since udevd started"
