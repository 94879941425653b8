#!/bin/sh
# Writes where the remotes live, from the environment, when the container starts: remotes.json,
# and the same in the shell's page (<meta name="portal-remotes">), so the shell need not ask.
set -eu
html=/srv
printf '{"admin":"%s","parent":"%s"}\n' "$ADMIN_REMOTE_URL" "$PARENT_REMOTE_URL" > "$html/remotes.json"
meta=$(printf '<meta name="portal-remotes" content="{&quot;admin&quot;:&quot;%s&quot;,&quot;parent&quot;:&quot;%s&quot;}">' "$ADMIN_REMOTE_URL" "$PARENT_REMOTE_URL")
# Into each page as built (kept aside at the first start), so a restart with other URLs rewrites it:
# the shell's page and the prerendered public pages.
escaped=$(printf '%s' "$meta" | sed 's/[&#\\]/\\&/g')
for page in "$html/index.html" "$html"/pages/*.html; do
  [ -f "$page" ] || continue
  case "$page" in *.build.html) continue ;; esac
  built="${page%.html}.build.html"
  [ -f "$built" ] || cp "$page" "$built"
  sed "s#<head>#<head>$escaped#" "$built" > "$page"
  # The precompressed copies would still be the page without it.
  rm -f "$page.gz" "$page.br"
done
