#!/usr/bin/env bash
# `make ui`: builds the web UI into ui/dist, writing only the files whose bytes
# changed. The app embeds ui/dist, and tauri-build tells cargo to rebuild the
# app when anything under it is newer than the last build; vite's own build
# empties and rewrites the folder every time, so `make run` after `make
# package`, or `make package` twice, compiled sheli again for nothing.
# Here vite builds into a scratch folder and ui/dist is brought in line with
# it: changed or new files copied, vanished ones removed, the rest untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
(cd ui && npm run --silent build -- --outDir "$stage" --emptyOutDir --logLevel warn)
mkdir -p ui/dist
changed=0
while IFS= read -r -d '' f; do
  if ! cmp -s "$stage/$f" "ui/dist/$f"; then
    mkdir -p "ui/dist/$(dirname "$f")"
    cp "$stage/$f" "ui/dist/$f"
    changed=$((changed + 1))
  fi
done < <(cd "$stage" && find . -type f -print0)
while IFS= read -r -d '' f; do
  [ -e "$stage/$f" ] || { rm -f "ui/dist/$f"; changed=$((changed + 1)); }
done < <(cd ui/dist && find . -type f -print0)
find ui/dist -mindepth 1 -type d -empty -delete
echo "ui/dist: $changed file(s) changed"
