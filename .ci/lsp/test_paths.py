"""Paths that travel: definitions, doc comments and specs are found in the package the editor opened (a clone
elsewhere, a binary built on another machine), the compiled-in package only when no workspace is given, and a
spec is never counted twice."""

import os
import pathlib
import shutil

import pytest
import pytest_lsp
from conftest import start
from lsp_support import ROOT, SERVER, STEPS, swift_line, wait_for_diagnostics
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

CLONE = pathlib.Path("/tmp") / f"speckit-clone-{os.getpid()}"
# Started from `/`, as an editor may start it: no `Specs/` in the working folder.
ELSEWHERE = ["sh", "-c", f"cd / && exec '{SERVER}' lsp"]


def make_clone():
    if CLONE.exists():
        shutil.rmtree(CLONE)
    (CLONE / "Sources" / "FeedAcceptance").mkdir(parents=True)
    shutil.copy(ROOT / "Package.swift", CLONE / "Package.swift")
    steps = STEPS.read_text().replace("timestamped that long before", "written in the clone")
    (CLONE / "Sources" / "FeedAcceptance" / "FeedSteps.swift").write_text(steps)
    (CLONE / "Specs").mkdir()
    scenario = "  Scenario: s{n}\n    Given the customer loses connectivity\n"
    (CLONE / "Specs" / "clone.feature").write_text(
        "Feature: Clone\n" + "".join(scenario.format(n=n) for n in range(5))
        + "  Scenario: cache\n    Given the cache holds 3 images saved 2 days ago\n"
    )


async def hover_on_loses(client: LanguageClient, uri: str, line: int = 2) -> str:
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=12))
    )
    return hover.contents.value


async def definition_of_loses(client: LanguageClient, uri: str):
    result = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=12))
    )
    return result[0] if isinstance(result, list) else result


async def open_clone_spec(client: LanguageClient) -> str:
    uri = (CLONE / "Specs" / "clone.feature").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="gherkin", version=1, text=(CLONE / "Specs" / "clone.feature").read_text()
            )
        )
    )
    await wait_for_diagnostics(client, uri)
    return uri


@pytest_lsp.fixture(config=ClientServerConfig(server_command=ELSEWHERE))
async def in_clone(lsp_client: LanguageClient):
    make_clone()
    await start(lsp_client, "visual-studio-code", root=CLONE)
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(CLONE, ignore_errors=True)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=ELSEWHERE))
async def in_clone_specs_folder(lsp_client: LanguageClient):
    make_clone()
    # Emacs eglot without a VCS root opens the file's folder.
    await start(lsp_client, "emacs", root=CLONE / "Specs")
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(CLONE, ignore_errors=True)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "lsp"]))
async def without_workspace(lsp_client: LanguageClient):
    make_clone()
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=None, process_id=None)
    )
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(CLONE, ignore_errors=True)


@pytest.mark.asyncio
async def test_definitions_comments_and_specs_come_from_the_opened_clone(in_clone: LanguageClient):
    uri = await open_clone_spec(in_clone)
    location = await definition_of_loses(in_clone, uri)
    assert location.uri == (CLONE / "Sources" / "FeedAcceptance" / "FeedSteps.swift").as_uri()
    assert "written in the clone" in await hover_on_loses(in_clone, uri, line=12), "the clone's doc comment"
    assert "Used by 5 steps" in await hover_on_loses(in_clone, uri), "the clone's specs, each file once"


@pytest.mark.asyncio
async def test_a_workspace_opened_on_the_specs_folder_finds_its_package(in_clone_specs_folder: LanguageClient):
    uri = await open_clone_spec(in_clone_specs_folder)
    location = await definition_of_loses(in_clone_specs_folder, uri)
    assert location.uri == (CLONE / "Sources" / "FeedAcceptance" / "FeedSteps.swift").as_uri()
    assert "Used by 5 steps" in await hover_on_loses(in_clone_specs_folder, uri)


@pytest.mark.asyncio
async def test_without_a_workspace_the_compiled_in_package_is_used(without_workspace: LanguageClient):
    uri = await open_clone_spec(without_workspace)
    location = await definition_of_loses(without_workspace, uri)
    assert location.uri == STEPS.as_uri()
    assert location.range.start.line == swift_line("the customer loses connectivity")
    repository_uses = sum(spec.read_text().count("the customer loses connectivity") for spec in (ROOT / "Specs").glob("*.feature"))
    assert f"Used by {repository_uses + 5} steps" in await hover_on_loses(without_workspace, uri)
