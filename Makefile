# Sheli: `make run` sets up and starts the app; `make test` sets up and runs
# every test. Both install what is missing first (scripts/install-deps.sh).
SHELL := /bin/bash
export CARGO_TERM_COLOR ?= never
CARGO ?= cargo

.PHONY: run test deps test-rust test-ui test-e2e ui bindings bench package clean stress

deps:
	scripts/install-deps.sh system ui

## The web UI, built into ui/dist (embedded into the app binary).
ui: deps
	cd ui && npm run build

## Builds the app (release, UI embedded) and opens it on the built-in corpus.
run: deps ui
	$(CARGO) build --release --locked -p sheli
	./target/release/sheli

# The e2e step reuses the app binary that test-rust built (src-tauri's
# integration tests make cargo build target/debug/sheli, UI embedded): one
# build of the app for the whole run.
test: deps ui test-rust test-ui
	scripts/install-deps.sh e2e
	SHELI_E2E_NO_BUILD=1 e2e/run.sh

# The real clients (Anki) are installed first and named to the tests that use
# them (src-tauri/tests/integration/real_clients.rs).
test-rust:
	scripts/install-deps.sh clients
	SHELI_ANKI_PYTHON=$(CURDIR)/target/clients-venv/bin/python $(CARGO) test --workspace --locked

## Vitest (api.ts, stores, components) and svelte-check.
test-ui: deps
	cd ui && npm test

## The real app in a real window (Xvfb when there is no display); screenshots
## of every step in test-output/e2e/. Reuses the debug build of test-rust.
test-e2e: deps
	scripts/install-deps.sh e2e
	e2e/run.sh

## Regenerates ui/src/lib/bindings/ from the Rust types (ts-rs).
bindings:
	UPDATE_BINDINGS=1 $(CARGO) test -p sheli --lib bindings

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
bench:
	scripts/bench.sh

## A .deb of the app, built by the tauri bundler (npm @tauri-apps/cli, see
## src-tauri/bundle/package.json), in target/release/bundle/deb/.
package: deps ui
	scripts/install-deps.sh bundler
	scripts/package-docs.sh
	src-tauri/bundle/node_modules/.bin/tauri build --bundles deb -- --locked
	@ls -1 target/release/bundle/deb/*.deb
	# Debian's own checks: an error fails the target.
	lintian --fail-on error target/release/bundle/deb/*.deb

clean:
	$(CARGO) clean
	rm -rf ui/dist test-output
