# Sheli: `make run` sets up and starts the app; `make test` sets up and runs
# every test. Both install what is missing first (scripts/install-deps.sh).
SHELL := /bin/bash
export CARGO_TERM_COLOR ?= never
CARGO ?= cargo

.PHONY: run test deps test-rust test-ui test-scripts test-e2e ui bindings bench package clean stress

# `toolchain` first: an old or missing rustc or node stops here with one line
# saying which version is needed and how to get it.
deps:
	scripts/install-deps.sh toolchain system ui

## The web UI, built into ui/dist (embedded into the app binary); only the
## files whose bytes changed are written, so that cargo does not rebuild the
## app for a UI that did not change (scripts/build-ui.sh).
ui: deps
	scripts/build-ui.sh

## Builds the app (release, UI embedded) and opens it on the built-in corpus.
## The same build as `make package`'s ($(RELEASE_BUILD)): either reuses the other's.
RELEASE_BUILD = $(CARGO) build --release --locked -p sheli
run: deps ui
	$(RELEASE_BUILD)
	./target/release/sheli

# The e2e step reuses the app binary that test-rust built (src-tauri's
# integration tests make cargo build target/debug/sheli, UI embedded): one
# build of the app for the whole run.
# The locale spec runs apart, in a fresh data folder, with the system's
# language Taiwanese Chinese: the interface must start in 繁體中文 by itself.
test: deps ui test-rust test-ui test-scripts
	scripts/install-deps.sh e2e
	SHELI_E2E_NO_BUILD=1 e2e/run.sh
	SHELI_E2E_NO_BUILD=1 SHELI_E2E_LANGUAGE=zh_TW e2e/run.sh --spec specs/locale.e2e.js

# The real clients (Anki) are installed first and named to the tests that use
# them (src-tauri/tests/integration/real_clients.rs).
test-rust:
	scripts/install-deps.sh clients
	SHELI_ANKI_PYTHON=$(CURDIR)/target/clients-venv/bin/python $(CARGO) test --workspace --locked

## Vitest (api.ts, stores, components) and svelte-check.
test-ui: deps
	cd ui && npm test

## What the release needs that the other tests do not see (a few seconds):
## icons named by their size, the desktop entry's Keywords, the toolchain
## check of install-deps.sh against fake old rustc/node (scripts/test-packaging.sh).
test-scripts:
	scripts/test-packaging.sh

## The real app in a real window (Xvfb when there is no display); screenshots
## of every step in test-output/e2e/. Reuses the debug build of test-rust.
test-e2e: deps
	scripts/install-deps.sh e2e
	e2e/run.sh

## Regenerates ui/src/lib/bindings/ from the Rust types (ts-rs), and the
## stage plan's test data (ui/src/lib/stage/stage-crowded.ts) from corpus/stage/.
bindings:
	UPDATE_BINDINGS=1 $(CARGO) test -p sheli --lib bindings
	UPDATE_BINDINGS=1 $(CARGO) test -p sheli-corpus --test stage_ui_fixture

## The stress harness at full size (not part of `make test`, which runs its
## short version): the real `sheli` SIGKILLed 100 times at random moments
## during imports, restores and store writes, concurrent imports and searches,
## four processes opening a fresh data folder; it prints what it tried and
## what it found. SHELI_STRESS_ROUNDS / SHELI_STRESS_SEED override.
## Source: src-tauri/tests/integration/stress.rs.
stress:
	SHELI_STRESS_ROUNDS=$${SHELI_STRESS_ROUNDS:-100} $(CARGO) test -p sheli --locked \
		--test integration stress:: -- --nocapture --test-threads=1

## Search benchmark against SQLite FTS5 on ~1M/~10M characters of poetry
## (release build; downloads the corpus once), then the app's start-up and
## keystroke figures (scripts/bench-app.sh): bench/RESULTS.md, bench/results.json.
## Last, the plan beside the reader: a step (]) or the next passage (j) → its
## figures updated, in the window (e2e/bench/plan.bench.js), printed (median,
## p95, max), not asserted.
bench:
	scripts/bench.sh
	@set -e; d=$$(mktemp -d -t sheli-plan-bench-XXXXXX); trap 'rm -rf "$$d"' EXIT; \
	if ! command -v WebKitWebDriver >/dev/null || [ ! -d e2e/node_modules ]; then \
	  echo "bench: no WebKitWebDriver or e2e/node_modules: the plan's figure is skipped" >&2; exit 0; fi; \
	with_display() { if [ -n "$${DISPLAY:-}" ]; then "$$@"; else xvfb-run -a -s "-screen 0 1440x900x24" "$$@"; fi; }; \
	mkdir -p "$$d/data" "$$d/shots"; \
	SHELI_DATA_DIR="$$d/data" ./target/release/sheli search 射 >/dev/null 2>&1 || true; \
	echo "bench: the plan beside the reader (key → figures updated), in the window…" >&2; \
	export SHELI_APP=$(CURDIR)/target/release/sheli SHELI_DATA_DIR="$$d/data" SHELI_SHOTS="$$d/shots" \
	  SHELI_E2E_PORT=$${SHELI_E2E_PORT:-4744} WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 \
	  LIBGL_ALWAYS_SOFTWARE=1 NO_AT_BRIDGE=1; \
	(cd e2e && with_display npx --no-install wdio run wdio.conf.js --spec bench/plan.bench.js) >"$$d/wdio.log" 2>&1 \
	  || { echo "bench: the plan's run failed:" >&2; tail -20 "$$d/wdio.log" >&2; exit 0; }; \
	grep -o "plan: .*" "$$d/wdio.log" | awk '!seen[$$0]++'

## A .deb of the app, built by the tauri bundler (npm @tauri-apps/cli, see
## src-tauri/bundle/package.json), in target/release/bundle/deb/.
## `tauri bundle`, not `tauri build`: it packages the binary that
## $(RELEASE_BUILD) left (the one `make run` runs) instead of running cargo
## again with its own arguments, so an up-to-date release build is reused and
## nothing is compiled twice. (The UI's files are rewritten only when they
## change, scripts/build-ui.sh: cargo rebuilds the app when ui/dist changes.)
package: deps ui
	scripts/install-deps.sh bundler
	$(RELEASE_BUILD)
	scripts/package-docs.sh
	src-tauri/bundle/node_modules/.bin/tauri bundle --bundles deb
	@ls -1 target/release/bundle/deb/*.deb
	# Debian's own checks: an error fails the target.
	lintian --fail-on error target/release/bundle/deb/*.deb
	# Ours: icons of every size in their folders, Keywords, the notices.
	scripts/check-deb.sh target/release/bundle/deb/*.deb

clean:
	$(CARGO) clean
	rm -rf ui/dist test-output
