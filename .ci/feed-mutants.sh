#!/usr/bin/env bash
# Checks that the feed's specs catch four defects: each mutant is applied to the source tree, the specs run
# (`swift test --filter FeedSpecsTests.FeedSpecsTests`), the failing scenarios and their messages are listed,
# and the file is restored. A mutant that no scenario catches makes the script fail.
#
#   .ci/feed-mutants.sh            # all four
#   .ci/feed-mutants.sh boundary   # one: boundary | no-cache-replace | accepts-201 | keeps-expired
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A FILE FROM TO
FILE[boundary]=Sources/Feed/FeedCache/FeedCachePolicy.swift
FROM[boundary]='return date < expiry'
TO[boundary]='return date <= expiry'
FILE[no-cache-replace]=Sources/FeedApp/FeedLoaderCacheDecorator.swift
FROM[no-cache-replace]='try? await cache.save(feed)'
TO[no-cache-replace]='_ = cache'
FILE[accepts-201]=Sources/Feed/FeedAPI/PayloadDecoding.swift
FROM[accepts-201]='guard response.statusCode == ok else {'
TO[accepts-201]='guard response.statusCode == ok || response.statusCode == 201 else {'
FILE[keeps-expired]=Sources/Feed/FeedCache/LocalFeedLoader.swift
FROM[keeps-expired]='isUsable = policy.isFresh(savedAt: cache.timestamp, at: currentDate())'
TO[keeps-expired]='isUsable = true'

mutants=("$@")
[ ${#mutants[@]} -gt 0 ] || mutants=(boundary no-cache-replace accepts-201 keeps-expired)

restore() { for m in "${mutants[@]}"; do git checkout -q -- "${FILE[$m]}" 2>/dev/null || true; done; }
trap restore EXIT

uncaught=()
for mutant in "${mutants[@]}"; do
    file=${FILE[$mutant]:?unknown mutant $mutant}
    grep -qF "${FROM[$mutant]}" "$file" || { echo "mutant $mutant: '${FROM[$mutant]}' not found in $file" >&2; exit 2; }
    python3 - "$file" "${FROM[$mutant]}" "${TO[$mutant]}" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
open(path, "w").write(text.replace(old, new, 1))
PY
    echo "== mutant $mutant ($file: ${TO[$mutant]})"
    log=$(mktemp)
    swift test --filter 'FeedSpecsTests\.FeedSpecsTests' >"$log" 2>&1 || true
    git checkout -q -- "$file"
    # Each failing case once per scenario (the stores agree), with its step and message.
    failing=$(awk '/recorded an issue/ {
            line = $0; sub(/.*argument spec → /, "", line); sub(/ \[(memory|file|sqlite)\] at /, " at ", line)
            getline step; getline message
            key = line; if (!(key in seen)) { seen[key] = 1; print line; print "  " step; print "  " message }
        }' "$log")
    if [ -z "$failing" ]; then
        echo "   NOT CAUGHT: every scenario passed"
        uncaught+=("$mutant")
    else
        echo "$failing" | sed 's/^/   /'
        echo "   $(grep -cE 'recorded an issue' "$log") failing case(s)"
    fi
    rm -f "$log"
done
[ ${#uncaught[@]} -eq 0 ] || { echo "uncaught mutants: ${uncaught[*]}" >&2; exit 1; }
