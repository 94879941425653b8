#!/bin/sh
# A remote's files, put in place when its container starts: this build's (kept in the image at
# /build) are copied into /srv, a volume that outlives the container, and the files of the two
# builds before it stay there. A page loaded before a redeploy still finds its hashed chunks
# (remoteEntry.js is revalidated on every load, so the next page load takes the new build).
set -eu
builds=/srv/.builds
mkdir -p "$builds"
# A build is named by its list of files, whose names carry their content's hash.
list=$(cd /build && find . -type f | sort)
id=$(printf '%s\n' "$list" | md5sum | cut -c1-16)
printf '%s\n' "$list" > "$builds/$id.list"
touch "$builds/$id.list"
cp -a /build/. /srv/
# Kept: the files of this build and of the two before it; the rest is deleted.
ls -t "$builds"/*.list | tail -n +4 | while read -r old; do rm -f "$old"; done
cat "$builds"/*.list | sort -u > /tmp/kept
(cd /srv && find . -type f ! -path './.builds/*' | grep -vxFf /tmp/kept | while read -r file; do rm -f "$file"; done)
