# shellcheck shell=bash
# Shared settings and helpers for up.sh / down.sh / status.sh. Sourced, never run.

# pyenv's shim would shadow Debian's python3 (which has the OpenStack libraries), so the PATH is
# reset and every Python call names /usr/bin/python3.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
unset PYTHONPATH PYTHONHOME VIRTUAL_ENV PYENV_VERSION
export LC_ALL=C.UTF-8 LANG=C.UTF-8
PY=/usr/bin/python3

OSLAB_STATE=${OSLAB_STATE:-/var/lib/skydeck-oslab}
ETC=$OSLAB_STATE/etc
RUN=$OSLAB_STATE/run
LOG=$OSLAB_STATE/log
DONE=$OSLAB_STATE/done
BIN=$OSLAB_STATE/bin
HOST_IP=127.0.0.1
AUTH_URL=http://$HOST_IP:5000/v3
REGION=RegionOne
# Lab-only secrets: every service binds loopback and the lab is disposable.
DB_PASS=oslab
SERVICE_PASS=oslab-service
ADMIN_PASS=admin
RABBIT_URL="rabbit://guest:guest@$HOST_IP:5672/"
MYSQL_SOCK=$OSLAB_STATE/mysql-run/mysqld.sock
export HOME=${HOME:-/root}

log() { printf '%s [oslab] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

ensure_dirs() {
  mkdir -p "$ETC" "$RUN" "$LOG" "$DONE" "$BIN"
}

# Markers under $DONE let a re-run skip work that already succeeded.
done_p() { [ -e "$DONE/$1" ]; }
mark() { touch "$DONE/$1"; }

# "pid starttime" in the pid file: a recycled pid with another start time is not ours.
proc_start() { awk '{print $22}' "/proc/$1/stat" 2>/dev/null; }

pid_alive() {
  local name=$1 pid start
  [ -s "$RUN/$name.pid" ] || return 1
  read -r pid start <"$RUN/$name.pid" || return 1
  [ -n "$pid" ] && [ -d "/proc/$pid" ] && [ "$(proc_start "$pid")" = "$start" ]
}

pid_of() { awk '{print $1}' "$RUN/$1.pid" 2>/dev/null; }

# Starts "$@" as its own session/process group (so a stop reaches forked workers too), logs to
# $LOG/<name>.log and records the pid. A daemon already running from an earlier up.sh is kept.
start_daemon() {
  local name=$1
  shift
  if pid_alive "$name"; then
    log "$name already running (pid $(pid_of "$name"))"
    return 0
  fi
  log "starting $name"
  # Not a job-control shell, so the child is no group leader and setsid(1) does not fork:
  # $! is the daemon itself.
  setsid "$@" >>"$LOG/$name.log" 2>&1 </dev/null &
  local pid=$!
  sleep 0.2
  local start
  start=$(proc_start "$pid")
  if [ -z "$start" ]; then
    log "$name exited at once; tail of $LOG/$name.log:"
    tail -n 20 "$LOG/$name.log" >&2
    return 1
  fi
  echo "$pid $start" >"$RUN/$name.pid"
}

# Stops recorded daemons together: SIGTERM to each one's process group, up to $1 seconds for all
# of them, then SIGKILL to whatever is left (forked workers may outlive their leader).
stop_daemons() {
  local grace=$1 name pid start i pending
  shift
  local names=()
  for name in "$@"; do
    if pid_alive "$name"; then
      read -r pid start <"$RUN/$name.pid"
      log "stopping $name (pid $pid)"
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      names+=("$name")
    else
      rm -f "$RUN/$name.pid"
    fi
  done
  [ ${#names[@]} -eq 0 ] && return 0
  for ((i = 0; i < grace * 5; i++)); do
    pending=0
    for name in "${names[@]}"; do
      pid_alive "$name" && pending=1
    done
    [ $pending -eq 0 ] && break
    sleep 0.2
  done
  for name in "${names[@]}"; do
    pid=$(pid_of "$name")
    if pid_alive "$name"; then
      log "$name did not stop in ${grace}s, killing"
    fi
    [ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null
    rm -f "$RUN/$name.pid"
  done
  return 0
}

# A daemon that died while we wait fails the wait at once, with the end of its log.
died() {
  local name=$1
  [ -n "$name" ] || return 1
  pid_alive "$name" && return 1
  log "$name died; tail of $LOG/$name.log:"
  tail -n 20 "$LOG/$name.log" >&2
  return 0
}

# wait_port PORT [TIMEOUT] [DAEMON]
wait_port() {
  local port=$1 timeout=${2:-90} what=${3:-} i
  for ((i = 0; i < timeout * 4; i++)); do
    if (exec 3<>"/dev/tcp/$HOST_IP/$port") 2>/dev/null; then
      return 0
    fi
    died "$what" && return 1
    sleep 0.25
  done
  log "${what:-port $port} did not open $HOST_IP:$port within ${timeout}s"
  return 1
}

# wait_http URL [TIMEOUT] [DAEMON]: until the URL answers with any status below 500.
wait_http() {
  local url=$1 timeout=${2:-90} what=${3:-} i code=000
  for ((i = 0; i < timeout * 2; i++)); do
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url" || true)
    if [ -n "$code" ] && [ "$code" != 000 ] && [ "$code" -lt 500 ]; then
      return 0
    fi
    died "$what" && return 1
    sleep 0.5
  done
  log "$url did not answer within ${timeout}s (last status $code)"
  return 1
}

mysql_root() { mariadb --no-defaults --socket="$MYSQL_SOCK" -uroot "$@"; }

# All daemons in start order; down.sh stops them in reverse.
ALL_DAEMONS=(
  memcached mariadb epmd rabbitmq
  keystone glance-api
  swift-account swift-container swift-object swift-proxy
  placement-api
  nova-api nova-conductor nova-scheduler nova-compute
  neutron-server
  cinder-api cinder-scheduler cinder-volume
  heat-api heat-engine
)
