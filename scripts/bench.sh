#!/usr/bin/env bash
# make bench: Sheli's search against SQLite FTS5 on ~1M and ~10M characters of
# Tang and Song poetry (npm chinese-poetry, downloaded once into bench/cache/).
# Then the app's start-up and keystroke figures (scripts/bench-app.sh).
# Writes bench/results.json and bench/RESULTS.md. Not part of `make test`.
# Extra arguments go to the benchmark, e.g. scripts/bench.sh --sizes 1m --runs 2
set -euo pipefail
cd "$(dirname "$0")/.."
command -v npm >/dev/null || { echo "bench: npm is needed to fetch the corpus (scripts/install-deps.sh system)" >&2; exit 1; }
cargo build --release --locked -p sheli-bench
echo "bench: load before the run: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
./target/release/sheli-bench run "$@"
# The app's own figures (start-up, keystroke → results), merged into the same
# files under "app" and their own RESULTS.md section.
scripts/bench-app.sh
# The character dictionary: `sheli char` per process beside `sheli search`,
# the tables' bytes in the binary (bench/src/chars.rs). Needs the release app.
# A large imported library (10M and 50M characters of the same poetry) against
# the built-in texts alone: sheli search, sheli import and the app's memory
# (bench/src/library.rs). The app part needs a display: Xvfb when there is none.
cargo build --release --locked -p sheli --bin sheli
if [ -n "${DISPLAY:-}" ] || ! command -v xvfb-run >/dev/null; then
  ./target/release/sheli-bench library
else
  xvfb-run -a -s "-screen 0 1440x900x24" ./target/release/sheli-bench library
fi
./target/release/sheli-bench chars
# Who stands where: `sheli stage` per process beside `sheli show` (bench/src/stage.rs).
./target/release/sheli-bench stage
