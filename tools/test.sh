#!/usr/bin/env bash
# npm test: the whole suite in two lanes, so both cores work until the end.
# - The API lane starts at once on the queue below.
# - The other lane: the builds, then lint, typecheck, unit and component tests (Nx, two tasks at a
#   time), the layers and the first visit's bytes per role; then the queue.
# The queue: the API suite in API_GROUPS groups of files (test/grouped.e2e-group.ts: a group loads
# the app's modules once, not once a file), then the browser suite in BROWSER_PARTS parts (jest's
# `--shard`). Each lane, once free, takes the next task not yet taken, so neither waits idle for
# the other however fast this machine is. Prints each task's time; fails when any task fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=${NX_DAEMON:-false} NX_NO_CLOUD=${NX_NO_CLOUD:-true}
start=$(date +%s)
took() { printf '\n== npm test: %s done at %d s\n' "$1" "$(($(date +%s) - start))"; }
jest=$(pwd)/node_modules/jest/bin/jest.js
API_GROUPS=8
BROWSER_PARTS=14
TASKS=$((API_GROUPS + BROWSER_PARTS))

# The next task (1..TASKS) to run, once each; nothing when none is left. mkdir is the lock: it
# either creates the folder or fails, never both for two lanes.
queue=$(mktemp -d)
echo 1 >"$queue/next"
next_task() {
  until mkdir "$queue/lock" 2>/dev/null; do sleep 0.2; done
  local task
  task=$(cat "$queue/next")
  echo $((task + 1)) >"$queue/next"
  rmdir "$queue/lock"
  [ "$task" -le "$TASKS" ] && echo "$task"
}
# Runs tasks until none is left; fails when one of them failed. $1: the lane, for the log.
# The lane's browser parts share one seeded demo (e2e/support/global-setup.ts), made by its first.
run_tasks() {
  local failed=0 task part demo
  demo=$(mktemp -d)
  while task=$(next_task); do
    if [ "$task" -le "$API_GROUPS" ]; then
      (cd api && API_GROUP="$task/$API_GROUPS" node "$jest" -c jest.grouped.config.cjs) || failed=1
      took "API group $task of $API_GROUPS ($1)"
      continue
    fi
    part=$((task - API_GROUPS))
    while [ ! -e "$builds" ]; do sleep 2; done
    # Without the builds there is nothing to click through (the builds' failure is reported).
    [ "$(cat "$builds")" = 0 ] || { failed=1; continue; }
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
  run_tasks "API lane" || status=1
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
run_tasks "other lane" || status=1

wait "$api_pid"
[ "$(cat "$api_status")" = 0 ] || status=1
# Every task ran: a lane that stopped early would leave files untested.
[ "$(cat "$queue/next")" -gt "$TASKS" ] || { echo "tasks left unrun" >&2; status=1; }
rm -rf "$api_status" "$builds" "$queue"
printf '== npm test: %s in %d s\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$(($(date +%s) - start))"
exit $status
