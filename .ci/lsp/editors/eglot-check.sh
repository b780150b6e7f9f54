#!/usr/bin/env bash
# Runs eglot (Emacs, batch mode) against the built feed-specs with the README's settings. Needs emacs with eglot
# (Debian 12: apt-get install emacs-nox elpa-eglot) and .build/release/feed-specs (or FEED_SPECS_BUILD=debug).
set -euo pipefail
cd "$(dirname "$0")/../../.."
. .ci/lsp/editors/untouched.sh
trap untouched EXIT
build=${FEED_SPECS_BUILD:-release}
work=.build/eglot-check
rm -rf "$work"
mkdir -p "$work"
sed "s#\.build/release/feed-specs#.build/$build/feed-specs#" .ci/lsp/editors/eglot.el > "$work/eglot.el"
printf 'Feature: Checked from Emacs\n  Scenario: s\n    Given the customer has conectivity\n    When the customer opens the feed\n    Given the cus\n    When the customer scrolls 3 times\n' \
    > "$work/check.feature"
# A spec to run from the key that runs the scenario at point: the second scenario's last step fails.
printf 'Feature: Run from Emacs\n  Background:\n    Given the customer doesn'"'"'t have connectivity\n\n  Scenario: Nothing saved yet\n    Given the cache is empty\n    When the customer opens the feed\n    Then the app shows the error message "Couldn'"'"'t connect to server"\n\n  Scenario: A wrong message\n    Given the cache is empty\n    When the customer opens the feed\n    Then the app shows the error message "Could not connect"\n' \
    > "$work/run.feature"
# A package folder without Sources/, outside this repository (eglot's project is the version-control root), with
# the command's build linked in: its steps are defined in a clone elsewhere, which must not be edited.
bare=$(mktemp -d /tmp/eglot-bare.XXXXXX)
unbuilt=$(mktemp -d /tmp/eglot-unbuilt.XXXXXX)
# A clone with the step library's source, where a rename is saved and the server started again before a rebuild.
clone=$(mktemp -d /tmp/eglot-clone.XXXXXX)
trap 'rm -rf "$bare" "$unbuilt" "$clone"; untouched' EXIT
mkdir -p "$clone/Specs" "$clone/Sources/FeedAcceptance" "$clone/.build/$build"
cp Package.swift "$clone/Package.swift"
cp Sources/FeedAcceptance/FeedSteps.swift "$clone/Sources/FeedAcceptance/FeedSteps.swift"
ln -s "$PWD/.build/$build/feed-specs" "$clone/.build/$build/feed-specs"
printf 'Feature: Clone\n  Scenario: c\n    When the customer opens the feed\n' > "$clone/Specs/clone.feature"
printf '// swift-tools-version: 6.0\n' > "$unbuilt/Package.swift"
printf 'Feature: Not built\n' > "$unbuilt/unbuilt.feature"
mkdir -p "$bare/Specs" "$bare/.build/$build"
printf '// swift-tools-version: 6.0\n' > "$bare/Package.swift"
ln -s "$PWD/.build/$build/feed-specs" "$bare/.build/$build/feed-specs"
printf 'Feature: Bare\n  Scenario: b\n    When the customer scrolls 3 times\n    When the customer opens the feed\n' \
    > "$bare/Specs/bare.feature"
emacs --version | head -1
eglot=$(ls -d /usr/share/emacs/site-lisp/elpa/eglot-* 2>/dev/null | tail -1 || true)
EGLOT_SETTINGS="$work/eglot.el" timeout 180 emacs --batch -Q ${eglot:+-L "$eglot"} -l .ci/lsp/editors/eglot-check.el \
    "$work/check.feature" "$work/run.feature" "$bare/Specs/bare.feature" "$unbuilt/unbuilt.feature" \
    "$clone/Specs/clone.feature"
