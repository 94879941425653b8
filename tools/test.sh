#!/usr/bin/env bash
# npm test: the whole suite in two lanes, so both cores work until the end.
# - The API lane: the API suite (one file at a time, on SQLite and on MariaDB when MYSQL_URL is
#   set) from the start, but for the files of API_LATE; then the browser files of `--shard=2/2`
#   (e2e/support/lanes.cjs).
# - The other lane: the builds, then lint, typecheck, unit and component tests (Nx, two tasks at a
#   time), the layers and the first visit's bytes per role; then the rest of the browser suite
#   (`--shard=1/2`); then the API files of API_LATE.
# Move a long file between the two when one lane ends much earlier (each part prints its time).
# Prints each part's time; fails when any part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=${NX_DAEMON:-false} NX_NO_CLOUD=${NX_NO_CLOUD:-true}
start=$(date +%s)
took() { printf '\n== npm test: %s done at %d s\n' "$1" "$(($(date +%s) - start))"; }
jest=$(pwd)/node_modules/jest/bin/jest.js
browsers() { (cd e2e && node "$jest" --runInBand --randomize --passWithNoTests --shard="$1"); }
# Measured on a clean clone (3 Dec): with the authorization matrix here, the first lane ended at
# 1,640 s and the API suite at 1,723 s; the books' random sequences (58 s) join it.
API_LATE='test/(authorization-matrix|books-invariants)\.e2e-spec\.ts$'

# The builds' exit status, written once they are done: the API lane's browser files need them.
builds=$(mktemp -u)
api_status=$(mktemp)
(
  status=0
  (cd api && node "$jest" --testPathIgnorePatterns "$API_LATE") || status=1
  took "the API suite"
  while [ ! -e "$builds" ]; do sleep 2; done
  if [ "$(cat "$builds")" = 0 ]; then
    browsers 2/2 || status=1
    took "the browser suite's second half (API lane)"
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
  browsers 1/2 || status=1
  took "the browser suite's first half"
fi
(cd api && node "$jest" --testPathPatterns "$API_LATE") || status=1
took "the API suite's late files"

wait "$api_pid"
[ "$(cat "$api_status")" = 0 ] || status=1
rm -f "$api_status" "$builds"
printf '== npm test: %s in %d s\n' "$([ $status = 0 ] && echo passed || echo FAILED)" "$(($(date +%s) - start))"
exit $status
