"""cmake --install --prefix P puts the module and its stub under P's site-packages, where
PYTHONPATH finds them (make install PREFIX=P)."""

import glob
import subprocess
import sys
import unittest

from support import BINARY_DIR, ScratchTest


class Install(ScratchTest):
    def test_importable_from_the_prefix(self):
        prefix = self.dir / "prefix"
        done = subprocess.run(["cmake", "--install", str(BINARY_DIR), "--prefix", str(prefix)],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        found = glob.glob(str(prefix / "lib" / "python3*" / "site-packages" / "epicsdb*.so"))
        self.assertEqual(len(found), 1, list(prefix.rglob("epicsdb*")))
        site = found[0].rsplit("/", 1)[0]
        self.assertTrue((prefix / site / "epicsdb.pyi").exists())
        done = subprocess.run(
            [sys.executable, "-c", "import epicsdb; print(epicsdb.__file__); "
             "print(len(epicsdb.load().record_types))"],
            capture_output=True, text=True, env={"PYTHONPATH": site, "PATH": "/usr/bin:/bin"})
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.split(), [found[0], "34"])


class Stub(unittest.TestCase):
    def test_the_stub_names_everything_the_module_has_with_docstrings(self):
        import epicsdb

        stub = (BINARY_DIR / "python" / "epicsdb.pyi").read_text()
        public = [n for n in dir(epicsdb) if not n.startswith("_")]
        for name in public:
            with self.subTest(name=name):
                self.assertRegex(stub, rf"\n(class|def) {name}\b")
                self.assertTrue(getattr(epicsdb, name).__doc__)
        for cls in (epicsdb.Database, epicsdb.Record, epicsdb.RecordType, epicsdb.Diagnostic):
            for name, member in vars(cls).items():
                if not name.startswith("_"):
                    with self.subTest(member=f"{cls.__name__}.{name}"):
                        self.assertTrue(member.__doc__)


if __name__ == "__main__":
    unittest.main()
