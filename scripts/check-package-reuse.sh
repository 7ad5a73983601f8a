#!/usr/bin/env bash
# Issue 14, point 6, checked by hand (a few minutes; not part of `make test`,
# which builds no release): `make package` reuses an up-to-date release build
# and leaves the tree as it found it.
#  1. `make package` once, so that the release build, ui/dist and the
#     bundler are current;
#  2. `make package` again: it must compile nothing ("Compiling" in its
#     output fails the check, with cargo's reason for it from
#     CARGO_LOG=cargo::core::compiler::fingerprint=info);
#  3. `git status --porcelain` is the same before and after.
# In a work tree shared with others, someone's `npm run build` rewriting
# ui/dist between the two runs makes cargo rebuild the app, rightly (the
# reason printed then says "changed .../ui/dist"), and their edits show in
# step 3: run it in a work tree of your own (git worktree add).
set -euo pipefail
cd "$(dirname "$0")/.."
before=$(git status --porcelain)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "check-package-reuse: first make package"
make package >"$log" 2>&1 || { tail -20 "$log"; exit 1; }
echo "check-package-reuse: second make package"
start=$(date +%s)
CARGO_LOG=cargo::core::compiler::fingerprint=info make package >"$log" 2>&1 || { tail -20 "$log"; exit 1; }
took=$(( $(date +%s) - start ))
fails=0
if grep -q '^ *Compiling ' "$log"; then
  echo "check-package-reuse: FAIL: the second make package compiled:" >&2
  grep -E '^ *Compiling |stale: |dirty: ' "$log" | cut -c1-300 >&2
  fails=1
fi
after=$(git status --porcelain)
if [ "$before" != "$after" ]; then
  echo "check-package-reuse: FAIL: make package changed the tree:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  fails=1
fi
[ "$fails" -eq 0 ] || exit 1
echo "check-package-reuse: the second make package compiled nothing ($took s) and the tree is as it was"
