# The verbs a newcomer types: `make demo`, `make test`, `make bench`, `make header`, `make install`.
# Everything this needs is installed from here: cargo fetches the crates, and `.venv` holds the Python
# tools. Nightly-only checks live behind `make miri` and `make fuzz`.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
EMBEDDED_TARGET := thumbv7em-none-eabihf

.PHONY: help demo test bench header install clean \
        rust-checks rust-test embedded

help:
	@echo "make demo     build everything and play the classic game through Rust, C and Python"
	@echo "make test     every check (formatting, lints, docs, Rust, C, Python, embedded build)"
	@echo "make bench    benchmarks, written to bench/RESULTS.md"
	@echo "make header   regenerate include/tictactoe.h"
	@echo "make install  install the C library (PREFIX=/usr/local)"

demo:
	$(CARGO) run -q -p tictactoe-core --example classic

test: rust-checks rust-test embedded
	@echo "make test: all checks passed"

rust-checks:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc --workspace --no-deps --locked

rust-test:
	$(CARGO) test --workspace --locked

# The core without `alloc`, and a no_main program that plays a game with no allocator, both for a
# bare-metal target. A machine that cannot download the target skips this step loudly.
embedded:
	@if rustup target list --installed 2>/dev/null | grep -qx $(EMBEDDED_TARGET) \
	    || rustup target add $(EMBEDDED_TARGET); then \
	  $(CARGO) build -p tictactoe-core --no-default-features --target $(EMBEDDED_TARGET) --locked && \
	  $(CARGO) build --release --locked --manifest-path examples/embedded/Cargo.toml \
	    --target $(EMBEDDED_TARGET) --target-dir target/embedded; \
	else \
	  echo "################################################################"; \
	  echo "SKIPPED: embedded build (rustup could not add $(EMBEDDED_TARGET))"; \
	  echo "################################################################"; \
	fi

clean:
	$(CARGO) clean
	rm -rf .venv target
