#!/bin/sh
# Runs behave on a corpus made by `feed-specs-bench generate` (either shape), with one catch-all no-op step, for
# comparison with `feed-specs-bench run --catch-all`. Usage: .ci/behave-bench/run.sh CORPUS_DIR   (needs
# `pip install behave`). The files are linked into behave's folder in a few `ln` calls (not one per file), so
# timing this script times behave, not the setup.
set -eu
corpus=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/features"
ln -s "$here/steps" "$work/features/steps"
find "$corpus" -maxdepth 1 -name '*.feature' -exec ln -s -t "$work/features" {} +
cd "$work"
/usr/bin/time -f "behave: %e s elapsed, %M KB peak" behave --format null --no-summary --no-snippets features \
    >/dev/null || true
