#!/usr/bin/env bash
# npm run rehearse: the production stack rehearsed on this machine (docs/deployment.md, "What CI
# checks"). As root: installs Docker and debootstrap if missing, starts dockerd if it is not
# running, builds the stand-in base images (kept for the next run; at most 15 minutes), then runs
# tools/rehearse/rehearse.ts within REHEARSAL_TIMEOUT seconds (default 900). The stack, its
# volumes and the rehearsal's .env are removed whatever happens; a .env of yours is put back.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
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

export PORTAL_DOMAIN=portal.localhost HTTPS_PORT=${HTTPS_PORT:-18443} HTTP_PORT=${HTTP_PORT:-18080}
export PUBLIC_URL="https://$PORTAL_DOMAIN:$HTTPS_PORT"
REHEARSAL_MAIL_DIR=$(mktemp -d)
export REHEARSAL_MAIL_DIR
compose=(docker compose -p class-portal-rehearsal -f docker-compose.yml -f tools/rehearse/compose.rehearsal.yml)

# The rehearsal's .env (compose reads ./.env): what a volunteer writes from compose.env.example.
saved=""
if [ -e .env ]; then saved=$(mktemp) && cp -p .env "$saved"; fi
cleanup() {
  status=$?
  step "tear down"
  "${compose[@]}" down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true
  rm -rf "$REHEARSAL_MAIL_DIR"
  if [ -n "$saved" ]; then mv "$saved" "$root/.env"; else rm -f "$root/.env"; fi
  step "done"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
sed -e "s|^PORTAL_DOMAIN=.*|PORTAL_DOMAIN=$PORTAL_DOMAIN|" \
  -e "s|^PUBLIC_URL=.*|PUBLIC_URL=$PUBLIC_URL|" \
  -e "s|^MARIADB_PASSWORD=.*|MARIADB_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')|" \
  -e "s|^MARIADB_ROOT_PASSWORD=.*|MARIADB_ROOT_PASSWORD=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')|" \
  -e "s|^SMTP_URL=.*|SMTP_URL=smtp://mail:25|" \
  -e "s|^HTTP_PORT=.*|HTTP_PORT=$HTTP_PORT|" \
  -e "s|^HTTPS_PORT=.*|HTTPS_PORT=$HTTPS_PORT|" \
  compose.env.example >.env
# The catcher's e-mails are sent at once, not at the next 5 s poll.
echo "MAIL_POLL_SECONDS=1" >>.env
# A stack a failed run left behind.
"${compose[@]}" down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true

step "checks"
timeout --kill-after=20 "${REHEARSAL_TIMEOUT:-900}" node_modules/.bin/tsx tools/rehearse/rehearse.ts
