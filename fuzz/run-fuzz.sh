#!/bin/sh
# `make fuzz`: configures BUILD_DIR (default build-fuzz) with clang and EPICSDB_FUZZ=ON, builds
# the fuzz targets (only them), runs each for FUZZ_SECONDS on a copy of its seeds (libFuzzer runs
# every seed and saved finding first, then explores), JOBS targets at a time, and prints one
# line per target from libFuzzer's final statistics. Exits 1 when any target found something
# (crash, timeout, leak, out of memory): the input is kept in BUILD_DIR/findings/<target>/ with
# the log. `run-fuzz.sh BUILD_DIR build` (make fuzz-build) configures and builds only.
#
# Environment: FUZZ_SECONDS (60), FUZZ_TARGETS (all of fuzz/CMakeLists.txt), FUZZ_TIMEOUT (10 s
# per input), FUZZ_RSS_MB (2048), FUZZ_MAX_LEN (4096), JOBS (2: the build's jobs, and the
# targets run side by side).
set -u

BUILD_DIR=${1:-build-fuzz}
STEP=${2:-all}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
# TEMPORARY: until macLib's expansion budget lands, inputs stay short (see macroBlowupRisk in
# fuzz/support/FuzzSupport.hpp).
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-4096}
JOBS=${JOBS:-2}

SOURCE_DIR=$(cd "$(dirname "$0")/.." && pwd)
cd "$SOURCE_DIR" || exit 2
ALL_TARGETS=$(sed -n 's/^set(EPICSDB_FUZZ_TARGETS \(.*\))$/\1/p' fuzz/CMakeLists.txt)
FUZZ_TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}

command -v clang++ >/dev/null 2>&1 || { echo "epicsdb fuzz: clang++ not found" >&2; exit 2; }

generator="Unix Makefiles"
command -v ninja >/dev/null 2>&1 && generator=Ninja
[ -f "$BUILD_DIR/CMakeCache.txt" ] && generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$BUILD_DIR/CMakeCache.txt")
cmake -S . -B "$BUILD_DIR" -G "$generator" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DEPICSDB_FUZZ=ON -DEPICSDB_BUILD_TESTS=OFF -DEPICSDB_BUILD_BENCH=OFF >/dev/null || exit 2
cmake --build "$BUILD_DIR" -j "$JOBS" --target fuzz-programs >"$BUILD_DIR/fuzz-build.log" 2>&1 || {
    tail -40 "$BUILD_DIR/fuzz-build.log" >&2
    echo "epicsdb fuzz: the build failed (log: $BUILD_DIR/fuzz-build.log)" >&2
    exit 2
}

[ "$STEP" = build ] && exit 0

BUILD=$(cd "$BUILD_DIR" && pwd)
WORK=$BUILD/fuzz-work
mkdir -p "$WORK/logs"
status=0
echo "epicsdb fuzz: $FUZZ_SECONDS s per target, $JOBS at a time: $FUZZ_TARGETS"

# One target's run: its summary line (and what it found) in $WORK/results/<target>, exit status 1
# on a finding.
fuzz_target() {
    target=$1
    program=$BUILD/fuzz/$target
    corpus=$WORK/corpus/$target
    findings=$BUILD/findings/$target
    log=$WORK/logs/$target.log
    mkdir -p "$corpus" "$findings"
    # The seeds and the saved findings, copied (the run adds to the copy, never to the tree).
    for seeds in "fuzz/corpus/$target" "tests/fuzz/regressions/$target"; do
        [ -d "$seeds" ] && find "$seeds" -type f ! -name README.md -exec cp -n {} "$corpus/" \;
    done
    dict=""
    [ -f "fuzz/dict/$target.dict" ] && dict="-dict=$SOURCE_DIR/fuzz/dict/$target.dict"

    # shellcheck disable=SC2086
    (cd "$WORK" && "$program" \
        -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb="$FUZZ_RSS_MB" \
        -max_len="$FUZZ_MAX_LEN" -print_final_stats=1 -close_fd_mask=3 $dict \
        -artifact_prefix="$findings/" "$corpus") >"$log" 2>&1
    rc=$?

    last=$(grep -a ' cov: ' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p')
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    found=0
    what=""
    if [ "$rc" -ne 0 ]; then
        found=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        kind=$(grep -a -m1 -o 'ERROR: [A-Za-z]*: [a-z -]*\|epicsdb fuzz: .*\|SUMMARY: .*' "$log" | head -1)
        [ -n "$artifact" ] && cp "$log" "$artifact.log"
        what="  ${kind:-exit status $rc}: ${artifact:-no input saved} (log $log)"
    fi
    {
        printf '%-10s execs %9s  exec/s %6s  cov %6s  ft %7s  corpus %5s  rss %5s MB  findings %s\n' \
            "$target" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${rss:-?}" "$found"
        [ -n "$what" ] && echo "$what"
    } >"$WORK/results/$target"
    cat "$WORK/results/$target"
    return "$found"
}

# JOBS targets side by side (all run for the same time, so batches lose nothing to waiting).
rm -rf "$WORK/results"
mkdir -p "$WORK/results"
batch=""
count=0
for target in $FUZZ_TARGETS; do
    fuzz_target "$target" &
    batch="$batch $!"
    count=$((count + 1))
    if [ "$count" -ge "$JOBS" ]; then
        for pid in $batch; do wait "$pid" || status=1; done
        batch=""
        count=0
    fi
done
for pid in $batch; do wait "$pid" || status=1; done
summary=""
for target in $FUZZ_TARGETS; do
    summary="$summary$(cat "$WORK/results/$target")
"
done

echo
echo "epicsdb fuzz: summary ($FUZZ_SECONDS s per target; logs in $WORK/logs)"
printf '%s' "$summary" | sed '/^$/d'
if [ "$status" -ne 0 ]; then
    echo "epicsdb fuzz: FINDINGS: inputs kept in $BUILD/findings/<target>/ (fuzz/README.md says how to" \
        "turn one into a regression test)"
fi
exit "$status"
