#!/usr/bin/env bash
# `make test` (test-scripts): what the release needs that the Rust and UI tests
# do not see, checked in a few seconds without building the package.
#  1. Icons: each icon of tauri.conf.json's bundle.icon goes, in the .deb, to
#     the hicolor folder the Tauri bundler names from the PNG's real size (and
#     "@2" for a file named @2x), so every PNG must be named after its real
#     size, none @2x, and a 64 px one must be there.
#  2. The desktop entry: the template (bundle.linux.deb.desktopTemplate) is
#     Tauri's own with Keywords added.
#  3. The toolchain check of scripts/install-deps.sh: an old or missing rustc
#     or node is one line naming the version needed and how to get it, exit 1;
#     the versions it asks for are those Cargo.lock and ui/package-lock.json ask for.
# (`make package` itself checks the built .deb: scripts/check-deb.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

# 1 and 2: tauri.conf.json, the icons and the template.
python3 - <<'EOF' || fails=$((fails + 1))
import json, re, struct, sys
from pathlib import Path

conf = json.loads(Path("src-tauri/tauri.conf.json").read_text())
bundle = conf["bundle"]
bad = []
sizes = set()
for icon in bundle["icon"]:
    path = Path("src-tauri") / icon
    if path.suffix != ".png":
        continue
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{icon} is not a PNG"
    w, h = struct.unpack(">II", head[16:24])
    sizes.add(w)
    folder = f"{w}x{h}" + ("@2" if "@2x" in path.name else "")
    if "@2x" in path.name:
        bad.append(f"{icon} would go to hicolor/{folder}/apps, a folder no icon theme reads: name it {w}x{h}.png")
    m = re.fullmatch(r"(\d+)x(\d+)\.png", path.name)
    if m and (int(m[1]), int(m[2])) != (w, h):
        bad.append(f"{icon} is {w}x{h}: its name says otherwise")
    if w != h:
        bad.append(f"{icon} is not square ({w}x{h})")
for want in (32, 64, 128, 256, 512):
    if want not in sizes:
        bad.append(f"no {want}x{want} PNG in bundle.icon")
# Every PNG of the icons folder is in the list (a drawn size left out is a missing size).
for png in sorted(Path("src-tauri/icons").glob("*.png")):
    if f"icons/{png.name}" not in bundle["icon"]:
        bad.append(f"src-tauri/icons/{png.name} is not in bundle.icon")

deb = bundle["linux"]["deb"]
template = deb.get("desktopTemplate")
if not template:
    bad.append("bundle.linux.deb.desktopTemplate is not set: Tauri's entry has no Keywords")
else:
    text = Path("src-tauri", template).read_text()
    body = re.sub(r"\{\{!--.*?--~?\}\}\n?", "", text, flags=re.S)
    lines = body.splitlines()
    keywords = [l for l in lines if l.startswith("Keywords=")]
    if len(keywords) != 1:
        bad.append(f"{template}: one Keywords= line wanted, found {len(keywords)}")
    else:
        words = keywords[0][len("Keywords="):]
        if not words.endswith(";") or not {"儀禮", "archery"} <= set(words.split(";")):
            bad.append(f"{template}: Keywords should end with ';' and name 儀禮 and archery: {words}")
    # Tauri's own template (tauri-bundler 2, freedesktop/main.desktop), line for line.
    tauri = """[Desktop Entry]
Categories={{categories}}
{{#if comment}}
Comment={{comment}}
{{/if}}
Exec={{exec}}
StartupWMClass={{exec}}
Icon={{icon}}
Name={{name}}
Terminal=false
Type=Application
{{#if mime_type}}
MimeType={{mime_type}}
{{/if}}""".splitlines()
    rest = [l for l in lines if not l.startswith("Keywords=")]
    if rest != tauri:
        bad.append(f"{template} differs from Tauri's template beyond Keywords: {rest}")

for b in bad:
    print("FAIL:", b, file=sys.stderr)
print("ok: icons named by their size (32, 64, 128, 256, 512), desktop template with Keywords")
sys.exit(1 if bad else 0)
EOF

# 3: the toolchain check, with fake rustc/node in front of the real ones.
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
toolchain_with() { # rustc-version|none node-version|none → the check's output, then "rc=N"
  # A PATH of the fakes and only the tools the check runs, so that "none" is
  # really missing.
  rm -rf "$fake/bin"
  mkdir -p "$fake/bin"
  local t
  for t in bash dirname sed cargo npm; do ln -s "$(command -v "$t")" "$fake/bin/$t"; done
  [ "$1" = none ] || printf '#!/bin/sh\necho "rustc %s (0000000 2020-01-01)"\n' "$1" > "$fake/bin/rustc"
  [ "$2" = none ] || printf '#!/bin/sh\necho "v%s"\n' "$2" > "$fake/bin/node"
  chmod +x "$fake/bin/"*
  local out rc=0
  out=$(PATH="$fake/bin" scripts/install-deps.sh toolchain 2>&1) || rc=$?
  echo "$out"
  echo "rc=$rc"
}
expect() { # description rustc node expected-rc pattern...
  local what=$1 rustc=$2 node=$3 want=$4
  shift 4
  local out
  out=$(toolchain_with "$rustc" "$node")
  local rc=${out##*rc=}
  out=${out%rc=*}
  if [ "$rc" != "$want" ]; then
    fail "toolchain check, $what: exit $rc, wanted $want; it said: $out"
    return
  fi
  for p in "$@"; do
    if ! grep -qF -- "$p" <<<"$out"; then
      fail "toolchain check, $what: no \"$p\" in: $out"
      return
    fi
  done
  ok "toolchain check, $what"
}
expect "old rustc" 1.63.0 20.19.0 1 "Rust 1.95 or newer is needed, found rustc 1.63.0" "rustup update stable"
expect "rustc one minor short" 1.94.1 22.12.0 1 "Rust 1.95 or newer is needed"
expect "Debian 12's node" 1.95.0 18.19.0 1 "Node.js 20.19+ or 22.12+ is needed" "found v18.19.0" "https://nodejs.org"
expect "node 20 before 20.19" 1.95.0 20.18.1 1 "found v20.18.1"
expect "node 22 before 22.12" 1.95.0 22.11.0 1 "found v22.11.0"
expect "both old" 1.80.0 18.0.0 1 "found rustc 1.80.0" "found v18.0.0"
expect "no rustc" none 20.19.0 1 "rustc/cargo were not found" "https://rustup.rs"
expect "no node" 1.95.0 none 1 "node/npm were not found"
expect "the versions needed" 1.95.0 20.19.0 0
expect "newer ones" 2.0.0 24.1.0 0
expect "node 22.12" 1.96.3 22.12.0 0
# Two problems are two lines, on stderr; nothing goes to stdout.
toolchain_with 1.63.0 18.19.0 >/dev/null
if out=$(PATH="$fake/bin" scripts/install-deps.sh toolchain 2>/dev/null); [ -n "$out" ]; then
  fail "toolchain check printed to stdout: $out"
fi
n=$(toolchain_with 1.63.0 18.19.0 | grep -c .)
[ "$n" = 3 ] || fail "toolchain check: two problems should be two lines (and rc=), got $n lines"

# The versions it asks for are those the lock files ask for.
script_rust=$(sed -n 's/^RUST_MIN=//p' scripts/install-deps.sh)
# Offline first (after `make test`'s builds the sources are there); a crate
# cargo never had to build may lack its manifest, then cargo fetches it.
metadata() { cargo metadata --format-version 1 --locked --filter-platform x86_64-unknown-linux-gnu "$@" 2>/dev/null; }
lock_rust=$({ metadata --offline || metadata; } |
  python3 -c 'import json, sys
m = json.load(sys.stdin)
v = max(tuple(int(x) for x in p["rust_version"].split(".")) for p in m["packages"] if p.get("rust_version"))
print(".".join(map(str, v[:2])))' || echo unknown)
if [ "$lock_rust" = unknown ]; then
  fail "cargo metadata failed: the crates' rust-version could not be read"
elif [ "$script_rust" != "$lock_rust" ]; then
  fail "scripts/install-deps.sh asks for Rust $script_rust, the crates of Cargo.lock for $lock_rust: set RUST_MIN (and README's 'Install the package')"
else
  ok "Rust $script_rust, the highest rust-version in Cargo.lock"
fi
vite_engines=$(python3 -c 'import json; print(json.load(open("ui/package-lock.json"))["packages"]["node_modules/vite"]["engines"]["node"])')
if [ "$vite_engines" != "^20.19.0 || >=22.12.0" ]; then
  fail "vite now asks for Node.js $vite_engines: update node_ok and NODE_RANGE in scripts/install-deps.sh (and the README)"
else
  ok "Node.js range as vite declares it ($vite_engines)"
fi
grep -q "Rust $script_rust or newer" README.md || fail "README.md does not say \"Rust $script_rust or newer\""
grep -q "Node.js 20.19" README.md || fail "README.md does not say which Node.js (20.19+ or 22.12+)"

if [ "$fails" -ne 0 ]; then
  echo "scripts/test-packaging.sh: $fails failed" >&2
  exit 1
fi
echo "scripts/test-packaging.sh: all passed"
