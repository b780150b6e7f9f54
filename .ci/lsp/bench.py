#!/usr/bin/env python3
"""Response times of `feed-specs lsp` on a 1,000-line spec, as an editor sees them (through the pipes).

    .ci/lsp/bench.py [BINARY] [--lines N] [--rounds N]

BINARY defaults to .build/release/feed-specs. Prints, for each request, the median, 95th percentile and maximum
over the rounds, in milliseconds. A change is timed from sending `didChange` to receiving its diagnostics.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
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
    def __init__(self, binary: str):
        self.process = subprocess.Popen(
            [binary, "lsp", "--specs", str(ROOT / "Specs")],
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=str(ROOT / ".build" / "release" / "feed-specs"))
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=50)
    options = parser.parse_args()

    text = document(options.lines)
    lines = text.split("\n")
    uri = (ROOT / "Specs" / "bench.feature").as_uri()
    server = Server(options.binary)
    started = time.perf_counter()
    server.request("initialize", {"capabilities": {"textDocument": {"completion": {"completionItem": {"snippetSupport": True}}}}})
    startup = time.perf_counter() - started
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.notify_and_wait(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}},
        "textDocument/publishDiagnostics",
    )
    step_line = next(number for number, line in enumerate(lines) if "the cache holds" in line)
    middle = len(lines) // 2
    target = next(number for number in range(middle, len(lines)) if "the customer opens the feed" in lines[number])
    document_id = {"uri": uri}
    requests = {
        "change (to diagnostics)": None,
        "completion": ("textDocument/completion", {"textDocument": document_id, "position": {"line": target, "character": 14}}),
        "hover": ("textDocument/hover", {"textDocument": document_id, "position": {"line": step_line, "character": 26}}),
        "definition": ("textDocument/definition", {"textDocument": document_id, "position": {"line": target, "character": 12}}),
        "documentSymbol": ("textDocument/documentSymbol", {"textDocument": document_id}),
        "formatting": ("textDocument/formatting", {"textDocument": document_id, "options": {"tabSize": 2, "insertSpaces": True}}),
        "codeAction": (
            "textDocument/codeAction",
            {
                "textDocument": document_id,
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                "context": {"diagnostics": []},
            },
        ),
    }
    typo = next(number for number, line in enumerate(lines) if "conectivity" in line)
    requests["codeAction"][1]["range"]["start"]["line"] = typo
    requests["codeAction"][1]["range"]["end"]["line"] = typo
    times = {name: [] for name in requests}
    for round_number in range(options.rounds):
        edited = lines[:]
        edited[middle] = edited[middle] + " " * (round_number % 2)
        started = time.perf_counter()
        server.notify_and_wait(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": round_number + 2}, "contentChanges": [{"text": "\n".join(edited)}]},
            "textDocument/publishDiagnostics",
        )
        times["change (to diagnostics)"].append(time.perf_counter() - started)
        for name, request in requests.items():
            if request is None:
                continue
            started = time.perf_counter()
            response = server.request(*request)
            times[name].append(time.perf_counter() - started)
            assert "error" not in response, response
    server.request("shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait()

    print(f"feed-specs lsp: {options.binary}")
    print(f"document: {len(lines)} lines, {len(text.encode())} bytes; {options.rounds} rounds; start-up {startup * 1000:.1f} ms")
    print(f"{'request':<26}{'median':>10}{'p95':>10}{'max':>10}   (ms)")
    for name, values in times.items():
        values.sort()
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        print(f"{name:<26}{statistics.median(values) * 1000:>10.2f}{p95 * 1000:>10.2f}{values[-1] * 1000:>10.2f}")


if __name__ == "__main__":
    main()
