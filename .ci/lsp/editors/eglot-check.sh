#!/usr/bin/env bash
# Runs eglot (Emacs, batch mode) against the built feed-specs with the README's settings. Needs emacs with eglot
# (Debian 12: apt-get install emacs-nox elpa-eglot) and .build/release/feed-specs (or FEED_SPECS_BUILD=debug).
set -euo pipefail
cd "$(dirname "$0")/../../.."
build=${FEED_SPECS_BUILD:-release}
work=.build/eglot-check
rm -rf "$work"
mkdir -p "$work"
sed "s#\.build/release/feed-specs#.build/$build/feed-specs#" .ci/lsp/editors/eglot.el > "$work/eglot.el"
printf 'Feature: Checked from Emacs\n  Scenario: s\n    Given the customer has conectivity\n    When the customer opens the feed\n    Given the cus\n' \
    > "$work/check.feature"
emacs --version | head -1
eglot=$(ls -d /usr/share/emacs/site-lisp/elpa/eglot-* 2>/dev/null | tail -1 || true)
EGLOT_SETTINGS="$work/eglot.el" timeout 120 emacs --batch -Q ${eglot:+-L "$eglot"} -l .ci/lsp/editors/eglot-check.el \
    "$work/check.feature"
