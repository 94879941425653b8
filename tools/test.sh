#!/usr/bin/env bash
# npm test: the whole suite in two lanes, so neither long part waits for the other. The API suite
# (one file at a time, on SQLite and on MariaDB when MYSQL_URL is set) starts at once in its own
# jest; Nx runs everything else (lint, typecheck, unit and component tests, the builds and the
# browser suite, two tasks at a time). Prints each lane's time; fails when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=${NX_DAEMON:-false} NX_NO_CLOUD=${NX_NO_CLOUD:-true}
start=$(date +%s)

api_status=$(mktemp)
(
  cd api && node ../node_modules/jest/bin/jest.js
  echo $? >"$api_status"
  printf '\n== npm test: the API suite took %d s\n' "$(($(date +%s) - start))"
) &
api_pid=$!

nx=node_modules/.bin/nx
status=0
# Every project but the API's tests; the API's own lint and typecheck after.
$nx run-many -t lint typecheck test e2e --exclude=api --output-style=static || status=1
$nx run-many -t lint typecheck --projects=api --output-style=static || status=1
printf '\n== npm test: lint, typecheck, unit, builds and browser suite took %d s\n' "$(($(date +%s) - start))"

wait "$api_pid"
[ "$(cat "$api_status")" = 0 ] || status=1
rm -f "$api_status"
printf '== npm test: %s in %d s\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$(($(date +%s) - start))"
exit $status
