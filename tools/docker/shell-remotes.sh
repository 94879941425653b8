#!/bin/sh
# Writes where the remotes live, from the environment, when the container starts: remotes.json,
# and the same in the shell's page (<meta name="portal-remotes">), so the shell need not ask.
set -eu
html=/usr/share/nginx/html
printf '{"admin":"%s","parent":"%s"}\n' "$ADMIN_REMOTE_URL" "$PARENT_REMOTE_URL" > "$html/remotes.json"
meta=$(printf '<meta name="portal-remotes" content="{&quot;admin&quot;:&quot;%s&quot;,&quot;parent&quot;:&quot;%s&quot;}">' "$ADMIN_REMOTE_URL" "$PARENT_REMOTE_URL")
# From the page as built (kept aside at the first start), so a restart with other URLs rewrites it.
[ -f "$html/index.build.html" ] || cp "$html/index.html" "$html/index.build.html"
escaped=$(printf '%s' "$meta" | sed 's/[&#\\]/\\&/g')
sed "s#<head>#<head>$escaped#" "$html/index.build.html" > "$html/index.html"
# The precompressed copies would still be the page without it.
rm -f "$html/index.html.gz" "$html/index.html.br"
