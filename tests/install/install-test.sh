#!/bin/sh
# install-test.sh pkg-config|cmake BUILD_DIR SOURCE_DIR [EXTRA_COMPILER_FLAGS]
# Installs the build into a scratch prefix and builds a program against it the way users do.
set -eu
mode=$1
build=$2
here=$3
flags=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null

case $mode in
pkg-config)
    pcdir=$(dirname "$(find "$work/prefix" -name epicsdb.pc | head -n 1)")
    export PKG_CONFIG_PATH="$pcdir"
    # shellcheck disable=SC2046
    # shellcheck disable=SC2086
    cc -std=c99 -Wall -Werror $flags -o "$work/cprog" "$here/cprog.c" $(pkg-config --cflags --libs epicsdb)
    "$work/cprog" > "$work/out.txt"
    diff -u "$here/cprog.expected" "$work/out.txt"
    # shellcheck disable=SC2046
    # shellcheck disable=SC2086
    cc -std=c99 -Wall -Werror $flags -o "$work/linkwalk" "$here/linkwalk.c" $(pkg-config --cflags --libs epicsdb)
    "$work/linkwalk" "$here/linkwalk.dbd" "$here/linkwalk.db" > "$work/links.txt"
    diff -u "$here/linkwalk.expected" "$work/links.txt"
    ;;
cmake)
    cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
        -DCMAKE_CXX_FLAGS="$flags" >/dev/null
    cmake --build "$work/consumer" >/dev/null
    "$work/consumer/consumer" > "$work/out.txt"
    diff -u "$here/consumer.expected" "$work/out.txt"
    ;;
esac
echo "ok: $mode"
