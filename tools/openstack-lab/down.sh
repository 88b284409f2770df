#!/usr/bin/env bash
# Stops the lab's daemons, only those up.sh started (pid + start time recorded in the state dir),
# in reverse start order. --purge also removes the state dir: databases, images, objects, keys,
# markers, logs (the next up.sh starts from scratch; installed packages stay).
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

purge=0
for arg in "$@"; do
  case $arg in
    --purge) purge=1 ;;
    -h | --help)
      sed -n '2,4p' "$0"
      exit 0
      ;;
    *)
      echo "unknown argument $arg (usage: down.sh [--purge])" >&2
      exit 2
      ;;
  esac
done

[ "$(id -u)" -eq 0 ] || {
  echo "down.sh must run as root" >&2
  exit 1
}

t0=$(date +%s)
if [ -d "$RUN" ]; then
  # The OpenStack services do not depend on each other for shutting down, so they stop together;
  # then the broker, the database and the cache, each given longer to flush.
  services=()
  for name in "${ALL_DAEMONS[@]}"; do
    case $name in
      memcached | mariadb | epmd | rabbitmq) ;;
      *) services+=("$name") ;;
    esac
  done
  stop_daemons 20 "${services[@]}"
  stop_daemons 60 rabbitmq
  stop_daemons 10 epmd
  stop_daemons 60 mariadb
  stop_daemons 10 memcached
fi

if [ $purge -eq 1 ] && [ -d "$OSLAB_STATE" ]; then
  if [ -s "$OSLAB_STATE/cinder/loopdev" ]; then
    vgremove -f oslab-volumes >/dev/null 2>&1 || true
    losetup -d "$(cat "$OSLAB_STATE/cinder/loopdev")" 2>/dev/null || true
  fi
  log "removing $OSLAB_STATE"
  rm -rf "$OSLAB_STATE"
fi
log "down in $(($(date +%s) - t0))s"
