"""Reads a Cucumber Messages stream into each scenario's last attempt: its steps' statuses and messages, by the
scenario's name; and `testRunFinished`. Shared by the differential checks."""
import json


def verdicts(path):
    """Each scenario's last attempt: its steps' (status, message); and `testRunFinished`."""
    pickles, test_cases, attempts, finished = {}, {}, {}, None
    for line in open(path, encoding="utf-8"):
        (kind, message), = json.loads(line).items()
        if kind == "pickle":
            pickles[message["id"]] = message["name"]
        elif kind == "testCase":
            test_cases[message["id"]] = message
        elif kind == "testCaseStarted":
            attempts[message["id"]] = (message["testCaseId"], [])
        elif kind == "testStepFinished":
            result = message["testStepResult"]
            attempts[message["testCaseStartedId"]][1].append((result["status"], result.get("message") or ""))
        elif kind == "testRunFinished":
            finished = message
    scenarios = {}
    for test_case_id, steps in attempts.values():
        scenarios[pickles[test_cases[test_case_id]["pickleId"]]] = steps
    return scenarios, finished
