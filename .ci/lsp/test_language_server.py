"""End-to-end tests of `feed-specs lsp` driven by a real LSP client (pytest-lsp), plus raw-pipe robustness cases.

Run from the repository root after `swift build --product feed-specs`:

    python3 -m pytest .ci/lsp -q

`FEED_SPECS` names another binary (default: .build/debug/feed-specs).
"""

import json
import re
import subprocess
import time

import pytest
from lsp_support import COMMAND, ROOT, SERVER, SPECS, STEPS, RawServer, completion_items, open_document, swift_line
from lsprotocol import types
from pytest_lsp import LanguageClient


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    for number, line in enumerate(text.splitlines()):
        column = line.find(needle)
        if column >= 0:
            return types.Position(line=number, character=column + offset)
    raise AssertionError(f"{needle!r} is not in the document")


@pytest.mark.asyncio
async def test_initialize_announces_the_features(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.completion_provider is not None
    assert capabilities.hover_provider
    assert capabilities.definition_provider
    assert capabilities.document_symbol_provider
    assert capabilities.document_formatting_provider
    assert capabilities.code_action_provider


@pytest.mark.asyncio
async def test_a_typo_is_an_undefined_step_at_its_range_with_the_closest_step(client: LanguageClient):
    text = (SPECS / "offline_feed.feature").read_text().replace(
        "Given the customer doesn't have connectivity", "Given the customer doesn't have conectivity", 1
    )
    uri = await open_document(client, "offline_feed.feature", text)
    diagnostics = client.diagnostics[uri]
    assert len(diagnostics) == 1, diagnostics
    diagnostic = diagnostics[0]
    start = position_of(text, "the customer doesn't have conectivity")
    assert diagnostic.range.start == start
    assert diagnostic.range.end.character == start.character + len("the customer doesn't have conectivity")
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.code == "undefined-step"
    assert "Did you mean" in diagnostic.message
    assert '"the customer doesn\'t have connectivity"' in diagnostic.message

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    replace = next(action for action in actions if action.title.startswith("Replace with"))
    edit = replace.edit.changes[uri][0]
    assert edit.new_text == "the customer doesn't have connectivity"
    assert edit.range == diagnostic.range
    write = next(action for action in actions if action.title == "Write the step definition in FeedSteps.swift")
    ((target, (insert,)),) = write.edit.changes.items()
    assert target == STEPS.as_uri()
    assert insert.range.start == insert.range.end  # an insertion, which the editor can undo
    assert insert.new_text.strip().startswith('steps.given("the customer doesn\'t have conectivity") { world in')
    assert insert.range.start.line > swift_line("the customer doesn't have connectivity")


@pytest.mark.asyncio
async def test_a_typo_in_a_step_with_values_suggests_a_step_the_specs_use(client: LanguageClient):
    text = "Feature: Draft\n  Scenario: s\n    Given the cache holds 3 imags saved 2 days ago\n"
    uri = await open_document(client, "draft.feature", text)
    (diagnostic,) = client.diagnostics[uri]
    assert '"the cache holds 3 images saved 2 days ago"' in diagnostic.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert actions[0].title == "Replace with “the cache holds 3 images saved 2 days ago”"


@pytest.mark.asyncio
async def test_a_tag_with_white_space_is_an_error_at_the_tag(client: LanguageClient):
    text = "Feature: Tags\n  @slow test\n  Scenario: s\n    Given the customer has connectivity\n"
    uri = await open_document(client, "tags.feature", text)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.range.start == types.Position(line=1, character=2)
    assert diagnostic.message == "A tag is one word after @: write @slow @wip, not @slow wip."


@pytest.mark.asyncio
async def test_a_parse_error_is_reported_in_plain_words_at_its_line(client: LanguageClient):
    text = "Feature: Broken\n  Scenario: one\n    Given the customer has connectivity\n  Oops\n"
    uri = await open_document(client, "broken.feature", text)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.range.start.line == 3
    assert diagnostic.code == "parse-error"
    # Plain words only: no parser state names (`#EOF`, `#TableRow`) and no raw parser message.
    assert diagnostic.message.startswith("This line is not a step"), diagnostic.message
    assert "#" not in diagnostic.message and "Gherkin:" not in diagnostic.message


@pytest.mark.asyncio
async def test_work_in_progress_scenarios_only_warn(client: LanguageClient):
    text = "Feature: New\n  @wip\n  Scenario: later\n    Given the customer flies\n"
    uri = await open_document(client, "new.feature", text)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.severity == types.DiagnosticSeverity.Warning


@pytest.mark.asyncio
async def test_a_change_is_diagnosed_without_saving(client: LanguageClient):
    uri = await open_document(client, "draft.feature", "Feature: Draft\n  Scenario: s\n    Given the customer has connectivity\n")
    assert len(client.diagnostics[uri]) == 0
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangeWholeDocument(
                    text="Feature: Draft\n  Scenario: s\n    Given the customer has no wifi\n"
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.range.start == types.Position(line=2, character=10)


@pytest.mark.asyncio
async def test_completion_after_a_step_keyword_offers_the_library(client: LanguageClient):
    text = "Feature: Draft\n  Scenario: s\n    Given the cus\n"
    uri = await open_document(client, "draft.feature", text)
    items = await completion_items(client, uri, 2, 17)
    labels = [item.label for item in items]
    assert "customer has connectivity" in labels
    assert len(labels) == len(set(labels)), "one item per text written"
    item = items[labels.index("customer has connectivity")]
    assert item.detail.startswith("the customer has connectivity · FeedAcceptance/FeedSteps.swift:")
    # Only the word being typed is replaced, and the label is what is written: every client keeps the item,
    # whatever it filters on, and inserts what it shows.
    assert item.text_edit.new_text == "customer has connectivity"
    assert item.text_edit.range == types.Range(
        start=types.Position(line=2, character=14), end=types.Position(line=2, character=17)
    )
    assert item.filter_text is None


@pytest.mark.asyncio
async def test_completion_in_another_language_uses_its_keywords(client: LanguageClient):
    text = "# language: fr\nFonctionnalité: Brouillon\n  Scénario: s\n    Soit the cus\n"
    uri = await open_document(client, "brouillon.feature", text)
    items = await completion_items(client, uri, 3, 16)
    item = next(item for item in items if item.label == "customer has connectivity")
    assert item.text_edit.range.start == types.Position(line=3, character=13)
    assert item.text_edit.new_text == "customer has connectivity"


@pytest.mark.asyncio
async def test_a_markdown_spec_is_diagnosed_and_completed_after_its_bullets(client: LanguageClient):
    text = "# Feature: Draft\n\nSome prose.\n\n## Scenario: s\n\n* Given the customer has conectivity\n* When the cus\n"
    uri = await open_document(client, "draft.feature.md", text)
    (typo, partial) = client.diagnostics[uri]
    assert typo.range.start == types.Position(line=6, character=8)
    assert partial.range.start == types.Position(line=7, character=7)
    items = await completion_items(client, uri, 7, 14)
    item = next(item for item in items if item.label == "customer opens the feed")
    assert item.text_edit.range.start == types.Position(line=7, character=11)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert not edits, "a Markdown spec is not rewritten as plain Gherkin"


@pytest.mark.asyncio
async def test_definition_goes_to_the_swift_step(client: LanguageClient):
    text = (SPECS / "offline_feed.feature").read_text()
    uri = await open_document(client, "offline_feed.feature", text)
    result = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, "the customer doesn't have connectivity", 4),
        )
    )
    location = result[0] if isinstance(result, list) else result
    assert location.uri == STEPS.as_uri()
    assert location.range.start.line == swift_line("the customer doesn't have connectivity")


@pytest.mark.asyncio
async def test_hover_shows_the_expression_its_place_and_its_uses(client: LanguageClient):
    text = (SPECS / "offline_feed.feature").read_text()
    uri = await open_document(client, "offline_feed.feature", text)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(text, "the customer opens the feed", 4),
        )
    )
    value = hover.contents.value
    assert "`the customer opens the feed`" in value
    assert f"FeedSteps.swift:{swift_line('the customer opens the feed') + 1}" in value
    assert re.search(r"Used by \d+ steps in the specs", value)


@pytest.mark.asyncio
async def test_hover_on_a_parameter_gives_its_type_and_the_doc_comment(client: LanguageClient):
    text = "Feature: Draft\n  Scenario: s\n    Given the cache holds 3 images saved 2 days ago\n"
    uri = await open_document(client, "draft.feature", text)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=26)
        )
    )
    value = hover.contents.value
    assert "Parameter {int}" in value and "`Int`" in value
    assert "timestamped that long before" in value  # the definition's /// comment


@pytest.mark.asyncio
async def test_formatting_lays_the_document_out_as_cucumber_does(client: LanguageClient):
    text = (
        "Feature:   Messy\n"
        "Scenario: s\n"
        "Given the customer has connectivity\n"
        "    Then the app shows these images:\n"
        "| description | location | image |\n"
        "| a | b | https://x.example/a.jpg |\n"
    )
    uri = await open_document(client, "messy.feature", text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert len(edits) == 1
    assert edits[0].range.start == types.Position(line=0, character=0)
    assert edits[0].new_text == (
        "Feature: Messy\n"
        "\n"
        "  Scenario: s\n"
        "    Given the customer has connectivity\n"
        "    Then the app shows these images:\n"
        "      | description | location | image                   |\n"
        "      | a           | b        | https://x.example/a.jpg |\n"
    )
    # A formatted document is left as it is.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=edits[0].new_text)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    again = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert not again


@pytest.mark.asyncio
async def test_document_symbols_follow_the_structure(client: LanguageClient):
    text = (
        "Feature: Outline\n"
        "  Background:\n"
        "    Given the customer has connectivity\n"
        "\n"
        "  Rule: Saving\n"
        "    @fast\n"
        "    Scenario: plain\n"
        "      When the customer opens the feed\n"
        "\n"
        "    Scenario Outline: <n> images\n"
        "      Then the app shows <n> images\n"
        "\n"
        "      Examples: few\n"
        "        | n |\n"
        "        | 1 |\n"
        "        | 2 |\n"
    )
    uri = await open_document(client, "symbols.feature", text)
    (feature,) = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert feature.name == "Feature: Outline"
    assert [child.name for child in feature.children] == ["Background", "Rule: Saving"]
    rule = feature.children[1]
    assert [child.name for child in rule.children] == ["Scenario: plain", "Scenario Outline: <n> images"]
    plain, outline = rule.children
    assert plain.range.start.line == 5 and plain.range.end.line == 7  # from its tag to its last step
    assert plain.selection_range.start == types.Position(line=6, character=4)
    assert [child.name for child in outline.children] == ["Examples: few"]
    assert outline.children[0].detail == "2 rows"
    assert feature.range.end.line == 15


@pytest.mark.asyncio
async def test_unknown_methods_are_method_not_found(client: LanguageClient):
    with pytest.raises(Exception) as error:
        await client.protocol.send_request_async("feedSpecs/nothing", {})
    assert "-32601" in str(error.value) or "Method not found" in str(error.value)


# Raw pipes: what a real client never sends, and clients that go away.


@pytest.fixture
def raw():
    server = RawServer()
    yield server
    if server.process.poll() is None:
        server.process.kill()
    server.process.wait()
    server.process.stdout.close()
    server.process.stderr.close()


def test_requests_before_initialize_are_refused(raw: RawServer):
    raw.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert raw.response(1)["error"]["code"] == -32002
    raw.initialize()


def test_malformed_json_is_a_parse_error_and_the_server_goes_on(raw: RawServer):
    raw.initialize()
    raw.send(b'{"jsonrpc": "2.0", "id": 5, "method": ')
    assert raw.response(None)["error"]["code"] == -32700
    raw.send({"jsonrpc": "2.0", "id": 6, "method": "shutdown"})
    assert raw.response(6)["result"] is None


def test_a_content_length_too_short_loses_one_message_only(raw: RawServer):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "id": 7, "method": "feedSpecs/nothing"}, length_delta=-5)
    assert raw.response(None)["error"]["code"] == -32700
    raw.send({"jsonrpc": "2.0", "id": 8, "method": "shutdown"})
    assert raw.response(8)["result"] is None
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=20) == 0


def test_a_content_length_too_long_then_a_vanished_client_ends_the_server(raw: RawServer):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"}, length_delta=1000)
    assert raw.close() == 1


def test_a_header_without_content_length_is_an_error(raw: RawServer):
    raw.initialize()
    raw.write(b"Content-Type: application/json\r\n\r\n")
    assert raw.response(None)["error"]["code"] == -32700
    raw.send({"jsonrpc": "2.0", "id": 10, "method": "shutdown"})
    assert raw.response(10)["result"] is None


def test_a_message_that_is_not_an_object_is_an_invalid_request(raw: RawServer):
    raw.initialize()
    raw.send(b"[1, 2, 3]")
    assert raw.response(None)["error"]["code"] == -32600


def test_unknown_methods_over_raw_pipes(raw: RawServer):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "id": 11, "method": "feedSpecs/nothing", "params": {}})
    assert raw.response(11)["error"]["code"] == -32601


def test_a_five_megabyte_document_is_diagnosed(raw: RawServer):
    raw.initialize()
    scenario = "  Scenario: s{n}\n    Given the customer has connectivity\n    When the customer opens the feed\n\n"
    text = "Feature: Big\n\n" + "".join(scenario.format(n=n) for n in range(60_000))
    assert len(text.encode()) > 5_000_000
    uri = (SPECS / "big.feature").as_uri()
    raw.send(
        {
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}},
        }
    )
    message = raw.receive()
    assert message["method"] == "textDocument/publishDiagnostics"
    assert message["params"]["diagnostics"] == []
    raw.send({"jsonrpc": "2.0", "id": 12, "method": "shutdown"})
    assert raw.response(12)["result"] is None


def test_a_client_that_vanishes_mid_message_ends_the_server(raw: RawServer):
    raw.initialize()
    raw.write(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    assert raw.close() == 1


def test_exit_without_shutdown_is_status_one(raw: RawServer):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=20) == 1


def test_shutdown_then_exit_is_status_zero_and_standard_output_holds_only_messages(raw: RawServer):
    raw.initialize()
    raw.send({"jsonrpc": "2.0", "id": 13, "method": "shutdown"})
    raw.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw.process.wait(timeout=20) == 0
    rest = raw.process.stdout.read()
    while rest:
        match = re.match(rb"Content-Length: (\d+)\r\n\r\n", rest)
        assert match, rest[:80]
        end = match.end() + int(match.group(1))
        json.loads(rest[match.end() : end])
        rest = rest[end:]


def test_the_specs_folder_is_found_in_the_workspace_the_client_opened(tmp_path):
    server = RawServer(command=[SERVER, "lsp"], cwd=tmp_path)
    try:
        server.initialize(rootUri=ROOT.as_uri())
        uri = (SPECS / "draft.feature").as_uri()
        text = "Feature: Draft\n  Scenario: s\n    Given the cus\n"
        server.send(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "cucumber", "version": 1, "text": text}},
            }
        )
        server.send(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "textDocument/completion",
                "params": {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 17}},
            }
        )
        items = server.response(1)["result"]["items"]
        item = next(item for item in items if item["detail"].startswith("the customer doesn't have connectivity · "))
        assert re.search(r"· used by \d+ steps?$", item["detail"]), "uses counted from the workspace's Specs/"
    finally:
        server.process.kill()
        server.process.wait()


def test_specs_changed_on_disk_are_read_again_when_the_client_says_so(tmp_path):
    specs = tmp_path / "Specs"
    specs.mkdir()
    server = RawServer(command=[SERVER, "lsp", "--specs", str(specs)])
    try:
        server.initialize(
            capabilities={"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}},
            rootUri=tmp_path.as_uri(),
        )
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        registration = server.receive()
        assert registration["method"] == "client/registerCapability"
        watchers = registration["params"]["registrations"][0]["registerOptions"]["watchers"]
        assert {"globPattern": "**/*.feature"} in watchers
        server.send({"jsonrpc": "2.0", "id": registration["id"], "result": None})

        draft = (specs / "draft.feature").as_uri()
        text = "Feature: Draft\n  Scenario: s\n    Given the cus\n"
        server.send(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": draft, "languageId": "gherkin", "version": 1, "text": text}},
            }
        )

        def used_texts(identifier):
            server.send(
                {
                    "jsonrpc": "2.0",
                    "id": identifier,
                    "method": "textDocument/completion",
                    "params": {"textDocument": {"uri": draft}, "position": {"line": 2, "character": 17}},
                }
            )
            items = server.response(identifier)["result"]["items"]
            return [
                item["detail"].split(" · ")[0] for item in items if not item["detail"].endswith("used by no step")
            ]

        assert "the customer loses connectivity" not in used_texts(1)
        pulled = specs / "pulled.feature"
        pulled.write_text("Feature: Pulled\n  Scenario: p\n    Given the customer loses connectivity\n")
        server.send(
            {
                "jsonrpc": "2.0",
                "method": "workspace/didChangeWatchedFiles",
                "params": {"changes": [{"uri": pulled.as_uri(), "type": 1}]},
            }
        )
        assert "the customer loses connectivity" in used_texts(2)
        pulled.unlink()
        server.send(
            {
                "jsonrpc": "2.0",
                "method": "workspace/didChangeWatchedFiles",
                "params": {"changes": [{"uri": pulled.as_uri(), "type": 3}]},
            }
        )
        assert "the customer loses connectivity" not in used_texts(3)
    finally:
        server.process.kill()
        server.process.wait()


def test_a_request_cancelled_while_it_waits_is_answered_as_cancelled(raw: RawServer):
    raw.initialize()
    scenario = "  Scenario: s{n}\n    Given the customer has connectivity\n    When the customer opens the feed\n\n"
    text = "Feature: Big\n\n" + "".join(scenario.format(n=n) for n in range(60_000))
    uri = (SPECS / "big.feature").as_uri()
    raw.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}}})
    time.sleep(0.2)  # the server is reading the 5 MB document: what follows waits in its queue, together
    hover = {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 12}}
    messages = [
        {"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover", "params": hover},
        {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 20}},
        {"jsonrpc": "2.0", "id": 21, "method": "textDocument/hover", "params": hover},
    ]
    raw.write(b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in (json.dumps(m).encode() for m in messages)))
    assert raw.response(20)["error"]["code"] == -32800
    assert "result" in raw.response(21)
