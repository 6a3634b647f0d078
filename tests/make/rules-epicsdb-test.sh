#!/bin/sh
# rules-epicsdb-test.sh BUILD_DIR SOURCE_DIR
# RULES_EPICSDB, from the installed package, in an application laid out as EPICS Base builds
# one. configure/RULES here is ours, written from what EPICS's configure/RULES_ARCHS and
# configure/RULES.Db do where it matters: make enters O.<arch>/ with -f ../Makefile, TOP one
# level further and T_A set; sources are found through vpath and ../; expanded databases are
# made in $(COMMON_DIR) = ../O.Common by $(MSI3_15) (EPICS's msi: here a stand-in that fails,
# so that a template expanded by it fails the test), with dependency files made by
# `$(MSI3_15) -D`; $(INSTALL_DBS) and DB_INSTALLS are copied to $(TOP)/db. The cases are those
# a user meets: a hand-written database and an expanded one that keeps its macros install; a
# misspelt field stops the build at file:line:column and is not installed; a second make does
# nothing; a touched template lints only what depends on it; sub-folders, DB_INSTALLS and
# USR_DBFLAGS -I; make clean; make -j4; epicsdb found on PATH; DISABLE_EPICSDB_RULES.
set -eu
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
prefix=$work/prefix
app=$work/demo
mkdir -p "$app/configure" "$app/demoApp/Db/sub" "$app/shared" "$app/extra"

fail() {
    echo "FAILED: $1"
    [ -f "$work/out.txt" ] && cat "$work/out.txt"
    exit 1
}
# run ARGS...: make in demoApp/Db (as `make` in that folder), its output in out.txt.
run() {
    make -C "$app/demoApp/Db" "$@" >"$work/out.txt" 2>&1
}

cat >"$app/configure/CONFIG" <<'MK'
# What EPICS's configure/CONFIG gives a Db/Makefile (the parts RULES.Db uses).
EPICS_HOST_ARCH = linux-x86_64
BUILD_ARCHS = $(EPICS_HOST_ARCH)
COMMON_DIR = ../O.Common
INSTALL_LOCATION = $(TOP)
INSTALL_DB = $(INSTALL_LOCATION)/db
MKDIR = mkdir -p
RMDIR = rm -rf
RM = rm -f
MV = mv -f
ECHO = @echo
INSTALL = cp
# EPICS's msi (CONFIG_DATABASE_MODULE): a stand-in that fails, so the test knows which runs.
MSI3_15 = $(TOP)/configure/epics-msi
MK
cat >"$app/configure/epics-msi" <<'SH'
#!/bin/sh
echo "EPICS's msi was called: $*" >&2
exit 1
SH
chmod +x "$app/configure/epics-msi"

cat >"$app/configure/RULES" <<'MK'
# RULES_ARCHS: from the source folder, make each O.<arch>/ with -f ../Makefile.
ifndef T_A
all install: $(addprefix O.,$(BUILD_ARCHS))
$(addprefix O.,$(BUILD_ARCHS)):
	@$(MKDIR) $@
	$(MAKE) -C $@ -f ../Makefile TOP=$(TOP)/.. T_A=$(@:O.%=%) install
clean:
	$(RMDIR) O.*
.PHONY: all install clean $(addprefix O.,$(BUILD_ARCHS))
else
# RULES.Db, for databases.
SUBST_SUFFIX ?= .substitutions
TEMPL_SUFFIX ?= .template
vpath %.db $(USR_VPATH) $(SRC_DIRS) $(dir $(DB))
vpath %.vdb $(USR_VPATH) $(SRC_DIRS) $(dir $(DB))
vpath %$(SUBST_SUFFIX) $(USR_VPATH) $(SRC_DIRS) $(COMMON_DIR)
vpath %$(TEMPL_SUFFIX) $(USR_VPATH) $(SRC_DIRS) $(COMMON_DIR)
DB_SEARCH_DIRS = . .. $(COMMON_DIR) $(SRC_DIRS) $(INSTALL_DB)
DBFLAGS = $($*_DBFLAGS) $(USR_DBFLAGS) $(CMD_DBFLAGS) $(addprefix -I,$(DB_SEARCH_DIRS))
INSTALL_DBS = $(addprefix $(INSTALL_DB)/,$(notdir $(DB)))
COMMON_DBS = $(filter $(COMMON_DIR)/%,$(foreach file,$(DB),$(firstword $(SOURCE_DB) $(COMMON_DIR)/$(file))))
SOURCE_DB = $(wildcard $(file) $(SOURCE_DB_bbb))
SOURCE_DB_bbb = $(foreach dir,$(GENERIC_SRC_DIRS),$(addsuffix /$(file),$(dir)))
GENERIC_SRC_DIRS = .. $(SRC_DIRS)
INSTALL_DB_INSTALLS = $(addprefix $(INSTALL_DB)/,$(notdir $(DB_INSTALLS)))
DEP = .d
DBDDEPENDS_FILES = $(addsuffix $(DEP),$(patsubst $(COMMON_DIR)/%,%,$(COMMON_DBS)))
COMMONDEP_TARGET = $(COMMON_DIR)/$(basename $@)
TEMPLATE_FILENAME = $(firstword $(wildcard $($*_TEMPLATE) $(addprefix ../,$($*_TEMPLATE)) ../$*$(TEMPL_SUFFIX)))
install: build
build: $(COMMON_DBS) $(INSTALL_DBS) $(DBDDEPENDS_FILES) $(INSTALL_DB_INSTALLS)
ifneq (,$(strip $(DBDDEPENDS_FILES)))
-include $(DBDDEPENDS_FILES)
endif
%.db$(DEP): %$(SUBST_SUFFIX)
	$(MSI3_15) -D $(DBFLAGS) -o $(COMMONDEP_TARGET) -S$< $(TEMPLATE_FILENAME) > $@
%.db$(DEP): ../%$(SUBST_SUFFIX)
	$(MSI3_15) -D $(DBFLAGS) -o $(COMMONDEP_TARGET) -S$< $(TEMPLATE_FILENAME) > $@
%.db$(DEP): ../%$(TEMPL_SUFFIX)
	$(MSI3_15) -D $(DBFLAGS) -o $(COMMONDEP_TARGET) $< > $@
.PRECIOUS: %$(DEP)
$(COMMON_DIR)/%.db: %$(SUBST_SUFFIX)
	$(ECHO) "Inflating database from $< $(TEMPLATE_FILENAME)"
	@$(RM) $(notdir $@)
	$(MSI3_15) $(DBFLAGS) -o $(notdir $@) -S$< $(TEMPLATE_FILENAME)
	@$(MKDIR) $(COMMON_DIR)
	@$(MV) $(notdir $@) $@
$(COMMON_DIR)/%.db: ../%$(SUBST_SUFFIX)
	$(ECHO) "Inflating database from $< $(TEMPLATE_FILENAME)"
	@$(RM) $(notdir $@)
	$(MSI3_15) $(DBFLAGS) -o $(notdir $@) -S$< $(TEMPLATE_FILENAME)
	@$(MKDIR) $(COMMON_DIR)
	@$(MV) $(notdir $@) $@
$(COMMON_DIR)/%.db: ../%$(TEMPL_SUFFIX)
	$(ECHO) "Inflating database from $<"
	@$(RM) $(notdir $@)
	$(MSI3_15) $(DBFLAGS) -o $(notdir $@) $<
	@$(MKDIR) $(COMMON_DIR)
	@$(MV) $(notdir $@) $@
.PRECIOUS: $(COMMON_DIR)/%.db
$(INSTALL_DB)/%: %
	$(ECHO) "Installing $@"
	@$(MKDIR) $(@D)
	@$(INSTALL) $< $@
$(INSTALL_DB)/%: ../%
	$(ECHO) "Installing $@"
	@$(MKDIR) $(@D)
	@$(INSTALL) $< $@
$(INSTALL_DB)/%.db: $(COMMON_DIR)/%.db
	$(ECHO) "Installing created db file $@"
	@$(MKDIR) $(@D)
	@$(INSTALL) $< $@
define DB_INSTALLS_template
$$(INSTALL_DB)/$$(notdir $(1)): $(1)
	$$(ECHO) "Installing $$@"
	@$$(MKDIR) $$(INSTALL_DB)
	@$$(INSTALL) $$^ $$(INSTALL_DB)
endef
$(foreach file, $(DB_INSTALLS), $(eval $(call DB_INSTALLS_template, $(file))))
endif
MK

cat >"$app/demoApp/Db/Makefile" <<'MK'
TOP = ../..
include $(TOP)/configure/CONFIG
DB += pumps.db
DB += status.db
SRC_DIRS += ../sub
DB += valves.db
DB_INSTALLS += ../../../extra/interlock.db
USR_DBFLAGS += -I $(TOP)/shared
DB += stream.proto
include $(TOP)/configure/RULES
include $(EPICSDB)/share/epicsdb/RULES_EPICSDB
MK
# The usual EPICS database: a template, with P and N given at boot.
cat >"$app/demoApp/Db/pump.template" <<'DB'
record(ai, "$(P)pump$(N)") {
    field(DESC, "Pump $(N) pressure")
    field(DTYP, "$(DTYP=Soft Channel)")
    field(INP, "$(P)gauge$(N) CP")
    field(EGU, "mbar")
    field(HOPR, "$(HIGH=1e-3)")
    field(FLNK, "$(P)status")
}
DB
cat >"$app/demoApp/Db/pumps.substitutions" <<'DB'
file "pump.template" {
    pattern { N }
    { 1 }
    { 2 }
}
DB
# Written by hand, in the Db folder; includes a file found with USR_DBFLAGS's -I.
cat >"$app/demoApp/Db/status.db" <<'DB'
record(calc, "$(P)status") {
    field(CALC, "A+B")
    field(INPA, "$(P)pump1 NPP")
    field(INPB, "$(P)pump2 NPP")
}
include "common.db"
DB
cat >"$app/shared/common.db" <<'DB'
record(bo, "$(P)enable") {
    field(ZNAM, "Off")
    field(ONAM, "On")
}
DB
# In a sub-folder found through SRC_DIRS.
cat >"$app/demoApp/Db/sub/valves.db" <<'DB'
record(bo, "$(P)valve1") {
    field(OUT, "$(P)enable PP")
}
DB
# From outside the application, through DB_INSTALLS.
cat >"$app/extra/interlock.db" <<'DB'
record(bi, "$(P)interlock") {
    field(ZNAM, "Ok")
}
DB
# Not a record database: installed, not linted.
cat >"$app/demoApp/Db/stream.proto" <<'PROTO'
getValue { out "VAL?"; in "%f"; }
PROTO

# 1. A clean application: every database linted and installed, templates expanded by
# epicsdb's msi (EPICS's stand-in would fail), the expanded one keeping $(P).
run EPICSDB="$prefix" || fail "make of a clean application"
for f in pumps.db status.db valves.db interlock.db stream.proto; do
    test -f "$app/db/$f" || fail "$f was not installed"
done
grep -q 'record(ai, "$(P)pump2")' "$app/db/pumps.db" || fail "pumps.db is not msi's expansion"
for f in pumps.db status.db valves.db interlock.db; do
    test -f "$app/demoApp/Db/O.Common/$f.lint" || fail "no lint stamp for $f"
done
test ! -f "$app/demoApp/Db/O.Common/stream.proto.lint" || fail "stream.proto was linted"
test ! -f "$app/db/interlock.db.lint" || fail "a lint stamp was installed with DB_INSTALLS"
grep -q "EPICS's msi was called" "$work/out.txt" && fail "EPICS's msi expanded a template"
# Undefined macros: one warning per file, not an error, not one per line.
grep -q 'pumps.db:1:13: warning: undefined macro P (on 6 lines)' "$work/out.txt" ||
    fail "pumps.db's undefined macro is not one warning"
grep -q ": error:" "$work/out.txt" && fail "a clean application gave an error"

# 2. A second make does nothing.
run EPICSDB="$prefix" || fail "second make"
grep -q "epicsdb lint\|Installing\|Inflating" "$work/out.txt" && fail "a second make did work"

# 3. A touched template: pumps.db expanded, linted and installed again; nothing else.
sleep 1
touch "$app/demoApp/Db/pump.template"
run EPICSDB="$prefix" || fail "make after touching the template"
grep -q "lint .*pumps.db" "$work/out.txt" || fail "pumps.db was not linted again"
grep -q "lint .*status.db\|lint .*valves.db\|lint .*interlock.db" "$work/out.txt" &&
    fail "files that do not depend on the template were linted again"

# 4. A misspelt field in the hand-written database: the build stops at file:line:column, and
# the file is not installed (the others still are).
rm -rf "$app/db"
sed -i 's/field(CALC, "A+B")/field(CLAC, "A+B")/' "$app/demoApp/Db/status.db"
run EPICSDB="$prefix" && fail "make succeeded with a misspelt field"
grep -q '\.\./status.db:2:11: error: calc record "$(P)status" does not have a field "CLAC"' \
    "$work/out.txt" || fail "the error does not name status.db:2:11"
test ! -f "$app/db/status.db" || fail "status.db was installed despite its error"
sed -i 's/field(CLAC, "A+B")/field(CALC, "A+B")/' "$app/demoApp/Db/status.db"

# 5. Per-file flags: real values for the macros, and -Werror turning a finding into an error.
run EPICSDB="$prefix" status_LINTFLAGS="-m P=vac: -Werror -x vac:pump1 -x vac:pump2" ||
    fail "make with status_LINTFLAGS"
cat >>"$app/demoApp/Db/sub/valves.db" <<'DB'
record(bo, "$(P)valve2") {
    field(OUT, "nowhere:record PP")
}
DB
run EPICSDB="$prefix" EPICSDB_LINTFLAGS=-Werror && fail "-Werror let a link to nowhere through"
grep -q 'sub/valves.db:5:5: error: OUT of $(P)valve2 names record "nowhere:record"' \
    "$work/out.txt" || fail "the -Werror finding does not name valves.db:5:5"
run EPICSDB="$prefix" valves_LINTFLAGS="-x nowhere:record" EPICSDB_LINTFLAGS=-Werror ||
    fail "valves_LINTFLAGS did not apply"

# 6. make clean, then make -j4: everything again, in parallel.
make -C "$app/demoApp/Db" EPICSDB="$prefix" clean >/dev/null 2>&1 || fail "make clean"
test ! -d "$app/demoApp/Db/O.Common" || fail "make clean left O.Common"
rm -rf "$app/db"
run -j4 EPICSDB="$prefix" || fail "make -j4"
for f in pumps.db status.db valves.db interlock.db; do
    test -f "$app/db/$f" || fail "make -j4 did not install $f"
done

# 7. EPICSDB unset: the file copied into configure/ (as its header says), epicsdb (and its
# msi) from PATH.
make -C "$app/demoApp/Db" EPICSDB="$prefix" clean >/dev/null 2>&1
rm -rf "$app/db"
cp "$prefix/share/epicsdb/RULES_EPICSDB" "$app/configure/"
sed -i 's|^include $(EPICSDB)/share/epicsdb/RULES_EPICSDB|include $(TOP)/configure/RULES_EPICSDB|' \
    "$app/demoApp/Db/Makefile"
PATH="$prefix/bin:$PATH" run || fail "make with epicsdb on PATH"
test -f "$app/db/pumps.db" || fail "pumps.db not installed with epicsdb on PATH"
grep -q "^$prefix/bin/epicsdb lint" "$work/out.txt" || fail "the epicsdb on PATH did not lint"
make -C "$app/demoApp/Db" clean >/dev/null 2>&1
PATH=/usr/bin:/bin run && fail "make without EPICSDB and without epicsdb on PATH succeeded"
grep -q "epicsdb is not on PATH" "$work/out.txt" || fail "no word on the missing epicsdb"

# 8. DISABLE_EPICSDB_RULES=YES: EPICS's rules alone (its msi, here the failing stand-in).
run EPICSDB="$prefix" DISABLE_EPICSDB_RULES=YES && fail "the rules were not disabled"
grep -q "EPICS's msi was called" "$work/out.txt" || fail "EPICS's msi was not in charge"
echo "ok: RULES_EPICSDB"
