"""Compares the message streams of one spec set run by `swift test` and by the package's own command.

Every scenario's last attempt must tell each test step the same way in both (status, message, exception type and
stack trace), and each scenario's steps must be what its name says they did. Prints one line per failure kind.
"""
import json
import sys


def steps_by_scenario(path):
    pickles, test_cases, steps, hooks, definitions = {}, {}, {}, {}, {}
    attempts = {}
    for line in open(path, encoding="utf-8"):
        envelope = json.loads(line)
        (kind, message), = envelope.items()
        if kind == "pickle":
            pickles[message["id"]] = message
            for step in message["steps"]:
                steps[step["id"]] = step["text"]
        elif kind == "hook":
            hooks[message["id"]] = message["sourceReference"]["uri"] + ":" + str(message["sourceReference"]["location"]["line"])
        elif kind == "testCase":
            test_cases[message["id"]] = message
        elif kind == "testCaseStarted":
            attempts[message["id"]] = {"testCase": message["testCaseId"], "results": {}}
        elif kind == "testStepFinished":
            attempts[message["testCaseStartedId"]]["results"][message["testStepId"]] = message["testStepResult"]
    scenarios = {}
    for attempt in attempts.values():
        test_case = test_cases[attempt["testCase"]]
        name = pickles[test_case["pickleId"]]["name"]
        told = []
        for test_step in test_case["testSteps"]:
            label = steps.get(test_step.get("pickleStepId")) or "hook " + hooks.get(test_step.get("hookId"), "?")
            result = attempt["results"].get(test_step["id"], {})
            exception = result.get("exception") or {}
            told.append((label, result.get("status"), result.get("message"), exception.get("type"),
                         exception.get("stackTrace")))
        scenarios[name] = told  # the last attempt wins
    return scenarios


def main(test_path, cli_path):
    test, cli = steps_by_scenario(test_path), steps_by_scenario(cli_path)
    problems = []
    if sorted(test) != sorted(cli):
        problems.append(f"different scenarios: swift test {sorted(test)}, command {sorted(cli)}")
    for name in sorted(set(test) & set(cli)):
        if test[name] != cli[name]:
            problems.append(f"{name}:\n  swift test: {test[name]}\n  command:    {cli[name]}")
    expected = {
        "Passes": ["PASSED", "PASSED", "PASSED", "PASSED"],
        "SpecKit's helper": ["FAILED"],
        "A failed #expect skips the rest": ["FAILED", "SKIPPED"],
        "Two failed #expects in one step": ["FAILED"],
        "A failed #require on an optional": ["FAILED"],
        "A failed #require on a condition": ["FAILED"],
        "A failed #expect on collections": ["FAILED"],
        "A failed #expect, then a thrown error": ["FAILED"],
        "A thrown error": ["FAILED"],
        "Issue.record": ["FAILED"],
        "Issue.record of an error": ["FAILED"],
        "A warning fails nothing": ["PASSED", "PASSED"],
        "Pending": ["PENDING", "SKIPPED"],
        "Skipped": ["SKIPPED", "SKIPPED"],
        "Undefined, with a typo": ["UNDEFINED"],
        "Ambiguous": ["AMBIGUOUS"],
        "A timeout": ["FAILED"],
        "A table cell the step cannot read": ["FAILED"],
        "A failed #expect in a before hook": ["FAILED", "SKIPPED"],
    }
    for name, statuses in expected.items():
        told = [status for _, status, *_ in cli.get(name, [])]
        if told != statuses:
            problems.append(f"{name}: the command told {told}, expected {statuses}")
    two = [message for _, status, message, *_ in cli.get("Two failed #expects in one step", []) if status == "FAILED"]
    if not two or "the second" not in (two[0] or ""):
        problems.append(f"Two failed #expects: both issues should be in the message, got {two}")
    if problems:
        print("differential: the two paths disagree:\n" + "\n".join(problems), file=sys.stderr)
        sys.exit(1)
    for name in expected:
        failing = [step for step in cli[name] if step[1] not in ("PASSED", "SKIPPED")]
        said = failing[0][2].splitlines()[0] if failing and failing[0][2] else (failing[0][1] if failing else "passed")
        print(f"differential: same on both paths: {name}: {said}")


if __name__ == "__main__":
    main(*sys.argv[1:])
