"""pytest-lsp fixtures for `feed-specs lsp`: a client shaped like VS Code's, and one like Neovim 0.7's."""

from typing import Union

import pytest_lsp
from lsp_support import COMMAND, ROOT
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities


def read_code_actions_as_the_protocol_says(lsp_client: LanguageClient):
    """lsprotocol reads any object with a `command` key as a Command, so a CodeAction with an edit and a command
    (run after the edit) would lose its edit. The protocol's own test, as VS Code's `Command.is` does it: a Command's
    `command` is a string."""
    converter = lsp_client.protocol._converter

    def hook(value, _):
        kind = types.Command if isinstance(value.get("command"), str) else types.CodeAction
        return converter.structure(value, kind)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], hook)


async def start(lsp_client: LanguageClient, capabilities: str, root=ROOT, options=None):
    read_code_actions_as_the_protocol_says(lsp_client)
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        lsp_client.registrations = params.registrations

    # As VS Code does: after a run, the server asks for the lenses and hints to be fetched again.
    lsp_client.refreshes = []

    @lsp_client.feature(types.WORKSPACE_CODE_LENS_REFRESH)
    def code_lens_refresh(params):
        lsp_client.refreshes.append("codeLens")

    @lsp_client.feature(types.WORKSPACE_INLAY_HINT_REFRESH)
    def inlay_hint_refresh(params):
        lsp_client.refreshes.append("inlayHint")

    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(capabilities), root_uri=root.as_uri(), initialization_options=options
        )
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=COMMAND))
async def client(lsp_client: LanguageClient):
    await start(lsp_client, "visual-studio-code")
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=COMMAND))
async def neovim(lsp_client: LanguageClient):
    await start(lsp_client, "neovim@v0.7.0")
    yield
    await lsp_client.shutdown_session()
