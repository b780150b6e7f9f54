#!/bin/sh
# Runs behave on a corpus made by `feed-specs-bench generate`, with one catch-all no-op step, for comparison
# with `feed-specs-bench run`. Usage: .ci/behave-bench/run.sh CORPUS_DIR   (needs `pip install behave`)
set -eu
corpus=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/features"
ln -s "$here/steps" "$work/features/steps"
for file in "$corpus"/*.feature; do ln -s "$file" "$work/features/"; done
cd "$work"
/usr/bin/time -f "behave: %e s elapsed, %M KB peak" behave --format null --no-summary --no-snippets features \
    >/dev/null || true
