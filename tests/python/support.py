"""What the Python tests share: where the source, build and shared folders are, a scratch
folder to write files in, and running the programs the module is compared with."""

import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

SOURCE_DIR = Path(os.environ.get("EPICSDB_SOURCE_DIR", Path(__file__).resolve().parents[2]))
BINARY_DIR = Path(os.environ.get("EPICSDB_BINARY_DIR", SOURCE_DIR / "build"))
SHARED_DIR = Path(os.environ.get("EPICSDB_SHARED_DIR", SOURCE_DIR.parent / "shared"))
EPICSDB = BINARY_DIR / "tools" / "epicsdb"
MSI = BINARY_DIR / "tools" / "msi" / "msi"
EXAMPLES = SOURCE_DIR / "db" / "examples"


def run(program, *args, cwd=None):
    """Runs a program of the build; returns (status, stdout bytes, stderr text)."""
    done = subprocess.run([str(program), *map(str, args)], cwd=cwd, capture_output=True)
    return done.returncode, done.stdout, done.stderr.decode(errors="replace")


class ScratchTest(unittest.TestCase):
    """A test with a folder of its own (self.dir) and self.write(name, text) -> path."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp(prefix="epicsdb-python-"))
        self.addCleanup(shutil.rmtree, self.dir, True)

    def write(self, name, text):
        path = self.dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode() if isinstance(text, str) else text)
        return str(path)
