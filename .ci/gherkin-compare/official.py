#!/usr/bin/env python3
"""Runs the official Python Gherkin parser (pip install gherkin-official) over feature files.

Writes, for each file, one line of JSON: {"file": path, "envelopes": [...]} where the envelopes are the
source, then the gherkinDocument and pickles, or the parseErrors (the official Python stream leaves the
source out when there are errors; it is put first here so both parsers' outputs line up). Each file gets
fresh incrementing ids. A file on which the official parser itself crashes is reported with "crash".
"""
import json
import sys
from pathlib import Path

from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import source_event

for name in sys.argv[1:]:
    path = Path(name)
    try:
        event = source_event(path)
    except UnicodeDecodeError as error:
        print(json.dumps({"file": name, "crash": "UnicodeDecodeError: " + str(error)}))
        continue
    events = GherkinEvents(GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True))
    try:
        envelopes = list(events.enum(event))
    except Exception as error:  # the official parser's own failures (e.g. a regex error in interpolation)
        print(json.dumps({"file": name, "crash": type(error).__name__ + ": " + str(error)}))
        continue
    if envelopes and "parseError" in envelopes[0]:
        envelopes = [event] + envelopes
    print(json.dumps({"file": name, "envelopes": envelopes}, ensure_ascii=False))
