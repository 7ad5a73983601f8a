#!/usr/bin/env bash
# End-to-end tests: the real app binary, driven through tauri-driver and
# WebKitWebDriver by WebdriverIO, under Xvfb when there is no display.
#
#   e2e/run.sh                 build the UI and the app (incremental), run every spec
#   SHELI_E2E_NO_BUILD=1 e2e/run.sh   reuse the binary already built
#   e2e/run.sh --spec specs/search-cards.e2e.js   one spec (arguments go to wdio)
#   SHELI_E2E_PORT=4544 e2e/run.sh    another port for tauri-driver (and the next for WebKitWebDriver)
#   SHELI_E2E_SHOTS=DIR e2e/run.sh    screenshots elsewhere than test-output/e2e/
#
# Screenshots of every step go to test-output/e2e/. The app gets a fresh,
# temporary SHELI_DATA_DIR, so the tests never see (or change) real settings.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

target_dir=${CARGO_TARGET_DIR:-$root/target}
app=$target_dir/debug/sheli
shots=${SHELI_E2E_SHOTS:-$root/test-output/e2e}

if [ -z "${SHELI_E2E_NO_BUILD:-}" ]; then
  (cd ui && npm run build --silent)
  # The debug build: the same dependencies as `cargo test`, so nothing is
  # compiled twice. The `custom-protocol` feature (on by default) embeds ui/dist.
  cargo build -p sheli --locked
fi
[ -x "$app" ] || { echo "e2e: no app binary at $app" >&2; exit 1; }
[ "$app" -nt ui/dist/index.html ] ||
  { echo "e2e: $app is older than ui/dist: it embeds a stale UI; build it again" >&2; exit 1; }
grep -q "interface was not built" ui/dist/index.html 2>/dev/null &&
  { echo "e2e: ui/dist is the placeholder; run make ui" >&2; exit 1; }

[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)

command -v WebKitWebDriver >/dev/null || { echo "e2e: WebKitWebDriver missing (apt-get install webkit2gtk-driver)" >&2; exit 1; }

data_dir=$(mktemp -d -t sheli-e2e-XXXXXX)
export_dir=$(mktemp -d -t sheli-e2e-exports-XXXXXX)
trap 'rm -rf "$data_dir" "$export_dir"' EXIT
rm -rf "$shots"
mkdir -p "$shots"

# Exports go to SHELI_EXPORT_DIR (the user's Downloads folder otherwise).
export SHELI_APP=$app SHELI_DATA_DIR=$data_dir SHELI_SHOTS=$shots SHELI_EXPORT_DIR=$export_dir
# Software rendering: Xvfb has no GPU, and screenshots must not come out blank.
export WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1
export NO_AT_BRIDGE=1
# The interface's language at the first start is the system's (the app reads
# LANGUAGE first, as gettext does): English unless a run asks for another
# (make test also runs the locale spec with SHELI_E2E_LANGUAGE=zh_TW).
export LANGUAGE=${SHELI_E2E_LANGUAGE:-en_US}

# Nothing of the app may land outside its data folder (issue 14): the run
# gets a fresh HOME, and afterwards that HOME must be empty but for what the
# test tools themselves keep there (npm's cache, set aside below). The app
# sends the web engine's data and the caches of its libraries into
# SHELI_DATA_DIR (src-tauri/src/app/mod.rs).
real_home=$HOME
export TAURI_DRIVER=${TAURI_DRIVER:-$(command -v tauri-driver || echo "$real_home/.cargo/bin/tauri-driver")}
export npm_config_cache=${npm_config_cache:-$real_home/.npm}
home=$(mktemp -d -t sheli-e2e-home-XXXXXX)
# dconf (through WebKitWebDriver's GSettings) keeps its session file in the
# runtime folder, or in ~/.cache without one: give the session its own, as a
# desktop login does.
runtime=$(mktemp -d -t sheli-e2e-runtime-XXXXXX)
trap 'rm -rf "$data_dir" "$export_dir" "$home" "$runtime"' EXIT
export HOME=$home XDG_RUNTIME_DIR=$runtime
# A spec holds the answer to a query by listing it in this file (debug
# builds only: src-tauri/src/app/e2e_hold.rs).
export SHELI_E2E_HOLD_FILE=$runtime/search-hold

wdio=(npx --no-install wdio run wdio.conf.js "$@")
cd e2e
if [ -n "${DISPLAY:-}" ] && [ -z "${SHELI_E2E_XVFB:-}" ]; then
  "${wdio[@]}"
else
  xvfb-run -a -s "-screen 0 1440x900x24" "${wdio[@]}"
fi
cd "$root"
echo "e2e: screenshots in ${shots#"$root"/}/"
outside=$(find "$home" -mindepth 1 -type f 2>/dev/null | sed "s|^$home|~|" | head -20)
if [ -n "$outside" ]; then
  echo "e2e: the app wrote outside its data folder (SHELI_DATA_DIR), under the session's HOME:" >&2
  echo "$outside" >&2
  exit 1
fi
echo "e2e: nothing was written outside the data folder"
