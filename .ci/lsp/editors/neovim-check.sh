#!/usr/bin/env bash
# Runs Neovim's built-in LSP client (headless) against the built feed-specs with the README's init.lua; prints what
# it saw and fails when something did not work. Needs `nvim` (Debian: apt-get install neovim) and
# .build/release/feed-specs (or FEED_SPECS_BUILD=debug for .build/debug).
set -euo pipefail
cd "$(dirname "$0")/../../.."
. .ci/lsp/editors/untouched.sh
trap untouched EXIT
build=${FEED_SPECS_BUILD:-release}
work=.build/nvim-check
rm -rf "$work"
mkdir -p "$work/bin"
init="$work/init.lua"
sed "s#/.build/release/feed-specs#/.build/$build/feed-specs#" .ci/lsp/editors/init.lua > "$init"
printf 'Feature: Checked from Neovim\n  Scenario: s\n    Given the customer has conectivity\n    When the customer opens the feed\n    Given the cus\n    When the customer scrolls 3 times\n' \
    > "$work/check.feature"
# A spec to run from its code lens: the second scenario's last step fails.
printf 'Feature: Run from Neovim\n  Background:\n    Given the customer doesn'"'"'t have connectivity\n\n  Scenario: Nothing saved yet\n    Given the cache is empty\n    When the customer opens the feed\n    Then the app shows the error message "Couldn'"'"'t connect to server"\n\n  Scenario: A wrong message\n    Given the cache is empty\n    When the customer opens the feed\n    Then the app shows the error message "Could not connect"\n' \
    > "$work/run.feature"
export NVIM_CHECK_OUT="$work/report.txt"
export NVIM_CHECK_RUN="$work/run.feature"
timeout 60 nvim --headless -n -i NONE -u "$init" -c "luafile .ci/lsp/editors/neovim-check.lua" "$work/check.feature" \
    > "$work/nvim.log" 2>&1 || true
nvim --version | head -1
if [ ! -f "$NVIM_CHECK_OUT" ]; then
    echo "Neovim wrote no report:" >&2
    cat "$work/nvim.log" >&2
    exit 1
fi
# A package whose command is not built: one plain sentence with the command that builds it, no Lua error.
sed "s#/.build/release/feed-specs#/.build/not-built/feed-specs#" .ci/lsp/editors/init.lua > "$work/init-not-built.lua"
said=$(timeout 30 nvim --headless -n -i NONE -u "$work/init-not-built.lua" \
    --cmd "lua vim.notify = function(message) io.stdout:write('NOTIFY ' .. message .. '\\n') end" \
    -c "qall!" "$work/check.feature" 2>&1 || true)
if grep -q "^NOTIFY feed-specs: no server at .*swift build -c release --product feed-specs" <<<"$said" \
    && ! grep -qi "stack traceback\|E5113" <<<"$said"; then
    echo "ok   no built server: Neovim says so, with the command that builds it" >> "$NVIM_CHECK_OUT"
else
    echo "FAIL no built server: Neovim says so, with the command that builds it: $said" >> "$NVIM_CHECK_OUT"
fi
cat "$NVIM_CHECK_OUT"
! grep -q '^FAIL' "$NVIM_CHECK_OUT"
