"""The warnings a product owner needs: a description line that starts with a near miss of a step keyword, and
formatting refused because of a parse error is said."""

import pytest
from lsp_support import code_actions, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient


@pytest.mark.asyncio
async def test_a_misspelt_first_keyword_is_a_warning_with_its_fix(client: LanguageClient):
    text = (
        "Feature: Draft\n"
        "  Scenario: s\n"
        "    Givn the customer has connectivity\n"
        "    When the customer opens the feed\n"
    )
    uri = await open_document(client, "draft.feature", text)
    (warning,) = client.diagnostics[uri]
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert warning.code == "keyword-typo"
    assert warning.range.start == types.Position(line=2, character=4)
    assert warning.range.end == types.Position(line=2, character=8)
    assert "“Given”" in warning.message and "description" in warning.message
    actions = await code_actions(client, uri, 2, [warning])
    fix = next(action for action in actions if action.title == "Change “Givn” to “Given”")
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "Given" and edit.range == warning.range


@pytest.mark.asyncio
async def test_ordinary_description_text_is_not_a_warning(client: LanguageClient):
    text = (
        "Feature: Draft\n"
        "  Then again, the customer may be offline.\n"
        "  The app keeps the last feed it saw.\n"
        "  An answer comes later.\n"
        "  Scenario: s\n"
        "    Given the customer has connectivity\n"
    )
    uri = await open_document(client, "draft.feature", text)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_step_keyword_typo_after_steps_names_the_keyword(client: LanguageClient):
    text = "Feature: Draft\n  Scenario: s\n    Given the customer has connectivity\n    Whn the customer opens the feed\n"
    uri = await open_document(client, "draft.feature", text)
    (error,) = client.diagnostics[uri]
    assert error.code == "parse-error" and error.range.start.line == 3
    assert "Did you mean “When”?" in error.message


@pytest.mark.asyncio
async def test_formatting_a_document_that_does_not_parse_says_so(client: LanguageClient):
    text = "Feature:   Draft\n  Scenario: s\n    Given the customer has connectivity\n  Oops\n"
    uri = await open_document(client, "draft.feature", text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert not edits
    message = client.messages[-1]
    assert message.type == types.MessageType.Warning
    assert "Not formatted" in message.message and "line 4" in message.message


@pytest.mark.asyncio
async def test_a_misspelt_keyword_in_a_markdown_bullet_is_a_warning(client: LanguageClient):
    text = "# Feature: Draft\n\n## Scenario: s\n\n* Givn the customer has connectivity\n* When the customer opens the feed\n"
    uri = await open_document(client, "draft.feature.md", text)
    (warning,) = client.diagnostics[uri]
    assert warning.code == "keyword-typo"
    assert warning.range.start == types.Position(line=4, character=2)
    assert warning.range.end == types.Position(line=4, character=6)
