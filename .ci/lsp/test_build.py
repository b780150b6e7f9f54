"""`speckit.build`: the server builds its own command with progress in the editor, then restarts on the new build
in its own place (the same process and pipes), taking the session over: the open documents as the editor has them
(unsaved edits too), the settings, and every message sent meanwhile."""

import asyncio

import pytest
from lsp_support import open_document, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import LanguageClient

DRAFT = "Feature: Draft\n  Scenario: s\n    Given the customer has connectivity\n    When the customer flies\n"


@pytest.mark.asyncio
async def test_build_then_restart_on_the_new_build_keeps_the_session(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    answer = await client.workspace_execute_command_async(types.ExecuteCommandParams(command="speckit.build"))
    assert answer.startswith("Building feed-specs (swift build -c "), answer
    # A second build while one goes on is refused.
    with pytest.raises(Exception) as error:
        await client.workspace_execute_command_async(types.ExecuteCommandParams(command="speckit.build"))
    assert "A build of feed-specs is going on" in str(error.value)
    # An edit sent during the build is not lost by the restart.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=DRAFT.replace("flies", "swims"))],
        )
    )
    for _ in range(600):
        if any(m.message.startswith("Restarted feed-specs lsp on its new build") for m in client.messages):
            break
        if any(m.message.startswith("The build of feed-specs failed") for m in client.messages):
            pytest.fail(client.messages[-1].message)
        await asyncio.sleep(0.5)
    else:
        pytest.fail("no restart after 300 s: " + "; ".join(m.message for m in client.messages))
    # Progress in the editor: begun with the command, ended when built.
    ((token, reports),) = client.progress_reports.items()
    assert isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].title.startswith("Building feed-specs")
    assert isinstance(reports[-1], types.WorkDoneProgressEnd) and reports[-1].message == "built"
    # The new server has the document as edited, and answers.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=12))
    )
    assert "the customer has connectivity" in hover.contents.value
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=DRAFT.replace("flies", "sails"))],
        )
    )
    await wait_for_diagnostics(client, uri, version=3)
    (undefined,) = client.diagnostics[uri]
    assert "“the customer sails”" in undefined.message
