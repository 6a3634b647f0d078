#!/bin/sh
# rules-epicsdb-test.sh BUILD_DIR SOURCE_DIR
# RULES_EPICSDB in a minimal EPICS-style application (configure/ and xxxApp/Db/Makefile, GNU
# make only, with configure/RULES doing what EPICS's does for databases: expand substitution
# files with $(MSI) into O.Common, install $(DB) into db/). A clean database installs; one
# with a lint error stops the build and is not installed.
set -eu
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
app=$work/app
mkdir -p "$app/configure" "$app/xxxApp/Db"

cat > "$app/configure/CONFIG" <<'MK'
INSTALL_DB = $(TOP)/db
COMMON_DIR = O.Common
T_A = linux-x86_64
MK
cat > "$app/configure/RULES" <<'MK'
INSTALL_DBS = $(addprefix $(INSTALL_DB)/,$(notdir $(DB)))
vpath %.db $(COMMON_DIR)
vpath %.template .
.PHONY: install
install: $(INSTALL_DBS)
$(INSTALL_DB)/%: %
	@mkdir -p $(INSTALL_DB)
	cp $< $@
$(COMMON_DIR)/%.db: %.substitutions
	@mkdir -p $(COMMON_DIR)
	$(MSI) -I. -S$< > $@
MK
cat > "$app/xxxApp/Db/Makefile" <<'MK'
TOP = ../..
include $(TOP)/configure/CONFIG
DB += pumps.db
DB += valves.db
include $(TOP)/configure/RULES
include $(EPICSDB)/share/epicsdb/RULES_EPICSDB
MK
cat > "$app/xxxApp/Db/pumps.db" <<'DB'
record(ai, "pump:pressure") {
    field(DESC, "Pump pressure")
    field(FLNK, "pump:alarm")
}
record(calc, "pump:alarm") {
    field(INPA, "pump:pressure NPP MS")
    field(CALC, "A>1e-5")
}
DB
cat > "$app/xxxApp/Db/valve.template" <<'DB'
record(bo, "$(P)valve$(N)") {
    field(ZNAM, "Open")
    field(ONAM, "Closed")
}
DB
cat > "$app/xxxApp/Db/valves.substitutions" <<'DB'
file "valve.template" {
    pattern { P, N }
    { "vac:", 1 }
    { "vac:", 2 }
}
DB

# A clean application installs both databases, the expanded one made by epicsdb's msi.
make -s -C "$app/xxxApp/Db" EPICSDB="$work/prefix" install
test -f "$app/db/pumps.db"
grep -q 'vac:valve2' "$app/db/valves.db"
test -f "$app/xxxApp/Db/O.Common/pumps.db.lint"

# A link to a record nobody defines: a warning, an error with -Werror; make stops.
cat >> "$app/xxxApp/Db/pumps.db" <<'DB'
record(ao, "pump:setpoint") {
    field(OUT, "pump:nowhere PP")
}
DB
rm -rf "$app/db"
if make -s -C "$app/xxxApp/Db" EPICSDB="$work/prefix" EPICSDB_LINTFLAGS=-Werror install \
        >"$work/out.txt" 2>&1; then
    echo "make succeeded with a lint error"; cat "$work/out.txt"; exit 1
fi
grep -q 'pumps.db:10:5: error: OUT of pump:setpoint names record "pump:nowhere"' "$work/out.txt" \
    || { cat "$work/out.txt"; exit 1; }
test ! -f "$app/db/pumps.db"
# Per-file flags: this file may name it.
make -s -C "$app/xxxApp/Db" EPICSDB="$work/prefix" EPICSDB_LINTFLAGS=-Werror \
    pumps_LINTFLAGS="-x pump:nowhere" install
test -f "$app/db/pumps.db"
echo "ok: RULES_EPICSDB"
