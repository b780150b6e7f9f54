"""Steps as the sources define them: a step defined or renamed in Swift and not built yet is a warning naming its
Swift place and the command that builds it, never "undefined", and a run of it says so instead of running the code
the server was built with. Read from the Swift files of the folder the editor opened, and from the edits the server
itself asked for (a rename, a written step) before they are saved."""

import os
import re
import pathlib
import shutil

import pytest
import pytest_lsp
from conftest import start
from lsp_support import ROOT, SERVER, STEPS, code_actions, open_document, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

CLONE = pathlib.Path("/tmp") / f"speckit-not-built-{os.getpid()}"
SPEC = "Feature: Renamed\n  Scenario: r\n    Given the customer has connectivity\n    When the customer launches the feed\n"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "lsp"]))
async def renamed_on_disk(lsp_client: LanguageClient):
    """A clone whose FeedSteps.swift renamed `the customer opens the feed` and added a step, then a new server,
    before any rebuild."""
    if CLONE.exists():
        shutil.rmtree(CLONE)
    (CLONE / "Sources" / "FeedAcceptance").mkdir(parents=True)
    (CLONE / "Specs").mkdir()
    shutil.copy(ROOT / "Package.swift", CLONE / "Package.swift")
    steps = STEPS.read_text().replace('"the customer opens the feed"', '"the customer launches the feed"')
    assert '"the customer launches the feed"' in steps
    steps = steps.replace(
        'steps.given("the customer has connectivity")',
        'steps.then(#"the app shows "{int}" banners"#) { (_, _: Int) in }\n        '
        + '// steps.then("a commented-out step")\n        steps.given("the customer has connectivity")',
    )
    (CLONE / "Sources" / "FeedAcceptance" / "FeedSteps.swift").write_text(steps)
    await start(lsp_client, "visual-studio-code", root=CLONE)
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(CLONE, ignore_errors=True)


def swift_line_in_clone(text: str) -> int:
    lines = (CLONE / "Sources" / "FeedAcceptance" / "FeedSteps.swift").read_text().split("\n")
    return next(number for number, line in enumerate(lines, 1) if text in line)


@pytest.mark.asyncio
async def test_a_step_renamed_in_swift_and_not_built_is_a_warning_not_undefined(renamed_on_disk: LanguageClient):
    uri = await open_document(
        renamed_on_disk, "renamed.feature",
        SPEC + '    Then the app shows "3" banners\n    Then a commented-out step\n', folder=CLONE / "Specs",
    )
    diagnostics = sorted(renamed_on_disk.diagnostics[uri], key=lambda d: d.range.start.line)
    assert len(diagnostics) == 3, [(d.range.start.line, d.code, d.message) for d in diagnostics]
    launches, banners, commented = diagnostics
    assert launches.code == "not-built" and launches.severity == types.DiagnosticSeverity.Warning
    line = swift_line_in_clone('"the customer launches the feed"')
    assert launches.message.startswith(f"Defined in FeedSteps.swift:{line}, not built yet: ")
    assert "the ⚒ lens (speckit.build)" in launches.message
    assert re.search(r"swift build -c (debug|release) --product feed-specs", launches.message), launches.message
    assert banners.code == "not-built", "a raw literal with quotes inside"
    assert commented.code == "undefined-step", "a commented-out definition defines nothing"
    # No quick fix would undo the rename or write the step again.
    assert not await code_actions(renamed_on_disk, uri, 3, [launches])
    # A run says so instead of running the code the server was built with.
    answer = await renamed_on_disk.workspace_execute_command_async(
        types.ExecuteCommandParams(command="speckit.run", arguments=[uri, 1])
    )
    assert answer.startswith("Not run: “When the customer launches the feed” (line 4) is defined in FeedSteps.swift:")


@pytest.mark.asyncio
async def test_after_a_rename_the_renamed_steps_are_not_undefined(client: LanguageClient):
    """The edit is the editor's to apply and save: until the rebuild, the server counts what it asked for."""
    text = "Feature: Draft\n  Scenario: s\n    When the customer opens the feed again\n"
    uri = await open_document(client, "draft.feature", text)
    edit = await client.text_document_rename_async(
        types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=39),
            new_name="anew",
        )
    )
    assert {change.new_text for change in edit.changes[uri]} == {"the customer opens the feed anew"}
    assert any(change.new_text == '"the customer opens the feed anew"' for change in edit.changes[STEPS.as_uri()])
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text.replace("again", "anew"))],
        )
    )
    await wait_for_diagnostics(client, uri, version=2)  # those of the edited text, not the first ones
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.code == "not-built", diagnostic.message
    assert diagnostic.message.startswith("Defined in FeedSteps.swift:")
