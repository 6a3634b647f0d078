#!/usr/bin/env python3
"""Time to re-check a document in `epicsdb lsp` after a change, as an editor sees it.

Starts the server, opens a generated database of N records (default 5,000: ai, calc and bo
records with links between them), then sends M incremental changes (one character of a DESC
value) and measures, for each, the time from writing didChange to reading the
publishDiagnostics of that version: the whole round trip (JSON, the check with the standard
definitions, lint, the conversion of the diagnostics). Prints min, median, 90th percentile
and max.

    bench/lsp-recheck.py build/tools/epicsdb [-n 5000] [-m 50] [-j 0]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def database(records):
    lines = []
    for i in range(0, records, 3):
        lines += [
            'record(ai, "bench:%d:raw") {' % i,
            '    field(DESC, "raw value %d")' % i,
            '    field(SCAN, "1 second")',
            '    field(FLNK, "bench:%d:calc")' % (i + 1),
            "}",
            'record(calc, "bench:%d:calc") {' % (i + 1),
            '    field(INPA, "bench:%d:raw NPP")' % i,
            '    field(CALC, "A*2")',
            '    field(FLNK, "bench:%d:out")' % (i + 2),
            "}",
            'record(bo, "bench:%d:out") {' % (i + 2),
            '    field(DOL, "bench:%d:calc")' % (i + 1),
            '    field(OMSL, "closed_loop")',
            "}",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("epicsdb")
    parser.add_argument("-n", "--records", type=int, default=5000)
    parser.add_argument("-m", "--changes", type=int, default=50)
    parser.add_argument("-j", "--jobs", default="0")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="epicsdb-lsp-bench-")
    path = os.path.join(folder, "bench.db")
    text = database(args.records)
    with open(path, "w") as out:
        out.write(text)
    uri = "file://" + path
    server = subprocess.Popen([args.epicsdb, "lsp", "-j", args.jobs], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE)

    def send(message):
        server.stdin.write(frame(message))
        server.stdin.flush()

    def diagnostics_of(version):
        while True:
            message = read_message(server.stdout)
            if (message.get("method") == "textDocument/publishDiagnostics"
                    and message["params"]["uri"] == uri
                    and message["params"].get("version") == version):
                return message["params"]["diagnostics"]

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": os.getpid(), "rootUri": "file://" + folder, "capabilities": {}}})
    read_message(server.stdout)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "epics-db", "version": 1,
                                      "text": text}}})
    found = diagnostics_of(1)
    opened = time.perf_counter() - start
    records = text.count("record(")
    line = text.splitlines().index('    field(DESC, "raw value 0")')
    column = len('    field(DESC, "raw value ')
    times = []
    for change in range(args.changes):
        version = change + 2
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version},
                         "contentChanges": [{"range": {
                             "start": {"line": line, "character": column},
                             "end": {"line": line, "character": column + 1}},
                             "text": str(change % 10)}]}})
        diagnostics_of(version)
        times.append((time.perf_counter() - start) * 1000)
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    read_message(server.stdout)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=10)
    os.remove(path)
    os.rmdir(folder)
    times.sort()
    print("epicsdb lsp: %d records (%d bytes), %d diagnostics; open %.1f ms" %
          (records, len(text), len(found), opened * 1000))
    print("re-check after a change (%d changes, didChange -> publishDiagnostics): "
          "min %.1f ms, median %.1f ms, p90 %.1f ms, max %.1f ms" %
          (len(times), times[0], statistics.median(times), times[int(len(times) * 0.9) - 1],
           times[-1]))
    return 0 if server.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
