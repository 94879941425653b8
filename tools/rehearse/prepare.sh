#!/usr/bin/env bash
# The rehearsal's machine (rehearse.sh runs it; CI starts it early, beside the tests): as root,
# installs Docker and debootstrap if missing, starts dockerd if it is not running, builds the
# stand-in base images (kept for the next run; at most 15 minutes) and installs the Compose v2
# plugin. Does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$(date +%s)
step() { printf '== %s (%s s)\n' "$1" "$(($(date +%s) - start))"; }

[ "$(id -u)" = 0 ] || { echo "The rehearsal installs and starts Docker: run it as root." >&2; exit 1; }
CACHE=${REHEARSAL_CACHE:-/var/cache/portal-rehearsal}
export REHEARSAL_CACHE=$CACHE

step "container engine"
if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' 2>/dev/null | head -n 1)" ] || apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  # No iptables and no default bridge on this machine: the project's own network works without.
  setsid dockerd --iptables=false --bridge=none >/var/log/portal-rehearsal-dockerd.log 2>&1 </dev/null &
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start: /var/log/portal-rehearsal-dockerd.log" >&2; exit 1; }
fi

step "stand-in base images"
timeout --kill-after=20 900 bash tools/rehearse/standins.sh

step "compose plugin"
if ! docker compose version >/dev/null 2>&1; then
  # Debian 13's docker-compose package (Compose v2), taken from a copy of the cached Debian root.
  work=$(mktemp -d)
  if [ -f "$CACHE/trixie-root/.complete" ]; then cp -a "$CACHE/trixie-root" "$work/root"
  else debootstrap --variant=minbase trixie "$work/root" http://deb.debian.org/debian >/dev/null; fi
  cp /etc/resolv.conf "$work/root/etc/resolv.conf"
  timeout 300 chroot "$work/root" apt-get update -qq
  timeout 300 chroot "$work/root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
  mkdir -p /usr/local/lib/docker/cli-plugins
  cp "$work/root/usr/libexec/docker/cli-plugins/docker-compose" /usr/local/lib/docker/cli-plugins/
  rm -rf "$work"
fi
docker compose version
