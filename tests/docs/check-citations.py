#!/usr/bin/env python3
"""check-citations.py SOURCE_DIR: every "EPICS-BEHAVIOUR x.y" that the project's files cite
names a section of docs/EPICS-BEHAVIOUR.md (a heading that starts with that number), and no
file still cites the shared SPEC.md, which a clone of the repository does not have."""

import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1])
document = root / "docs" / "EPICS-BEHAVIOUR.md"
sections = set()
for line in document.read_text(encoding="utf-8").splitlines():
    heading = re.match(r"#{2,4} (\d+(?:\.\d+)*)\.? ", line)
    if heading:
        sections.add(heading.group(1))

# A citation: the name, then a number, or a list of them ("3.3-3.5, 4, 7"); the name may end
# one comment line and the number start the next.
citation = re.compile(r"EPICS-BEHAVIOUR(?:\.md)?(?:\s*(?://|#|\*)?\s*)"
                      r"(\d+(?:\.\d+)*(?:\s*(?:-|,|and)\s*\d+(?:\.\d+)*)*)")
old = re.compile(r"\bSPEC(?:\.md)?(?: section)?\s*(?://\s*)?\d")

tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                         check=True).stdout.split()
problems = []
cited = 0
for name in tracked:
    if name in ("docs/EPICS-BEHAVIOUR.md", "tests/docs/check-citations.py"):
        continue
    path = root / name
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        continue
    for match in citation.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        for number in re.findall(r"\d+(?:\.\d+)*", match.group(1)):
            cited += 1
            if number not in sections:
                problems.append(f"{name}:{line}: cites EPICS-BEHAVIOUR {number}, "
                                "which has no section")
    for match in old.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        problems.append(f"{name}:{line}: cites SPEC.md, which is not in the repository")

for problem in problems:
    print(problem)
print(f"{cited} citations of {len(sections)} sections checked, {len(problems)} problems")
sys.exit(1 if problems or cited == 0 else 0)
