#!/usr/bin/env bash
# Writes THIRD-PARTY-NOTICES.md (committed; embedded in the app's About view
# and installed as /usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz): every crate
# compiled into `sheli` and every npm package whose code is in the UI bundle,
# with its version, licence and licence text, and why each other crate of
# Cargo.lock is not in the binary.
#
# Run it after changing a dependency (Cargo.lock or ui/package-lock.json): the
# test `third_party_notices` (src-tauri/src/app/about_commands.rs, part of
# `make test`) fails until you do. Neither CI nor `make test` runs this script:
# it needs the network once (cargo-about, the npm tool, every platform's crate
# manifests) and about two minutes to build cargo-about.
#
# The tools, pinned:
# - cargo-about (Embark Studios; the crates' licences from their own licence
#   files), installed with `cargo install --locked` when missing;
# - license-checker-rseidelsohn (the maintained fork of license-checker; the npm
#   packages' licence files), run through npx. 4.4.2: 5.x needs Node.js 24.
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO_ABOUT_VERSION=0.9.3
LICENSE_CHECKER_VERSION=4.4.2
TARGET=x86_64-unknown-linux-gnu

if [ "$(cargo about --version 2>/dev/null)" != "cargo-about $CARGO_ABOUT_VERSION" ]; then
  cargo install --locked "cargo-about@$CARGO_ABOUT_VERSION" --features cli
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every platform's crates, so that cargo-about and `cargo tree --target all`
# can read their manifests (then offline: cargo-about does not go to GitHub).
cargo fetch --locked --quiet
cargo about generate --format json -c scripts/about.toml -m src-tauri/Cargo.toml \
  --locked --offline --fail -o "$work/crates.json"

tree() { cargo tree --locked --offline --prefix none -f '{p}' "$@"; }
tree -p sheli -e normal --target "$TARGET" > "$work/tree-normal.txt"
tree -p sheli -e normal,build --target "$TARGET" > "$work/tree-build.txt"
tree -p sheli -e normal,build --target all > "$work/tree-platform.txt"
tree --workspace -e normal,build,dev --target all > "$work/tree-workspace.txt"

# The npm packages the bundle holds (a build in memory), then their licences.
(cd ui && node ../scripts/third-party-npm.mjs) > "$work/npm-bundled.txt"
(cd ui && npx --yes "license-checker-rseidelsohn@$LICENSE_CHECKER_VERSION" --json \
  --includePackages "$(paste -sd';' "$work/npm-bundled.txt")") > "$work/npm.json"

python3 scripts/third-party-notices.py "$work" "$CARGO_ABOUT_VERSION" "$LICENSE_CHECKER_VERSION" \
  > "$work/THIRD-PARTY-NOTICES.md"
mv "$work/THIRD-PARTY-NOTICES.md" THIRD-PARTY-NOTICES.md
grep -A3 '^## Packages' THIRD-PARTY-NOTICES.md >/dev/null
echo "THIRD-PARTY-NOTICES.md: $(grep -c '^crate ' THIRD-PARTY-NOTICES.md) crate lines," \
  "$(grep -c '^npm ' THIRD-PARTY-NOTICES.md) npm lines, $(wc -c < THIRD-PARTY-NOTICES.md) bytes"
