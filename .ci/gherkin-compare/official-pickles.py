#!/usr/bin/env python3
"""Times the official Python parser (pip install gherkin-official) turning every .feature file of a directory
into pickle NDJSON, written to /dev/null: the reference figure for `feed-specs-bench parse`.

usage: official-pickles.py DIR
"""
import json
import sys
import time
from pathlib import Path

from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import source_event

start = time.perf_counter()
files = sorted(Path(sys.argv[1]).glob("*.feature"))
events = GherkinEvents(GherkinEvents.Options(print_source=False, print_ast=False, print_pickles=True))
count = 0
with open("/dev/null", "w") as out:
    for path in files:
        for envelope in events.enum(source_event(path)):
            out.write(json.dumps(envelope) + "\n")
            count += 1
print(f"{len(files)} files, {count} pickles, {time.perf_counter() - start:.3f} s")
