#!/usr/bin/env python3
"""Response times of `feed-specs lsp` on a 10,000-line spec, as an editor sees them (through the pipes).

    .ci/lsp/bench.py [BINARY] [--lines N] [--rounds N] [--many N] [--queued N]

BINARY defaults to .build/release/feed-specs. Prints, for each request, the median, 95th percentile and maximum
over the rounds, in milliseconds. A change is timed from sending `didChange` to receiving its diagnostics; "change
with a broken line" leaves a half-typed line in the middle (read error-tolerantly). Requests a server does not
answer (an older binary) are left out. Then two stress figures: N undefined steps against N texts the specs use
(until every diagnostic has its did-you-mean, then one keystroke), and N edits queued at once (until the newest
is diagnosed, and how many diagnostics were published).
"""

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def document(lines: int) -> str:
    """A spec of about `lines` lines using the feed's steps: backgrounds, scenarios, outlines, tables, a typo."""
    blocks = [
        "  Scenario: Saved feed number {n}\n"
        "    Given the customer doesn't have connectivity\n"
        "    And the cache holds {n} images saved 2 days ago\n"
        "    When the customer opens the feed\n"
        "    Then the app shows {n} images\n",
        "  Scenario Outline: A feed saved <age> ago, number {n}\n"
        "    Given the cache holds 3 images saved <age> ago\n"
        "    When the customer opens the feed\n"
        "    Then the app shows <what>\n"
        "\n"
        "    Examples:\n"
        "      | age    | what     |\n"
        "      | 1 day  | 3 images |\n"
        "      | 6 days | 3 images |\n",
        "  Scenario: A typo, number {n}\n"
        "    Given the customer has conectivity\n"
        "    When the customer opens the feed\n",
    ]
    text = "Feature: A long spec\n\n"
    n = 0
    while text.count("\n") < lines:
        text += blocks[n % len(blocks)].format(n=n) + "\n"
        n += 1
    return text


class Server:
    def __init__(self, binary: str, specs: pathlib.Path = ROOT / "Specs"):
        self.process = subprocess.Popen(
            [binary, "lsp", "--specs", str(specs)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.process.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def notify_and_wait(self, method, params, expected):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})
        while self.receive().get("method") != expected:
            pass

    def cpu(self) -> float:
        """Seconds of processor time the server's threads have used (Linux), or 0."""
        total = 0
        try:
            for task in pathlib.Path(f"/proc/{self.process.pid}/task").iterdir():
                total += int((task / "schedstat").read_text().split()[0])
        except OSError:
            return 0.0
        return total / 1e9

    def wait_for(self, condition):
        while True:
            message = self.receive()
            if condition(message):
                return message

    def stop(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.wait()


def initialize(server: Server):
    capabilities = {"textDocument": {"completion": {"completionItem": {"snippetSupport": True}}}}
    response = server.request("initialize", {"capabilities": capabilities, "rootUri": ROOT.as_uri()})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    return response["result"]["capabilities"]


def many_steps(binary: str, count: int):
    """`count` undefined steps against `count` texts the specs use: seconds until every diagnostic has its
    did-you-mean, then seconds from one keystroke to its diagnostics."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="speckit-bench-"))
    try:
        used = "".join(f"  Scenario: u{n}\n    Given the cache holds {n} images saved {n % 9 + 1} days ago\n" for n in range(count))
        (folder / "used.feature").write_text("Feature: Used\n" + used)
        server = Server(binary, folder)
        initialize(server)
        steps = "".join(f"    And the cache holds {n} imags saved 2 days ago\n" for n in range(count))
        text = "Feature: Draft\n  Scenario: s\n    Given the customer has connectivity\n" + steps
        uri = (folder / "draft.feature").as_uri()
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}}})
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                        and all("Did you mean" in d["message"] for d in m["params"]["diagnostics"]))
        complete = time.perf_counter() - started
        started = time.perf_counter()
        server.notify_and_wait(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text + "    And the cus\n"}]},
            "textDocument/publishDiagnostics",
        )
        keystroke = time.perf_counter() - started
        server.stop()
        return complete, keystroke
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def queued_edits(binary: str, text: str, count: int):
    """`count` edits of `text` sent at once: seconds until the newest is diagnosed, and the publications."""
    server = Server(binary)
    initialize(server)
    uri = (ROOT / "Specs" / "queued.feature").as_uri()
    lines = text.split("\n")
    server.notify_and_wait("textDocument/didOpen",
                           {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}},
                           "textDocument/publishDiagnostics")
    bodies = []
    for version in range(2, count + 2):
        edited = lines[:]
        edited[len(lines) // 2] += " " * (version % 7)
        bodies.append({"jsonrpc": "2.0", "method": "textDocument/didChange",
                       "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": "\n".join(edited)}]}})
    started = time.perf_counter()
    writer = threading.Thread(target=lambda: [server.send(body) for body in bodies])
    writer.start()
    published = 0
    while True:
        message = server.receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            published += 1
            if message["params"].get("version") == count + 1:
                break
            if "version" not in message["params"] and published >= count:
                break
    drained = time.perf_counter() - started
    writer.join()
    server.stop()
    return drained, published


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(ROOT / ".build" / "release" / "feed-specs"))
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--many", type=int, default=5_000, help="undefined steps and used texts (0 to skip)")
    parser.add_argument("--queued", type=int, default=1_000, help="edits queued at once (0 to skip)")
    options = parser.parse_args()

    text = document(options.lines)
    lines = text.split("\n")
    uri = (ROOT / "Specs" / "bench.feature").as_uri()
    server = Server(options.binary)
    started = time.perf_counter()
    capabilities = initialize(server)
    startup = time.perf_counter() - started
    server.notify_and_wait(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}},
        "textDocument/publishDiagnostics",
    )
    step_line = next(number for number, line in enumerate(lines) if "the cache holds" in line)
    middle = len(lines) // 2
    target = next(number for number in range(middle, len(lines)) if "the customer opens the feed" in lines[number])
    typo = next(number for number, line in enumerate(lines) if "conectivity" in line)
    document_id = {"uri": uri}

    def at(line, character):
        return {"textDocument": document_id, "position": {"line": line, "character": character}}

    requests = {
        "change (to diagnostics)": None,
        "change with a broken line": None,
        "completion": ("textDocument/completion", at(target, 14), "completionProvider"),
        "hover": ("textDocument/hover", at(step_line, 26), "hoverProvider"),
        "definition": ("textDocument/definition", at(target, 12), "definitionProvider"),
        "references": ("textDocument/references", {**at(target, 12), "context": {"includeDeclaration": True}},
                       "referencesProvider"),
        "rename": ("textDocument/rename", {**at(target, 12), "newName": "the customer opens the app"}, "renameProvider"),
        "documentSymbol": ("textDocument/documentSymbol", {"textDocument": document_id}, "documentSymbolProvider"),
        "workspace symbols": ("workspace/symbol", {"query": "saved feed 42"}, "workspaceSymbolProvider"),
        "semantic tokens": ("textDocument/semanticTokens/full", {"textDocument": document_id}, "semanticTokensProvider"),
        "folding ranges": ("textDocument/foldingRange", {"textDocument": document_id}, "foldingRangeProvider"),
        "formatting": ("textDocument/formatting", {"textDocument": document_id, "options": {"tabSize": 2, "insertSpaces": True}},
                       "documentFormattingProvider"),
        "code lenses": ("textDocument/codeLens", {"textDocument": document_id}, "codeLensProvider"),
        "inlay hints": (
            "textDocument/inlayHint",
            {
                "textDocument": document_id,
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}},
            },
            "inlayHintProvider",
        ),
        "codeAction": (
            "textDocument/codeAction",
            {
                "textDocument": document_id,
                "range": {"start": {"line": typo, "character": 0}, "end": {"line": typo, "character": 0}},
                "context": {"diagnostics": []},
            },
            "codeActionProvider",
        ),
    }
    requests = {name: request for name, request in requests.items() if request is None or request[2] in capabilities}
    times = {name: [] for name in requests}
    cpu = {name: [] for name in requests}
    version = 1
    for round_number in range(options.rounds):
        for name, edit in (("change (to diagnostics)", None), ("change with a broken line", "    Whn the customer op")):
            edited = lines[:]
            edited[middle] = edited[middle] + " " * (round_number % 2)
            if edit:
                edited.insert(middle + 1, edit)
            version += 1
            started, used = time.perf_counter(), server.cpu()
            server.notify_and_wait(
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": "\n".join(edited)}]},
                "textDocument/publishDiagnostics",
            )
            times[name].append(time.perf_counter() - started)
            cpu[name].append(server.cpu() - used)
        version += 1
        server.notify_and_wait(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
            "textDocument/publishDiagnostics",
        )
        for name, request in requests.items():
            if request is None:
                continue
            started, used = time.perf_counter(), server.cpu()
            response = server.request(request[0], request[1])
            times[name].append(time.perf_counter() - started)
            cpu[name].append(server.cpu() - used)
            assert "error" not in response, response
    # "Run" on one scenario of the 10,000-line spec: from the command to the message saying how it went (the run's
    # diagnostics are published right after it).
    scenario = next(number for number, line in enumerate(lines) if line.startswith("  Scenario: Saved feed number 3"))
    runs = []
    for _ in range(min(options.rounds, 20)):
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "id": "run", "method": "workspace/executeCommand",
                     "params": {"command": "speckit.run", "arguments": [uri, scenario]}})
        told = server.wait_for(lambda m: m.get("method") == "window/showMessage" and "Ran " in m["params"]["message"])
        server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        runs.append(time.perf_counter() - started)
        assert "1 scenario (1 passed)" in told["params"]["message"], told
    server.stop()

    print(f"feed-specs lsp: {options.binary}")
    print(f"document: {len(lines)} lines, {len(text.encode())} bytes; {options.rounds} rounds; start-up {startup * 1000:.1f} ms")
    print(f"{'request':<28}{'median':>10}{'p95':>10}{'max':>10}{'cpu':>10}   (ms; cpu: the server's, median)")
    for name, values in times.items():
        values.sort()
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        print(
            f"{name:<28}{statistics.median(values) * 1000:>10.2f}{p95 * 1000:>10.2f}{values[-1] * 1000:>10.2f}"
            f"{statistics.median(cpu[name]) * 1000:>10.2f}"
        )
    runs.sort()
    print(f"{'run one scenario (to result)':<28}{statistics.median(runs) * 1000:>10.2f}"
          f"{runs[min(len(runs) - 1, int(len(runs) * 0.95))] * 1000:>10.2f}{runs[-1] * 1000:>10.2f}")
    if options.many:
        complete, keystroke = many_steps(options.binary, options.many)
        print(f"{options.many} undefined steps, {options.many} used texts: every did-you-mean in {complete:.2f} s; "
              f"a keystroke then {keystroke * 1000:.0f} ms")
    if options.queued:
        drained, published = queued_edits(options.binary, text, options.queued)
        print(f"{options.queued} queued edits: the newest diagnosed after {drained:.2f} s, {published} diagnostics published")


if __name__ == "__main__":
    main()
