# Sheli: `make run` sets up and starts the app; `make test` sets up and runs
# every test. Both install what is missing first (scripts/install-deps.sh).
SHELL := /bin/bash
export CARGO_TERM_COLOR ?= never
CARGO ?= cargo

.PHONY: run test deps test-rust test-ui test-e2e ui bench package clean

deps:
	scripts/install-deps.sh system ui

## The web UI, built into ui/dist (embedded into the app binary).
ui: deps
	cd ui && npm run build

run: deps ui
	$(CARGO) build --release -p sheli
	./target/release/sheli

test: deps ui test-rust test-ui test-e2e

test-rust:
	$(CARGO) test --workspace --locked

test-ui:
	cd ui && npm test

test-e2e:
	scripts/install-deps.sh e2e
	e2e/run.sh

bench:
	scripts/bench.sh

package: deps ui
	scripts/install-deps.sh tauri_cli
	cd src-tauri && cargo tauri build --bundles deb

clean:
	$(CARGO) clean
	rm -rf ui/dist test-output
