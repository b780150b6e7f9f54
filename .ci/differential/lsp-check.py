"""The package's own language server runs its scenarios from the editor with the steps that fail in every way:
a failed #expect fails its step there too, a step that hangs is ended by the timeout while the server keeps
answering, and a run can be cancelled. Usage: lsp-check.py PACKAGE_FOLDER"""

import json
import pathlib
import queue
import subprocess
import sys
import threading
import time

root = pathlib.Path(sys.argv[1])
server = subprocess.Popen(
    [str(root / ".build/debug/failure-specs"), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root
)
incoming: "queue.Queue[dict]" = queue.Queue()


def read():
    while True:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = server.stdout.read(1)
            if not byte:
                return
            header += byte
        length = int(header.split(b":")[1].split(b"\r")[0])
        incoming.put(json.loads(server.stdout.read(length)))


threading.Thread(target=read, daemon=True).start()
next_id = 0


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def request(method, params):
    global next_id
    next_id += 1
    send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    return next_id


def wait(predicate, timeout=60, what="a message"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = incoming.get(timeout=max(deadline - time.monotonic(), 0.01))
        except queue.Empty:
            break
        if predicate(message):
            return message
    sys.exit(f"lsp-check: no {what} within {timeout} s")


def fail(text):
    sys.exit(f"lsp-check: {text}")


spec = root / "Specs" / "failures.feature"
uri = spec.as_uri()
text = spec.read_text()
lines = text.split("\n")


def line_of(prefix):
    return next(number for number, line in enumerate(lines) if line.strip().startswith(prefix))


request("initialize", {"rootUri": root.as_uri(), "capabilities": {}})
wait(lambda m: m.get("id") == 1, what="initialize answer")
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}}})
settings = {"speckit": {"timeout": 1}}
send({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": settings}})


def run(line):
    request("workspace/executeCommand", {"command": "speckit.run", "arguments": [uri, line]})
    return wait(lambda m: m.get("method") == "window/showMessage" and "Ran " in m["params"]["message"],
                what="run result")


def run_diagnostics():
    message = wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri,
                   what="diagnostics")
    return [d for d in message["params"]["diagnostics"] if str(d.get("code", "")).startswith("run-")]


# A failed #expect, run from the editor, fails its step with Swift Testing's words and its Swift line.
run(line_of("Scenario: A failed #expect skips the rest"))
(failed,) = run_diagnostics()
if "Expectation failed: (world.value → 3) == (expected → 4)" not in failed["message"]:
    fail(f"the #expect failure is not in the diagnostic: {failed}")
if "at FailureAcceptance/FailureSteps.swift:" not in failed["message"]:
    fail(f"the diagnostic does not name the Swift line: {failed}")
if not failed["message"].startswith("Expectation failed: (world.value → 3) == (expected → 4) — FailureSteps.swift:"):
    fail(f"the diagnostic does not start with the reason and the Swift place: {failed}")
print("lsp-check: a failed #expect run from the editor fails its step:", failed["message"].splitlines()[0])

# A step that hangs is ended by the timeout; meanwhile the server answers at once.
started = time.monotonic()
request("workspace/executeCommand", {"command": "speckit.run", "arguments": [uri, line_of("Scenario: A timeout")]})
hover = request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line_of("When the step hangs"), "character": 8}})
wait(lambda m: m.get("id") == hover, timeout=5, what="hover answer during a run")
answered = time.monotonic() - started
message = wait(lambda m: m.get("method") == "window/showMessage" and "Ran " in m["params"]["message"], what="run")
# The earlier scenario's failure stays beside this one (a run keeps the other scenarios' results).
hang_line = line_of("When the step hangs")
timed_out = [d for d in run_diagnostics() if d["range"]["start"]["line"] == hang_line]
if len(timed_out) != 1 or "timed out after 1 s" not in timed_out[0]["message"]:
    fail(f"the hanging step did not time out: {timed_out}")
print(f"lsp-check: a hanging step timed out after {time.monotonic() - started:.1f} s; hover answered in "
      f"{answered * 1000:.0f} ms meanwhile")

# A long run can be cancelled, and the next run works.
send({"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {"speckit": {"timeout": 30}}}})
request("workspace/executeCommand", {"command": "speckit.run", "arguments": [uri, line_of("Scenario: A timeout")]})
time.sleep(0.5)
request("workspace/executeCommand", {"command": "speckit.cancelRun", "arguments": []})
wait(lambda m: m.get("method") == "window/showMessage" and "Cancelled the run" in m["params"]["message"],
     timeout=5, what="cancellation")
message = run(line_of("Scenario: Passes"))
if "1 scenario (1 passed)" not in message["params"]["message"]:
    fail(f"the run after a cancelled one: {message}")
print("lsp-check: a hanging run was cancelled at once, and the next run passed")

# A step that crashes, run from the editor, fails at its step with the crash's message; the server answers after it.
crash_spec = root / "Faults" / "Crash" / "crash.feature"
crash_uri = crash_spec.as_uri()
crash_text = crash_spec.read_text()
crash_lines = crash_text.split("\n")
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": crash_uri, "languageId": "gherkin", "version": 1, "text": crash_text}}})
fatal_line = next(n for n, line in enumerate(crash_lines) if line.strip() == "Scenario: a fatal error")
request("workspace/executeCommand", {"command": "speckit.run", "arguments": [crash_uri, fatal_line]})
message = wait(lambda m: m.get("method") == "window/showMessage" and "Ran " in m["params"]["message"],
               what="the crashing run's result")
diagnostics = wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == crash_uri
                   and any(str(d.get("code", "")).startswith("run-") for d in m["params"]["diagnostics"]),
                   what="the crashing run's diagnostics")
crashed = [d for d in diagnostics["params"]["diagnostics"] if str(d.get("code", "")).startswith("run-")]
step_line = next(n for n, line in enumerate(crash_lines) if "the step calls fatalError" in line)
if not any(d["range"]["start"]["line"] == step_line and "the feed store is gone" in d["message"] for d in crashed):
    fail(f"the crashing step is not marked with the crash: {crashed}")
hover = request("textDocument/hover", {"textDocument": {"uri": crash_uri},
                                       "position": {"line": step_line, "character": 8}})
wait(lambda m: m.get("id") == hover, timeout=5, what="hover answer after a crashing run")
if server.poll() is not None:
    fail("the language server died with the crashing step")
print("lsp-check: a crashing step run from the editor fails at its step; the server still answers hover")

# A step that reads its standard input, run from the editor, reads nothing: the editor's messages are the server's.
stdin_spec = root / "Faults" / "Stdin" / "stdin.feature"
stdin_uri = stdin_spec.as_uri()
stdin_text = stdin_spec.read_text()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": {"textDocument": {"uri": stdin_uri, "languageId": "gherkin", "version": 1, "text": stdin_text}}})
stdin_line = next(n for n, line in enumerate(stdin_text.split("\n")) if line.strip().startswith("Scenario:"))
request("workspace/executeCommand", {"command": "speckit.run", "arguments": [stdin_uri, stdin_line]})
# Sent while the step runs: a step reading the server's input would take them.
hover = request("textDocument/hover", {"textDocument": {"uri": stdin_uri}, "position": {"line": stdin_line + 1,
                                                                                       "character": 8}})
wait(lambda m: m.get("id") == hover, timeout=10, what="hover answer while a step reads its standard input")
message = wait(lambda m: m.get("method") == "window/showMessage" and "Ran " in m["params"]["message"],
               what="the standard input run's result")
if "1 scenario (1 passed)" not in message["params"]["message"]:
    fail(f"a step reading its standard input from the editor did not read nothing: {message}")
print("lsp-check: a step reading its standard input from the editor reads nothing; the server answers meanwhile")

request("shutdown", None)
send({"jsonrpc": "2.0", "method": "exit"})
server.wait(timeout=30)
