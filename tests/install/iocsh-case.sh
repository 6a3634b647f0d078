#!/bin/sh
# iocsh-case.sh PREFIX CASE_DIR EXPECTED_STATUS
# One of EPICS's own startup-script cases, run as a user runs the installed epicsdb: from the
# case's folder, in an empty environment, with the soft IOC's definitions; the database must be
# what EPICS's dbDumpRecord(pdbbase,"*",1) printed, byte for byte. Exit 77 (skipped) when the
# shared conformance material is not there.
set -u
prefix=$(cd "$1" && pwd) || exit 1
case_dir=$2
expected_status=$3
if [ ! -f "$case_dir/st.cmd" ]; then
    echo "skipped: $case_dir not found (../shared is absent)"
    exit 77
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
cd "$case_dir" || exit 1
env -i "$prefix/bin/epicsdb" dump --level 1 --dbd ../../epics-dbd/softIoc.dbd st.cmd >"$out"
status=$?
if [ "$status" -ne "$expected_status" ]; then
    echo "exit status $status, expected $expected_status"
    exit 1
fi
diff -u expected-dump1.db "$out" || exit 1
echo "ok: $(basename "$case_dir")"
