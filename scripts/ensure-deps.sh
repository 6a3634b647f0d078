#!/bin/sh
# Makes sure the Debian packages needed to build and test epicsdb are present.
# As root with apt-get: installs what is missing. Otherwise: prints the one
# command to run and fails, so the user is never left with a half-built tree.
set -eu

# ninja-build: the build tool CMake drives (faster to start and schedule than make).
# libgmock-dev: GoogleTest's matchers (gmock), used by the ioc and lint suites.
# graphviz: `epicsdb graph --format svg` runs its dot (and the SVG test needs it).
# libtomlplusplus-dev: epicsdb lsp reads the project file .epicsdb.toml (header-only use).
# libmd4c-dev: the build renders the guide's pages as `epicsdb help` text (md4c parses Markdown).
# go-md2man: the build makes the man pages from the same pages.
# pybind11-dev, python3-dev: the Python module `import epicsdb` (python/), built for Debian's
# python3 (the interpreter whose headers python3-dev installs).
# libsqlite3-dev, sqlite3: the facility index (epicsdb index/serve) is a SQLite file; the demo
# and the guide query it with the sqlite3 shell.
# libxxhash-dev: the index's content hashes (XXH3-128) of the files an IOC read.
# libcpp-httplib-dev: epicsdb serve's HTTP server (cpp-httplib).
# python3-jsonschema: the service's tests check every response against its OpenAPI document.
# wrk: make bench loads the service with 64 connections.
# neovim: the headless client test of epicsdb lsp (tests/lsp; skipped by name without it).
# nodejs, npm: the Node client test of epicsdb lsp (its npm packages are installed by the test
# set-up); only when no node is on PATH (a node installed otherwise, such as nodesource's, is
# used as it is: Debian's npm would conflict with it).
packages="cmake make ninja-build g++ flex bison libgtest-dev libgmock-dev pkg-config libcli11-dev nlohmann-json3-dev rapidjson-dev graphviz libtomlplusplus-dev libmd4c-dev go-md2man neovim pybind11-dev python3-dev libsqlite3-dev sqlite3 libxxhash-dev libcpp-httplib-dev python3-jsonschema wrk"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    packages="$packages nodejs npm"
fi
# `ensure-deps.sh fuzz` (make fuzz only): clang, with libFuzzer and the sanitizer runtimes.
fuzz_tools=""
if [ "${1:-}" = fuzz ]; then
    packages="$packages clang libclang-rt-dev"
    fuzz_tools="clang++"
fi

missing=""
for p in $packages; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $p"
    fi
done

# Not a Debian system: trust the tools on PATH, and say so if they are absent.
if ! command -v dpkg-query >/dev/null 2>&1; then
    for tool in cmake make g++ flex bison pkg-config $fuzz_tools; do
        command -v "$tool" >/dev/null 2>&1 || { echo "epicsdb: '$tool' not found on PATH" >&2; exit 1; }
    done
    exit 0
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "epicsdb: installing missing packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing
    exit 0
fi

echo "epicsdb: missing build packages:$missing" >&2
echo "Install them with:" >&2
echo "    sudo apt-get install -y$missing" >&2
exit 1
