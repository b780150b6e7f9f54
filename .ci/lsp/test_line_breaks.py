"""Lines end at `\r\n`, `\n` or `\r`, as the protocol says: a CRLF spec (Windows) is diagnosed, completed,
navigated and formatted at the right lines, and formatting keeps its line breaks."""

import pytest
from lsp_support import completion_items, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

SPEC = [
    "Feature:   Line breaks",
    "Scenario: s",
    "Given the customer has conectivity",
    "    When the customer opens the feed",
    "    Then the app shows 3 images",
    "    And the cus",
    "",
]


@pytest.mark.asyncio
@pytest.mark.parametrize("line_break", ["\r\n", "\r"])
async def test_every_feature_counts_lines_as_the_protocol_does(client: LanguageClient, line_break: str):
    text = line_break.join(SPEC)
    uri = await open_document(client, "breaks.feature", text)
    diagnostics = sorted(client.diagnostics[uri], key=lambda d: d.range.start.line)
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in diagnostics] == [
        (2, 6, 34),
        (5, 8, 15),
    ]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=23))
    )
    assert "Parameter {int}" in hover.contents.value
    items = await completion_items(client, uri, 5, 15)
    item = next(item for item in items if item.label == "customer has connectivity")
    assert item.text_edit.range.start == types.Position(line=5, character=12)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    (edit,) = edits
    assert edit.range == types.Range(start=types.Position(line=0, character=0), end=types.Position(line=6, character=0))
    assert edit.new_text.count("Scenario: s") == 1, "the text is replaced, not repeated"
    assert edit.new_text.split(line_break)[:4] == ["Feature: Line breaks", "", "  Scenario: s", "    Given the customer has conectivity"]
    assert edit.new_text.count("\n") == (edit.new_text.count("\r\n") if line_break == "\r\n" else 0)
