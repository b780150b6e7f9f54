"""Checks the reports of the off-task faults (`package/Faults/OffTask`) run under `swift test --no-parallel`: each
issue recorded off the step's task (a thread, a dispatch queue, a detached task, a task left running, the world's
deinit) fails its own step in the message stream and JUnit, the run fails, and Swift Testing shows each such issue
once as an issue of no test (it showed each 5 to 20 times, the spec reports saying PASSED).

Usage: offtask-swift-test.py REPORTS_DIR SWIFT_TEST_LOG
"""
import os
import sys

from verdicts import verdicts

reports, log = sys.argv[1:3]
problems = []
scenarios, finished = verdicts(os.path.join(reports, "cucumber-messages.ndjson"))
for name, words in [("on a thread", "on a thread"), ("on a dispatch queue waited with a semaphore", "on a dispatch queue"),
                    ("in an awaited detached task", "in a detached task"),
                    ("in a task still running when its step returns", "recorded by a task its step left running"),
                    ("in the world's deinit", "the world's deinit recorded an issue")]:
    steps = scenarios.get(name, [])
    if not any(status == "FAILED" and words in message for status, message in steps):
        problems.append(f"'{name}' has no failed step saying '{words}': {steps}")
if any(status != "PASSED" for status, _ in scenarios.get("nothing fails", [])):
    problems.append(f"'nothing fails' did not pass: {scenarios.get('nothing fails')}")
if finished is None or finished["success"] is not False:
    problems.append("testRunFinished does not fail the run")
junit = open(os.path.join(reports, "junit.xml"), encoding="utf-8").read()
if 'failures="5"' not in junit:
    problems.append("junit.xml does not count 5 failures")
unknown = open(log, encoding="utf-8").read().count("Test «unknown»")
if unknown > 5:
    problems.append(f"Swift Testing showed {unknown} issues of no test for 5 issues recorded off the step's task")
if problems:
    print("\n".join(["swift test, off-task faults:"] + problems), file=sys.stderr)
    sys.exit(1)
print(f"swift test: the 5 off-task issues fail their own steps in the reports; Swift Testing shows {unknown} of no test")
