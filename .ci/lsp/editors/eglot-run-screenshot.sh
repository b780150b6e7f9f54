#!/usr/bin/env bash
# Remakes .github/lsp-run-eglot.png: Emacs 28 with eglot 1.9 (the README's eglot.el) in tmux, the scenario at point
# run with C-c C-r (eglot shows no code lenses), then the other one, then C-c e: the file's diagnostics, the failing
# step's reason first with the Swift place. Rendered by screenshot.py. Needs emacs-nox, elpa-eglot, tmux,
# ImageMagick's convert and .build/release/feed-specs.
set -euo pipefail
cd "$(dirname "$0")/../../.."
work=.build/shot
mkdir -p "$work"
# The spec both editors' run screenshots show: one scenario passes, the other fails at its last step.
cp .ci/lsp/editors/offline-run.feature "$work/offline.feature"
# A person's Emacs: the README's eglot.el as the whole init.el of a fresh home.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.emacs.d"
cp .ci/lsp/editors/eglot.el "$home/.emacs.d/init.el"
session=feed-specs-eglot-shot-$$
tmux new-session -d -s "$session" -x 128 -y 24 "HOME=$home TERM=xterm-256color emacs -nw $work/offline.feature"
sleep 6
# The second scenario, from a step of it (C-c C-r), then the first: both results stay.
tmux send-keys -t "$session" "M-<" "C-u" "1" "2" "C-n"
sleep 0.3
tmux send-keys -t "$session" "C-c" "C-r"
sleep 4
tmux send-keys -t "$session" "M-<" "C-u" "6" "C-n" "C-c" "C-r"
sleep 4
tmux send-keys -t "$session" "M-<" "C-u" "1" "3" "C-n" "C-c" "e"
sleep 2
tmux capture-pane -t "$session" -e -p > "$work/eglot-run-pane.txt"
tmux kill-session -t "$session"
python3 .ci/lsp/editors/screenshot.py .github/lsp-run-eglot.png < "$work/eglot-run-pane.txt"
