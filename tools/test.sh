#!/usr/bin/env bash
# npm test: the whole suite in two lanes, so both cores work until the end.
# - The API lane: the API suite (one file at a time, on SQLite and on MariaDB when MYSQL_URL is
#   set); then parts of the browser suite.
# - The other lane: the builds, then lint, typecheck, unit and component tests (Nx, two tasks at a
#   time), the layers and the first visit's bytes per role; then parts of the browser suite.
# The browser suite is cut in BROWSER_PARTS parts (jest's `--shard`); each lane, once free, takes
# the next part not yet taken, so neither waits idle for the other however fast this machine is.
# Prints each part's time; fails when any part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=${NX_DAEMON:-false} NX_NO_CLOUD=${NX_NO_CLOUD:-true}
start=$(date +%s)
took() { printf '\n== npm test: %s done at %d s\n' "$1" "$(($(date +%s) - start))"; }
jest=$(pwd)/node_modules/jest/bin/jest.js
BROWSER_PARTS=10

# The next browser part (1..BROWSER_PARTS) to run, once each; nothing when none is left. mkdir is
# the lock: it either creates the folder or fails, never both for two lanes.
queue=$(mktemp -d)
echo 1 >"$queue/next"
next_part() {
  until mkdir "$queue/lock" 2>/dev/null; do sleep 0.2; done
  local part
  part=$(cat "$queue/next")
  echo $((part + 1)) >"$queue/next"
  rmdir "$queue/lock"
  [ "$part" -le "$BROWSER_PARTS" ] && echo "$part"
}
# Runs browser parts until none is left; fails when one of them failed. $1: the lane, for the log.
# The lane's parts share one seeded demo (e2e/support/global-setup.ts), made by its first part.
browser_parts() {
  local failed=0 part demo
  demo=$(mktemp -d)
  while part=$(next_part); do
    (cd e2e && PORTAL_E2E_DEMO=$demo node "$jest" --runInBand --randomize --passWithNoTests --shard="$part/$BROWSER_PARTS") || failed=1
    took "browser part $part of $BROWSER_PARTS ($1)"
  done
  rm -rf "$demo"
  return $failed
}

# The builds' exit status, written once they are done: the browser parts need them.
builds=$(mktemp -u)
api_status=$(mktemp)
(
  status=0
  (cd api && node "$jest") || status=1
  took "the API suite"
  while [ ! -e "$builds" ]; do sleep 2; done
  if [ "$(cat "$builds")" = 0 ]; then
    browser_parts "API lane" || status=1
  fi
  echo "$status" >"$api_status"
) &
api_pid=$!

nx=node_modules/.bin/nx
status=0
$nx run-many -t build --projects=shell,admin-app,parent-app,api --output-style=static
echo $? >"$builds.part" && mv "$builds.part" "$builds"
[ "$(cat "$builds")" = 0 ] || status=1
took "the builds"
$nx run-many -t lint typecheck test --exclude=api --output-style=static || status=1
$nx run-many -t lint typecheck --projects=api --output-style=static || status=1
node_modules/.bin/tsx tools/layers.ts --check || status=1
# What a first visit downloads, per role, against its budget (bytes, not time).
[ "$(cat "$builds")" = 0 ] && { node_modules/.bin/tsx bench/bundles.ts --check || status=1; }
took "lint, typecheck, unit and component tests"
if [ "$(cat "$builds")" = 0 ]; then
  browser_parts "other lane" || status=1
fi

wait "$api_pid"
[ "$(cat "$api_status")" = 0 ] || status=1
# Every part ran: a lane that stopped early would leave files untested.
[ "$(cat "$queue/next")" -gt "$BROWSER_PARTS" ] || [ "$(cat "$builds")" != 0 ] || { echo "browser parts left unrun" >&2; status=1; }
rm -rf "$api_status" "$builds" "$queue"
printf '== npm test: %s in %d s\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$(($(date +%s) - start))"
exit $status
