#!/bin/sh
# sarif-schema-test.sh EPICSDB MODULES: the SARIF logs of `epicsdb check` and `epicsdb lint`,
# of a database whose diagnostics carry fix-its and related locations, validated against the
# SARIF 2.1.0 schema. Exit 77 (skipped) without node or the npm packages.
set -u
epicsdb=$1
modules=$2
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then echo "SKIPPED: node is not installed"; exit 77; fi
if [ ! -d "$modules/node_modules/@microsoft/jest-sarif" ]; then
    echo "SKIPPED: the npm packages are not installed (sarif_npm_install skipped)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/bad.db" <<'DB'
record(ai, "x:temp") {
    field(DESCC, "Temperature")
    field(SCAN, "1 secnd")
    field(EGU, "C")
    field(EGU, degC)
    field(INP, "x:missing")
}
record(ai, "x:temp") {
    field(PREC, "2")
}
DB
cd "$work" || exit 1
"$epicsdb" check --format sarif bad.db > check.sarif
[ $? -eq 1 ] || { echo "check: expected exit status 1"; exit 1; }
"$epicsdb" lint --format sarif bad.db > lint.sarif
[ $? -eq 1 ] || { echo "lint: expected exit status 1"; exit 1; }
# The logs must hold what is being validated: fixes and related locations.
grep -q '"fixes"' check.sarif || { echo "check.sarif has no fixes"; exit 1; }
grep -q '"relatedLocations"' lint.sarif || { echo "lint.sarif has no relatedLocations"; exit 1; }
NODE_PATH="$modules/node_modules" node "$here/validate.js" check.sarif lint.sarif
