# Front door of epicsdb. `make test` and `make demo` work on a fresh clone: they install the
# missing Debian build packages first (as root), then configure and build with CMake.
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
PREFIX ?= $(CURDIR)/install

.PHONY: all deps configure build test demo bench install sanitize format clean

all: build

deps:
	@./scripts/ensure-deps.sh

$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/CMakeCache.txt

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

demo: build
	@./scripts/demo.sh $(BUILD_DIR)

bench: build
	@$(BUILD_DIR)/bench/epicsdb-bench

install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, in its own tree; without
# the Python module (an instrumented extension would need libasan preloaded into python).
sanitize:
	$(MAKE) test BUILD_DIR=build-sanitize BUILD_TYPE=Debug CMAKE_FLAGS="-DEPICSDB_SANITIZE=ON -DEPICSDB_BUILD_BENCH=OFF -DEPICSDB_PYTHON=OFF"

# libFuzzer targets (fuzz/README.md): a clang build in build-fuzz/, every target run for
# FUZZ_SECONDS on a copy of its seeds; exits non-zero on a finding (kept in build-fuzz/findings/).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=
.PHONY: fuzz
fuzz:
	@./scripts/ensure-deps.sh fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" JOBS=$(JOBS) ./fuzz/run-fuzz.sh build-fuzz

format:
	git ls-files '*.cpp' '*.hpp' '*.h' '*.c' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) build-sanitize
