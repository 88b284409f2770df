#!/usr/bin/env bash
# One line per lab daemon: running or not, pid, resident memory. Exit 0 only when all run.
set -u -o pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
source "$HERE/lib.sh"

down=0
total_kb=0
for name in "${ALL_DAEMONS[@]}"; do
  if pid_alive "$name"; then
    pid=$(pid_of "$name")
    # The whole process group: forked API/RPC workers count too.
    kb=$(ps -o rss= -g "$pid" 2>/dev/null | awk '{s += $1} END {print s + 0}')
    total_kb=$((total_kb + kb))
    printf '%-18s up    pid %-7s %6d MiB\n' "$name" "$pid" $((kb / 1024))
  else
    printf '%-18s DOWN\n' "$name"
    down=$((down + 1))
  fi
done
printf '%-18s       %d MiB RSS (sum over process groups)\n' total $((total_kb / 1024))
echo "OS_AUTH_URL=$AUTH_URL  users: admin/admin (admin), demo/demo (member), reader/reader (reader)"
[ $down -eq 0 ]
