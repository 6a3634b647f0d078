#!/bin/sh
# Runs the Node client test with the packages the fixture installed. Exit 77 (skipped)
# without node or without the packages.
set -u
modules=$1
shift
if ! command -v node >/dev/null 2>&1; then
    echo "SKIPPED: node is not installed"
    exit 77
fi
if [ ! -d "$modules/node_modules/vscode-languageserver-protocol" ]; then
    echo "SKIPPED: the npm packages are not installed (lsp_client_npm_install skipped)"
    exit 77
fi
NODE_PATH="$modules/node_modules" exec node "$@"
