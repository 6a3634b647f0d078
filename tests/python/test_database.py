"""Database: its records, definitions and writers, against what `epicsdb dump` writes."""

import collections.abc
import gc
import json
import unittest

import epicsdb
from support import EPICSDB, EXAMPLES, ScratchTest, run

DB = """record(ai, "t:a") {
    field(DESC, "first")
    field(SCAN, "1 second")
    field(PREC, "2")
    info(autosaveFields, "VAL")
    alias("t:a:alias")
}
record(bo, "t:b") { field(ZNAM, "off") }
record(ai, "t:c")
alias("t:c", "t:c:other")
"""


class Records(ScratchTest):
    def setUp(self):
        super().setUp()
        self.path = self.write("t.db", DB)
        self.db = epicsdb.load(self.path)

    def test_a_read_only_mapping_of_records_in_dump_order(self):
        records = self.db.records
        self.assertIsInstance(records, collections.abc.Mapping)
        self.assertEqual(list(records), ["t:a", "t:c", "t:b"])  # by type, as dump writes
        self.assertEqual(len(records), 3)
        self.assertEqual(len(self.db), 3)
        self.assertEqual([r.name for r in self.db], ["t:a", "t:c", "t:b"])
        self.assertEqual(list(records.keys()), ["t:a", "t:c", "t:b"])
        self.assertEqual([r.name for r in records.values()], ["t:a", "t:c", "t:b"])
        self.assertEqual([(n, r.name) for n, r in records.items()][0], ("t:a", "t:a"))
        self.assertEqual(len(records.items()), 3)
        with self.assertRaises(TypeError):
            records["t:x"] = None

    def test_aliases_lead_to_their_record(self):
        records = self.db.records
        self.assertEqual(records["t:a:alias"].name, "t:a")
        self.assertEqual(records["t:a:alias"], records["t:a"])
        self.assertIn("t:c:other", records)
        self.assertNotIn("t:c:other", list(records))
        self.assertIsNone(records.get("nope"))
        self.assertEqual(records.get("nope", 1), 1)
        with self.assertRaises(KeyError):
            records["nope"]

    def test_a_record_keeps_its_database_alive(self):
        record = epicsdb.load(self.path).records["t:a"]
        gc.collect()
        self.assertEqual(record.name, "t:a")
        self.assertEqual(record.fields["DESC"], "first")
        records = epicsdb.load(self.path).records
        gc.collect()
        self.assertEqual(len(records), 3)
        iterator = iter(epicsdb.load(self.path))
        gc.collect()
        self.assertEqual(next(iterator).name, "t:a")

    def test_definitions(self):
        types = self.db.record_types
        self.assertEqual(len(types), 34)
        self.assertEqual(types["ai"].name, "ai")
        self.assertEqual(types["ai"].fields[:3], ("NAME", "DESC", "ASG"))
        self.assertIn("Soft Channel", types["ai"].devices)
        self.assertEqual(self.db.menus["menuYesNo"], ("NO", "YES"))
        with self.assertRaises(TypeError):
            self.db.menus["x"] = ()


class Writers(ScratchTest):
    def dump(self, *args):
        status, out, err = run(EPICSDB, "dump", *args)
        self.assertEqual(status, 0, err)
        return out.decode()

    def test_to_db_is_what_epicsdb_dump_writes(self):
        path = self.write("t.db", DB)
        db = epicsdb.load(path)
        self.assertEqual(db.to_db(), self.dump(path))
        self.assertEqual(db.to_db(level=2), self.dump("--level", "2", path))
        self.assertEqual(db.to_db(record_type="bo"), self.dump("--type", "bo", path))
        with self.assertRaises(ValueError):
            db.to_db(record_type="nope")

    def test_to_json_is_what_dump_format_json_writes(self):
        path = self.write("t.db", DB)
        db = epicsdb.load(path)
        self.assertEqual(db.to_json(), self.dump("--format", "json", path))
        document = json.loads(db.to_json(sources=True))
        self.assertEqual(document["records"][0]["source"], {"file": path, "line": 1})
        self.assertIn("VAL", json.loads(db.to_json(all_fields=True))["records"][0]["fields"])

    def test_the_examples_as_dump_writes_them(self):
        for name, macros in (("iocExample.db", None), ("ioc.substitutions", None)):
            path = str(EXAMPLES / name)
            with self.subTest(name):
                db = epicsdb.load(path, include=str(EXAMPLES))
                self.assertEqual(db.to_db(), self.dump("-I", EXAMPLES, path))
                # Fields as to_db writes them: each record's fields set, unless at the default.
                for record in list(db)[:50]:
                    for field, value in record.fields.items():
                        self.assertEqual(record.get(field), value)


if __name__ == "__main__":
    unittest.main()
