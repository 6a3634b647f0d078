#!/bin/sh
# npm-install.sh SOURCE_DIR TARGET MARKER: the npm packages of SOURCE_DIR/package.json,
# installed once into TARGET in the build tree (a ctest fixture), again only when package.json
# changed; MARKER is a package whose folder shows the install is there. Exit 77 (skipped)
# without node or npm, or when the registry cannot be reached.
set -u
source_dir=$1
target=$2
marker=$3
for tool in node npm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIPPED: $tool is not installed"
        exit 77
    fi
done
mkdir -p "$target"
if [ -d "$target/node_modules/$marker" ] && cmp -s "$source_dir/package.json" "$target/package.json"; then
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
