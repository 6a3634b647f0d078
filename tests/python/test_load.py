"""epicsdb.load, epicsdb.check and Database.load: files taken as `epicsdb check` takes them."""

import os
import unittest

import epicsdb
from support import ScratchTest

RECORDS = 'record(ai, "$(P)temp") {\n    field(EGU, "$(U=degC)")\n}\n'
TEMPLATE = 'record(bo, "$(P)$(N)") {\n    field(ZNAM, "off")\n}\n'


class Load(ScratchTest):
    def test_a_record_file_with_macros_as_a_dict_or_a_string(self):
        path = self.write("x.db", RECORDS)
        for macros in ({"P": "a:", "U": "K"}, "P=a:,U=K"):
            db = epicsdb.load(path, macros=macros)
            self.assertEqual(list(db.records), ["a:temp"])
            self.assertEqual(db.records["a:temp"].fields["EGU"], "K")
        self.assertIsInstance(db, epicsdb.Database)

    def test_macro_values_from_a_dict_are_taken_literally(self):
        path = self.write("x.db", RECORDS)
        value = "a, b = c"  # as a string, "U=a, b = c" would be two definitions
        db = epicsdb.load(path, macros={"P": "p:", "U": value})
        self.assertEqual(db.records["p:temp"].fields["EGU"], value)

    def test_substitution_file_and_include_directories(self):
        self.write("templates/t.template", TEMPLATE)
        sub = self.write("x.substitutions", 'file "t.template" { pattern {N} {a} {b} }\n')
        for include in ([str(self.dir / "templates")], str(self.dir / "templates")):
            db = epicsdb.load(sub, macros={"P": "s:"}, include=include)
            self.assertEqual(sorted(db.records), ["s:a", "s:b"])

    def test_standard_definitions_unless_a_dbd_is_given(self):
        self.assertIn("ai", epicsdb.load().record_types)
        dbd = self.write("only.dbd", 'menu(m) { choice(m0, "zero") }\nrecordtype(t) {\n'
                         '    field(NAME, DBF_STRING) { size(61) }\n'
                         '    field(X, DBF_MENU) { menu(m) }\n}\n')
        db = epicsdb.load(dbd)
        self.assertEqual(list(db.record_types), ["t"])
        self.assertEqual(dict(db.menus), {"m": ("zero",)})
        path = self.write("y.db", 'record(t, "r") { field(X, "zero") }\n')
        for db in (epicsdb.load(path, dbd=dbd), epicsdb.load(dbd, path)):
            self.assertEqual(list(db.record_types), ["t"])
            self.assertEqual(db.records["r"].type, "t")

    def test_errors_raise_load_error_with_the_first_error_as_text(self):
        path = self.write("bad.db", 'record(ai, "r") {\n    field(NOPE, "1")\n}\n')
        with self.assertRaises(epicsdb.LoadError) as caught:
            epicsdb.load(path)
        error = caught.exception
        self.assertIsInstance(error, epicsdb.Error)
        self.assertTrue(str(error).startswith(path + ":2:11: error: "), str(error))
        self.assertEqual(error.diagnostics[0].code, "field-unknown")

    def test_a_missing_file_is_a_load_error(self):
        with self.assertRaises(epicsdb.LoadError) as caught:
            epicsdb.load(str(self.dir / "missing.db"))
        self.assertEqual(caught.exception.diagnostics[0].code, "file-open")

    def test_check_returns_the_diagnostics_without_raising(self):
        path = self.write("w.db", 'record(ai, "r") {\n    field(NOPE, "1")\n}\n')
        diagnostics = epicsdb.check(path)
        self.assertEqual([d.severity for d in diagnostics], ["error"])
        self.assertEqual(epicsdb.check(self.write("ok.db", RECORDS), macros="P=x")[:], [])

    def test_warnings_are_kept_on_the_database(self):
        path = self.write("w.db", 'record(ai, "r")\nrecord("#", "missing")\n')
        db = epicsdb.load(path)  # deleting a record that is not there: a warning
        self.assertTrue(db.diagnostics)
        self.assertTrue(all(d.severity != "error" for d in db.diagnostics))

    def test_paths_may_be_path_objects(self):
        from pathlib import Path

        db = epicsdb.load(Path(self.write("x.db", RECORDS)), macros={"P": "q:"})
        self.assertIn("q:temp", db.records)


class DatabaseLoad(ScratchTest):
    def test_adds_to_an_existing_database_without_standard_definitions(self):
        db = epicsdb.load(self.write("a.db", 'record(ai, "a")\n'))
        db.load(self.write("b.db", 'record(ao, "b")\n'))
        self.assertEqual(sorted(db.records), ["a", "b"])
        empty = epicsdb.Database()
        self.assertEqual(len(empty.record_types), 0)
        with self.assertRaises(epicsdb.LoadError):
            empty.load(self.write("c.db", 'record(ai, "c")\n'))

    def test_a_failed_file_changes_nothing_the_others_stay(self):
        db = epicsdb.load()
        good = self.write("good.db", 'record(ai, "g")\n')
        bad = self.write("bad.db", 'record(ai, "h")\nrecord(ai, "i") { field(NOPE, 1) }\n')
        with self.assertRaises(epicsdb.LoadError):
            db.load(good, bad)
        self.assertEqual(list(db.records), ["g"])

    def test_iterating_while_loading_is_refused(self):
        db = epicsdb.load(self.write("a.db", 'record(ai, "a")\nrecord(ai, "b")\n'))
        records = iter(db)
        next(records)
        db.load(self.write("c.db", 'record(ai, "c")\n'))
        with self.assertRaises(RuntimeError):
            next(records)

    def test_a_record_deleted_by_a_later_load(self):
        db = epicsdb.load(self.write("a.db", 'record(ai, "a")\n'))
        record = db.records["a"]
        db.load(self.write("del.db", 'record("#", "a")\n'))
        self.assertNotIn("a", db.records)
        with self.assertRaises(RuntimeError):
            record.name


class StartupScript(ScratchTest):
    def test_runs_from_its_folder_with_env(self):
        self.write("ioc/db/x.db", RECORDS)
        script = self.write("ioc/st.cmd", 'dbLoadRecords("db/x.db", "P=$(PREFIX)")\n')
        db = epicsdb.load(script, env={"PREFIX": "ioc:"})
        self.assertEqual(list(db.records), ["ioc:temp"])

    def test_the_rules_of_check(self):
        script = self.write("st.cmd", "\n")
        other = self.write("x.db", RECORDS)
        with self.assertRaises(ValueError):
            epicsdb.load(script, other)
        with self.assertRaises(ValueError):
            epicsdb.load(script, macros="P=1")
        with self.assertRaises(ValueError):
            epicsdb.load(other, env={"P": "1"})


if __name__ == "__main__":
    unittest.main()
