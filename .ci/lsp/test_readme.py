"""The README's editor set-ups are the files `.ci/lsp/editors/` checks with the real editors, word for word."""

from lsp_support import ROOT


def test_the_readme_shows_the_checked_neovim_and_eglot_settings():
    readme = (ROOT / "README.md").read_text()
    for name, fence in (("init.lua", "```lua\n"), ("eglot.el", "```elisp\n")):
        text = (ROOT / ".ci" / "lsp" / "editors" / name).read_text()
        assert fence + text + "```" in readme, f"the README's {fence.strip()} block is not .ci/lsp/editors/{name}"
