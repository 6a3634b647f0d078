# Front door of epicsdb. `make test` and `make demo` work on a fresh clone: they install the
# missing Debian build packages first (as root), then configure and build with CMake.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PREFIX ?= $(CURDIR)/install

.PHONY: all deps configure build test demo bench bench-serve install sanitize sanitize-build format clean

all: build

deps:
	@./scripts/ensure-deps.sh

# Ninja when it is there (ensure-deps.sh installs it): it starts and schedules faster than make.
$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD_DIR) -G "$$(command -v ninja >/dev/null 2>&1 && echo Ninja || echo 'Unix Makefiles')" \
	    -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/CMakeCache.txt

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD_DIR)

# The reference workload, then the facility index of 1,000,000 records (--no-facility leaves it
# out). bench-serve: `epicsdb serve` on that facility (bench/facility-serve.sh: an edit until it
# is served, wrk with 64 connections, memory per record), a few minutes.
bench: build
	@$(BUILD_DIR)/bench/epicsdb-bench

bench-serve: build
	@./bench/facility-serve.sh $(BUILD_DIR)

install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# The suite under AddressSanitizer and UndefinedBehaviorSanitizer (at -O1), in its own tree, with
# what that run proves nothing more by: no Python module (an instrumented extension would need
# libasan preloaded into python), no benchmarks, no editor-client tests of the language server
# (they drive the same server as its process tests, through Node and neovim), and the corpus's
# differential tests on their fixed sample (tests/corpus/CorpusCases.hpp). `make sanitize-build`
# builds that tree only.
SANITIZE_FLAGS = BUILD_DIR=build-sanitize BUILD_TYPE=Debug \
	CMAKE_FLAGS="-DEPICSDB_SANITIZE=ON -DEPICSDB_BUILD_BENCH=OFF -DEPICSDB_PYTHON=OFF -DEPICSDB_CLIENT_TESTS=OFF -DEPICSDB_CORPUS_SAMPLE_STRIDE=8"
sanitize:
	$(MAKE) test $(SANITIZE_FLAGS)
sanitize-build:
	$(MAKE) build $(SANITIZE_FLAGS)

# libFuzzer targets (fuzz/README.md): a clang build in build-fuzz/ (`make fuzz-build` stops
# there), every target run for FUZZ_SECONDS on a copy of its seeds, JOBS at a time; exits
# non-zero on a finding (kept in build-fuzz/findings/).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
.PHONY: fuzz fuzz-build
fuzz:
	@./scripts/ensure-deps.sh fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" JOBS=$(JOBS) ./fuzz/run-fuzz.sh build-fuzz
fuzz-build:
	@./scripts/ensure-deps.sh fuzz
	@JOBS=$(JOBS) ./fuzz/run-fuzz.sh build-fuzz build

format:
	git ls-files '*.cpp' '*.hpp' '*.h' '*.c' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) build-sanitize
