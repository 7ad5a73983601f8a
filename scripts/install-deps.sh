#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, run and test Sheli.
# Idempotent: every step checks first and does nothing when already done.
#   scripts/install-deps.sh toolchain  checks Rust and Node.js (not installed here: one line
#                                    saying which version is needed and how to get it, exit 1)
#   scripts/install-deps.sh system   apt packages (as root, or with sudo)
#   scripts/install-deps.sh ui       npm packages of the web UI
#   scripts/install-deps.sh e2e      tauri-driver (WebDriver bridge for the real window)
#                                    and the npm packages of e2e/ (WebdriverIO)
#   scripts/install-deps.sh bundler  the tauri bundler (npm @tauri-apps/cli) for `make package`
#   scripts/install-deps.sh clients  the real clients the tests check Sheli's files with:
#                                    Python's `anki` and `pyld` in target/clients-venv,
#                                    npm's Apache Annotator in tests/clients/node_modules
set -euo pipefail
cd "$(dirname "$0")/.."

# Why each package: webkit2gtk/xdo/ssl/rsvg are what Tauri 2 links against on
# Linux; webkit2gtk-driver provides WebKitWebDriver for end-to-end tests; xvfb
# and xauth give the tests a display on machines without one; unicode-data
# ships Unihan (only needed to regenerate corpus/data/variants.tsv and the
# character tables in chars/data/); fonts-noto-cjk so that the window and its
# screenshots show the characters; python3 because the CLI tests read
# `sheli search --format csv|tsv` with Python's csv module, a real client.
APT_PACKAGES=(build-essential pkg-config file libwebkit2gtk-4.1-dev libxdo-dev libssl-dev
  librsvg2-dev webkit2gtk-driver xvfb xauth unicode-data fonts-noto-cjk python3 python3-venv)

# The build toolchain, which this script does not install (rustup and Node.js
# come from outside Debian 12, whose rustc 1.63 and nodejs 18 are too old):
# - Rust: the highest rust-version among the crates of Cargo.lock
#   (rusqlite_migration 2.6 asks for 1.95); cargo refuses older compilers.
# - Node.js: what vite 8 (ui/) declares, "^20.19.0 || >=22.12.0".
# scripts/test-packaging.sh checks both against Cargo.lock and ui/package-lock.json.
RUST_MIN=1.95
NODE_RANGE="20.19+ or 22.12+"
node_ok() { # major minor
  [ "$1" -eq 20 ] && [ "$2" -ge 19 ] || { [ "$1" -eq 22 ] && [ "$2" -ge 12 ]; } || [ "$1" -ge 23 ]
}
toolchain() {
  local bad=0 v maj min
  if ! command -v rustc >/dev/null || ! command -v cargo >/dev/null; then
    echo "sheli: Rust $RUST_MIN or newer is needed and rustc/cargo were not found: install rustup from https://rustup.rs (Debian 12's rustc is too old), then run make again" >&2
    bad=1
  else
    v=$(rustc --version | sed -n 's/^rustc \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
    read -r maj min <<<"${v:-0 0}"
    if [ "$maj" -lt "${RUST_MIN%%.*}" ] || { [ "$maj" -eq "${RUST_MIN%%.*}" ] && [ "$min" -lt "${RUST_MIN#*.}" ]; }; then
      echo "sheli: Rust $RUST_MIN or newer is needed, found $(rustc --version): run \`rustup update stable\` (or install rustup from https://rustup.rs; Debian 12's rustc is too old)" >&2
      bad=1
    fi
  fi
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "sheli: Node.js $NODE_RANGE with npm is needed to build the UI and node/npm were not found: install it from https://nodejs.org/en/download (Debian 12's nodejs 18 is too old), then run make again" >&2
    bad=1
  else
    v=$(node --version | sed -n 's/^v\([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
    read -r maj min <<<"${v:-0 0}"
    if ! node_ok "$maj" "$min"; then
      echo "sheli: Node.js $NODE_RANGE is needed to build the UI (vite 8), found $(node --version): install it from https://nodejs.org/en/download (Debian 12's nodejs 18 is too old)" >&2
      bad=1
    fi
  fi
  return $bad
}

system() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing system packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ui() {
  if [ ! -d ui/node_modules ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
    (cd ui && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

e2e() {
  command -v tauri-driver >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/tauri-driver" ] ||
    cargo install tauri-driver --locked --quiet
  if [ ! -d e2e/node_modules ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
    (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# `npm install`, not `npm ci`: the registry serves the CLI's binary for this
# platform but not every platform's optional package, so the lock cannot list
# them all and `npm ci` would refuse it. The version is pinned exactly, and
# the lock is left as it is (--no-package-lock): `make package` leaves the
# tree clean.
bundler() {
  # lintian: `make package` checks the .deb with Debian's own rules.
  if ! command -v lintian >/dev/null; then
    local saved=("${APT_PACKAGES[@]}")
    APT_PACKAGES=(lintian)
    system
    APT_PACKAGES=("${saved[@]}")
  fi
  [ -x src-tauri/bundle/node_modules/.bin/tauri ] ||
    (cd src-tauri/bundle && npm install --no-package-lock --no-audit --no-fund --loglevel=error)
}

# The real clients of src-tauri/tests/integration/real_clients.rs, pinned:
# - Anki's own Python package (its Rust backend, the importer and exporter the
#   app uses): imports Sheli's glossary files and packages, exports notes back;
# - pyld, a JSON-LD processor: expands the Web Annotation export against the
#   W3C context (served from tests/clients/fixtures, never fetched);
# - Apache Annotator (tests/clients/package.json and its lock): resolves every
#   selector of that export, with node.
ANKI_VERSION=26.9.3
PYLD_VERSION=3.3.0
clients() {
  local venv=target/clients-venv
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import anki, pyld, importlib.metadata as m; assert m.version('anki') == '$ANKI_VERSION' and m.version('pyld') == '$PYLD_VERSION'" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "anki==$ANKI_VERSION" "pyld==$PYLD_VERSION"
  fi
  if [ ! -d tests/clients/node_modules ] || [ tests/clients/package-lock.json -nt tests/clients/node_modules/.package-lock.json ]; then
    (cd tests/clients && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

for step in "$@"; do "$step"; done
