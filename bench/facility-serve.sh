#!/bin/bash
# The service's figures of issue 28 (section 5), on the facility `epicsdb-bench --write-facility`
# generates (200 IOCs, 1,003,200 records): `epicsdb serve facility.toml --port 0` started on it
# (indexing it cold), then
#   - after the template that one IOC of 5,016 records uses alone is edited, how long until
#     GET /api/v1/records/NAME shows the new value (target: within 1 s), EDITS times;
#   - GET /api/v1/records/{name} (target: p99 under 10 ms) and GET /api/v1/records?match=PREFIX*
#     (one instance's prefix, 85 names; target: p99 under 50 ms; and one IOC's prefix, for
#     information) with CONNECTIONS connections (wrk -t2 --latency, bench/wrk-records.lua to
#     vary the names): with no update (for comparison), while that IOC's template is edited
#     again and again (each edit once the last is served, and how long each took to be
#     served), and while the template of every other IOC is edited once (an update of
#     ~1,000,000 records, and how long it took);
#   - the server's memory per record (/proc/PID/status VmRSS and VmHWM over the records; target:
#     under 1 KiB).
# Each figure with the 1-minute load average when it was taken (during and after a wrk run it
# counts the service's own busy workers, up to 64), and for each wrk run who used the cores:
# the service, wrk, the rest of the machine. Exit status 1 when a target is missed, 2 when the
# service cannot be run.
#
#   bench/facility-serve.sh [BUILD_DIR]        (default: build; `make bench-serve` runs it)
#   environment: IOCS (200), PER_IOC (59), DURATION (10s, each wrk run), CONNECTIONS (64),
#                EDITS (3), EPICSDB (the program; default BUILD_DIR/tools/epicsdb)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
epicsdb=${EPICSDB:-$build/tools/epicsdb}
bench=$build/bench/epicsdb-bench
iocs=${IOCS:-200}
per_ioc=${PER_IOC:-59}
duration=${DURATION:-10s}
connections=${CONNECTIONS:-64}
edits=${EDITS:-3}

for program in "$epicsdb" "$bench"; do
    [ -x "$program" ] || { echo "facility-serve.sh: $program is not built" >&2; exit 2; }
done
for tool in curl wrk; do
    command -v "$tool" >/dev/null || { echo "facility-serve.sh: $tool is not installed" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/epicsdb-serve-bench.XXXXXX")
server=
editor=
cleanup() {
    [ -n "$editor" ] && kill "$editor" 2>/dev/null && wait "$editor" 2>/dev/null
    [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
load() { cut -d' ' -f1 /proc/loadavg; }
seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
missed=0
verdict() { # MET(0|1) TEXT
    if [ "$1" = 1 ]; then echo "  [met ] $2"; else echo "  [MISS] $2"; missed=1; fi
}

# The facility, and what it says about itself (facility=, records=, own_template=, probe=, ...).
"$bench" --write-facility "$work/facility" --iocs "$iocs" --per-ioc "$per_ioc" >"$work/layout"
while IFS='=' read -r key value; do
    case $key in
    facility) facility=$value ;;
    records) records=$value ;;
    own_ioc) own_ioc=$value ;;
    own_template) own_template=$value ;;
    own_records) own_records=$value ;;
    probe) probe=$value ;;
    esac
done <"$work/layout"
shared_template=$work/facility/db/bench.template
# A record of an IOC that uses the shared template (the second IOC), for the large update.
width=$((${#iocs} > 3 ? ${#iocs} : 3))
shared_probe=F$(printf '%0*d' "$width" 1):BENCH:0:ai1

# Edits the analog inputs' DESC of a template in place, as an editor that writes the file over:
# "Analog input $(N)" becomes "Analog input $(N) rev REVISION".
edit() { # TEMPLATE REVISION
    sed 's/Analog input [$](N)[^"]*"/Analog input $(N) rev '"$2"'"/' "$1" >"$work/edit.tmp"
    cat "$work/edit.tmp" >"$1"
}

echo "facility-serve: $records records in $iocs IOCs ($per_ioc instances each); epicsdb: $epicsdb"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# The service, started on the facility with no index: it indexes it cold, then serves.
started=$(now)
start_load=$(load)
"$epicsdb" serve "$facility" --port 0 >"$work/serve.out" 2>"$work/serve.err" &
server=$!
until grep -q 'http://' "$work/serve.out" 2>/dev/null; do
    if ! kill -0 "$server" 2>/dev/null; then
        echo "facility-serve.sh: epicsdb serve stopped:" >&2
        cat "$work/serve.err" >&2
        server=
        exit 2
    fi
    sleep 0.05
done
ready=$(now)
base=$(sed -n 's|.*\(http://[^ ]*\)/api/v1/.*|\1|p' "$work/serve.out" | head -1)
api=$base/api/v1
memory() { awk -v key="$1:" '$1 == key { print $2 * 1024 }' "/proc/$server/status"; }
status() { curl -sf "$api/status"; }
generation() { status | sed -n 's/.*"generation":\([0-9]*\).*/\1/p'; }
# Until no update waits or runs (at most 120 s).
wait_idle() {
    local deadline=$((SECONDS + 120))
    while [ $SECONDS -lt $deadline ]; do
        status | grep -q '"updates_pending":false.*"updating":false\|"updating":false.*"updates_pending":false' &&
            return 0
        sleep 0.1
    done
    echo "facility-serve.sh: the service is still updating after 120 s" >&2
    return 1
}
wait_idle
idle_rss=$(memory VmRSS)
echo "serve ready at $base in $(seconds_between "$started" "$ready") s (cold index of $records" \
    "records; load $start_load); VmRSS idle: $((idle_rss / 1000000)) MB," \
    "$((idle_rss / records)) bytes per record"
echo

# Edits TEMPLATE to REVISION, then polls GET /records/PROBE until its DESC shows the edit;
# prints the seconds from the edit to the first answer that shows it ("timeout" after 30 s).
edit_until_served() { # TEMPLATE REVISION PROBE
    local t0 deadline=$((SECONDS + 30))
    t0=$(now)
    edit "$1" "$2"
    until curl -sf "$api/records/$3" | grep -q "\"Analog input 0 rev $2\""; do
        [ $SECONDS -lt $deadline ] || { echo timeout; return 0; }
    done
    seconds_between "$t0" "$(now)"
}
# A list of delays (one a line): "N edits, served after median M s, at worst W s".
delays_summary() { # FILE
    sort -g "$1" | awk '$1 == "timeout" { lost++; next } { d[n++] = $1 }
        END { printf "%d edits, served after median %.3f s, at worst %.3f s%s", n + lost,
              n ? d[int((n - 1) / 2)] : 0, n ? d[n - 1] : 0,
              lost ? sprintf(", %d not within 30 s", lost) : "" }'
}

# 1. An edit of the one IOC's own template, until the service shows the new value.
echo "update: $own_template (used by $own_ioc alone, $own_records records) edited; GET" \
    "/api/v1/records/$probe polled until its DESC shows the edit:"
worst=0
for revision in $(seq 1 "$edits"); do
    wait_idle
    sleep 0.5
    figure_load=$(load)
    delay=$(edit_until_served "$own_template" "$revision" "$probe")
    echo "  edit $revision: shown after $delay s (load $figure_load)"
    [ "$delay" = timeout ] && delay=30
    worst=$(awk -v a="$worst" -v b="$delay" 'BEGIN { print (b > a) ? b : a }')
done
echo

# 2. wrk on the API, while updates run. run_wrk prints one line of figures, keeps p99 (ms) in $p99.
# Who used the cores during a run: the machine's busy time (/proc/stat), the service's
# (/proc/PID/stat), wrk's (bash's time); the rest is everything else on the machine.
ticks=$(getconf CLK_TCK)
cores=$(nproc)
machine_busy() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
service_busy() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
p99=0
run_wrk() { # MODE LABEL
    local out=$work/wrk-$1.txt figure_load busy0 own0 t0
    figure_load=$(load)
    busy0=$(machine_busy)
    own0=$(service_busy)
    t0=$(now)
    local TIMEFORMAT='%U %S'
    { time wrk -t2 -c"$connections" -d"$duration" --latency -s "$here/wrk-records.lua" \
        "$base" -- "$1" "$iocs" "$per_ioc" >"$out"; } 2>"$out.cpu"
    local split
    split=$(awk -v busy=$(($(machine_busy) - busy0)) -v own=$(($(service_busy) - own0)) \
        -v hz="$ticks" -v wall="$(seconds_between "$t0" "$(now)")" -v n="$cores" \
        '{ w = ($1 + $2) / wall; s = own / hz / wall; r = busy / hz / wall - s - w
           printf "cores busy: service %.2f, wrk %.2f, the rest %.2f of %d", s, w, r < 0 ? 0 : r, n }' \
        "$out.cpu")
    # Latencies as wrk prints them (us, ms, s), in ms.
    to_ms() { awk '{ v = $1 + 0; if ($1 ~ /us$/) v /= 1000; else if ($1 ~ /[0-9]s$/) v *= 1000; printf "%.2f", v }'; }
    local p50 p90
    p50=$(awk '$1 == "50%" { print $2 }' "$out" | to_ms)
    p90=$(awk '$1 == "90%" { print $2 }' "$out" | to_ms)
    p99=$(awk '$1 == "99%" { print $2 }' "$out" | to_ms)
    local rate bad errors
    rate=$(awk '$1 == "Requests/sec:" { printf "%.0f", $2 }' "$out")
    bad=$(awk '/Non-2xx/ { print $NF }' "$out")
    errors=$(sed -n 's/.*Socket errors: *//p' "$out")
    printf '  %-44s p50 %7.2f ms  p90 %7.2f ms  p99 %7.2f ms  %6s req/s%s%s\n' \
        "$2" "$p50" "$p90" "$p99" "$rate" "${bad:+  non-2xx: $bad}" \
        "${errors:+  socket errors: $errors}"
    echo "      ($split; load $figure_load at the start)"
}

label_of() { # MODE
    case $1 in
    record) echo "GET /records/{name}" ;;
    match) echo "GET /records?match=F<n>:BENCH:<i>:* (85 names)" ;;
    ioc-match) echo "GET /records?match=F<n>:* ($own_records names)" ;;
    esac
}
# Edits the one IOC's template, waits until the service shows the edit, and again, 0.2 s
# apart; the delays go to FILE.
editor_loop() { # FILE
    local revision=100
    while :; do
        revision=$((revision + 1))
        edit_until_served "$own_template" "$revision" "$probe" >>"$1"
        sleep 0.2
    done
}
# p99 (ms) by phase and mode: idle (no update, for comparison), small (the one IOC's template
# edited again and again), large (the template of every other IOC edited once as wrk starts).
declare -A p99s
shared_revision=200
for phase in idle small large; do
    case $phase in
    idle) echo "wrk -t2 -c$connections -d$duration --latency, no update (for comparison):" ;;
    small) echo "wrk -t2 -c$connections -d$duration --latency, while $own_ioc's template is" \
        "edited again and again (an update of $own_ioc, $own_records records, each time), each" \
        "edit once the last is served:" ;;
    large) echo "wrk -t2 -c$connections -d$duration --latency, while the template of every" \
        "other IOC is edited (an update of $((iocs - 1)) IOCs):" ;;
    esac
    modes="record match"
    [ "$phase" = small ] && modes="record match ioc-match"
    for mode in $modes; do
        wait_idle
        before=$(generation)
        edited=$(now)
        case $phase in
        small)
            : >"$work/delays"
            editor_loop "$work/delays" &
            editor=$!
            ;;
        large)
            shared_revision=$((shared_revision + 1))
            edit "$shared_template" "$shared_revision"
            ;;
        esac
        run_wrk "$mode" "$(label_of "$mode")"
        p99s[$phase.$mode]=$p99
        if [ -n "$editor" ]; then
            kill "$editor"
            wait "$editor" 2>/dev/null || true
            editor=
        fi
        case $phase in
        small) echo "      ($(delays_summary "$work/delays"); $(($(generation) - before)) IOC" \
            "updates committed during the run)" ;;
        large)
            committed=$(($(generation) - before))
            wait_idle
            echo "      ($committed IOC updates committed during the run; the update took" \
                "$(seconds_between "$edited" "$(now)") s in all)"
            ;;
        esac
    done
    echo
done
curl -sf "$api/records/$shared_probe" | grep -q "\"Analog input 0 rev $shared_revision\"" ||
    echo "  (the large update's last edit is not served: $shared_probe)"

rss=$(memory VmRSS)
hwm=$(memory VmHWM)
echo "memory of the service ($records records): VmRSS $((rss / 1000000)) MB" \
    "($((rss / records)) bytes per record), VmHWM $((hwm / 1000000)) MB" \
    "($((hwm / records)) bytes per record); load $(load)"
echo

echo "service targets (issue 28):"
met() { awk -v v="$1" -v limit="$2" 'BEGIN { print (v + 0 <= limit + 0) ? 1 : 0 }'; }
verdict "$(met "$worst" 1)" "an edit of $own_ioc's template ($own_records records) served within $worst s at worst, of $edits (target <= 1 s)"
for phase in small large; do
    what=$([ $phase = small ] && echo "one-IOC updates one after the other" ||
        echo "a $((iocs - 1))-IOC update")
    verdict "$(met "${p99s[$phase.record]}" 10)" "GET /records/{name} p99 ${p99s[$phase.record]} ms with $connections connections during $what (target < 10 ms)"
    verdict "$(met "${p99s[$phase.match]}" 50)" "GET /records?match=PREFIX* p99 ${p99s[$phase.match]} ms with $connections connections during $what (target < 50 ms)"
done
verdict "$(met "$((hwm / records))" 1023)" "memory: VmHWM $((hwm / records)) bytes per record, VmRSS $((rss / records)) (target < 1 KiB)"
exit $missed
