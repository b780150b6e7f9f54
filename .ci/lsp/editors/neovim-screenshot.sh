#!/usr/bin/env bash
# Remakes .github/lsp.png: Neovim 0.7 (the README's init.lua) in tmux, a typo diagnosed and `Given the cache holds
# 5 im` completed with <C-x><C-o>, rendered by screenshot.py. Needs nvim, tmux, ImageMagick's convert and
# .build/release/feed-specs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
work=.build/shot
mkdir -p "$work"
cat > "$work/draft.feature" <<'SPEC'
Feature: See the saved feed when offline

  Background:
    Given the customer doesn't have conectivity

  Scenario: A recent saved feed is shown
    Given the cache holds 3 images saved 2 days ago
    When the customer opens the feed
    Then the app shows 3 images

  Scenario: An old feed is not shown
    Given the cache holds 5 im
SPEC
session=feed-specs-shot-$$
tmux new-session -d -s "$session" -x 128 -y 20 "nvim -n -i NONE -u .ci/lsp/editors/init.lua \
    --cmd 'set termguicolors number completeopt=menuone,noinsert' -c 'hi Pmenu guibg=#3a3a3a guifg=#d0d0d0' \
    -c 'hi PmenuSel guibg=#005f87 guifg=#ffffff' -c 'hi SignColumn guibg=NONE' \
    -c 'hi StatusLine guibg=#303030 guifg=#d0d0d0' $work/draft.feature"
sleep 4
tmux send-keys -t "$session" "12G" "A"
sleep 0.5
tmux send-keys -t "$session" C-x C-o
sleep 2
tmux capture-pane -t "$session" -e -p > "$work/pane.txt"
tmux kill-session -t "$session"
python3 .ci/lsp/editors/screenshot.py .github/lsp.png < "$work/pane.txt"
