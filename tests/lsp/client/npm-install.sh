#!/bin/sh
# The npm packages of the client test, installed once into the build tree (the ctest fixture
# lsp_client_npm_install): again only when package.json changed. Exit 77 (skipped) without
# npm or node, or when the registry cannot be reached.
set -u
source_dir=$1
target=$2
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIPPED: $tool is not installed (the Node LSP client test needs node and npm)"
        exit 77
    fi
done
mkdir -p "$target"
if [ -d "$target/node_modules/vscode-languageserver-protocol" ] &&
   cmp -s "$source_dir/package.json" "$target/package.json"; then
    echo "npm packages already installed in $target"
    exit 0
fi
cp "$source_dir/package.json" "$target/package.json"
cd "$target" || exit 1
if ! npm install --no-audit --no-fund --no-package-lock --loglevel=error; then
    rm -f "$target/package.json"
    echo "SKIPPED: npm install failed (no registry?)"
    exit 77
fi
