#!/usr/bin/env python3
"""Makes the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the project's own
test material: the string literals of the GoogleTest sources (tests/<suite>/*.cpp) and the
example files (db/examples). Nothing from ../shared. Run from anywhere; it replaces the files
it made before (named seed-*) and keeps any other file in the corpus folders.

    python3 fuzz/seeds/make-seeds.py

Seeds are capped at 4096 bytes (the targets' -max_len); each is named by its content's sha1.
"""
import hashlib
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
MAX_LEN = 4096
MAX_PER_TARGET = 400

# ---- C++ string literals -------------------------------------------------------------------

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
           "\\": "\\", "'": "'", '"': '"', "?": "?"}


def decode(body):
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        i += 1
        if i >= len(body):
            break
        e = body[i]
        if e in ESCAPES:
            out.append(ESCAPES[e])
            i += 1
        elif e == "x":
            j = i + 1
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            out.append(chr(int(body[i + 1:j] or "0", 16) & 0xFF))
            i = j
        elif e in "01234567":
            j = i
            while j < len(body) and j < i + 3 and body[j] in "01234567":
                j += 1
            out.append(chr(int(body[i:j], 8) & 0xFF))
            i = j
        elif e in "uU":
            n = 4 if e == "u" else 8
            out.append(chr(int(body[i + 1:i + 1 + n], 16)))
            i += 1 + n
        else:
            out.append(e)
            i += 1
    return "".join(out)


def literals(text):
    """The string literals of a C++ source, adjacent ones joined, as (group, value): `group`
    identifies the innermost brace group the literal sits in (initializer lists)."""
    result = []
    i = 0
    n = len(text)
    pending = None  # [group, value] of a literal that the next one may continue
    stack = [0]
    groups = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            i = text.find("*/", i + 2)
            i = n if i < 0 else i + 2
            continue
        m = re.compile(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(').match(text, i)
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + m.group(1) + '"', m.end())
            if end < 0:
                break
            value = text[m.end():end]
            i = end + len(m.group(1)) + 2
            if pending is not None:
                pending[1] += value
            else:
                pending = [stack[-1], value]
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            value = decode(text[i + 1:j])
            i = j + 1
            if pending is not None:
                pending[1] += value
            else:
                pending = [stack[-1], value]
            continue
        if c == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c.isspace():
            i += 1
            continue
        if pending is not None:
            result.append(tuple(pending))
            pending = None
        if c == "{":
            groups += 1
            stack.append(groups)
        elif c == "}" and len(stack) > 1:
            stack.pop()
        i += 1
    if pending is not None:
        result.append(tuple(pending))
    return result


def sources(*suites):
    for suite in suites:
        folder = os.path.join(ROOT, "tests", suite)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith((".cpp", ".hpp", ".c")):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    yield path, literals(f.read())


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read().decode("latin-1")


# ---- classification ------------------------------------------------------------------------

DB_WORDS = ("record(", "grecord(", "recordtype(", "menu(", "device(", "driver(", "field(",
            "include ", "alias(", "breaktable(", "link(", "registrar(", "variable(", "info(")


def looks_db(s):
    return any(w in s for w in DB_WORDS) and len(s) >= 8


def looks_subst(s):
    return re.search(r"\b(file|global|pattern)\b\s*\"?[^{\n]*\{", s) is not None


IOC_WORDS = ("epicsEnvSet", "dbLoadRecords", "dbLoadTemplate", "dbLoadDatabase", "iocshLoad",
             "iocInit", "iocshRun", "< ", "cd ", "on error", "var ", "epicsEnvShow", "echo ")


def looks_ioc(s):
    return any(w in s for w in IOC_WORDS)


def has_macro(s):
    return "$(" in s or "${" in s


DEFAULT_TEMPLATE = ('record(ai, "$(P=fz:)$(N=ai)") {\n    field(DESC, "$(DESC=a value)")\n'
                    '    field(INP, "$(P=fz:)in CP")\n}\n')
DEFAULT_MSI_TEMPLATE = "$(a=A) $(b=B)\nline $(N=1)\n"


def names_in_subst(text):
    names = []
    for m in re.finditer(r'\bfile\s*("([^"\n]*)"|([A-Za-z0-9_./:+-]+))', text):
        names.append(m.group(2) if m.group(2) is not None else m.group(3))
    return names


def names_in_script(text):
    names = []
    for m in re.finditer(r'(?:dbLoadRecords|dbLoadTemplate|dbLoadDatabase|iocshLoad|iocshRun)'
                         r'\s*[( ]\s*"?([^",)\s]+)', text):
        names.append(m.group(1))
    for m in re.finditer(r"^\s*<\s*(\S+)", text, re.M):
        names.append(m.group(1))
    return names


GOOD_NAME = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+){0,2}$")


def bundle(main, files):
    text = main
    seen = set()
    for name, content in files:
        if name in seen or not GOOD_NAME.match(name) or name in (".", ".."):
            continue
        if any(part in (".", "..") for part in name.split("/")):
            continue
        seen.add(name)
        if not text.endswith("\n"):
            text += "\n"
        text += "==> " + name + "\n" + content
    return text


def companion(name, by_kind):
    """Content for a file a seed names, from the same test file when it has one of the kind."""
    lower = name.lower()
    if lower.endswith((".substitutions", ".substitution", ".subs", ".sub")):
        return (by_kind.get("subst") or ['file "t.db" { { P = "a:" } }\n'])[0]
    if lower.endswith((".cmd", ".iocsh")) or lower == "envpaths":
        return (by_kind.get("ioc") or ['epicsEnvSet("X", "1")\n'])[0]
    if lower.endswith(".dbd"):
        return (by_kind.get("dbd") or ['menu(m) { choice(m0, "zero") }\n'])[0]
    return (by_kind.get("db") or [DEFAULT_TEMPLATE])[0]


# ---- the targets ---------------------------------------------------------------------------

def seeds_dbread():
    out = []
    for path in ["db/examples/iocExample.db", "db/examples/axis.template",
                 "db/examples/sensor.template", "db/examples/lint-demo.db",
                 "db/examples/ioc/db/pump.template", "db/examples/ioc/db/status.db"]:
        out.append(read(path))
    # The small definition files we ship (the large ones pass max_len).
    for name in sorted(os.listdir(os.path.join(ROOT, "db"))):
        if name.endswith(".dbd"):
            text = read("db/" + name)
            # Not the files that include most of the others (softIoc.dbd, stdRecords.dbd): an
            # input that reads every definition four times runs at 3 a second.
            if len(text) <= MAX_LEN and text.count("\ninclude") <= 4:
                out.append(text)
    for _, lits in sources("loaders", "writers", "epics", "db", "lint", "corpus", "tools",
                           "values", "subst"):
        for _, s in lits:
            if looks_db(s) and not looks_subst(s):
                out.append(s)
                if has_macro(s):
                    out.append("#!M P=x:,N=2,D=text\n#!M P=y:\n" + s)
    # An include of a bundled file, so the fuzzer meets the form.
    out.append('include "more.db"\nrecord(ai, "$(P)a") { field(DESC, "one") }\n'
               "==> more.db\n" + DEFAULT_TEMPLATE)
    return out


def seeds_subst_ioc():
    out = []
    subst = read("db/examples/ioc/db/pumps.substitutions")
    out.append(bundle(subst, [("pump.template", read("db/examples/ioc/db/pump.template"))]))
    big = read("db/examples/ioc.substitutions")
    out.append(bundle(big[:MAX_LEN - 1500],
                      [("axis.template", read("db/examples/axis.template")),
                       ("sensor.template", read("db/examples/sensor.template"))]))
    for path, lits in sources("subst", "loaders", "tools", "epics", "lint"):
        by_kind = {"db": [s for _, s in lits if looks_db(s) and not looks_subst(s)]}
        for _, s in lits:
            if looks_subst(s) and not looks_ioc(s):
                files = [(n, companion(n, by_kind)) for n in names_in_subst(s)]
                out.append(bundle(s, files))
                out.append(bundle("#!M P=m:\n" + s, files))
    return out


def seeds_msi_templates():
    out = []
    for path, lits in sources("msi", "tools"):
        groups = {}
        for group, s in lits:
            groups.setdefault(group, []).append(s)
        for group, items in groups.items():
            # ExpandCase-like rows: {what, macros, input, output}.
            if len(items) == 4 and group != 0:
                _, macros, text, _ = items
                options = "#!msi" + (" -M" + macros if macros and " " not in macros else "")
                out.append(options + "\n" + text)
                out.append("#!msi -V" + options[5:] + "\n" + text)
        for _, s in lits:
            if (has_macro(s) or "include" in s or "substitute" in s) and not looks_subst(s):
                out.append(s)
    out.append('#!msi -Ma=1\ninclude "inc.txt"\n$(a) $(b=2)\n==> inc.txt\nincluded $(a)\n')
    out.append('#!msi -D -Iinc\ninclude "x.txt"\n==> inc/x.txt\nx $(y=1)\n')
    return out


def seeds_subst_msi():
    out = []
    for path, lits in sources("msi", "tools", "subst"):
        for _, s in lits:
            if looks_subst(s):
                files = [(n, DEFAULT_MSI_TEMPLATE) for n in names_in_subst(s)]
                out.append(bundle(s, files))
                out.append(bundle("#!msi -g -V\n" + s, files))
    out.append(bundle('global { a = 1 }\nfile "t.txt" {\n    pattern { b, c }\n'
                      '    { 2, "x y" }\n    { 3, "$(a)" }\n}\n',
                      [("t.txt", DEFAULT_MSI_TEMPLATE)]))
    return out


def seeds_macros():
    out = []
    # EPICS's own macLib test script, as one session per chunk of steps.
    vectors = open(os.path.join(ROOT, "tests", "macLib", "EpicsVectorsTest.cpp"),
                   encoding="utf-8").read()
    session = []
    for m in re.finditer(r'\{Op::(Put|Suppress|Check),\s*("(?:[^"\\]|\\.)*"|nullptr)'
                         r'(?:,\s*("(?:[^"\\]|\\.)*"|nullptr))?\}', vectors):
        op, a, b = m.group(1), m.group(2), m.group(3)
        a = decode(a[1:-1]) if a and a != "nullptr" else None
        b = decode(b[1:-1]) if b and b != "nullptr" else None
        if op == "Put":
            session.append(("= %s %s" % (a, b)) if b is not None else "U %s" % a)
        elif op == "Suppress":
            session.append("W 1")
        elif a is not None:
            session.append(a)
    for start in range(0, len(session), 24):
        out.append("\n".join(session[start:start + 24]) + "\n")
    for _, lits in sources("macLib", "msi", "loaders"):
        defs = [s for _, s in lits if "=" in s and "\n" not in s and len(s) < 200]
        texts = [s for _, s in lits if has_macro(s) and "\n" not in s and len(s) < 300]
        for i, t in enumerate(texts):
            d = defs[i % len(defs)] if defs else "a=1"
            out.append("D %s\n%s\nG 8 a\nE 4 %s\nX %s\n" % (d, t, t, t))
        for d in defs[:60]:
            out.append("{\nD %s\n$(a) $(b) ${c}\n}\nG 64 a\n" % d)
    return out


VALUE_FIELDS = [("ai", "VAL"), ("ai", "PREC"), ("ai", "INP"), ("ai", "SCAN"), ("ai", "DTYP"),
                ("ai", "EGU"), ("ai", "FLNK"), ("ao", "OUT"), ("ao", "DOL"), ("longin", "VAL"),
                ("int64in", "VAL"), ("int64out", "VAL"), ("mbbo", "ZRST"), ("mbbo", "ZRVL"),
                ("mbbiDirect", "VAL"), ("bi", "VAL"), ("calc", "CALC"), ("calcout", "OCAL"),
                ("stringin", "VAL"), ("waveform", "FTVL"), ("longout", "HOPR"),
                ("aSub", "SNAM"), ("sel", "SELM"), ("ai", "ASLO"), ("event", "VAL")]


def seeds_values():
    out = []
    k = 0
    for _, lits in sources("values", "calc", "writers", "epics"):
        for _, s in lits:
            if "\n" in s or len(s) > 200:
                continue
            for _ in range(2):
                rtype, field = VALUE_FIELDS[k % len(VALUE_FIELDS)]
                k += 1
                out.append("%s\n%s=%s\n" % (rtype, field, s))
    # Every record of the examples, as puts.
    for path in ["db/examples/iocExample.db", "db/examples/ioc/db/status.db",
                 "db/examples/lint-demo.db"]:
        text = read(path)
        for m in re.finditer(r"record\(\s*(\w+)\s*,[^)]*\)\s*\{(.*?)\n\}", text, re.S):
            puts = ["%s=%s" % (f, v) for f, v in
                    re.findall(r'field\(\s*(\w+)\s*,\s*"([^"]*)"\s*\)', m.group(2))]
            out.append(m.group(1) + "\n" + "\n".join(puts) + "\n")
    return out


def seeds_jsonlink():
    out = []
    for _, lits in sources("values", "loaders", "lint"):
        for _, s in lits:
            t = s.strip()
            if (t.startswith("{") and "\n" not in s) or t.startswith(("@", "#")):
                out.append(s)
    out += ['{calc:{expr:"A+B", args:[1, {const:2}]}}', "{const:[1,2.5,'x']}",
            "{x:{a:[{b:null},true,false]}}", "{/* c */ x: // d\n 1}"]
    return out


def seeds_ioc():
    out = []
    ex = "db/examples/ioc/"
    # The example IOC, its top folder being the bundle's: envPaths sets TOP to ".".
    out.append(bundle(read(ex + "iocBoot/iocdemo/st.cmd"), [
        ("envPaths", 'epicsEnvSet("IOC","iocdemo")\nepicsEnvSet("TOP",".")\n'),
        ("db/pumps.substitutions", read(ex + "db/pumps.substitutions")),
        ("db/pump.template", read(ex + "db/pump.template")),
        ("db/status.db", read(ex + "db/status.db"))]))
    for path, lits in sources("ioc", "tools", "lint"):
        by_kind = {
            "db": [s for _, s in lits if looks_db(s) and not looks_subst(s) and not looks_ioc(s)],
            "subst": [s for _, s in lits if looks_subst(s) and not looks_ioc(s)],
            "ioc": [s for _, s in lits if looks_ioc(s) and not looks_db(s)],
        }
        for _, s in lits:
            if looks_ioc(s) and not (looks_db(s) and "dbLoad" not in s):
                files = [(n, companion(n, by_kind)) for n in names_in_script(s)]
                out.append(bundle(s, files))
    return out


TARGETS = {
    "dbread": seeds_dbread,
    "subst-ioc": seeds_subst_ioc,
    "subst-msi": seeds_subst_msi,
    "msi": seeds_msi_templates,
    "macros": seeds_macros,
    "values": seeds_values,
    "ioc": seeds_ioc,
    "jsonlink": seeds_jsonlink,
}


def encode(text):
    """Bytes: characters below 256 as themselves (\\x escapes are bytes), others as UTF-8."""
    return b"".join(bytes([ord(c)]) if ord(c) < 256 else c.encode("utf-8") for c in text)


def main():
    for target, make in TARGETS.items():
        folder = os.path.join(CORPUS, target)
        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if name.startswith("seed-"):
                os.remove(os.path.join(folder, name))
        written = set()
        for seed in make():
            data = encode(seed)[:MAX_LEN]
            if not data.strip():
                continue
            digest = hashlib.sha1(data).hexdigest()
            if digest in written:
                continue
            written.add(digest)
            with open(os.path.join(folder, "seed-" + digest), "wb") as f:
                f.write(data)
            if len(written) >= MAX_PER_TARGET:
                break
        print("%-10s %d seeds" % (target, len(written)))


if __name__ == "__main__":
    sys.exit(main())
