"""Runs the faults of `package/Faults` through the package's own command and checks each verdict in the message
stream, the reports and the exit status: issues recorded off the step's task fail their step (or the run, when
no single step can take them); a step that crashes, calls exit(), signals its own process or holds every thread
past its timeout fails and the run goes on; a process a step leaves running does not hold the run; a runner
process does not outlive its command; and an exclusive group stays closed while a body that overran its timeout
still runs.

Usage: faults-check.py PACKAGE_DIR COMMAND WORK_DIR
"""
import json
import os
import signal
import subprocess
import sys
import time

from verdicts import verdicts

package, command, work = sys.argv[1:4]
problems = []


def run(name, paths, *options):
    """Runs the command, its output written to files: a process a step leaves running holds the command's standard
    output and error as any child does, and pipes would keep this script waiting for that process to end."""
    out = os.path.join(work, name)
    os.makedirs(out, exist_ok=True)
    stream = os.path.join(out, "messages.ndjson")
    arguments = [command, *paths, "--out", out, "--format", f"message:{stream}", "--format", "summary",
                 "--format", "junit", "--format", "json", *options]
    with open(os.path.join(work, name + ".out"), "w+", encoding="utf-8") as output, \
            open(os.path.join(work, name + ".err"), "w+", encoding="utf-8") as errors:
        done = subprocess.run(arguments, cwd=package, stdout=output, stderr=errors, text=True, timeout=300)
        output.seek(0)
        errors.seek(0)
        done.stdout, done.stderr = output.read(), errors.read()
    return done, stream, out


def expect(condition, what, done=None):
    if not condition:
        problems.append(what + (f"\n--- output:\n{done.stdout}\n{done.stderr}" if done else ""))


def processes(predicate):
    """The ids of the running processes whose `/proc/PID/{cmdline,status}` texts satisfy `predicate`."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline, open(f"/proc/{entry}/status", encoding="utf-8") as st:
                if predicate(cmdline.read().split(b"\0"), st.read()):
                    found.append(int(entry))
        except (OSError, ValueError):
            continue
    return found


def left_running():
    """The processes the background steps started, still running: `/bin/sleep 97` and `/bin/sleep 98`."""
    return processes(lambda words, _: words[:2] in ([b"/bin/sleep", b"97"], [b"/bin/sleep", b"98"]))


def status(steps):
    return "FAILED" if any(s == "FAILED" for s, _ in steps) else ("PASSED" if steps else "NOT RUN")


# 1. Off the step's task, one scenario at a time: each fails its own step and says where the issue came from.
done, stream, out = run("off-task", ["Faults/OffTask"])
expect(done.returncode == 1, f"off-task: exit status {done.returncode}, not 1", done)
scenarios, finished = verdicts(stream)
for name, words in [("on a thread", "on a thread"), ("on a dispatch queue waited with a semaphore", "on a dispatch queue"),
                    ("in an awaited detached task", "in a detached task"),
                    ("in a task still running when its step returns", "recorded by a task its step left running"),
                    ("in the world's deinit", "the world's deinit recorded an issue")]:
    steps = scenarios.get(name, [])
    expect(status(steps) == "FAILED", f"off-task: '{name}' is {status(steps)}, not FAILED: {steps}")
    messages = " ".join(m for _, m in steps)
    expect(words in messages, f"off-task: '{name}' does not say '{words}': {steps}")
    if name != "in the world's deinit":
        expect("recorded outside the step's task" in messages,
               f"off-task: '{name}' does not say the issue came from outside the step's task: {steps}")
expect(status(scenarios.get("nothing fails", [])) == "PASSED", "off-task: the passing scenario did not pass")
expect(finished is not None and finished["success"] is False, "off-task: testRunFinished does not fail the run")
junit = open(os.path.join(out, "junit.xml"), encoding="utf-8").read()
expect('failures="5"' in junit, "off-task: junit.xml does not count 5 failures")

# 2. Off every step's task while two scenarios run in one process: the run fails, with the issue as its exception.
done, stream, out = run("concurrent", ["Faults/Concurrent"], "--parallel", "2", "--in-process")
expect(done.returncode == 1, f"concurrent: exit status {done.returncode}, not 1", done)
scenarios, finished = verdicts(stream)
exception = (finished or {}).get("exception") or {}
expect(finished is not None and finished["success"] is False, "concurrent: testRunFinished does not fail the run")
expect(exception.get("type") == "IssueOutsideStep", f"concurrent: the run's exception is {exception}")
expect("on a thread while two scenarios run" in exception.get("message", ""),
       f"concurrent: the run's exception does not carry the issue: {exception}")
junit = open(os.path.join(out, "junit.xml"), encoding="utf-8").read()
expect("on a thread while two scenarios run" in junit, "concurrent: junit.xml does not show the run's failure")
expect("on a thread while two scenarios run" in done.stdout + done.stderr,
       "concurrent: the console does not show the run's failure", done)

# 2b. The same in worker processes (`--parallel 2` without `--in-process`): each scenario runs in a process of its
#     own, so the issue is told apart: the step that started the thread fails with it, the other scenario passes.
done, stream, out = run("concurrent-workers", ["Faults/Concurrent"], "--parallel", "2")
expect(done.returncode == 1, f"concurrent in workers: exit status {done.returncode}, not 1", done)
scenarios, finished = verdicts(stream)
first = scenarios.get("the first", [])
expect(status(first) == "FAILED" and "on a thread while two scenarios run" in " ".join(m for _, m in first),
       f"concurrent in workers: the first scenario does not fail with the issue: {first}", done)
expect(status(scenarios.get("the second", [])) == "PASSED",
       f"concurrent in workers: the second scenario: {scenarios.get('the second')}", done)
workers = {json.loads(line).get("testCaseStarted", {}).get("workerId") for line in open(stream, encoding="utf-8")}
expect({"0", "1"} <= workers, f"concurrent in workers: the scenarios did not run on two workers: {workers}")

# 3. A step calling exit(0): that step fails, the run goes on in a new runner process; in one process (for a
#    debugger) the run stops there, fails, names the scenario and writes the reports of what ran over old ones.
done, stream, out = run("exit", ["Faults/Exit"])
expect(done.returncode == 1, f"exit: exit status {done.returncode}, not 1", done)
scenarios, _ = verdicts(stream)
expect([status(scenarios.get(name, [])) for name in ["before", "the step calls exit", "after"]]
       == ["PASSED", "FAILED", "PASSED"], f"exit: the scenarios are {scenarios}", done)
expect("exit status 0" in " ".join(m for _, m in scenarios.get("the step calls exit", [])),
       f"exit: the step does not say the process exited: {scenarios}")
os.makedirs(os.path.join(work, "exit-in-process"), exist_ok=True)
with open(os.path.join(work, "exit-in-process", "junit.xml"), "w", encoding="utf-8") as stale:
    stale.write("<testsuite name='STALE' tests='99' failures='0'/>")
done, stream, out = run("exit-in-process", ["Faults/Exit"], "--in-process")
expect(done.returncode == 1, f"exit in one process: exit status {done.returncode}, not 1", done)
expect("exit() was called while" in done.stderr and "exit.feature" in done.stderr,
       "exit in one process: stderr does not name the scenario that called exit()", done)
junit = open(os.path.join(out, "junit.xml"), encoding="utf-8").read()
expect("STALE" not in junit, "exit in one process: the previous run's junit.xml was left in place")
scenarios, _ = verdicts(stream)
expect(status(scenarios.get("before", [])) == "PASSED", f"exit in one process: the first scenario: {scenarios}")

# 3b. Crashing steps: each fails at its step with the crash's message and Swift place; the rest run and pass; every
#     report is written.
done, stream, out = run("crash", ["Faults/Crash"])
expect(done.returncode == 1, f"crash: exit status {done.returncode}, not 1", done)
scenarios, finished = verdicts(stream)
expected = {"before the crash": ["PASSED"], "a fatal error": ["PASSED", "FAILED", "SKIPPED"],
            "between the crashes": ["PASSED"], "an index out of range": ["FAILED"], "after the crashes": ["PASSED"]}
for name, statuses in expected.items():
    told = [s for s, _ in scenarios.get(name, [])]
    expect(told == statuses, f"crash: '{name}' told {told}, not {statuses}: {scenarios.get(name)}", done)
fatal = " ".join(m for _, m in scenarios.get("a fatal error", []))
expect("signal 4" in fatal and "the feed store is gone" in fatal and "FaultSteps.swift" in fatal,
       f"crash: the fatal error's step does not carry the signal, Swift's message and the place: {fatal}")
expect("Index out of range" in " ".join(m for _, m in scenarios.get("an index out of range", [])),
       "crash: the index out of range is not named")
expect(finished is not None and finished["success"] is False, "crash: testRunFinished does not fail the run")
for report in ["junit.xml", "cucumber.json", "messages.ndjson"]:
    expect(os.path.exists(os.path.join(out, report)), f"crash: {report} was not written")
junit = open(os.path.join(out, "junit.xml"), encoding="utf-8").read()
expect('failures="2"' in junit and "the feed store is gone" in junit, "crash: junit.xml does not show both crashes")

# 3c. The same on two worker processes: the worker that crashed is replaced, and every scenario is told as above.
done, stream, out = run("crash-workers", ["Faults/Crash"], "--parallel", "2")
expect(done.returncode == 1, f"crash in workers: exit status {done.returncode}, not 1", done)
scenarios, finished = verdicts(stream)
for name, statuses in expected.items():
    told = [s for s, _ in scenarios.get(name, [])]
    expect(told == statuses, f"crash in workers: '{name}' told {told}, not {statuses}", done)
expect(finished is not None and finished["success"] is False, "crash in workers: the run does not fail")
started = [json.loads(line) for line in open(stream, encoding="utf-8")]
ids = [m["testCaseStarted"]["id"] for m in started if "testCaseStarted" in m]
expect(len(ids) == len(set(ids)) == 5, f"crash in workers: the attempts' ids are not 5 distinct ones: {ids}")

# 3d. `--parallel 64` on three scenarios starts three worker processes, not 64: the `beforeAll` hook runs once in
# each worker.
done, stream, out = run("few-test-cases", ["Faults/Workers"], "--parallel", "64")
expect(done.returncode == 0, f"few test cases: exit status {done.returncode}, not 0", done)
messages = [json.loads(line) for line in open(stream, encoding="utf-8")]
hooks = [m["testRunHookStarted"] for m in messages if "testRunHookStarted" in m]
test_cases = [m for m in messages if "testCase" in m]
expect(len(test_cases) == 3 and len(hooks) == 3,
       f"few test cases: {len(hooks)} workers started for {len(test_cases)} test cases, not 3", done)

# 3e. Steps that start a process and leave it running (a server in the background): the run ends while those
#     processes still run (they would hold the runner process's pipes open, and the command would wait for them).
for mode in [[], ["--parallel", "2"]]:
    name = "background" + "".join(mode)
    done, stream, out = run(name, ["Faults/Background"], *mode)
    alive = left_running()
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    expect(done.returncode == 0, f"{name}: exit status {done.returncode}, not 0", done)
    expect(len(alive) == 2, f"{name}: the run waited for the processes its steps left running ({alive} alive)", done)
    scenarios, _ = verdicts(stream)
    expect(all(status(steps) == "PASSED" for steps in scenarios.values()) and len(scenarios) == 3,
           f"{name}: the scenarios are {scenarios}", done)

# 3f. A step that sends its own runner process SIGTERM or SIGINT (the command gets none): that step fails with the
#     signal, and the run goes on in a new runner process, as after a crash. It used to end the whole run, unexplained.
done, stream, out = run("signal", ["Faults/Signal"])
expect(done.returncode == 1, f"signal: exit status {done.returncode}, not 1", done)
scenarios, _ = verdicts(stream)
expect([status(scenarios.get(name, [])) for name in ["before the signals", "SIGTERM", "SIGINT", "after the signals"]]
       == ["PASSED", "FAILED", "FAILED", "PASSED"], f"signal: the scenarios are {scenarios}", done)
for name, words in [("SIGTERM", "signal 15 (SIGTERM)"), ("SIGINT", "signal 2 (SIGINT)")]:
    expect(words in " ".join(m for _, m in scenarios.get(name, [])),
           f"signal: the step of '{name}' does not say '{words}': {scenarios.get(name)}")

# 3f'. A step that stops its own runner process (SIGSTOP; SIGTTIN does the same to a step reading the terminal of a
#     run in the shell's background): nothing in that process runs, its watchdog neither. The command ends it once it
#     has stayed stopped 5 s; the step fails saying so, and the run goes on. It used to wait for ever.
for mode in [[], ["--parallel", "2"]]:
    name = "stopped" + "".join(mode)
    started = time.monotonic()
    done, stream, out = run(name, ["Faults/Stopped"], *mode)
    took = time.monotonic() - started
    expect(done.returncode == 1, f"{name}: exit status {done.returncode}, not 1", done)
    expect(took < 60, f"{name}: the run took {took:.0f} s", done)
    scenarios, _ = verdicts(stream)
    expect([status(scenarios.get(scenario, [])) for scenario in ["before the stop", "the stop", "after the stop"]]
           == ["PASSED", "FAILED", "PASSED"], f"{name}: the scenarios are {scenarios}", done)
    expect("stopped in this step by signal 19 (SIGSTOP" in " ".join(m for _, m in scenarios.get("the stop", [])),
           f"{name}: the stopped step does not say so: {scenarios.get('the stop')}", done)

# 3g. Steps that block their thread for ever (a semaphore waited on for a completion handler that never comes), with
#     a 1 s timeout: each times out; once they hold every thread of the runner process (two on two cores), the step
#     holding the last one fails saying so, that process ends, and the run goes on in a new one. Before, the run
#     waited for the blocked threads to come back.
for mode in [[], ["--parallel", "2"]]:
    name = "blocked" + "".join(mode)
    done, stream, out = run(name, ["Faults/Blocked"], "--timeout", "1", *mode)
    expect(done.returncode == 1, f"{name}: exit status {done.returncode}, not 1", done)
    scenarios, _ = verdicts(stream)
    waits = [scenarios.get(f"the {nth} wait that never ends", []) for nth in ["first", "second", "third"]]
    expect(all(status(steps) == "FAILED" for steps in waits), f"{name}: the waits are {waits}", done)
    messages = " ".join(m for steps in waits for _, m in steps)
    expect("held its thread, while every other thread of the runner process was held too" in messages,
           f"{name}: no step says it held the last thread: {waits}", done)
    expect(status(scenarios.get("after the waits", [])) == "PASSED",
           f"{name}: the scenario after the waits: {scenarios.get('after the waits')}", done)

# 3g'. The same with --in-process (the steps run in the command's own process, for a debugger): there is no other
#     process to go on in, so once the blocked steps hold every thread the run stops, failed, with the reports of what
#     has run and the scenario named. Before, the run waited for the blocked threads to come back.
started = time.monotonic()
done, stream, out = run("blocked-in-process", ["Faults/Blocked"], "--timeout", "1", "--in-process")
took = time.monotonic() - started
expect(done.returncode == 1, f"blocked-in-process: exit status {done.returncode}, not 1", done)
expect(took < 60, f"blocked-in-process: the run took {took:.0f} s", done)
expect("every thread of the run was held by a step past its timeout while" in done.stderr
       and "the run stops here and fails" in done.stderr, "blocked-in-process: the run does not say why it stopped",
       done)
expect(os.path.exists(os.path.join(out, "junit.xml")), "blocked-in-process: no JUnit report was written", done)

# 3h. The command killed while a step blocks (an editor killing its language server mid-run): its runner process
#     ends too, instead of living on, orphaned, until the step returns (two minutes here).
def children(pid):
    return processes(lambda _, status: f"\nPPid:\t{pid}\n" in status)


out = os.path.join(work, "orphan")
with open(out + ".log", "w", encoding="utf-8") as log:
    killed = subprocess.Popen([command, "Faults/Blocked", "--timeout", "600", "--no-history", "--out", out],
                              cwd=package, stdout=log, stderr=log, stdin=subprocess.DEVNULL)
    runners = []
    for _ in range(200):  # the runner process starts and its first step blocks
        runners = children(killed.pid)
        if runners:
            break
        time.sleep(0.05)
    time.sleep(1)
    killed.kill()
    killed.wait()
    alive = runners
    for _ in range(100):  # it ends within its guard's quarter second; ten seconds at most
        alive = [pid for pid in runners if os.path.exists(f"/proc/{pid}") and
                 open(f"/proc/{pid}/status", encoding="utf-8").read().find("State:\tZ") < 0]
        if not alive:
            break
        time.sleep(0.1)
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
expect(runners != [], "orphan: the command started no runner process")
expect(alive == [], f"orphan: the runner process {alive} lived on after its command was killed")

# 4. An exclusive group stays closed until the body that overran its timeout returns.
done, stream, out = run("exclusive", ["Faults/Exclusive"], "--timeout", "1", "--parallel", "2", "--exclusive", "@db")
scenarios, _ = verdicts(stream)
first = scenarios.get("the first holder overruns its timeout", [])
second = scenarios.get("the next holder", [])
expect(status(first) == "FAILED" and "timed out" in " ".join(m for _, m in first).lower(),
       f"exclusive: the overrunning body was not timed out: {first}", done)
expect(status(second) == "PASSED", f"exclusive: the next holder ran beside the overrunning body: {second}", done)

for problem in problems:
    print("faults:", problem, file=sys.stderr)
if problems:
    sys.exit(1)
print("faults: off-task issues fail their step (5 ways) or the run (2 scenarios at once); a crash or exit() fails "
      "its step and the run goes on, on one worker process or two (in one process, exit() fails the run with its reports written); a process "
      "a step leaves running does not hold the run; a signal to the runner process alone fails its step, and so does a stop; steps holding every thread past their timeout end their runner process (or stop an in-process run, failed), and so does its command's end; an exclusive group waits for an overrunning body")
