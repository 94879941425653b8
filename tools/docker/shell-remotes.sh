#!/bin/sh
# Writes the shell's remotes.json from the environment when the container starts.
set -eu
printf '{"admin":"%s","parent":"%s"}\n' "$ADMIN_REMOTE_URL" "$PARENT_REMOTE_URL" > /usr/share/nginx/html/remotes.json
