"""epicsdb.msi: the msi tool's output, byte for byte."""

import unittest
import warnings

import epicsdb
from support import EXAMPLES, MSI, ScratchTest, run


class Msi(ScratchTest):
    def test_a_substitution_file_as_msi_expands_it(self):
        path = EXAMPLES / "ioc.substitutions"
        status, expected, err = run(MSI, "-I", EXAMPLES, "-S", path)
        self.assertEqual(status, 0, err)
        self.assertEqual(epicsdb.msi(path, include=str(EXAMPLES)).encode(), expected)

    def test_a_template_with_macros(self):
        self.write("inc.template", 'field(EGU, "$(U)")\n')
        path = self.write("t.template", 'record(ai, "$(P)x") {\ninclude "inc.template"\n}\n')
        status, expected, err = run(MSI, "-I", self.dir, "-MP=a:,U=K", path)
        self.assertEqual(status, 0, err)
        for macros in ("P=a:,U=K", {"P": "a:", "U": "K"}):
            self.assertEqual(epicsdb.msi(path, macros, include=[str(self.dir)]).encode(), expected)

    def test_undefined_macros_with_strict_raise(self):
        path = self.write("t.template", 'record(ai, "$(P)x")\n')
        self.assertEqual(epicsdb.msi(path), 'record(ai, "$(P)x")\n')  # as msi without -V
        status, expected, _ = run(MSI, "-V", path)
        self.assertEqual(status, 2)
        with self.assertRaises(epicsdb.MsiError) as caught:
            epicsdb.msi(path, strict=True)
        self.assertEqual(caught.exception.text.encode(), expected)
        self.assertTrue(caught.exception.messages)

    def test_errors_raise(self):
        with self.assertRaises(epicsdb.MsiError) as caught:
            epicsdb.msi(str(self.dir / "missing.template"))
        self.assertTrue(caught.exception.messages)


if __name__ == "__main__":
    unittest.main()
