#!/usr/bin/env python3
"""The reference workload (DESIGN.md, N = 4000: 340,000 records) loaded from Python and walked.

Writes the workload with the bench's own generator (epicsdb-bench --write-workload N), then
prints, each the best of R runs: the time of epicsdb.load() on the substitution file, the wall
time of `epicsdb check` on the same file (a process: start-up included), and the time to
iterate every record and every field set (`for r in db: for k, v in r.fields.items()`).

    PYTHONPATH=build/python python3 bench/python-iterate.py build [-n 4000] [-r 5]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def best(runs, work):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", help="the build folder (bench/epicsdb-bench, tools/epicsdb)")
    parser.add_argument("-n", type=int, default=4000, help="template instances (85 records each)")
    parser.add_argument("-r", type=int, default=5, help="runs of each measurement")
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "python"))
    import epicsdb

    with tempfile.TemporaryDirectory(prefix="epicsdb-python-bench-") as folder:
        subprocess.run([os.path.join(build, "bench", "epicsdb-bench"), "--write-workload",
                        str(args.n), "--dir", folder], check=True, capture_output=True)
        os.chdir(folder)  # the substitution file names its template relative to "."
        substitutions = f"bench-{args.n}.substitutions"
        check = os.path.join(build, "tools", "epicsdb")
        load_time, db = best(args.r, lambda: epicsdb.load(substitutions))
        check_time, _ = best(args.r, lambda: subprocess.run([check, "check", "-q", substitutions],
                                                             check=True, capture_output=True))

        def walk():
            count = 0
            for record in db:
                for name, value in record.fields.items():
                    count += 1
            return count

        walk_time, fields = best(args.r, walk)
        records_time, _ = best(args.r, lambda: sum(1 for _ in db))
    print(f"python {sys.version.split()[0]} ({sys.executable}), {len(db)} records, {fields} fields set")
    print(f"epicsdb.load:             {load_time:.3f} s")
    print(f"epicsdb check (process):  {check_time:.3f} s")
    print(f"iterate records:          {records_time:.3f} s")
    print(f"iterate records + fields: {walk_time:.3f} s")
    return 0 if walk_time < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
