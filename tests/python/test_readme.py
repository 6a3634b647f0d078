"""The Python examples of README.md run, from the source folder, and print what it says: each
```python block followed by a ```text block of its output."""

import contextlib
import io
import os
import re
import unittest

from support import SOURCE_DIR

BLOCK = re.compile(r"```python\n(.*?)```\n(?:[^`]*?)```text\n(.*?)```", re.S)


class Readme(unittest.TestCase):
    def test_python_examples_print_what_the_readme_says(self):
        examples = BLOCK.findall((SOURCE_DIR / "README.md").read_text())
        self.assertTrue(examples, "README.md has no ```python example with its ```text output")
        cwd = os.getcwd()
        os.chdir(SOURCE_DIR)
        self.addCleanup(os.chdir, cwd)
        for code, expected in examples:
            with self.subTest(code=code.splitlines()[0]):
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    exec(compile(code, "README.md", "exec"), {})
                self.assertEqual(out.getvalue(), expected)


if __name__ == "__main__":
    unittest.main()
