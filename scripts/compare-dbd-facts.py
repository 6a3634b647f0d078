#!/usr/bin/env python3
"""Compare the database-definition facts of epicsdb's own .dbd files with EPICS Base's.

epicsdb ships its own definition files (db/*.dbd): prompts, comments and layout are ours, but
every fact that changes how a database loads must be the same as in EPICS Base 7.0.8. This
developer tool loads both sets the way the EPICS DBD reader does (includes expanded, duplicate
menus and record types ignored, the first device choice of a name kept, ...) and prints every
difference in:

  * menus: the set of menus, and each menu's choice names and strings, in order;
  * record types: their order, each type's field names in order, and every field attribute
    that matters (DBF type, size, menu, initial, special, pp, interest, base, promptgroup,
    asl, prop, extra); the prompt is not compared because it is ours;
  * devices: per record type, the link type, dset name and choice string, in order (that order
    is the DTYP menu order and index);
  * link types (name and jlif name), drivers, registrars, functions, variables (name and type)
    and breaktables.

It also warns about any field whose prompt is the same as EPICS's (ours must be our own words)
or empty. `%` C-definition lines are read and ignored.

Two comparisons run by default:
  1. the top-level file: ours (db/softIoc.dbd) against the expanded softIoc.dbd of EPICS;
  2. every file name present in both folders, each loaded on its own (a record type file without
     its menus is fine here: missing menus are noted by name, as EPICS does when told to ignore
     them). Record-type order is only checked in comparison 1.

Usage:
  scripts/compare-dbd-facts.py [--ours DIR] [--epics DIR] [--top FILE] [--top-only]

  --ours DIR    folder of our files (default: db/ beside this script's folder)
  --epics DIR   folder of EPICS's files (default: $EPICSDB_SHARED_DIR/conformance/epics-dbd, or
                ../shared/conformance/epics-dbd beside the project)
  --top FILE    top-level file name in both folders (default: softIoc.dbd)
  --top-only    skip comparison 2

Exit status: 0 when no difference was found, 1 when there were differences, 2 on bad usage or
unreadable input. Needs only the Python 3 standard library. Not run by `make test`.
"""

import argparse
import os
import re
import sys

# ---------------------------------------------------------------------------------------------
# Reading, as the EPICS DBD lexer and grammar do (EPICS-BEHAVIOUR 3.2 and 3.3).

KEYWORDS = {
    "include", "path", "addpath", "menu", "choice", "recordtype", "field", "device", "driver",
    "link", "breaktable", "record", "grecord", "alias", "info", "registrar", "function",
    "variable",
}
TOKEN_RE = re.compile(
    r'(?P<ws>[ \t\r\n]+)'
    r'|(?P<comment>#[^\n]*)'
    r'|(?P<cdef>%[^\n]*)'
    r'|(?P<string>"(?:[^"\\\n]|\\.)*")'
    r'|(?P<word>[A-Za-z0-9_\-+:.\[\]<>;]+)'
    r'|(?P<punct>[{}(),])')

SPECIALS = {"SPC_NOMOD": 1, "SPC_DBADDR": 2, "SPC_SCAN": 3, "SPC_ALARMACK": 5, "SPC_AS": 6,
            "SPC_MOD": 100, "SPC_RESET": 101, "SPC_LINCONV": 102, "SPC_CALC": 103}
FIELD_TYPES = {"DBF_STRING", "DBF_CHAR", "DBF_UCHAR", "DBF_SHORT", "DBF_USHORT", "DBF_LONG",
               "DBF_ULONG", "DBF_INT64", "DBF_UINT64", "DBF_FLOAT", "DBF_DOUBLE", "DBF_ENUM",
               "DBF_MENU", "DBF_DEVICE", "DBF_INLINK", "DBF_OUTLINK", "DBF_FWDLINK",
               "DBF_NOACCESS"}
LINK_TYPES = {"CONSTANT", "PV_LINK", "VME_IO", "CAMAC_IO", "AB_IO", "GPIB_IO", "BITBUS_IO",
              "MACRO_LINK", "JSON_LINK", "PN_LINK", "DB_LINK", "CA_LINK", "INST_IO",
              "BBGPIB_IO", "RF_IO", "VXI_IO"}


FRAGMENT = "(fields outside any recordtype)"


class DbdError(Exception):
    pass


class Token:
    __slots__ = ("kind", "text", "where")

    def __init__(self, kind, text, where):
        self.kind, self.text, self.where = kind, text, where


def tokenize(text, name):
    tokens, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        if not m:
            raise DbdError(f"{name}:{line}: invalid character {text[pos]!r}")
        kind, value = m.lastgroup, m.group()
        if kind == "string":
            tokens.append(Token("value", value[1:-1], f"{name}:{line}"))
        elif kind == "word":
            tokens.append(Token("keyword" if value in KEYWORDS else "value", value,
                                f"{name}:{line}"))
        elif kind == "punct":
            tokens.append(Token(value, value, f"{name}:{line}"))
        elif kind == "cdef":
            tokens.append(Token("cdef", value[1:], f"{name}:{line}"))
        line += value.count("\n")
        pos = m.end()
    return tokens


class Field:
    def __init__(self, name, dbf):
        self.name, self.dbf = name, dbf
        self.attrs = {"asl": "ASL1", "initial": None, "promptgroup": None, "prompt": "",
                      "special": 0, "pp": False, "interest": 0, "base": "DECIMAL", "size": 0,
                      "extra": None, "menu": None, "prop": False}

    def set(self, attr, value, where):
        if attr == "asl":
            if value not in ("ASL0", "ASL1"):
                raise DbdError(f"{where}: bad asl {value!r}")
            self.attrs[attr] = value
        elif attr in ("initial", "promptgroup", "prompt", "extra", "menu"):
            self.attrs[attr] = value
        elif attr == "special":
            if value in SPECIALS:
                self.attrs[attr] = SPECIALS[value]
            elif re.fullmatch(r"[+-]?\d+", value):
                self.attrs[attr] = int(value)
            else:
                raise DbdError(f"{where}: bad special {value!r}")
        elif attr == "pp":
            if value not in ("YES", "TRUE", "NO", "FALSE"):
                raise DbdError(f"{where}: bad pp {value!r}")
            self.attrs[attr] = value in ("YES", "TRUE")
        elif attr in ("interest", "size"):
            if not re.fullmatch(r"[+-]?\d+", value):
                raise DbdError(f"{where}: bad {attr} {value!r}")
            self.attrs[attr] = int(value)
        elif attr == "base":
            if value not in ("DECIMAL", "HEX"):
                raise DbdError(f"{where}: bad base {value!r}")
            self.attrs[attr] = value
        elif attr == "prop":
            self.attrs[attr] = value == "YES"
        # Any other attribute name is ignored, as EPICS does.


class Definitions:
    """What a DBD read leaves in the database, for the facts we compare."""

    def __init__(self):
        self.menus = {}          # name -> [(choice name, choice string)]
        self.recordTypes = {}    # name -> [Field], in declaration order
        self.devices = {}        # record type -> [(link type, dset, choice)]
        self.drivers, self.registrars, self.functions = [], [], []
        self.variables = {}      # name -> type
        self.links = {}          # name -> jlif name
        self.breaktables = {}    # name -> [float]
        self.missingMenus = set()


class Reader:
    """Reads files into one Definitions. An include inside a menu or recordtype body reads the
    included file as more items of that body, as EPICS does (dbCommon.dbd holds bare fields)."""

    def __init__(self, directories, lenient=False):
        self.directories = directories
        # Lenient (one file on its own): menus and device record types may be missing, and a
        # file may be a bare recordtype body (dbCommon.dbd), kept as the pseudo type FRAGMENT.
        self.lenient = lenient
        self.defs = Definitions()
        self.tokens, self.pos, self.depth = [], 0, 0

    def open(self, name, where):
        candidates = [name] if "/" in name else [os.path.join(d, name) for d in self.directories]
        for path in candidates:
            if os.path.isfile(path):
                with open(path, encoding="utf-8", newline="") as f:
                    return path, f.read()
        raise DbdError(f"{where}: can't open include file {name!r}")

    # Reads one file; itemParser reads one item of the context the include appeared in.
    def readFile(self, name, where, itemParser):
        path, text = self.open(name, where)
        if self.depth >= 50:
            raise DbdError(f"{where}: includes nested too deeply")
        saved = (self.tokens, self.pos)
        self.tokens, self.pos = tokenize(text, path), 0
        self.depth += 1
        try:
            while self.pos < len(self.tokens):
                itemParser()
        finally:
            self.tokens, self.pos = saved
            self.depth -= 1

    # Token helpers.
    def peek(self):
        if self.pos >= len(self.tokens):
            raise DbdError("unexpected end of file")
        return self.tokens[self.pos]

    def take(self, kind=None, text=None):
        tok = self.peek()
        if (kind and tok.kind != kind) or (text and tok.text != text):
            raise DbdError(f"{tok.where}: expected {text or kind}, saw {tok.text!r}")
        self.pos += 1
        return tok

    def args(self, countMin, countMax):
        where = self.take("(").where
        values = [self.take("value").text]
        while self.peek().kind == ",":
            self.take(",")
            values.append(self.take("value").text)
        self.take(")")
        if not countMin <= len(values) <= countMax:
            raise DbdError(f"{where}: wrong number of arguments")
        return values

    def include(self, itemParser):
        where = self.take("keyword", "include").where
        self.readFile(self.take("value").text, where, itemParser)

    def topItem(self):
        tok = self.peek()
        word = tok.text if tok.kind == "keyword" else None
        if word == "include":
            self.include(self.topItem)
        elif word in ("path", "addpath"):
            self.take()
            self.take("value")  # the comparison always searches the top file's own folder
        elif word == "menu":
            self.menu()
        elif word == "recordtype":
            self.recordType()
        elif word == "device":
            self.take()
            rtype, ltype, dset, choice = self.args(4, 4)
            if rtype not in self.defs.recordTypes and not self.lenient:
                raise DbdError(f"{tok.where}: record type {rtype!r} not found for device")
            if ltype not in LINK_TYPES:
                raise DbdError(f"{tok.where}: bad link type {ltype!r}")
            devs = self.defs.devices.setdefault(rtype, [])
            if all(d[2] != choice for d in devs):
                devs.append((ltype, dset, choice))
        elif word in ("driver", "registrar", "function"):
            self.take()
            (name,) = self.args(1, 1)
            target = {"driver": self.defs.drivers, "registrar": self.defs.registrars,
                      "function": self.defs.functions}[word]
            if name not in target:
                target.append(name)
        elif word == "variable":
            self.take()
            values = self.args(1, 2)
            self.defs.variables.setdefault(values[0], values[1] if len(values) > 1 else "int")
        elif word == "link":
            self.take()
            name, jlif = self.args(2, 2)
            self.defs.links.setdefault(name, jlif)
        elif word == "breaktable":
            self.breaktable()
        elif self.lenient and tok.kind == "cdef":
            self.take()
        elif self.lenient and word == "field":
            self.defs.recordTypes.setdefault(FRAGMENT, []).append(self.field())
        else:
            raise DbdError(f"{tok.where}: {tok.text!r} is not a DBD item")

    def menu(self):
        self.take()
        (name,) = self.args(1, 1)
        self.take("{")
        choices = []

        def menuItem():
            tok = self.peek()
            if tok.text == "include":
                self.include(menuItem)
            else:
                self.take("keyword", "choice")
                choices.append(tuple(self.args(2, 2)))

        while self.peek().kind != "}":
            menuItem()
        self.take("}")
        if not choices:
            raise DbdError(f"menu {name}: no choices")
        self.defs.menus.setdefault(name, choices)

    def recordType(self):
        where = self.take().where
        (name,) = self.args(1, 1)
        self.take("{")
        fields = []

        def bodyItem():
            tok = self.peek()
            if tok.kind == "cdef":
                self.take()
            elif tok.text == "include":
                self.include(bodyItem)
            elif tok.text == "field":
                fields.append(self.field())
            else:
                raise DbdError(f"{tok.where}: unexpected {tok.text!r} in recordtype")

        while self.peek().kind != "}":
            bodyItem()
        self.take("}")
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise DbdError(f"{where}: recordtype({name}) defines a field twice")
        if not fields:
            if name not in self.defs.recordTypes:
                raise DbdError(f"{where}: recordtype({name}) {{}} before a full definition")
            return
        self.defs.recordTypes.setdefault(name, fields)

    def field(self):
        self.take("keyword", "field")
        name, dbf = self.args(2, 2)
        if dbf not in FIELD_TYPES:
            raise DbdError(f"{self.tokens[self.pos - 1].where}: illegal field type {dbf!r}")
        f = Field(name, dbf)
        self.take("{")
        while self.peek().kind != "}":
            attrTok = self.take()
            (value,) = self.args(1, 1)
            if attrTok.text == "menu" and value not in self.defs.menus:
                if not self.lenient:
                    raise DbdError(f"{attrTok.where}: menu {value!r} not found")
                self.defs.missingMenus.add(value)
            f.set(attrTok.text, value, attrTok.where)
        self.take("}")
        return f

    def breaktable(self):
        self.take()
        (name,) = self.args(1, 1)
        self.take("{")
        values = []
        while self.peek().kind != "}":
            tok = self.take()
            if tok.kind == ",":
                continue
            try:
                values.append(float(tok.text))
            except ValueError:
                raise DbdError(f"{tok.where}: non-numeric value in breaktable") from None
        self.take("}")
        self.defs.breaktables.setdefault(name, values)


def load(directory, fileName, lenient=False):
    reader = Reader([directory], lenient)
    reader.readFile(fileName, "command line", reader.topItem)
    return reader.defs


# ---------------------------------------------------------------------------------------------
# Comparing.

COMPARED_ATTRS = ("size", "menu", "initial", "special", "pp", "interest", "base", "promptgroup",
                  "asl", "prop", "extra")


class Report:
    def __init__(self, label):
        self.label, self.differences, self.warnings = label, [], []

    def diff(self, text):
        self.differences.append(text)

    def warn(self, text):
        self.warnings.append(text)


def compareOrdered(report, what, ours, theirs):
    if ours == theirs:
        return
    missing = [x for x in theirs if x not in ours]
    extra = [x for x in ours if x not in theirs]
    if missing:
        report.diff(f"{what}: missing {missing}")
    if extra:
        report.diff(f"{what}: not in EPICS {extra}")
    if not missing and not extra:
        at = next(i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b)
        report.diff(f"{what}: order differs from position {at}\n"
                    f"      ours:  {ours[at:at + 4]}\n      EPICS: {theirs[at:at + 4]}")


def compareSets(report, what, ours, theirs):
    missing = sorted(set(theirs) - set(ours))
    extra = sorted(set(ours) - set(theirs))
    if missing:
        report.diff(f"{what}: missing {missing}")
    if extra:
        report.diff(f"{what}: not in EPICS {extra}")


def compare(report, ours, theirs, checkTypeOrder):
    compareSets(report, "menus", ours.menus, theirs.menus)
    for name in sorted(set(ours.menus) & set(theirs.menus)):
        if ours.menus[name] != theirs.menus[name]:
            report.diff(f"menu {name}: choices differ\n      ours:  {ours.menus[name]}\n"
                        f"      EPICS: {theirs.menus[name]}")
    compareSets(report, "menus referenced but not defined", ours.missingMenus,
                theirs.missingMenus)

    if checkTypeOrder:
        compareOrdered(report, "record type order", list(ours.recordTypes),
                       list(theirs.recordTypes))
    else:
        compareSets(report, "record types", ours.recordTypes, theirs.recordTypes)
    for rtype in [t for t in theirs.recordTypes if t in ours.recordTypes]:
        ourFields = {f.name: f for f in ours.recordTypes[rtype]}
        theirFields = {f.name: f for f in theirs.recordTypes[rtype]}
        compareOrdered(report, f"recordtype({rtype}) fields", list(ourFields), list(theirFields))
        for fname, theirs_f in theirFields.items():
            ours_f = ourFields.get(fname)
            if ours_f is None:
                continue
            if ours_f.dbf != theirs_f.dbf:
                report.diff(f"{rtype}.{fname}: type {ours_f.dbf} vs EPICS {theirs_f.dbf}")
            for attr in COMPARED_ATTRS:
                a, b = ours_f.attrs[attr], theirs_f.attrs[attr]
                if a != b:
                    report.diff(f"{rtype}.{fname}: {attr} {a!r} vs EPICS {b!r}")
            ourPrompt = ours_f.attrs["prompt"].strip()
            theirPrompt = theirs_f.attrs["prompt"].strip()
            if not ourPrompt:
                report.warn(f"{rtype}.{fname}: empty prompt")
            elif normalizePrompt(ourPrompt) == normalizePrompt(theirPrompt):
                report.warn(f"{rtype}.{fname}: prompt is the same as EPICS's: {ourPrompt!r}")

    for rtype in sorted(set(ours.devices) | set(theirs.devices)):
        compareOrdered(report, f"devices of {rtype}", ours.devices.get(rtype, []),
                       theirs.devices.get(rtype, []))
    if ours.links != theirs.links:
        compareSets(report, "links", ours.links, theirs.links)
        for name in sorted(set(ours.links) & set(theirs.links)):
            if ours.links[name] != theirs.links[name]:
                report.diff(f"link {name}: jlif {ours.links[name]} vs EPICS {theirs.links[name]}")
    compareSets(report, "drivers", ours.drivers, theirs.drivers)
    compareSets(report, "registrars", ours.registrars, theirs.registrars)
    compareSets(report, "functions", ours.functions, theirs.functions)
    compareSets(report, "variables", ours.variables, theirs.variables)
    for name in sorted(set(ours.variables) & set(theirs.variables)):
        if ours.variables[name] != theirs.variables[name]:
            report.diff(f"variable {name}: type {ours.variables[name]} vs EPICS "
                        f"{theirs.variables[name]}")
    compareSets(report, "breaktables", ours.breaktables, theirs.breaktables)
    for name in sorted(set(ours.breaktables) & set(theirs.breaktables)):
        if ours.breaktables[name] != theirs.breaktables[name]:
            report.diff(f"breaktable {name}: values differ")


def normalizePrompt(text):
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    project = os.path.dirname(here)
    shared = os.environ.get("EPICSDB_SHARED_DIR") or os.path.join(project, "..", "shared")
    parser = argparse.ArgumentParser(
        description="Compare epicsdb's .dbd facts with EPICS Base's (see the top of this file).")
    parser.add_argument("--ours", default=os.path.join(project, "db"))
    parser.add_argument("--epics", default=os.path.join(shared, "conformance", "epics-dbd"))
    parser.add_argument("--top", default="softIoc.dbd")
    parser.add_argument("--top-only", action="store_true")
    options = parser.parse_args()

    for folder in (options.ours, options.epics):
        if not os.path.isdir(folder):
            print(f"error: no such folder: {folder}", file=sys.stderr)
            return 2

    reports = []
    try:
        report = Report(f"top level: ours {options.top} vs EPICS expanded {options.top}")
        compare(report, load(options.ours, options.top), load(options.epics, options.top), True)
        reports.append(report)
        if not options.top_only:
            ourFiles = {f for f in os.listdir(options.ours) if f.endswith(".dbd")}
            theirFiles = {f for f in os.listdir(options.epics) if f.endswith(".dbd")}
            for name in sorted(theirFiles - ourFiles):
                print(f"note: EPICS file {name} has no counterpart in {options.ours}")
            for name in sorted(ourFiles - theirFiles):
                print(f"note: our file {name} has no counterpart in {options.epics}")
            for name in sorted(ourFiles & theirFiles):
                if name == options.top:
                    continue
                report = Report(f"file {name}")
                compare(report, load(options.ours, name, True), load(options.epics, name, True),
                        False)
                reports.append(report)
    except (DbdError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    differences = 0
    for report in reports:
        if report.differences or report.warnings:
            print(f"== {report.label}")
            for text in report.differences:
                print(f"  DIFF {text}")
            for text in report.warnings:
                print(f"  WARN {text}")
        differences += len(report.differences)
    warnings = sum(len(r.warnings) for r in reports)
    print(f"{len(reports)} comparison(s), {differences} difference(s), {warnings} warning(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
