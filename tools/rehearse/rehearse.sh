#!/usr/bin/env bash
# npm run rehearse: the production stack rehearsed on this machine (docs/deployment.md, "What CI
# checks"). As root: readies the container engine and the stand-in images (prepare.sh; kept for
# the next run), then runs tools/rehearse/rehearse.ts within REHEARSAL_TIMEOUT seconds (default
# 900). The stack, its volumes and the rehearsal's .env are removed whatever happens; a .env of
# yours is put back.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
start=$(date +%s)
step() { printf '== %s (%s s)\n' "$1" "$(($(date +%s) - start))"; }

bash tools/rehearse/prepare.sh

export PORTAL_DOMAIN=portal.localhost HTTPS_PORT=${HTTPS_PORT:-18443} HTTP_PORT=${HTTP_PORT:-18080}
export PUBLIC_URL="https://$PORTAL_DOMAIN:$HTTPS_PORT"
REHEARSAL_MAIL_DIR=$(mktemp -d)
export REHEARSAL_MAIL_DIR
compose=(docker compose -p class-portal-rehearsal -f docker-compose.yml -f tools/rehearse/compose.rehearsal.yml)

# The rehearsal's .env (compose reads ./.env): what a volunteer writes from compose.env.example.
saved=""
if [ -e .env ]; then saved=$(mktemp) && cp -p .env "$saved"; fi
# The update check changes a parent-app source file for one build; it is put back whatever happens.
app_source=parent-app/src/App.tsx
app_saved=$(mktemp) && cp -p "$app_source" "$app_saved"
cleanup() {
  status=$?
  step "tear down"
  "${compose[@]}" down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true
  rm -rf "$REHEARSAL_MAIL_DIR"
  if [ -n "$saved" ]; then mv "$saved" "$root/.env"; else rm -f "$root/.env"; fi
  cmp -s "$app_saved" "$root/$app_source" || cp -p "$app_saved" "$root/$app_source"
  rm -f "$app_saved"
  step "done"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# Passwords as a volunteer's generator makes them, with / + = in every one.
password() { printf 'a/b+%s' "$(head -c 17 /dev/urandom | base64)"; }
sed -e "s|^PORTAL_DOMAIN=.*|PORTAL_DOMAIN=$PORTAL_DOMAIN|" \
  -e "s|^PUBLIC_URL=.*|PUBLIC_URL=$PUBLIC_URL|" \
  -e "s|^MARIADB_PASSWORD=.*|MARIADB_PASSWORD=$(password)|" \
  -e "s|^MARIADB_ROOT_PASSWORD=.*|MARIADB_ROOT_PASSWORD=$(password)|" \
  -e "s|^SMTP_URL=.*|SMTP_URL=smtp://mail:25|" \
  -e "s|^HTTP_PORT=.*|HTTP_PORT=$HTTP_PORT|" \
  -e "s|^HTTPS_PORT=.*|HTTPS_PORT=$HTTPS_PORT|" \
  compose.env.example >.env
# The catcher's e-mails are sent at once, not at the next 5 s poll.
echo "MAIL_POLL_SECONDS=1" >>.env
# A failed backup is e-mailed within seconds, not at the API's next 5-minute look.
echo "BACKUP_CHECK_SECONDS=2" >>.env
# A stack a failed run left behind.
"${compose[@]}" down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true

step "checks"
timeout --kill-after=20 "${REHEARSAL_TIMEOUT:-900}" node_modules/.bin/tsx tools/rehearse/rehearse.ts
