#!/usr/bin/env bash
# Proves that the feed's specs catch defects. Each mutant changes one line of the feed's source the way a real
# mistake would; the specs run (`swift test --filter FeedSpecsTests.FeedSpecsTests`, every scenario against every
# store), the failing scenarios are listed once each with their step and message, and the file is put back as it
# was. The specs first run without any mutant, which also builds the tests once: each mutant then rebuilds only
# what its change touches.
#
# Fails (exit 1) when the specs fail without a mutant, when a mutant's line is no longer in its file exactly once
# (the mutant must be updated with the code), when a mutant does not build, or when no scenario catches one.
#
#   .ci/feed-mutants.sh                     # every mutant
#   .ci/feed-mutants.sh boundary photos-small-image   # some of them, by name (see the list below)
set -euo pipefail
cd "$(dirname "$0")/.."

names=()
declare -A FILE FROM TO WHAT
# mutant NAME FILE FROM TO WHAT: in FILE, the one line holding FROM gets TO in its place; WHAT is the defect.
mutant() {
    names+=("$1")
    FILE[$1]=$2 FROM[$1]=$3 TO[$1]=$4 WHAT[$1]=$5
}

mutant boundary Sources/Feed/FeedCache/FeedCachePolicy.swift \
    'return date < expiry' 'return date <= expiry' \
    'a feed saved exactly seven days ago still counts as fresh'
mutant no-cache-replace Sources/FeedApp/FeedLoaderCacheDecorator.swift \
    'try await cache.save(feed)' '_ = cache' \
    'a feed loaded from the server is not saved'
mutant accepts-201 Sources/Feed/FeedAPI/PayloadDecoding.swift \
    'guard response.statusCode == ok else {' 'guard response.statusCode == ok || response.statusCode == 201 else {' \
    'an answer with status 201 is read as a feed'
mutant keeps-expired Sources/Feed/FeedCache/LocalFeedLoader.swift \
    'isUsable = policy.isFresh(savedAt: cache.timestamp, at: currentDate())' 'isUsable = true' \
    'validation keeps an expired cache'
mutant load-deletes-expired Sources/Feed/FeedCache/LocalFeedLoader.swift \
    'guard let cache, policy.isFresh(savedAt: cache.timestamp, at: currentDate()) else { return [] }' \
    'guard let cache, policy.isFresh(savedAt: cache.timestamp, at: currentDate()) else { try? await store.deleteCachedFeed(); return [] }' \
    'loading an expired cache deletes it (loading must never change the cache)'
mutant background-skips-validation Sources/FeedApp/FeedApp.swift \
    'try? await validateCache()' '_ = self' \
    'the app does not validate the cache when it enters the background'
mutant empty-cache-shown Sources/FeedApp/FeedApp.swift \
    'fallback: NonEmptyFeedLoader(local))' 'fallback: local)' \
    'offline with an empty cache, the app shows an empty feed instead of the error message'
mutant connectivity-as-invalid-data Sources/Feed/FeedAPI/RemoteFeedLoader.swift \
    'throw Error.connectivity' 'throw Error.invalidData' \
    'no answer from the server is reported as invalid data'
mutant photos-small-image Sources/Feed/FeedFeature/Photo.swift \
    'url: urls.regular,' 'url: urls.small,' \
    'the photo list shows the small image instead of the regular one'

selected=("$@")
[ ${#selected[@]} -gt 0 ] || selected=("${names[@]}")
for name in "${selected[@]}"; do
    [ -n "${FILE[$name]:-}" ] || { echo "unknown mutant '$name' (known: ${names[*]})" >&2; exit 2; }
done

backup=$(mktemp -d)
log=$(mktemp)
mutated=""
restore() {
    [ -z "$mutated" ] || cp "$backup/original" "$mutated"
    rm -rf "$backup" "$log"
}
trap restore EXIT

specs() { swift test --filter 'FeedSpecsTests\.FeedSpecsTests' >"$log" 2>&1; }
# Whether Swift Testing ran the specs to the end (a build failure never gets there).
ran() { grep -qE 'Test run with [0-9]+ tests? ' "$log"; }

echo "== without a mutant"
if ! specs; then
    tail -40 "$log"
    echo "the specs fail without a mutant: fix them first" >&2
    exit 1
fi
cases=$(grep -oE 'with [0-9]+ test cases' "$log" | grep -oE '[0-9]+' | head -1)
echo "   ${cases:-?} cases pass"

failed=()
for name in "${selected[@]}"; do
    file=${FILE[$name]}
    found=$(grep -cF -- "${FROM[$name]}" "$file" || true)
    if [ "$found" != 1 ]; then
        echo "mutant $name: '${FROM[$name]}' is in $file $found times, not once: update the mutant" >&2
        exit 1
    fi
    cp "$file" "$backup/original"
    mutated=$file
    python3 - "$file" "${FROM[$name]}" "${TO[$name]}" <<'PY'
import sys
path, old, new = sys.argv[1:]
with open(path, encoding="utf-8") as handle:
    text = handle.read()
with open(path, "w", encoding="utf-8") as handle:
    handle.write(text.replace(old, new, 1))
PY
    echo "== mutant $name: ${WHAT[$name]}"
    echo "   $file: ${TO[$name]}"
    specs || true
    cp "$backup/original" "$file"
    mutated=""
    if ! ran; then
        grep -E 'error:' "$log" | head -10 | sed 's/^/   /'
        echo "   DOES NOT BUILD"
        failed+=("$name")
        continue
    fi
    # Each failing scenario once (the stores agree), with its step and message.
    failing=$(awk '/recorded an issue/ {
            line = $0; sub(/.*argument spec → /, "", line); sub(/ \[(memory|file|sqlite)\] at /, " at ", line)
            getline step; getline message
            if (!(line in seen)) { seen[line] = 1; print line; print "  " step; print "  " message }
        }' "$log")
    if [ -z "$failing" ]; then
        echo "   NOT CAUGHT: every scenario passed"
        failed+=("$name")
    else
        echo "$failing" | sed 's/^/   /'
        echo "   caught: $(grep -c 'recorded an issue' "$log") of ${cases:-?} cases fail"
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "mutants not caught or not built: ${failed[*]}" >&2
    exit 1
fi
echo "every mutant caught (${#selected[@]})"
