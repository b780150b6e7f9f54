"""What the pytest-lsp tests of `feed-specs lsp` share: paths, the server command, and small client helpers."""

import json
import os
import pathlib
import re
import subprocess

from lsprotocol import types
from pytest_lsp import LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPECS = ROOT / "Specs"
STEPS = ROOT / "Sources" / "FeedAcceptance" / "FeedSteps.swift"
SERVER = os.environ.get("FEED_SPECS", str(ROOT / ".build" / "debug" / "feed-specs"))
COMMAND = [SERVER, "lsp", "--specs", str(SPECS)]


def swift_line(expression: str) -> int:
    """The 0-based line of the Swift definition whose expression is `expression`."""
    for number, line in enumerate(STEPS.read_text().splitlines()):
        if f'"{expression}"' in line and "steps." in line:
            return number
    raise AssertionError(f"{expression} is not defined in {STEPS}")


async def open_document(client: LanguageClient, name: str, text: str, folder: pathlib.Path = SPECS) -> str:
    uri = (folder / name).as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="gherkin", version=1, text=text)
        )
    )
    await wait_for_diagnostics(client, uri)
    return uri


async def wait_for_diagnostics(client: LanguageClient, uri: str, version: int | None = None):
    """Waits for the diagnostics of `uri` (of `version`, when given)."""
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri and (version is None or params.version == version):
            return params.diagnostics


async def change_document(client: LanguageClient, uri: str, text: str, version: int):
    """Replaces the text of `uri` and returns its diagnostics."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    return await wait_for_diagnostics(client, uri, version)


async def completion_items(client: LanguageClient, uri: str, line: int, character: int):
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)
        )
    )
    return result.items if isinstance(result, types.CompletionList) else (result or [])


async def code_actions(client: LanguageClient, uri: str, line: int, diagnostics=()):
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
            context=types.CodeActionContext(diagnostics=list(diagnostics)),
        )
    ) or []


async def symbols(client: LanguageClient, uri: str):
    return await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    ) or []


async def semantic_tokens(client: LanguageClient, uri: str) -> list[tuple[int, int, int, int]]:
    """The semantic tokens of `uri` as absolute (line, start, length, type)."""
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    tokens = []
    line = start = 0
    data = result.data if result else []
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind = data[index : index + 4]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        tokens.append((line, start, length, kind))
    return tokens


def flatten(symbol_list, depth=0):
    """Every symbol of a DocumentSymbol tree as (name, kind, keyword line, depth)."""
    flat = []
    for symbol in symbol_list:
        flat.append((symbol.name, symbol.kind, symbol.selection_range.start.line, depth))
        flat += flatten(symbol.children or [], depth + 1)
    return flat


class RawServer:
    def __init__(self, command=COMMAND, cwd=None):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd
        )

    def write(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message, length_delta: int = 0):
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % (len(body) + length_delta) + body)

    def receive(self):
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = self.process.stdout.read(1)
            assert byte, "the server closed its output"
            header += byte
        match = re.search(rb"Content-Length: (\d+)", header)
        assert match, header
        return json.loads(self.process.stdout.read(int(match.group(1))))

    def response(self, identifier):
        while True:
            message = self.receive()
            if message.get("id") == identifier and "method" not in message:
                return message

    def close(self) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout=20)

    def initialize(self, **params):
        params.setdefault("capabilities", {})
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params})
        assert "result" in self.response(0)
