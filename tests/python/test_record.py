"""Record: name, type, fields, get, aliases, info, location."""

import unittest

import epicsdb
from support import ScratchTest

DB = """record(ai, "r:1") {
    field(DESC, "a sensor")
    field(SCAN, "1 second")
    field(HOPR, "1.50")
    field(INP, "r:2 CP MS")
    info(autosaveFields, "VAL")
    info(archive, "Monitor 1")
    alias("r:1:a")
}
alias("r:1", "r:1:b")
record(bo, "r:2")
"""


class RecordTest(ScratchTest):
    def setUp(self):
        super().setUp()
        self.path = self.write("r.db", DB)
        self.db = epicsdb.load(self.path)
        self.record = self.db.records["r:1"]

    def test_name_type_and_fields_set_in_definition_order(self):
        r = self.record
        self.assertEqual((r.name, r.type), ("r:1", "ai"))
        self.assertEqual(
            r.fields, {"DESC": "a sensor", "SCAN": "1 second", "INP": "r:2 CP MS", "HOPR": "1.5"}
        )
        self.assertEqual(list(r.fields), ["DESC", "SCAN", "INP", "HOPR"])
        self.assertEqual(self.db.records["r:2"].fields, {})

    def test_get_reads_any_field_with_its_default(self):
        r = self.record
        self.assertEqual(r.get("HOPR"), "1.5")  # canonical text, as dump writes it
        self.assertEqual(r.get("PREC"), "0")
        self.assertEqual(r.get("SCAN"), "1 second")
        self.assertEqual(r.get("NAME"), "r:1")
        self.assertEqual(self.db.records["r:2"].get("SCAN"), "Passive")
        with self.assertRaises(KeyError):
            r.get("NOPE")
        with self.assertRaises(TypeError):
            r.get(1)

    def test_aliases_info_and_location(self):
        r = self.record
        self.assertEqual(r.aliases, ("r:1:a", "r:1:b"))
        self.assertEqual(r.info, {"autosaveFields": "VAL", "archive": "Monitor 1"})
        self.assertEqual(r.location, (self.path, 1))
        self.assertEqual(self.db.records["r:2"].aliases, ())

    def test_equality_hash_and_repr(self):
        self.assertEqual(self.record, self.db.records["r:1:a"])
        self.assertNotEqual(self.record, self.db.records["r:2"])
        self.assertEqual(len({self.record, self.db.records["r:1:b"]}), 1)
        self.assertEqual(repr(self.record), "<epicsdb.Record ai 'r:1'>")
        with self.assertRaises(TypeError):
            epicsdb.Record()

    def test_bytes_that_are_not_utf8_survive(self):
        path = self.write("latin1.db", b'record(ai, "x") { field(DESC, "caf\xe9") }\n')
        value = epicsdb.load(path).records["x"].fields["DESC"]
        self.assertEqual(value.encode("utf-8", "surrogateescape"), b"caf\xe9")


if __name__ == "__main__":
    unittest.main()
