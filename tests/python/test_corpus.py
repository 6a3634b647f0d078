"""The corpus of real files (../shared/corpus): the .db files checked from Python report what
`epicsdb check` prints, and those without errors give the records `epicsdb dump` writes.
Skipped by name when the shared folder is absent."""

import unittest

import epicsdb
from support import EPICSDB, SHARED_DIR, run

CORPUS = SHARED_DIR / "corpus"


@unittest.skipUnless(CORPUS.is_dir(), f"no corpus at {CORPUS}")
class Corpus(unittest.TestCase):
    def test_db_files_as_check_and_dump_give_them(self):
        files = sorted(CORPUS.rglob("*.db"))[:150]
        self.assertTrue(files)
        for path in files:
            diagnostics = epicsdb.check(path)
            status, _, err = run(EPICSDB, "check", path)
            with self.subTest(path=str(path.relative_to(CORPUS))):
                self.assertTrue(err.startswith("".join(d.text for d in diagnostics)), err[:500])
                errors = [d for d in diagnostics if d.severity == "error"]
                self.assertEqual(status != 0, bool(errors))
                if not errors:
                    _, out, _ = run(EPICSDB, "dump", path)
                    text = epicsdb.load(path).to_db()
                    self.assertEqual(text.encode("utf-8", "surrogateescape"), out)


if __name__ == "__main__":
    unittest.main()
