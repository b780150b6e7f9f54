"""Run from the editor: code lenses above the feature, each scenario, each outline and each examples row run them
with the command's own steps, in the server's process; the results come back into the file (a failing step is a
diagnostic with the message and the Swift place, every step an inlay hint, each lens its scenario's result) and go
when the scenario's text changes; the server answers meanwhile."""

import asyncio
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from conftest import start
from lsp_support import COMMAND, STEPS, change_document, open_document, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

# The temporary folder of the server below: where it writes the private copy of each document it runs.
SERVER_TMPDIR = Path(tempfile.mkdtemp(prefix="lsp-tmpdir-"))

SPEC = """Feature: Offline
  Background:
    Given the customer doesn't have connectivity

  Scenario: Nothing saved yet
    Given the cache is empty
    When the customer opens the feed
    Then the app shows the error message "Couldn't connect to server"

  Scenario: A wrong message
    Given the cache is empty
    When the customer opens the feed
    Then the app shows the error message "Could not connect"

  Scenario Outline: A feed saved <age> ago is shown
    Given the cache holds 3 images saved <age> ago
    When the customer opens the feed
    Then the app shows 3 images

    Examples:
      | age      |
      | 1 minute |
      | 6 days   |
      | 8 days   |
"""


async def lenses(client: LanguageClient, uri: str):
    result = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return {lens.range.start.line: lens.command for lens in result or []}


async def hints(client: LanguageClient, uri: str):
    result = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=40, character=0)),
        )
    )
    return {hint.position.line: hint.label for hint in result or []}


async def run(client: LanguageClient, uri: str, line: int | None = None):
    """Runs `line`'s scenario (the whole document without one); returns the editor's message and diagnostics."""
    arguments = [uri] if line is None else [uri, line]
    # Listening before asking: a short run's results may come back before the command's answer is read.
    ran = asyncio.ensure_future(run_message(client))
    published = asyncio.ensure_future(wait_for_diagnostics(client, uri))
    started = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="speckit.run", arguments=arguments)
    )
    assert started.startswith("Running "), started
    message = await asyncio.wait_for(ran, timeout=60)
    diagnostics = await asyncio.wait_for(published, timeout=60)
    return message, diagnostics


async def run_message(client: LanguageClient):
    """The message that tells how a run went (or why it could not start)."""
    while True:
        message = await client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)
        if message.message.startswith("Ran ") or "could not start" in message.message:
            return message


@pytest.mark.asyncio
async def test_a_lens_runs_the_feature_each_scenario_each_outline_and_each_examples_row(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    found = await lenses(client, uri)
    assert found[0].title == "▶ Run all scenarios" and list(found[0].arguments) == [uri]
    assert found[4].title == "▶ Run" and list(found[4].arguments) == [uri, 4]
    assert found[14].title == "▶ Run all 3 examples"
    assert [found[line].title for line in (21, 22, 23)] == ["▶ Run"] * 3
    assert all(lens.command == "speckit.run" for lens in found.values())
    capabilities = client.initialize_result.capabilities
    assert "speckit.run" in capabilities.execute_command_provider.commands
    assert capabilities.code_lens_provider is not None and capabilities.inlay_hint_provider


@pytest.mark.asyncio
async def test_a_passing_scenario_shows_its_result_on_its_lens_and_each_step(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    message, diagnostics = await run(client, uri, 4)
    assert message.message.startswith("Ran Scenario: Nothing saved yet: 1 scenario (1 passed)"), message.message
    assert message.type == types.MessageType.Info
    assert not [d for d in diagnostics if str(d.code).startswith("run-")]
    found = await hints(client, uri)
    assert set(found) == {2, 5, 6, 7}, "the background's step and the scenario's three"
    assert all(label.startswith("✓ passed") for label in found.values()), found
    assert (await lenses(client, uri))[4].title.startswith("▶ Run  ✓ passed")


@pytest.mark.asyncio
async def test_a_failing_step_is_a_diagnostic_with_the_message_and_the_swift_place(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    message, diagnostics = await run(client, uri, 9)
    assert message.type == types.MessageType.Error and "1 scenario (1 failed)" in message.message
    (failed,) = [d for d in diagnostics if d.code == "run-failed"]
    assert failed.range.start.line == 12 and failed.severity == types.DiagnosticSeverity.Error
    # The reason first, with where it failed; then the step as written.
    first, second = failed.message.split("\n")[:2]
    assert first.startswith('Expected the app to show the error message "Could not connect", but it showed '), first
    assert re.search(r" — FeedWorld\+App\.swift:\d+$", first), first
    assert second == 'Then the app shows the error message "Could not connect" [failed]'
    assert "at FeedAcceptance/" in failed.message, "the Swift place of the failure"
    (related,) = failed.related_information
    assert related.location.uri.endswith(".swift")
    found = await hints(client, uri)
    assert found[12].startswith("✗ failed") and found[11].startswith("✓ passed")


@pytest.mark.asyncio
async def test_an_outline_runs_all_its_examples_and_each_row_alone(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    message, diagnostics = await run(client, uri, 14)
    assert "3 scenarios (1 failed, 2 passed)" in message.message, message.message
    (failed,) = [d for d in diagnostics if d.code == "run-failed"]
    assert failed.range.start.line == 17 and failed.message.startswith("In the examples row at line 24: ")
    found = await hints(client, uri)
    assert found[17] == "✗ 1 failed, ✓ 2 passed"
    lens = await lenses(client, uri)
    assert lens[23].title.startswith("▶ Run  ✗ failed") and lens[21].title.startswith("▶ Run  ✓ passed")
    message, _ = await run(client, uri, 21)
    assert "1 scenario (1 passed)" in message.message, "one row alone"


@pytest.mark.asyncio
async def test_results_go_when_their_scenario_changes_and_stay_when_another_does(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    await run(client, uri)
    other = SPEC.replace("Scenario: Nothing saved yet", "Scenario: Nothing saved")
    diagnostics = await change_document(client, uri, other, 2)
    assert [d.range.start.line for d in diagnostics if d.code == "run-failed"] == [12, 17], "others stay"
    assert 5 not in await hints(client, uri) and 12 in await hints(client, uri)
    edited = other.replace('"Could not connect"', '"Could not connect!"')
    diagnostics = await change_document(client, uri, edited, 3)
    assert [d.range.start.line for d in diagnostics if d.code == "run-failed"] == [17]


@pytest.mark.asyncio
async def test_the_server_answers_while_a_run_goes_on_and_a_run_can_be_cancelled(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    told = asyncio.ensure_future(client.wait_for_notification(types.WINDOW_SHOW_MESSAGE))
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="speckit.run", arguments=[uri])
    )
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=12)
            )
        ),
        timeout=5,
    )
    assert hover is not None
    await client.workspace_execute_command_async(types.ExecuteCommandParams(command="speckit.cancelRun", arguments=[]))
    # Either the run was cancelled before it ended, or it had ended: the editor is told which.
    message = await asyncio.wait_for(told, timeout=60)
    assert message.message.startswith("Cancelled the run of") or message.message.startswith("Ran "), message.message


@pytest.mark.asyncio
async def test_saving_runs_the_document_when_asked_to(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"speckit": {"runOnSave": True, "timeout": 5}})
    )
    ran = asyncio.ensure_future(run_message(client))
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    message = await asyncio.wait_for(ran, timeout=60)
    assert message.message.startswith("Ran Feature: Offline: 5 scenarios (2 failed, 3 passed)"), message.message


@pytest.mark.asyncio
async def test_an_unknown_variant_is_said_not_run(client: LanguageClient):
    uri = await open_document(client, "offline-run.feature", SPEC)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"speckit": {"variant": "floppy"}})
    )
    message, _ = await run(client, uri, 4)
    assert message.type == types.MessageType.Error
    assert "speckit.variant 'floppy' is not one of memory, file, sqlite" in message.message


@pytest_lsp.fixture(config=ClientServerConfig(server_command=COMMAND, server_env={**os.environ, "TMPDIR": str(SERVER_TMPDIR)}))
async def ending_client(lsp_client: LanguageClient):
    await start(lsp_client, "visual-studio-code")
    yield  # the test ends the session itself


@pytest.mark.asyncio
async def test_the_copy_of_a_document_goes_when_the_server_ends_before_its_run(ending_client: LanguageClient):
    client = ending_client
    # A run long enough to be going on when the session ends: 400 examples.
    rows = "".join(f"      | {n} minutes |\n" for n in range(1, 401))
    uri = await open_document(client, "long-run.feature", SPEC + rows)
    started = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="speckit.run", arguments=[uri])
    )
    assert started.startswith("Running "), started

    def copies():
        return [p.name for p in SERVER_TMPDIR.iterdir() if "-lsp-run-" in p.name]

    for _ in range(500):
        if copies():
            break
        await asyncio.sleep(0.01)
    assert copies(), "the run's copy of the document was not made in the server's TMPDIR"
    await client.shutdown_session()  # shutdown, then exit (waiting for the server's end), the run still going on
    assert copies() == []
    shutil.rmtree(SERVER_TMPDIR, ignore_errors=True)
