"""Record.provenance: where a record and each field value came from, as the C++ FieldProvenance
and RecordProvenance give it (statements, macros with their origins, load chains)."""

import unittest

import epicsdb
from support import ScratchTest

TEMPLATE = ('record(ao, "$(P)$(M)") {\n'
            '    field(DESC, "$(P) motor")\n'
            '    field(DRVH, "$(MAX=1)")\n'
            '}\n')
SUBSTITUTIONS = ('file "motor.template" {\n'
                 'pattern { M, MAX }\n'
                 '    { m1, 3 }\n'
                 '}\n'
                 'file "motor.template" {\n'
                 'pattern { M }\n'
                 '    { m2 }\n'
                 '}\n')
OVERRIDE = 'record(ao, "x:m1") {\n    field(DRVH, "2.5")\n}\n'


def find_macro(macros, name):
    """The first macro use named `name` among `macros` and their inner uses, depth first."""
    for use in macros:
        if use["name"] == name:
            return use
        inner = find_macro(use["inner"], name)
        if inner:
            return inner
    return None


class Substitutions(ScratchTest):
    def setUp(self):
        super().setUp()
        self.write("motor.template", TEMPLATE)
        substitutions = self.write("motors.substitutions", SUBSTITUTIONS)
        override = self.write("overrides.db", OVERRIDE)
        self.db = epicsdb.load(substitutions, override, macros={"P": "x:"}, include=self.dir)

    def test_a_pattern_row_then_an_override(self):
        drvh = self.db.records["x:m1"].provenance("DRVH")
        self.assertEqual(drvh["record"], "x:m1")
        self.assertEqual(drvh["field"], "DRVH")
        self.assertEqual(drvh["value"], "2.5")
        self.assertTrue(drvh["set"])
        first, last = drvh["statements"]  # in load order: the last one gave the value
        self.assertTrue(first["file"].endswith("motor.template"), first["file"])
        self.assertEqual((first["line"], first["column"]), (3, 5))
        self.assertEqual(first["keyword"], "field")
        self.assertEqual(first["written"], '"$(MAX=1)"')  # as written, quotes and all
        self.assertEqual(first["value"], "3")
        self.assertEqual(first["text"], 'field(DRVH, "$(MAX=1)")')
        row = find_macro(first["macros"], "MAX")
        self.assertEqual(row["origin"], "pattern row")
        self.assertEqual(row["value"], "3")
        self.assertEqual(row["row"], 1)
        self.assertTrue(row["location"]["file"].endswith("motors.substitutions"))
        self.assertTrue(any(step["file"].endswith("motors.substitutions")
                            for step in first["chain"]), first["chain"])

        self.assertTrue(last["file"].endswith("overrides.db"), last["file"])
        self.assertEqual(last["line"], 2)
        self.assertEqual(last["value"], "2.5")
        self.assertEqual(last["macros"], [])

    def test_a_default(self):
        drvh = self.db.records["x:m2"].provenance("DRVH")
        self.assertEqual(drvh["value"], "1")
        (statement,) = drvh["statements"]
        use = find_macro(statement["macros"], "MAX")
        self.assertEqual(use["origin"], "default")
        self.assertEqual(use["value"], "1")

    def test_a_load_argument(self):
        desc = self.db.records["x:m1"].provenance("DESC")
        self.assertEqual(desc["value"], "x: motor")
        use = find_macro(desc["statements"][-1]["macros"], "P")
        self.assertEqual(use["origin"], "load argument")
        self.assertEqual(use["value"], "x:")

    def test_a_field_left_at_its_default(self):
        prec = self.db.records["x:m1"].provenance("PREC")
        self.assertFalse(prec["set"])
        self.assertEqual(prec["statements"], [])
        self.assertEqual(prec["value"], self.db.records["x:m1"].get("PREC"))

    def test_the_record_itself(self):
        record = self.db.records["x:m1"].provenance()
        self.assertEqual(record["name"], "x:m1")
        self.assertEqual(record["type"], "ao")
        files = [statement["file"] for statement in record["definitions"]]
        self.assertEqual(len(files), 2, files)
        self.assertTrue(files[0].endswith("motor.template"))
        self.assertTrue(files[1].endswith("overrides.db"))
        self.assertEqual(record["aliases"], [])
        self.assertEqual(record["infos"], [])

    def test_a_field_the_type_lacks(self):
        with self.assertRaises(KeyError):
            self.db.records["x:m1"].provenance("NOPE")
        with self.assertRaises(TypeError):
            self.db.records["x:m1"].provenance(3)


class StartupScript(ScratchTest):
    def test_the_script_lines_and_the_variables_they_used(self):
        self.write("a.db", 'record(ai, "$(P)a") {\n    field(DESC, "$(P)")\n}\n')
        self.write("sub.cmd", 'dbLoadRecords("a.db", "P=$(IOC)")\n')
        script = self.write("st.cmd", 'epicsEnvSet("IOC", "$(SYS)x:")\n< sub.cmd\n')
        db = epicsdb.load(script, env={"SYS": "s:"})
        desc = db.records["s:x:a"].provenance("DESC")
        statement = desc["statements"][-1]
        commands = [(step["file"].rsplit("/", 1)[-1], step["line"])
                    for step in statement["chain"] if step["command"]]
        self.assertEqual(commands, [("sub.cmd", 1), ("st.cmd", 2)])
        ioc = find_macro(statement["macros"], "IOC")
        self.assertEqual(ioc["origin"], "script variable")
        self.assertEqual(ioc["value"], "s:x:")
        self.assertEqual(ioc["location"]["line"], 1)
        self.assertEqual(ioc["detail"], 'epicsEnvSet("IOC", "$(SYS)x:")')
        sys = find_macro(ioc["inner"], "SYS")
        self.assertEqual(sys["origin"], "environment")
        self.assertEqual(sys["value"], "s:")


class Database(ScratchTest):
    def test_loads_into_one_database_add_to_its_provenance(self):
        first = self.write("a.db", 'record(ai, "a") {\n    field(DESC, "one")\n}\n')
        second = self.write("b.db", 'record(ai, "a") {\n    field(DESC, "two")\n}\n')
        db = epicsdb.load(first)
        db.load(second)
        statements = db.records["a"].provenance("DESC")["statements"]
        self.assertEqual([s["value"] for s in statements], ["one", "two"])


if __name__ == "__main__":
    unittest.main()
