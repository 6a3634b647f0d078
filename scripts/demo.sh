#!/bin/sh
# make demo: what epicsdb does, on the example files in db/examples.
set -eu
exec 2>&1 # one stream, so messages and results read in order
build=${1:-build}
epicsdb="$build/tools/epicsdb"
examples=db/examples

echo "== epicsdb macros: EPICS macro expansion of a text (-M P=demo:,N=7)"
"$epicsdb" macros -M "P=demo:,N=7" --expand "$examples/macros-demo.txt" || true
echo
echo "== epicsdb check: an example IOC database ($examples/iocExample.db)"
"$epicsdb" check "$examples/iocExample.db"
echo
echo "== epicsdb check: a substitution file, 200 axes and 500 sensors ($examples/ioc.substitutions)"
"$epicsdb" check --stats -I "$examples" "$examples/ioc.substitutions"
echo
echo "== epicsdb dump: two records as dbWriteRecord writes them"
"$epicsdb" dump -I "$examples" "$examples/ioc.substitutions" | sed -n '/demo:m0:set/,/^}/p;/demo:T0"/,/^}/p'
echo
echo "== epicsdb expand (msi): the first lines of the expanded substitution file"
"$epicsdb" expand -I "$examples" -S "$examples/ioc.substitutions" | head -12
echo
echo "== epicsdb check: a whole IOC from its startup script ($examples/ioc/iocBoot/iocdemo/st.cmd)"
"$epicsdb" check "$examples/ioc/iocBoot/iocdemo/st.cmd"
echo
echo "== epicsdb ioc: what that script builds (in an empty environment, as the IOC sees it)"
env -i "$epicsdb" ioc "$examples/ioc/iocBoot/iocdemo/st.cmd"
echo
echo "== epicsdb lint: what EPICS loads without a word ($examples/lint-demo.db)"
"$epicsdb" lint "$examples/lint-demo.db" || true
echo
echo "== epicsdb graph: the links around one record of the example IOC (DOT; --format svg with Graphviz)"
"$epicsdb" graph --focus iocdemo:turbo:interlock --depth 1 "$examples/ioc/iocBoot/iocdemo/st.cmd"
echo
echo "== epicsdb why: where a field's value came from (the macro LIMIT of a pattern row, loaded by st.cmd)"
"$epicsdb" why "$examples/ioc/iocBoot/iocdemo/st.cmd" iocdemo:ion1:pressure.HIGH
echo
echo "== epicsdb index: a facility of two IOCs into one SQLite index (db/examples/facility)"
work=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
index="$work/demo.sqlite"
"$epicsdb" index -o "$index" "$examples/facility/facility.toml"
echo
echo "== sqlite3: which IOC defines each record a link of the facility names, and the duplicates"
if command -v sqlite3 >/dev/null 2>&1; then
    sqlite3 -header -column "$index" \
        "SELECT r.name AS record, l.field, l.target, ifnull(t.name, '(external)') AS target_ioc
         FROM resolved_links l JOIN records r ON r.id = l.record_id
         LEFT JOIN iocs t ON t.id = l.target_ioc_id ORDER BY r.name, l.field;"
    echo
    sqlite3 -header -column "$index" \
        "SELECT n.name, group_concat(i.name, ', ') AS iocs FROM names n
         JOIN iocs i ON i.id = n.ioc_id GROUP BY n.name HAVING count(DISTINCT n.ioc_id) > 1;"
fi
echo
echo "== epicsdb serve: the same index as a JSON API on a loopback port, queried with curl"
"$epicsdb" serve --index "$index" --port 0 "$examples/facility/facility.toml" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
url=""
for _ in $(seq 100); do
    url=$(sed -n 's/^epicsdb serve: \(http[^ ]*\) .*/\1/p' "$work/serve.out")
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$url" ] || ! command -v curl >/dev/null 2>&1; then
    echo "(no server URL or no curl: skipped)"
    cat "$work/serve.err"
else
    for query in status "records?match=demo:vac:*" "records/demo:cryo:interlock/links" duplicates; do
        echo "\$ curl ${url}${query}"
        curl -s "${url}${query}"
        echo
    done
    echo "\$ curl ${url}records/demo:vac:ion1:pressure (its HIGH field, and where its value came from)"
    curl -s "${url}records/demo:vac:ion1:pressure" | python3 -c 'import json, sys
record = json.load(sys.stdin)
for field in record["fields"]:
    if field["name"] == "HIGH":
        print(json.dumps(field, indent=2))' 2>/dev/null || true
fi
echo
echo "To serve the example facility yourself:  $epicsdb serve $examples/facility/facility.toml"
echo "then open http://127.0.0.1:8080/api/v1/status (Ctrl-C stops it)."
