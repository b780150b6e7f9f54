"""Write the step: the code action for an undefined step inserts its Swift definition into the step library as a
workspace edit (after the last definition, as the others are written), or every undefined step of the file."""

import pathlib
import shutil

import pytest
import pytest_lsp
from conftest import start
from lsp_support import COMMAND, STEPS, code_actions, open_document, swift_line
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

DRAFT = (
    "Feature: Draft\n  Scenario: s\n"
    "    Given the customer has no wifi\n"
    "    When the customer scrolls 3 times\n"
    "    And the customer scrolls 5 times\n"
    "    Then the app shows these pictures:\n"
    "      | a |\n"
)


def apply(text: str, edit: types.TextEdit) -> str:
    lines = text.split("\n")
    start, end = edit.range.start, edit.range.end
    before = "\n".join(lines[: start.line] + [lines[start.line][: start.character]])
    after = "\n".join([lines[end.line][end.character :]] + lines[end.line + 1 :])
    return before + edit.new_text + after


@pytest.mark.asyncio
async def test_the_definition_is_written_after_the_last_one_in_the_library_file(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    actions = await code_actions(client, uri, 2, client.diagnostics[uri])
    write = next(action for action in actions if action.title == "Write the step definition in FeedSteps.swift")
    ((target, (insert,)),) = write.edit.changes.items()
    assert target == STEPS.as_uri()
    source = STEPS.read_text()
    written = apply(source, insert)
    lines = written.split("\n")
    at = lines.index('        steps.given("the customer has no wifi") { world in')
    assert lines[at + 1 : at + 3] == ["            throw Pending()", "        }"]
    assert lines[at - 2].strip().startswith('steps.then("the first photo is:")'), "after the last definition"
    assert lines[at + 3] == "    }", "still inside the function that registers them"


@pytest.mark.asyncio
async def test_every_undefined_step_of_the_file_at_once(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT)
    actions = await code_actions(client, uri, 3, client.diagnostics[uri])
    write = next(action for action in actions if action.title.startswith("Write the 3 undefined steps"))
    ((target, (insert,)),) = write.edit.changes.items()
    assert insert.new_text.count("throw Pending()") == 3, "the two scrolls share one definition"
    assert 'steps.when("the customer scrolls {int} times") { (world, int: Int) in' in insert.new_text
    assert 'steps.then("the app shows these pictures:") { (world, table: DataTable) in' in insert.new_text


WORKSPACE = pathlib.Path("/tmp") / "speckit-write-step"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=COMMAND))
async def configured(lsp_client: LanguageClient):
    (WORKSPACE / "Sources" / "FeedAcceptance").mkdir(parents=True, exist_ok=True)
    (WORKSPACE / "Package.swift").write_text("// swift-tools-version: 6.0\n")
    (WORKSPACE / "Sources" / "FeedAcceptance" / "MoreSteps.swift").write_text(
        "extension FeedSpecs {\n    static func more(_ steps: inout StepLibrary<FeedWorld>) {\n    }\n}\n"
    )
    await start(
        lsp_client, "visual-studio-code", root=WORKSPACE,
        options={"speckit": {"stepFile": "Sources/FeedAcceptance/MoreSteps.swift"}},
    )
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(WORKSPACE, ignore_errors=True)


@pytest.mark.asyncio
async def test_a_file_named_in_the_settings_gets_the_definition(configured: LanguageClient):
    uri = await open_document(configured, "draft.feature", DRAFT)
    actions = await code_actions(configured, uri, 2, configured.diagnostics[uri])
    write = next(action for action in actions if action.title == "Write the step definition in MoreSteps.swift")
    ((target, (insert,)),) = write.edit.changes.items()
    path = WORKSPACE / "Sources" / "FeedAcceptance" / "MoreSteps.swift"
    assert target == path.as_uri()
    written = apply(path.read_text(), insert)
    assert '    static func more(_ steps: inout StepLibrary<FeedWorld>) {\n\n        steps.given("the customer has no wifi")' in written
    # The setting can change while the server runs.
    configured.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"speckit": {"stepFile": ""}}))
    actions = await code_actions(configured, uri, 2, configured.diagnostics[uri])
    # This folder has no FeedSteps.swift: the clone the command was built from is outside it, and is not written.
    assert not any(action.title.startswith("Write the step") for action in actions)
    assert swift_line("the customer has connectivity") >= 0


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "setting, reason",
    [
        ("/etc/passwd", "outside the folder the editor opened"),
        ("../elsewhere/Steps.swift", "outside the folder the editor opened"),
        ("Sources", "not a Swift file"),
        ("Sources/FeedAcceptance/Missing.swift", "no such file"),
        ("Sources/FeedAcceptance", "not a Swift file"),
    ],
)
async def test_a_step_file_outside_the_folder_or_not_a_swift_file_is_refused(
    configured: LanguageClient, setting: str, reason: str
):
    uri = await open_document(configured, "draft.feature", DRAFT)
    configured.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"speckit": {"stepFile": setting}})
    )
    actions = await code_actions(configured, uri, 2, configured.diagnostics[uri])
    assert not any(action.title.startswith("Write the step") for action in actions)
    message = configured.messages[-1]
    assert message.type == types.MessageType.Error
    assert message.message.startswith(f"speckit.stepFile {setting}: ") and reason in message.message, message.message


@pytest.mark.asyncio
async def test_writing_the_step_then_shows_it(configured: LanguageClient):
    """The action's command runs after its edit: the client is told where the definition is, and that it is not saved."""
    uri = await open_document(configured, "draft.feature", DRAFT)
    actions = await code_actions(configured, uri, 2, configured.diagnostics[uri])
    write = next(action for action in actions if action.title == "Write the step definition in MoreSteps.swift")
    assert write.command.command == "speckit.showEdit"
    ((target, (insert,)),) = write.edit.changes.items()
    await configured.workspace_execute_command_async(
        types.ExecuteCommandParams(command=write.command.command, arguments=write.command.arguments)
    )
    written = apply((WORKSPACE / "Sources" / "FeedAcceptance" / "MoreSteps.swift").read_text(), insert).split("\n")
    line = write.command.arguments[1]
    assert written[line].strip() == 'steps.given("the customer has no wifi") { world in'
    message = configured.messages[-1].message
    assert message.startswith(f"Wrote the step definition in MoreSteps.swift at line {line + 1}.") and "not saved" in message
