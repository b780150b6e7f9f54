#!/usr/bin/env python3
"""Compares `feed-specs gherkin` with the official Python parser on every .feature file of a directory.

usage: compare.py FEED_SPECS_BINARY DIR [--languages FILE]

Each file is parsed alone by both (fresh ids), the NDJSON outputs are compared as JSON values, and the
files that differ are listed with the first differing envelope. Prints "N passed, M failed" at the end.
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

binary, directory = sys.argv[1], sys.argv[2]
languages = sys.argv[sys.argv.index("--languages") + 1] if "--languages" in sys.argv else None
files = sorted(os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".feature"))

official = {}
for start in range(0, len(files), 500):
    chunk = files[start:start + 500]
    out = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "official.py")] + chunk,
                         capture_output=True, text=True, check=True).stdout
    for line in out.split("\n"):
        if not line:
            continue
        record = json.loads(line)
        official[record["file"]] = record


def ours(path):
    command = [binary, "gherkin"] + (["--languages", languages] if languages else []) + [path]
    result = subprocess.run(command, capture_output=True)
    envelopes = [json.loads(line) for line in result.stdout.decode("utf-8").split("\n") if line]
    return path, envelopes, result.returncode


def without_nulls(value):
    """The official Python compiler writes "type": null for an outline's first And/But step; a missing
    optional field is the same thing in the messages schema."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


passed = failed = crashed = nulls = invalid = 0
with ThreadPoolExecutor(max_workers=2) as pool:
    for path, envelopes, status in pool.map(ours, files):
        record = official[path]
        if "crash" in record:
            crashed += 1
            continue
        expected = record["envelopes"]
        if json.dumps(expected).find('"type": null') >= 0:
            nulls += 1
        expected = without_nulls(expected)
        has_errors = any("parseError" in e for e in expected)
        invalid += 1 if has_errors else 0
        if envelopes == expected and status == (1 if has_errors else 0):
            passed += 1
            continue
        failed += 1
        print(f"DIFF {path} (exit {status})")
        for index in range(max(len(envelopes), len(expected))):
            mine = envelopes[index] if index < len(envelopes) else None
            theirs = expected[index] if index < len(expected) else None
            if mine != theirs:
                print("  ours:    ", json.dumps(mine, ensure_ascii=False)[:1500])
                print("  official:", json.dumps(theirs, ensure_ascii=False)[:1500])
                break

print(f"compared {passed + failed} files ({invalid} with parse errors); the official parser crashed on {crashed}"
      f" (not compared); {nulls} had a null step type (compared as absent)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
