#!/usr/bin/env bash
# `make package`, after lintian: what the built .deb must hold that lintian
# does not ask for (issue 14): an icon in the hicolor folder of each size
# (32, 64, 128, 256, 512) and none in a folder named otherwise (Tauri's
# bundler once put a 256 px @2x file in 256x256@2), a desktop entry with
# Keywords, the third-party notices next to the copyright file.
set -euo pipefail
deb=${1:-$(ls -1 "$(dirname "$0")"/../target/release/bundle/deb/*.deb | head -1)}
listing=$(dpkg -c "$deb")
fails=0
fail() { echo "check-deb: FAIL: $*" >&2; fails=$((fails + 1)); }
for s in 32 64 128 256 512; do
  grep -q " \./usr/share/icons/hicolor/${s}x${s}/apps/sheli\.png$" <<<"$listing" ||
    grep -q " usr/share/icons/hicolor/${s}x${s}/apps/sheli\.png$" <<<"$listing" ||
    fail "no ${s}x${s} icon (usr/share/icons/hicolor/${s}x${s}/apps/sheli.png)"
done
odd=$(grep -oE 'usr/share/icons/hicolor/[^/]+/' <<<"$listing" | sort -u | grep -vE '/hicolor/(32|64|128|256|512)x\1/$' || true)
[ -z "$odd" ] || fail "icon folders with no standard name: $odd"
grep -q 'usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz$' <<<"$listing" || fail "no /usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
desktop=$(ls "$tmp"/usr/share/applications/*.desktop)
grep -q '^Keywords=.*儀禮.*;$' "$desktop" || fail "the desktop entry has no Keywords line naming 儀禮"
grep -q '^Exec=sheli$' "$desktop" || fail "the desktop entry's Exec is not sheli"
cmp -s <(gzip -dc "$tmp/usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz") "$(dirname "$0")/../THIRD-PARTY-NOTICES.md" ||
  fail "the packaged notices differ from THIRD-PARTY-NOTICES.md"
[ "$fails" -eq 0 ] || exit 1
echo "check-deb: icons 32–512 px in their own folders, desktop entry with Keywords, third-party notices installed"
