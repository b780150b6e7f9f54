#!/usr/bin/env bash
# Remakes .github/lsp-run.png: Neovim 0.7 (the README's init.lua) in tmux, a scenario run from its code lens
# (<leader>cl on its line): each lens shows its result, the failing step is marked with the failure and the Swift
# line where it failed. Rendered by screenshot.py. Needs nvim, tmux, ImageMagick's convert and
# .build/release/feed-specs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
work=.build/shot
mkdir -p "$work"
# The spec both editors' run screenshots show: one scenario passes, the other fails at its last step.
cp .ci/lsp/editors/offline-run.feature "$work/offline.feature"
session=feed-specs-run-shot-$$
tmux new-session -d -s "$session" -x 128 -y 22 "nvim -n -i NONE -u .ci/lsp/editors/init.lua \
    --cmd 'set termguicolors number' -c 'hi SignColumn guibg=NONE' -c 'hi LspCodeLens guifg=#7f9fbf' \
    -c 'hi StatusLine guibg=#303030 guifg=#d0d0d0' $work/offline.feature"
sleep 4
# Run the whole feature from its lens (<leader>cl on line 1); the failing step is marked.
tmux send-keys -t "$session" "1G"
sleep 0.3
tmux send-keys -t "$session" '\'
tmux send-keys -t "$session" 'cl'
sleep 4
tmux send-keys -t "$session" "14G"
sleep 2
tmux capture-pane -t "$session" -e -p > "$work/run-pane.txt"
tmux kill-session -t "$session"
python3 .ci/lsp/editors/screenshot.py .github/lsp-run.png < "$work/run-pane.txt"
