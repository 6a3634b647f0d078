"""Diagnostic: what `epicsdb check` prints, as values."""

import unittest

import epicsdb
from support import EPICSDB, ScratchTest, run


class DiagnosticTest(ScratchTest):
    def test_fields_and_text_as_check_prints_them(self):
        self.write("inc.db", 'record(ai, "r") {\n    field(SCAM, "1 second")\n}\n')
        top = self.write("top.db", 'include "inc.db"\n')
        diagnostics = epicsdb.check(top, include=str(self.dir))
        self.assertEqual(len(diagnostics), 1)
        d = diagnostics[0]
        self.assertEqual((d.severity, d.code), ("error", "field-unknown"))
        self.assertEqual((d.file, d.line, d.column), (str(self.dir / "inc.db"), 2, 11))
        self.assertIn("SCAM", d.message)
        self.assertTrue(d.notes[0].startswith('did you mean "SCAN"?'), d.notes)
        fix = d.fixes[0]
        self.assertEqual((fix["file"], fix["line"], fix["column"], fix["end_column"]),
                         (d.file, 2, 11, 15))
        self.assertEqual((fix["replacement"], fix["safe"]), ("SCAN", True))
        self.assertEqual(d.related, ())
        self.assertEqual(d.context[0][0], "included from")
        self.assertEqual(d.source_line, '    field(SCAM, "1 second")')
        self.assertEqual(str(d), f"{d.file}:2:11: error: {d.message}")
        self.assertIn("code='field-unknown'", repr(d))
        status, _, err = run(EPICSDB, "check", "-I", self.dir, top)
        self.assertEqual(status, 1)
        self.assertTrue(err.startswith(d.text), err)


if __name__ == "__main__":
    unittest.main()
