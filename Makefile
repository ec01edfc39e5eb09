# The verbs a newcomer types: `make demo`, `make test`, `make bench`, `make header`, `make install`.
# Everything this needs is installed from here: cargo fetches the crates, and `.venv` holds the Python
# tools. Nightly-only checks live behind `make miri` and `make fuzz`.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
CC ?= cc
CXX ?= c++
PREFIX ?= /usr/local
EMBEDDED_TARGET := thumbv7em-none-eabihf

RELEASE := target/release
STATIC_LIB := $(RELEASE)/libtictactoe.a
SHARED_LIB := $(RELEASE)/libtictactoe.so
CFLAGS_STRICT := -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude
# The C tests, each run plain, under valgrind and with the sanitizers.
C_TESTS := test_tictactoe test_games test_family
BUILD := target/c

# Facts Cargo and rustc already know, asked once, when first needed: the version, what a Rust static
# library needs from the system, and (from the built library, see crates/ffi/build.rs) the soname.
once = $(eval $1 := $$(shell $2))$($1)
VERSION = $(call once,VERSION,$(CARGO) pkgid -p tictactoe-ffi | sed 's/.*@//')
NATIVE_LIBS = $(call once,NATIVE_LIBS,mkdir -p $(BUILD) && echo | rustc --crate-type staticlib \
  --crate-name probe --print native-static-libs -o $(BUILD)/libprobe.a - 2>&1 | sed -n 's/.*native-static-libs: //p')
SONAME = $(call once,SONAME,readelf -d $(SHARED_LIB) | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
VENV := .venv
PY := $(VENV)/bin/python
PYTHON ?= python3

.PHONY: help demo test bench header install clean \
        rust-checks rust-test embedded lib c-test c-header-check c-churn install-check readme-check \
        venv develop py-test py-checks wheel-check wheels bench-tools bench-floor fuzz miri semver book exact-book book-check bench-players bench-dial brain brain-test \
        wasm wasm-package node-test npm-pack-check types-check web web-test browser-test

help:
	@echo "The verbs:"
	@echo "  make demo            build everything, play the classic game through Rust, C, Python and Node"
	@echo "  make test            every check below that runs on stable (what CI runs)"
	@echo "  make bench           benchmarks, written to bench/RESULTS.md and bench/results.svg"
	@echo "  make header          regenerate include/tictactoe.h from crates/ffi"
	@echo "  make install         install the C library, header and pkg-config file (PREFIX=$(PREFIX))"
	@echo "  make wheels          the release set: manylinux2014 x86_64 and aarch64, musllinux x86_64, sdist"
	@echo "  make wasm            the npm package tictactoe-engine, in $(NPM_PKG)"
	@echo "  make web             build the page and serve it on localhost (PORT=$(PORT))"
	@echo "  make semver          every break of the core's public API since the last release (cargo-semver-checks)"
	@echo "  make book            the Connect Four win/draw/loss book on local Ray workers (BOOK_DEPTH=10, resumable)"
	@echo "  make exact-book      the exact book compiled into the core (EXACT_BOOK_DEPTH=8, resumable)"
	@echo "  make book-check      the book builder's Ray driver, two local workers, a small board"
	@echo "  make brain           the Gomocup brain, target/release/pbrain-tictactoe"
	@echo "  make brain-test      the brain's protocol through pygomo-lib"
	@echo "  make bench-players   the Agent against perfect play, connect-four-ai and MCTS, solve times by stone count, the brain against gomoku-terminal, gomoku self-play"
	@echo "  make bench-dial      the skill dial: each skill against skill 0.5, Connect Four and gomoku, 100 games a point"
	@echo "  make clean           remove target/ and .venv"
	@echo "Parts of make test:"
	@echo "  make rust-checks     cargo fmt, clippy -D warnings, rustdoc -D warnings"
	@echo "  make rust-test       cargo test (unit, property, doc tests, fuzz corpus replay)"
	@echo "  make embedded        the core and a no_main program for $(EMBEDDED_TARGET)"
	@echo "  make lib             the C library, static and shared"
	@echo "  make c-test          C tests plain, under valgrind and with sanitizers"
	@echo "  make c-header-check  the header compiles as C11 and C++17"
	@echo "  make c-churn         a million games under valgrind; allocation failure under ulimit"
	@echo "  make install-check   install to a temporary prefix and build against it via pkg-config"
	@echo "  make venv            .venv with the pinned Python tools"
	@echo "  make develop         build the extension into .venv"
	@echo "  make py-checks       ruff, mypy strict, stubtest"
	@echo "  make py-test         pytest and the allocation-failure check"
	@echo "  make readme-check    every code block of README.md, run as pasted"
	@echo "  make wheel-check     the manylinux2014 wheel installs into a fresh venv and plays"
	@echo "  make node-test       the npm package (make wasm) under node --test; npm pack installs and plays"
	@echo "  make web-test        the page in headless Chromium: whole games against the engine"
	@echo "Parts of make bench:"
	@echo "  make bench-tools     the benchmark's Python contenders, into .venv"
	@echo "  make bench-floor     the Python per-call floor: a hand-written C-API extension and a PyO3 probe"
	@echo "Nightly only:"
	@echo "  make fuzz            libFuzzer on each target for FUZZ_SECONDS (default $(FUZZ_SECONDS))"
	@echo "  make miri            Miri over the C layer and the core's rule tests"

# The builds' own output goes to a log, shown only if a step fails; then one short game per face and
# a last line showing that the three faces ended in the same position.
demo:
	@mkdir -p $(BUILD)
	@echo "Building the core, the C library, the Python extension and the npm package (log: $(BUILD)/demo-build.log)..."
	@{ $(MAKE) --no-print-directory lib develop wasm brain && \
	   $(CARGO) build -q --release --locked -p tictactoe-core --example classic --example family && \
	   $(CC) $(CFLAGS_STRICT) -O2 examples/c/classic.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/classic && \
	   $(CC) $(CFLAGS_STRICT) -O2 examples/c/family.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/family; \
	 } > $(BUILD)/demo-build.log 2>&1 || { cat $(BUILD)/demo-build.log; exit 1; }
	@echo
	@target/release/examples/classic | tee $(BUILD)/demo-rust.txt
	@echo
	@$(BUILD)/classic | tee $(BUILD)/demo-c.txt
	@echo
	@$(PY) examples/python/classic.py | tee $(BUILD)/demo-python.txt
	@echo
	@rm -f $(BUILD)/demo-js.txt; if [ -f $(NPM_PKG)/package.json ]; then \
	  mkdir -p target/npm/demo/node_modules && ln -sfn $(CURDIR)/$(NPM_PKG) target/npm/demo/node_modules/tictactoe-engine && \
	  cp examples/js/classic.mjs target/npm/demo/ && node target/npm/demo/classic.mjs | tee $(BUILD)/demo-js.txt && echo; \
	else echo "SKIPPED: the classic game through Node (no WebAssembly package)"; fi
	@finals=$$(tail -qn 1 $(BUILD)/demo-rust.txt $(BUILD)/demo-c.txt $(BUILD)/demo-python.txt \
	  $$(ls $(BUILD)/demo-js.txt 2>/dev/null) | sort -u); \
	if [ "$$(printf '%s\n' "$$finals" | wc -l)" = 1 ]; then \
	  echo "Rust, C, Python$$([ -f $(BUILD)/demo-js.txt ] && echo ' and JavaScript') agree: $${finals#final: }"; \
	else echo "The faces disagree:"; printf '%s\n' "$$finals"; exit 1; fi
	@family=$$( { target/release/examples/family; $(BUILD)/family; $(PY) examples/python/family.py; } \
	  | grep '^final: ' | sort -u); \
	if [ "$$(printf '%s\n' "$$family" | wc -l)" = 1 ]; then \
	  echo "The family, in all three: $${family#final: }"; \
	else echo "The faces disagree on the family:"; printf '%s\n' "$$family"; exit 1; fi

test: rust-checks rust-test embedded c-test py-checks py-test brain-test book-check readme-check wheel-check node-test web-test
	@echo "make test: all checks passed"

rust-checks:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --all-features --locked -- -D warnings
	RUSTDOCFLAGS=-Dwarnings $(CARGO) doc --workspace --no-deps --all-features --locked

# Each published crate packs, builds from its package alone, and stays under crates.io's 10 MB.
PUBLISHED := tictactoe-core tictactoe-books tictactoe-solve
rust-test:
	$(CARGO) test --workspace --all-features --locked
	$(CARGO) publish --dry-run --allow-dirty --locked $(addprefix -p ,$(PUBLISHED))
	$(CARGO) package --allow-dirty --locked --no-verify -q $(addprefix -p ,$(PUBLISHED))
	for crate in $(PUBLISHED); do \
	  size=$$(stat -c %s target/package/$$crate-$(VERSION).crate) && echo "$$crate: $$size bytes packed" && \
	  test "$$size" -lt 10000000 || { echo "$$crate is past crates.io's 10 MB"; exit 1; }; \
	done

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

# The C library, static and shared, with the soname's link beside the shared one, so that a program
# linked with -Ltarget/release runs with LD_LIBRARY_PATH=target/release.
# (The soname is read in the recipe's own shell: $(SONAME) would be read before the build.)
lib:
	$(CARGO) build --release --locked -p tictactoe-ffi
	soname=$$(readelf -d $(SHARED_LIB) | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p') && \
	  test -n "$$soname" && ln -sf libtictactoe.so $(RELEASE)/$$soname

# Every code block of README.md, run as a newcomer would paste it (tools/readme_blocks.py).
readme-check: lib develop wasm
	$(PY) tools/readme_blocks.py $(PY)

header:
	UPDATE_HEADER=1 $(CARGO) test -q --locked -p tictactoe-ffi --test header

# The header compiles cleanly as C11 and as C++.
c-header-check:
	@mkdir -p $(BUILD)
	echo '#include "tictactoe.h"' | $(CC) $(CFLAGS_STRICT) -x c -fsyntax-only -
	echo '#include "tictactoe.h"' | $(CXX) -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude -x c++ -fsyntax-only -
	printf '#include "tictactoe.h"\n_Static_assert(TICTACTOE_VERSION_MAJOR == %s && TICTACTOE_VERSION_MINOR == %s && TICTACTOE_VERSION_PATCH == %s, "the header names this version");\n' \
	  $$(echo $(VERSION) | tr . ' ') | $(CC) $(CFLAGS_STRICT) -x c -fsyntax-only -

# The C test three ways: plain, under valgrind, and with the address and undefined-behaviour sanitizers.
# Under valgrind a test runs `--short` (a tenth of its random rounds, if it has them): every call is
# still made, and the brute-force models' searches, emulated, took minutes.
# The sanitizer run lets malloc return NULL, because one test asks for more memory than exists.
c-test: lib c-header-check install-check c-churn
	@mkdir -p $(BUILD)
	for t in $(C_TESTS); do \
	  $(CC) $(CFLAGS_STRICT) -g -O1 crates/ffi/tests/c/$$t.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/$$t && \
	  $(BUILD)/$$t && \
	  valgrind -q --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
	    --error-exitcode=1 $(BUILD)/$$t --short && \
	  $(CC) $(CFLAGS_STRICT) -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	    crates/ffi/tests/c/$$t.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/$$t-asan && \
	  ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 $(BUILD)/$$t-asan || exit 1; \
	done

# A million games created, played and freed under valgrind: no leak. Then allocation failure for real,
# under a virtual-memory limit: NULL, and the process and its other games live on.
c-churn: lib
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS_STRICT) -O2 crates/ffi/tests/c/churn.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/churn
	valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1 $(BUILD)/churn
	(ulimit -v 400000 && $(BUILD)/churn --allocation-failure)

# Installs what `make lib` built (building it first only when it is missing), so that `make lib`
# then `sudo make install` does not build again as root. Two pkg-config files: `tictactoe` (the
# shared library; with --static, its private libraries too) and `tictactoe-static`, which names the
# archive itself, since `-ltictactoe` picks the shared library wherever both are installed.
$(STATIC_LIB) $(SHARED_LIB):
	$(MAKE) --no-print-directory lib

install: $(STATIC_LIB) $(SHARED_LIB)
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/tictactoe.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 $(STATIC_LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED_LIB) $(DESTDIR)$(PREFIX)/lib/libtictactoe.so.$(VERSION)
	ln -sf libtictactoe.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libtictactoe.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS_PRIVATE@|$(NATIVE_LIBS)|' \
	  crates/ffi/tictactoe.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/tictactoe.pc
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS_PRIVATE@|$(NATIVE_LIBS)|' \
	  crates/ffi/tictactoe-static.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/tictactoe-static.pc

# Installs into a temporary prefix and builds the example against that copy through pkg-config, linked
# dynamically and statically.
install-check: lib
	@if ! command -v pkg-config >/dev/null; then \
	  echo "##########################################################"; \
	  echo "SKIPPED: install-check (pkg-config is not on this machine)"; \
	  echo "##########################################################"; exit 0; fi; \
	prefix=$$(mktemp -d) && trap 'rm -rf "$$prefix"' EXIT && \
	$(MAKE) -s install PREFIX="$$prefix" && \
	export PKG_CONFIG_PATH="$$prefix/lib/pkgconfig" && \
	$(CC) -std=c11 -Wall -Wextra -Werror examples/c/classic.c $$(pkg-config --cflags --libs tictactoe) \
	  -o "$$prefix/classic-shared" && \
	LD_LIBRARY_PATH="$$prefix/lib" "$$prefix/classic-shared" | tail -n 2 | grep -qx '|X|X|X|' && \
	readelf -d "$$prefix/classic-shared" | grep 'NEEDED.*\[$(SONAME)\]' >/dev/null && \
	$(CC) -std=c11 -Wall -Wextra -Werror examples/c/classic.c $$(pkg-config --cflags --libs tictactoe-static) \
	  -o "$$prefix/classic-static" && \
	! readelf -d "$$prefix/classic-static" | grep 'NEEDED.*libtictactoe' >/dev/null && \
	env -u LD_LIBRARY_PATH "$$prefix/classic-static" | grep 'X(2,1) -> X wins' >/dev/null && \
	$(CC) -static -std=c11 examples/c/classic.c \
	  $$(pkg-config --cflags --libs tictactoe-static | sed 's/-lgcc_s/-lgcc_eh/') -o "$$prefix/classic-alone" 2>/dev/null && \
	readelf -d "$$prefix/classic-alone" 2>&1 | grep 'no dynamic section' >/dev/null && \
	"$$prefix/classic-alone" | grep 'X(2,1) -> X wins' >/dev/null && \
	echo "install-check: the installed library builds and runs the example (shared, static, and fully static with cc -static as the README says)"

# The project's virtual environment with the pinned Python tools, made once.
$(VENV)/.installed: python/requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r python/requirements-dev.txt
	touch $@

venv: $(VENV)/.installed

# Builds the extension into the venv.
develop: venv
	$(VENV)/bin/maturin develop --release -q

py-test: develop
	$(PY) -m pytest -q -n 2 python/tests
	(ulimit -v 800000 && $(PY) python/tests/allocation_failure.py)

py-checks: develop
	$(VENV)/bin/ruff check python examples/python bench tools crates/brain/tests
	$(VENV)/bin/ruff format --check python examples/python bench tools crates/brain/tests
	$(PY) -m mypy.stubtest tictactoe._tictactoe
	$(PY) python/tools/stub_docs.py --check
	$(PY) -m mypy python/tictactoe examples/python tools
	# No circle among any crate's modules, and the exact solver never imports the players
	# (tools/module_graph.py --print lists each module's imports).
	$(PY) tools/module_graph.py --never exact:play $(wildcard crates/*/src)

# maturin finds zig (the ziglang package) through the venv's python, so the venv leads the PATH.
MATURIN_ZIG = PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/maturin build --release -q --zig

# Adds a Rust target, or says loudly that the step that needs it is skipped.
define with_target
if rustup target list --installed 2>/dev/null | grep -qx $(1) || rustup target add $(1) >/dev/null 2>&1; then \
  $(2); \
else \
  echo "################################################################"; \
  echo "SKIPPED: $(3) (rustup could not add $(1))"; \
  echo "################################################################"; \
fi
endef

# The x86_64 release wheel (manylinux2014: glibc 2.17 and later) installs into a fresh venv and
# plays; its tag is what auditwheel reads off the binary. The aarch64 wheel is cross-built and its
# tag checked; running it needs an aarch64 Python, which this machine does not have.
wheel-check: venv
	rm -rf target/wheels
	$(MATURIN_ZIG) --compatibility manylinux2014 --out target/wheels
	$(VENV)/bin/auditwheel show target/wheels/*manylinux*x86_64.whl | grep '"manylinux_2_17_x86_64"' > /dev/null
	rm -rf target/wheel-venv
	$(PYTHON) -m venv target/wheel-venv
	target/wheel-venv/bin/pip install -q target/wheels/tictactoe_engine-*x86_64.whl
	cd /tmp && $(CURDIR)/target/wheel-venv/bin/python $(CURDIR)/examples/python/classic.py | tail -n 2 | grep -qx '|X|X|X|'
	target/wheel-venv/bin/tictactoe solve --game tictactoe | grep -x 'X to move: draw (9 plies to the full board)' >/dev/null
	@echo "wheel-check: the manylinux_2_17 x86_64 wheel installs into a fresh venv, plays the classic game, and puts the tictactoe command on its PATH"
	@$(call with_target,aarch64-unknown-linux-gnu,\
	  $(MATURIN_ZIG) --compatibility manylinux2014 --target aarch64-unknown-linux-gnu --out target/wheels && \
	  $(VENV)/bin/auditwheel show target/wheels/*aarch64.whl | grep '"manylinux_2_17_aarch64"' > /dev/null && \
	  echo "wheel-check: the aarch64 wheel cross-builds as manylinux_2_17_aarch64",the aarch64 wheel)
	@echo "################################################################"
	@echo "SKIPPED: running the aarch64 wheel (no aarch64 Python under qemu-user on this machine)"
	@echo "################################################################"

# The release set: manylinux2014 wheels for x86_64 and aarch64, a musllinux wheel for x86_64, and
# the sdist, in target/dist.
wheels: venv
	rm -rf target/dist
	$(MATURIN_ZIG) --compatibility manylinux2014 --out target/dist
	@$(call with_target,aarch64-unknown-linux-gnu,\
	  $(MATURIN_ZIG) --compatibility manylinux2014 --target aarch64-unknown-linux-gnu --out target/dist,the aarch64 wheel)
	@$(call with_target,x86_64-unknown-linux-musl,\
	  $(MATURIN_ZIG) --compatibility musllinux_1_2 --target x86_64-unknown-linux-musl --out target/dist,the musllinux wheel)
	$(VENV)/bin/maturin sdist --out target/dist
	ls target/dist

# The WebAssembly face: the npm package in $(NPM_PKG), built with the wasm-bindgen CLI of the
# crate's exact version (on the PATH, or installed into target/tools from crates.io on first use;
# not --locked: the CLI's own lock file names a crate version this registry no longer serves;
# --debug: it builds in half the time, and turns this package's .wasm into the same bytes).
# A machine that cannot add the Rust target skips the package and what uses it, loudly.
WASM_TARGET := wasm32-unknown-unknown
NPM_PKG := target/npm/tictactoe-engine
WASM_OUT := target/$(WASM_TARGET)/wasm/tictactoe_engine.wasm
WASM_BINDGEN_VERSION = $(call once,WASM_BINDGEN_VERSION,sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' crates/wasm/Cargo.toml)
WASM_BINDGEN = $(call once,WASM_BINDGEN,if [ "$$$$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; \
  then echo wasm-bindgen; else echo $(CURDIR)/target/tools/bin/wasm-bindgen; fi)
wasm:
	@rm -rf $(NPM_PKG)
	@$(call with_target,$(WASM_TARGET),$(MAKE) --no-print-directory wasm-package,the WebAssembly package and its tests)

wasm-package:
	@if [ ! -x "$(WASM_BINDGEN)" ] && ! command -v "$(WASM_BINDGEN)" >/dev/null; then \
	  echo "Installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) into target/tools (a few minutes, once)"; \
	  $(CARGO) install -q --debug --root target/tools wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); fi
	$(CARGO) build --locked -p tictactoe-wasm --target $(WASM_TARGET) --profile wasm
	mkdir -p $(NPM_PKG)
	$(WASM_BINDGEN) --target web --out-dir $(NPM_PKG) --out-name tictactoe_engine $(WASM_OUT)
	tools/npm_declarations.sh $(NPM_PKG)/tictactoe_engine.d.ts
	cp crates/wasm/npm/node.js crates/wasm/npm/node.d.ts crates/wasm/npm/engine.js crates/wasm/npm/engine.d.ts \
	  crates/wasm/npm/README.md LICENSE-MIT LICENSE-APACHE $(NPM_PKG)/
	sed 's/@VERSION@/$(VERSION)/' crates/wasm/npm/package.json > $(NPM_PKG)/package.json
	@echo "wasm: $(NPM_PKG): tictactoe_engine_bg.wasm is $$(wc -c < $(NPM_PKG)/tictactoe_engine_bg.wasm) bytes," \
	  "$$(gzip -9 -c $(NPM_PKG)/tictactoe_engine_bg.wasm | wc -c) gzipped"

# Runs $(1) when the npm package was built, else says loudly that step $(2) is skipped.
define with_package
if [ -f $(NPM_PKG)/package.json ]; then $(1); else \
  echo "################################################################"; \
  echo "SKIPPED: $(2) (no WebAssembly package: see make wasm above)"; \
  echo "################################################################"; fi
endef

# The Node tests (node --test), with Python at hand for the byte encodings; then the packed tarball
# installed into an empty folder plays the classic game.
node-test: wasm develop
	@$(call with_package,TICTACTOE_PYTHON=$(CURDIR)/$(PY) node --test crates/wasm/tests/ && \
	  $(MAKE) --no-print-directory npm-pack-check types-check,the Node tests)

# The JavaScript tools of the tests (playwright-core, typescript), pinned in web/test/package-lock.json.
WEB_TOOLS := web/test/node_modules/.installed
$(WEB_TOOLS): web/test/package-lock.json
	cd web/test && npm ci -q --no-audit --no-fund > /dev/null
	touch $@

# The package's TypeScript declarations against crates/wasm/tests/types/check.ts (strict).
types-check: $(WEB_TOOLS)
	rm -rf target/npm/types && mkdir -p target/npm/types/node_modules
	cp crates/wasm/tests/types/check.ts crates/wasm/tests/types/tsconfig.json target/npm/types/
	ln -s $(CURDIR)/$(NPM_PKG) target/npm/types/node_modules/tictactoe-engine
	web/test/node_modules/.bin/tsc -p target/npm/types
	mkdir -p target/npm/types/node
	cp crates/wasm/tests/types/node/check.ts crates/wasm/tests/types/node/tsconfig.json target/npm/types/node/
	ln -sfn $(CURDIR)/target/npm/types/node_modules target/npm/types/node/node_modules
	web/test/node_modules/.bin/tsc -p target/npm/types/node
	@echo "types-check: the package's declarations type-check the README's calls (TypeScript, strict), and its Node entry without the DOM library"

npm-pack-check:
	rm -rf target/npm/check && mkdir -p target/npm/check
	cd $(NPM_PKG) && npm pack -q --pack-destination ../check > /dev/null
	tar -tzf target/npm/check/tictactoe-engine-$(VERSION).tgz | grep -x package/LICENSE-MIT > /dev/null
	tar -tzf target/npm/check/tictactoe-engine-$(VERSION).tgz | grep -x package/LICENSE-APACHE > /dev/null
	cd target/npm/check && echo '{"private": true}' > package.json && \
	  npm install -q --no-audit --no-fund ./tictactoe-engine-$(VERSION).tgz > /dev/null && \
	  cp $(CURDIR)/examples/js/classic.mjs . && node classic.mjs | tail -n 2 | head -n 1 | grep -qx '|X|X|X|'
	@echo "npm-pack-check: tictactoe-engine-$(VERSION).tgz (its licenses inside) installs into an empty folder and plays the classic game"

# The page (web/) with the package at /pkg/, served on localhost: PORT, or any free port if busy.
PORT ?= 8000
web: wasm
	@$(call with_package,node web/serve.mjs $(PORT),make web)

# The page in headless Chromium (Debian's, installed here when missing) driven by playwright-core
# (pinned in web/test/package-lock.json): a machine that cannot install Chromium skips it loudly.
CHROMIUM ?= /usr/bin/chromium
web-test: wasm
	@$(call with_package,$(MAKE) --no-print-directory browser-test,the browser test)

browser-test:
	@mkdir -p target/web
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "Installing Debian's chromium (log: target/web/apt.log)"; \
	  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } > target/web/apt.log 2>&1 || true; fi
	@if [ -x $(CHROMIUM) ]; then \
	  $(MAKE) --no-print-directory $(WEB_TOOLS) && node web/test/browser.mjs $(CHROMIUM) && \
	  node web/test/readme_page.mjs $(CHROMIUM); \
	else \
	  echo "################################################################"; \
	  echo "SKIPPED: the browser test (Chromium could not be installed: target/web/apt.log)"; \
	  echo "################################################################"; fi

bench-tools: venv
	$(PY) -m pip install -q -r bench/requirements.txt

# Generates the games once, replays them through Rust, C and Python, and writes bench/RESULTS.md and
# bench/results.svg. Takes a few minutes, and about ten more for the empty Connect Four board (last).
bench: lib develop bench-tools bench-floor wasm
	$(CARGO) build --release --locked -p tictactoe-bench
	@mkdir -p $(BUILD)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Iinclude bench/c/bench_ffi.c $(STATIC_LIB) $(NATIVE_LIBS) -o $(BUILD)/bench_ffi
	target/release/tictactoe-bench generate bench/data
	{ target/release/tictactoe-bench run bench/data; $(BUILD)/bench_ffi bench/data; $(JAVA_ROWS); \
	  $(PY) bench/python/bench.py bench/data; $(PY) bench/python/vec_bench.py; \
	  $(PY) bench/python/family_bench.py; $(PY) bench/python/js_bench.py; $(PY) bench/python/solver_bench.py; \
	  PYTHONPATH=$(BENCH_PY) $(PY) bench/python/calls.py bench/data; \
	  $(PY) bench/python/solver_bench.py "empty board"; } > target/bench.jsonl
	$(PY) bench/instructions.py target/release/tictactoe-bench bench/data target/bench.jsonl >> target/bench.jsonl
	$(PY) bench/report.py target/bench.jsonl bench
	@cat bench/RESULTS.md

# The players at the speed of play, printed as text (this machine's figures are in the notes of
# issue 38): the Agent with its defaults against BitBully's perfect play with each book, against
# OpenSpiel's MCTS, and solve / move_values on random positions of every stone count.
bench-players: develop bench-tools brain
	$(PY) bench/python/agent_bench.py --games 10 --book bitbully-12ply-dist
	$(PY) bench/python/agent_bench.py --games 5 --book bitbully-8ply
	$(PY) bench/python/agent_bench.py --games 5
	$(PY) bench/python/agent_vs_mcts.py --games 5 --simulations 1000
	$(CARGO) run -q --release --locked --manifest-path bench/peers/Cargo.toml --target-dir target/peers -- --games 5
	$(PY) bench/python/solve_bench.py --per-count 1 --book bitbully-12ply-dist
	$(PY) bench/python/solve_bench.py --per-count 2 --min-stones 6 --max-stones 20
	$(PY) bench/python/tactics_bench.py --positions 2000
	$(PY) bench/python/brain_bench.py --games 5 --timeouts 100 1000
	$(PY) bench/python/rapfi_ladder.py
	$(PY) bench/python/gomokubench_bench.py --games 5 --level hard
	$(PY) bench/python/openings_bench.py --games 20
	$(PY) bench/python/selfplay_bench.py --games 100

# The dial as a difficulty curve: the Agent (its default budget) at skills 0, 0.25, 0.5, 0.75 and 1
# against skill 0.5, 100 games a point, half of them first; Connect Four, then 15 x 15 gomoku.
DIAL_GAMES ?= 100
bench-dial:
	cargo build --release --locked -p tictactoe-bench
	target/release/tictactoe-bench dial connect-four $(DIAL_GAMES) 1000000 0 0.25 0.5 0.75 1
	target/release/tictactoe-bench dial gomoku $(DIAL_GAMES) 1000000 0 0.25 0.5 0.75 1

# The classic Java counter design, when a JDK is installed; otherwise the table has no Java rows.
JAVA_ROWS = if command -v javac >/dev/null && command -v java >/dev/null; then \
	  mkdir -p target/java && javac -d target/java bench/java/Replay.java && \
	  java -cp target/java Replay bench/data; \
	else echo "SKIPPED: no JDK (javac, java), so no Java rows in the benchmark" >&2; fi

# The Python benchmark's per-call floor, built here and never shipped: a hand-written METH_FASTCALL
# extension over the C library (bench/python/floor.c) and a PyO3 class whose method does nothing
# (crates/bench-probe), both importable from $(BENCH_PY).
BENCH_PY := target/bench-py
bench-floor: lib venv
	@mkdir -p $(BENCH_PY)
	$(CC) -std=c11 -O2 -shared -fPIC -Wall -Wextra -Werror -Iinclude \
	  -I"$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" \
	  bench/python/floor.c $(STATIC_LIB) $(NATIVE_LIBS) \
	  -o $(BENCH_PY)/_floor$$($(PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
	PYO3_BUILD_EXTENSION_MODULE=1 $(CARGO) build --release --locked -p tictactoe-bench-probe
	cp target/release/lib_probe.so $(BENCH_PY)/_probe.abi3.so

# The core's public API against the last release, so that a break made since without a version bump
# is seen: the newest tag v*, or, while the repository holds no tags, the commit just before the one
# that set the current version (the previous version as it stood; the current one is unreleased
# until tagged). SEMVER_BASELINE=REV for another. cargo-semver-checks comes from crates.io into
# target/tools the first time (ten minutes on two cores).
SEMVER_BASELINE ?= $(shell git describe --tags --abbrev=0 --match 'v*' 2>/dev/null || \
  git rev-parse "$$(git log -1 --format=%H -G'^version = "' -- Cargo.toml)^")
SEMVER_CHECKS := $(CURDIR)/target/tools/bin/cargo-semver-checks
# Checked as a minor release, so that every break is listed: before 1.0 a new minor version may
# break, and the tool would then skip every check. A break it lists must be under **Breaking** in
# CHANGELOG.md; SEMVER_RELEASE_TYPE=major to check as the version says.
SEMVER_RELEASE_TYPE ?= minor

# The exact opening book shipped in tictactoe-books (crates/books/data/): every 7 x 6 Connect
# Four position of up to EXACT_BOOK_DEPTH stones, those of that many solved exactly by the engine's
# own search reading the 10-stone win/draw/loss book (`make book BOOK_DEPTH=10 BOOK_SHARDS=512`
# first; it only prunes, the scores are the search's), the shallower ones by minimax over them, a
# sample solved again (of the deepest stones without any book). Built in EXACT_BOOK_SHARDS shards
# by BOOK_WORKERS local Ray workers, one thread a shard; resumable (books/connect-four-DEPTH-exact/).
# Deterministic: the same depth writes the same file. Depth 8: 91,295 positions of 8 stones
# (129,498 in all, 842,553 bytes, 6.51 a position), about 178 a shard, 30-40 s a shard on one
# core here (about 4.5 CPU-hours, 2.5 h on two cores over two sessions; the merge 2.5 minutes).
# Depth 7 (EXACT_BOOK_SHARDS=256): 27,109 positions of 7 stones, 38,203 in all, 262,015 bytes,
# about 2.1 CPU-hours. Depth 9 would be about 3.5 times depth 8's positions, each a longer search.
EXACT_BOOK_DEPTH ?= 8
EXACT_BOOK_SHARDS ?= 512
exact-book: venv
	$(CARGO) build --release --locked -p tictactoe-cli
	$(PY) tools/book_cluster.py --rules 6x7x4 --depth $(EXACT_BOOK_DEPTH) --exact \
	  --shards $(EXACT_BOOK_SHARDS) --workers $(BOOK_WORKERS) \
	  --book crates/books/data/connect-four-10.book \
	  --dir books/connect-four-$(EXACT_BOOK_DEPTH)-exact \
	  --out crates/books/data/connect-four-$(EXACT_BOOK_DEPTH)-exact.book

# The win/draw/loss book of every 7 x 6 Connect Four position of up to BOOK_DEPTH stones, in the
# engine's own format (crates/solve/src/exact/library.rs), built in BOOK_SHARDS shards by
# BOOK_WORKERS local Ray workers (tools/book_cluster.py; --address for a cluster). Resumable: the
# shards' lines are kept in books/ as they are solved (those of depth 10 are committed, so the
# default run only merges). Depth 10, the shipped book (feature `book-10`): 809,464 positions of
# 10 stones, 1.2-2.3 minutes a shard of about 1,580 on one core here (about 11-18 CPU-hours; the
# merge 8 minutes). Depth 8 (BOOK_SHARDS=64): 91,295 positions of 8 stones, 0.15 s each on one
# core here (about 4 CPU-hours). The book is written beside the shipped ones
# (crates/books/data/); `SHIPPED` in crates/books/src/lib.rs names those the solver reads.
BOOK_DEPTH ?= 10
BOOK_SHARDS ?= 512
BOOK_WORKERS ?= 2
book: venv
	$(CARGO) build --release --locked -p tictactoe-cli
	$(PY) tools/book_cluster.py --rules 6x7x4 --depth $(BOOK_DEPTH) --shards $(BOOK_SHARDS) \
	  --workers $(BOOK_WORKERS) --dir books/connect-four-$(BOOK_DEPTH) \
	  --out crates/books/data/connect-four-$(BOOK_DEPTH).book

# The Gomocup brain (target/release/pbrain-tictactoe), and its protocol driven through pygomo-lib.
brain:
	$(CARGO) build --release --locked -p pbrain-tictactoe

brain-test: brain develop
	PBRAIN=$(CURDIR)/target/release/pbrain-tictactoe $(PY) -m pytest -q crates/brain/tests

# The book builder's Ray driver with two local workers at a small size (tools/tests).
book-check: develop
	$(CARGO) build --release --locked -p tictactoe-cli
	$(PY) -m pytest -q tools/tests

semver:
	@command -v cargo-semver-checks >/dev/null || [ -x $(SEMVER_CHECKS) ] || \
	  $(CARGO) install -q --locked --root target/tools cargo-semver-checks
	PATH="$(CURDIR)/target/tools/bin:$$PATH" $(CARGO) semver-checks check-release \
	  -p tictactoe-core --baseline-rev $(SEMVER_BASELINE) --release-type $(SEMVER_RELEASE_TYPE)

FUZZ_SECONDS ?= 60
FUZZ_TARGETS := ops batch decode ffi family

# Nightly only: libFuzzer on each target for FUZZ_SECONDS, from the committed seeds. A crash's input
# goes into fuzz/regressions/<target>/, which `make test` replays on stable.
fuzz:
	@if ! rustup toolchain list | grep -q '^nightly'; then \
	  echo "SKIPPED: make fuzz needs a nightly toolchain (rustup toolchain install nightly)"; exit 1; fi
	command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p fuzz/corpus/$$t && cp fuzz/seeds/$$t/* fuzz/corpus/$$t/ && \
	  (cd fuzz && $(CARGO) +nightly fuzz run $$t corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) \
	    -print_final_stats=1 2>&1 | tee ../target/fuzz-$$t.log | grep -E 'stat::number_of_executed_units|Done|SUMMARY|panicked' ) || exit 1; \
	done

# Nightly only: Miri checks every unsafe operation of the C layer, driven by its own tests and by the
# fuzz bodies (seeds, regressions and pseudo-random calls through the ABI), then the core's rule
# tests (the core has no unsafe code; Miri runs them thousands of times slower, so they check the
# model less often under cfg(miri)). The unsafe code comes first; tests run on both cores through
# cargo-nextest when it is installed.
MIRI_RUN = $(if $(shell command -v cargo-nextest),nextest run -j 2,test)
miri:
	@if ! rustup toolchain list | grep -q '^nightly'; then \
	  echo "SKIPPED: make miri needs a nightly toolchain (rustup toolchain install nightly)"; exit 1; fi
	rustup component add --toolchain nightly miri rust-src
	MIRIFLAGS=-Zmiri-disable-isolation $(CARGO) +nightly miri $(MIRI_RUN) -p tictactoe-ffi --lib
	MIRIFLAGS=-Zmiri-disable-isolation $(CARGO) +nightly miri $(MIRI_RUN) -p tictactoe-fuzzing --test corpus
	MIRIFLAGS=-Zmiri-disable-isolation $(CARGO) +nightly miri $(MIRI_RUN) -p tictactoe-core --test rules

clean:
	$(CARGO) clean
	rm -rf .venv target
