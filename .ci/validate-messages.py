#!/usr/bin/env python3
"""Validate every line of NDJSON message streams against the Cucumber Messages JSON schema.

Usage: python3 .ci/validate-messages.py FILE.ndjson... (needs `pip install jsonschema`).
The schema is read from ../shared/conformance/messages/messages.schema.json beside the package,
or from $MESSAGES_SCHEMA. Exits 1 if any line is invalid, printing file:line: reason for each.
"""
import json
import os
import sys

from jsonschema import Draft202012Validator

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
schema_path = os.environ.get(
    "MESSAGES_SCHEMA", os.path.join(root, "..", "shared", "conformance", "messages", "messages.schema.json")
)
with open(schema_path, encoding="utf-8") as schema_file:
    validator = Draft202012Validator(json.load(schema_file))

lines = invalid = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            lines += 1
            try:
                errors = list(validator.iter_errors(json.loads(line)))
            except json.JSONDecodeError as error:
                errors = [error]
            if errors:
                invalid += 1
                print(f"{path}:{number}: {getattr(errors[0], 'message', errors[0])}")
print(f"{len(sys.argv) - 1} files, {lines} lines, {invalid} invalid")
sys.exit(1 if invalid else 0)
