#!/bin/sh
# Headless neovim with its built-in LSP client, configured to run `epicsdb lsp`, opens an
# example file (a copy, in a scratch folder) and must receive its diagnostics (check.lua).
# Exit 77 (skipped) without nvim.
set -u
epicsdb=$1
script=$2
files=$3
if ! command -v nvim >/dev/null 2>&1; then
    echo "SKIPPED: nvim is not installed (Debian package neovim)"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/epicsdb-lsp-nvim-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cp "$files/main.db" "$files/targets.db" "$work/"
# No user configuration, no plugins, no swap files: only the built-in client.
EPICSDB="$epicsdb" LSP_FILE="$work/main.db" HOME="$work" XDG_STATE_HOME="$work" \
    timeout 90 nvim --headless --clean -n -u NONE -c "luafile $script" "$work/main.db"
