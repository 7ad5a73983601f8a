#!/usr/bin/env bash
# make package, before bundling: the manual page, the shell completions and
# the package's changelog,
# printed by the release `sheli` from its own CLI definition (src-tauri/src/cli/docs.rs),
# into src-tauri/gen/docs/ (ignored by git), where tauri.conf.json's
# bundle.linux.deb.files picks them up. The man page is gzipped without a
# timestamp (-n) so that the package is reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p sheli   # as make run and make package: a no-op after them
out=src-tauri/gen/docs
mkdir -p "$out"
./target/release/sheli manpage | gzip -9n > "$out/sheli.1.gz"
./target/release/sheli completions bash > "$out/sheli.bash"
./target/release/sheli completions zsh > "$out/_sheli"
./target/release/sheli completions fish > "$out/sheli.fish"
# Debian's changelog of the package (native: /usr/share/doc/sheli/changelog.gz).
gzip -9n < src-tauri/bundle/debian/changelog > "$out/changelog.gz"
# The third-party notices (scripts/third-party-notices.sh), compressed as
# Debian wants a document this size: /usr/share/doc/sheli/THIRD-PARTY-NOTICES.md.gz.
gzip -9n < THIRD-PARTY-NOTICES.md > "$out/THIRD-PARTY-NOTICES.md.gz"
ls -l "$out"
