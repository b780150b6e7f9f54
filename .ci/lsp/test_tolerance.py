"""A parse error costs only its own lines: typing a spec character by character, and broken lines in the middle
of a spec, leave every other line's diagnostics, steps (their semantic tokens) and outline as they were."""

import pytest
from lsp_support import SPECS, change_document, flatten, open_document, semantic_tokens, symbols
from lsprotocol import types
from pytest_lsp import LanguageClient


async def state(client: LanguageClient, uri: str, text: str, version: int):
    """Diagnostics, semantic tokens and outline of `text`."""
    diagnostics = await change_document(client, uri, text, version)
    return (
        [(d.range.start.line, d.range.start.character, d.range.end.character, d.code, d.message) for d in diagnostics],
        await semantic_tokens(client, uri),
        flatten(await symbols(client, uri)),
    )


def before(state, line: int):
    """The part of a state about the lines before `line`."""
    diagnostics, tokens, outline = state
    return (
        [d for d in diagnostics if d[0] < line],
        [t for t in tokens if t[0] < line],
        [s for s in outline if s[2] < line],
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("spec", ["remote_feed.feature", "load_cached_feed.feature"])
async def test_typing_a_spec_character_by_character_changes_nothing_above_the_line_being_typed(
    client: LanguageClient, spec: str
):
    text = (SPECS / spec).read_text()
    uri = await open_document(client, "typing.feature", "")
    version = 1
    lines = text.split("\n")
    offset = 0
    checked = 0
    for number, line in enumerate(lines):
        version += 1
        baseline = before(await state(client, uri, text[:offset], version), number)
        for length in range(1, len(line)):
            version += 1
            typed = await state(client, uri, text[: offset + length], version)
            assert before(typed, number) == baseline, f"typing line {number + 1} up to {line[:length]!r}"
            checked += 1
        offset += len(line) + 1
    assert checked > 1000
    # The whole spec at the end: every scenario of the outline, no diagnostic.
    version += 1
    final = await state(client, uri, text, version)
    assert final[0] == []
    assert sum(1 for symbol in final[2] if symbol[1] == types.SymbolKind.Function) == text.count("Scenario")


BROKEN = {
    "a step keyword being typed after steps": "    Whn the customer opens the feed",
    "half a keyword": "    Th",
    "a tag with a space": "  @slow test",
    "a step without its keyword": "    the customer opens the feed",
    "a doc string opened and not closed": '      """',
    "a misspelt scenario keyword": "  Scenari: a scenario being renamed",
}


@pytest.mark.asyncio
@pytest.mark.parametrize("case", BROKEN.keys())
async def test_a_broken_line_in_the_middle_costs_only_its_own_line(client: LanguageClient, case: str):
    text = (SPECS / "offline_feed.feature").read_text()
    lines = text.split("\n")
    # After the first step of the second scenario, in the middle of the file.
    scenarios = [number for number, line in enumerate(lines) if line.strip().startswith("Scenario")]
    at = scenarios[1] + 2
    broken = "\n".join(lines[:at] + [BROKEN[case]] + lines[at:])
    blank = "\n".join(lines[:at] + [""] + lines[at:])
    uri = await open_document(client, "broken.feature", blank)
    expected = await state(client, uri, blank, 2)
    found = await state(client, uri, broken, 3)
    assert any(d[0] == at and d[3] == "parse-error" for d in found[0]), found[0]

    def without(state):
        diagnostics, tokens, outline = state
        return (
            [d for d in diagnostics if d[0] != at],
            [t for t in tokens if t[0] != at],
            [s for s in outline if s[2] != at],
        )

    assert without(found) == without(expected)


@pytest.mark.asyncio
async def test_a_doc_string_being_typed_at_the_end_keeps_its_step(client: LanguageClient):
    text = (
        "Feature: Draft\n  Scenario: s\n    Given the server answers with status 200 and this feed:\n"
        '      """\n      {"items": [\n'
    )
    uri = await open_document(client, "draft.feature", text)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.range.start.line == 3, "the error is at the doc string's opening"
    assert "not closed" in diagnostic.message
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=12))
    )
    assert "the server answers with status {int} and this feed:" in hover.contents.value
    items = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=9))
    )
    assert not (items.items if isinstance(items, types.CompletionList) else items), "no completion in a doc string"


@pytest.mark.asyncio
async def test_a_first_line_being_typed_keeps_the_scenarios_below(client: LanguageClient):
    text = (SPECS / "offline_feed.feature").read_text()
    lines = text.split("\n")
    broken = "\n".join(["Featur"] + lines[1:])
    uri = await open_document(client, "first.feature", broken)
    outline = flatten(await symbols(client, uri))
    assert sum(1 for symbol in outline if symbol[1] == types.SymbolKind.Function) == text.count("Scenario")
    assert [d.range.start.line for d in client.diagnostics[uri]] == [0]


@pytest.mark.asyncio
async def test_an_inconsistent_table_row_costs_only_its_line(client: LanguageClient):
    text = (SPECS / "remote_feed.feature").read_text()
    lines = text.split("\n")
    row = next(number for number, line in enumerate(lines) if line.strip().startswith("|") and number > 0 and lines[number - 1].strip().startswith("|"))
    broken = "\n".join(lines[:row] + ["        | 201 | 202 |"] + lines[row + 1 :])
    blank = "\n".join(lines[:row] + [""] + lines[row + 1 :])
    uri = await open_document(client, "table.feature", blank)
    expected = await state(client, uri, blank, 2)
    found = await state(client, uri, broken, 3)
    assert [d[0] for d in found[0] if d[3] == "parse-error"] == [row]
    assert [d for d in found[0] if d[0] != row] == [d for d in expected[0] if d[0] != row]
    assert [t for t in found[1] if t[0] != row] == [t for t in expected[1] if t[0] != row]
    assert found[2] == expected[2]
