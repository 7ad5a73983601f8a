#!/usr/bin/env bash
# make bench, the app's part: start-up (launch → window interactive, the index
# already built) and keystroke → results (the `search` command, and in the real
# window through WebDriver), on the release build and the built-in corpus.
# Merges its figures into bench/results.json under "app" and replaces only its
# own section of bench/RESULTS.md (src-tauri/examples/app_feel.rs).
#
#   scripts/bench-app.sh              everything (needs Xvfb, WebKitWebDriver, tauri-driver for the window parts)
#   SHELI_BENCH_RUNS=5 scripts/bench-app.sh    fewer launches
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=${SHELI_BENCH_RUNS:-9}

# The UI is embedded in the binary: build it if it is missing or the placeholder.
if [ ! -f ui/dist/index.html ] || grep -q "interface was not built" ui/dist/index.html; then
  (cd ui && npm run build --silent)
fi
cargo build --release --locked -p sheli --bin sheli --example app_feel
app=$root/target/release/sheli

work=$(mktemp -d -t sheli-app-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
data=$work/data
mkdir -p "$data"
# The index, built once by the CLI in the library the app will open.
"$app" search 射 --limit 1 >/dev/null 2>&1 || "$app" search 射 >/dev/null

export WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 NO_AT_BRIDGE=1
with_display() {
  if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1440x900x24" "$@"; fi
}

# Keystroke → results in the window, through WebDriver (optional).
ui_json=$work/ui-keystroke.json
if command -v WebKitWebDriver >/dev/null && [ -d e2e/node_modules ] && command -v xvfb-run >/dev/null; then
  echo "bench-app: keystroke → results in the window (WebDriver)…" >&2
  (
    cd e2e
    SHELI_APP=$app SHELI_DATA_DIR=$data SHELI_SHOTS=$work/shots SHELI_BENCH_OUT=$ui_json \
      SHELI_E2E_PORT=${SHELI_E2E_PORT:-4644} \
      with_display npx --no-install wdio run wdio.conf.js --spec bench/keystroke.bench.js >"$work/wdio.log" 2>&1
  ) || { echo "bench-app: the WebDriver run failed (see below); going on without it" >&2; tail -20 "$work/wdio.log" >&2; }
else
  echo "bench-app: no WebKitWebDriver / e2e/node_modules / xvfb-run: the window keystroke figure is skipped" >&2
fi

# A click on a character → its pop-over painted, in the window (issue 9).
pop_json=$work/ui-popover.json
if command -v WebKitWebDriver >/dev/null && [ -d e2e/node_modules ] && command -v xvfb-run >/dev/null; then
  echo "bench-app: click → pop-over painted in the window (WebDriver)…" >&2
  (
    cd e2e
    SHELI_APP=$app SHELI_DATA_DIR=$data SHELI_SHOTS=$work/shots SHELI_BENCH_OUT=$pop_json \
      SHELI_E2E_PORT=${SHELI_E2E_PORT:-4644} \
      with_display npx --no-install wdio run wdio.conf.js --spec bench/popover.bench.js >"$work/wdio-popover.log" 2>&1
  ) || { echo "bench-app: the pop-over run failed (see below); going on without it" >&2; tail -20 "$work/wdio-popover.log" >&2; }
  if [ -s "$pop_json" ]; then
    cargo build --release --locked -p sheli-bench
    ./target/release/sheli-bench popover "$pop_json"
  fi
fi

echo "bench-app: load before the run: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
with_display ./target/release/examples/app_feel --app "$app" --dir bench --runs "$runs" --data "$data" \
  $( [ -s "$ui_json" ] && echo --ui-json "$ui_json" )
