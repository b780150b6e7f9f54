"""Navigation and refactoring: references, workspace symbols, rename, semantic tokens, folding ranges."""

import pytest
from lsp_support import SPECS, STEPS, open_document, semantic_tokens, swift_line
from lsprotocol import types
from pytest_lsp import LanguageClient

DRAFT = (
    "@draft\n"
    "Feature: Draft\n"
    "  # a comment\n"
    "  # and another\n"
    "  Scenario: opening\n"
    "    Given the cache holds 3 images saved 2 days ago\n"
    "    When the customer opens the feed\n"
    "    Then the app shows the error message \"Couldn't connect\"\n"
    "\n"
    "  Scenario Outline: showing <n>\n"
    "    Given the server answers with status 200 and this feed:\n"
    '      """\n'
    "      {}\n"
    '      """\n'
    "    Then the app shows <n> images\n"
    "\n"
    "    Examples:\n"
    "      | n |\n"
    "      | 1 |\n"
    "      | 2 |\n"
)


def document_id(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


@pytest.mark.asyncio
async def test_references_of_a_step_are_every_step_using_its_definition_across_files(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document_id(uri),
            position=types.Position(line=6, character=12),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    uris = {location.uri for location in found}
    assert uri in uris
    assert (SPECS / "offline_feed.feature").as_uri() in uris
    assert STEPS.as_uri() in uris, "the declaration, when asked for"
    spec_lines = (SPECS / "offline_feed.feature").read_text().split("\n")
    for location in found:
        if location.uri == (SPECS / "offline_feed.feature").as_uri():
            line = spec_lines[location.range.start.line]
            assert line[location.range.start.character : location.range.end.character] == "the customer opens the feed"
    # From the Swift definition: its uses.
    uses = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=document_id(STEPS.as_uri()),
            position=types.Position(line=swift_line("the customer opens the feed"), character=10),
            context=types.ReferenceContext(include_declaration=False),
        )
    )
    assert {(l.uri, l.range.start.line) for l in uses} == {
        (l.uri, l.range.start.line) for l in found if l.uri != STEPS.as_uri()
    }


@pytest.mark.asyncio
async def test_workspace_symbols_find_every_feature_and_scenario_by_name(client: LanguageClient):
    await open_document(client, "draft.feature", DRAFT)
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="showing"))
    assert [symbol.name for symbol in found][:1] == ["Scenario Outline: showing <n>"]
    every = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    names = {symbol.name for symbol in every}
    for spec in SPECS.glob("*.feature"):
        feature = next(line.strip() for line in spec.read_text().split("\n") if line.strip().startswith("Feature:"))
        assert feature in names
    scenarios = sum(spec.read_text().count("Scenario") for spec in SPECS.glob("*.feature"))
    assert sum(1 for symbol in every if symbol.kind == types.SymbolKind.Function) == scenarios + 2


@pytest.mark.asyncio
async def test_rename_changes_every_feature_file_and_a_plain_swift_expression(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document_id(uri), position=types.Position(line=6, character=12))
    )
    assert prepared.placeholder == "the customer opens the feed"
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=document_id(uri), position=types.Position(line=6, character=12), new_name="the customer opens the app"
        )
    )
    changes = edit.changes
    assert uri in changes and (SPECS / "offline_feed.feature").as_uri() in changes
    (swift,) = changes[STEPS.as_uri()]
    assert swift.range.start.line == swift_line("the customer opens the feed")
    assert swift.new_text == '"the customer opens the app"'
    total = sum(spec.read_text().count("When the customer opens the feed\n") + spec.read_text().count(
        "And the customer opens the feed\n") for spec in SPECS.glob("*.feature"))
    assert sum(len(edits) for key, edits in changes.items() if key != STEPS.as_uri()) == total + 1


@pytest.mark.asyncio
async def test_renaming_a_step_with_parameters_to_text_nothing_matches_is_refused(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    with pytest.raises(Exception) as error:
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=document_id(uri), position=types.Position(line=5, character=12),
                new_name="the cache keeps 3 images saved 2 days ago",
            )
        )
    assert "undefined" in str(error.value)
    # Onto text another definition matches: the steps would change definition, so it is refused with the reason.
    with pytest.raises(Exception) as error:
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=document_id(uri), position=types.Position(line=5, character=12),
                new_name="the cache still holds 3 images saved 2 days ago",
            )
        )
    assert "is already matched by the step definition “the cache still holds {int} image(s)" in str(error.value)
    # To other values of its own definition: the steps are rewritten, the Swift source is left alone.
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=document_id(uri), position=types.Position(line=5, character=12),
            new_name="the cache holds 4 images saved 2 days ago",
        )
    )
    assert STEPS.as_uri() not in edit.changes and uri in edit.changes


@pytest.mark.asyncio
async def test_a_rename_without_prepare_at_a_word_renames_that_word(client: LanguageClient):
    """eglot 1.9 asks no prepareRename and prompts "Rename `opens' to:": one word replaces the word at the cursor."""
    uri = await open_document(client, "draft.feature", DRAFT)
    line = DRAFT.split("\n")[6]
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=document_id(uri), position=types.Position(line=6, character=line.index("opens") + 2),
            new_name="launches",
        )
    )
    (swift,) = edit.changes[STEPS.as_uri()]
    assert swift.new_text == '"the customer launches the feed"'
    assert {change.new_text for change in edit.changes[uri]} == {"the customer launches the feed"}
    # After a prepareRename, the new name is the whole text, even one word.
    await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=document_id(uri), position=types.Position(line=6, character=12))
    )
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=document_id(uri), position=types.Position(line=6, character=12), new_name="go")
    )
    assert {change.new_text for change in edit.changes[uri]} == {"go"}


@pytest.mark.asyncio
async def test_a_rename_onto_a_text_other_steps_are_written_with_is_refused(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    # `the customer opens the feed again` is its own definition: renaming onto it would make the steps ambiguous.
    with pytest.raises(Exception) as error:
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=document_id(uri), position=types.Position(line=6, character=12),
                new_name="the customer opens the feed again",
            )
        )
    assert "already matched by the step definition" in str(error.value)
    # An undefined step written `the customer closes the app` would start matching the renamed definition.
    await open_document(client, "other.feature", "Feature: Other\n  Scenario: o\n    When the customer closes the app\n")
    with pytest.raises(Exception) as error:
        await client.text_document_rename_async(
            types.RenameParams(
                text_document=document_id(uri), position=types.Position(line=6, character=12),
                new_name="the customer closes the app",
            )
        )
    assert "other.feature:3 is already written with that text" in str(error.value)


@pytest.mark.asyncio
async def test_semantic_tokens_colour_keywords_tags_values_placeholders_doc_strings_tables_comments(
    client: LanguageClient,
):
    uri = await open_document(client, "draft.feature", DRAFT)
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    tokens = {(line, start, length): legend[kind] for line, start, length, kind in await semantic_tokens(client, uri)}
    lines = DRAFT.split("\n")

    def at(line: int, text: str):
        start = lines[line].index(text)
        return tokens.get((line, start, len(text)))

    assert at(0, "@draft") == "decorator"
    assert at(1, "Feature:") == "keyword"
    assert at(2, "# a comment") == "comment"
    assert at(5, "Given") == "keyword"
    assert at(5, "3") == "number"
    assert at(5, "2 days") == "parameter"
    assert at(7, '"Couldn\'t connect"') == "string"
    assert at(14, "<n>") == "variable"
    assert at(12, "{}") == "string"
    assert at(17, "n") == "variable", "the examples header names the placeholders"
    assert at(18, "|") == "operator"


@pytest.mark.asyncio
async def test_folding_ranges_cover_scenarios_doc_strings_tables_and_comments(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    ranges = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=document_id(uri)))
    spans = {(r.start_line, r.end_line) for r in ranges}
    assert (4, 7) in spans, "the first scenario"
    assert (11, 13) in spans, "the doc string"
    assert (17, 19) in spans, "the examples table"
    assert (2, 3) in spans and any(r.kind == "comment" for r in ranges)
