#!/usr/bin/env bash
# Opens HTML reports in headless Chromium as a product owner would: each page at a desktop width (1280 px) and a
# phone's (390 px), a screenshot of each, and no console message (a script error, or anything the page's
# content-security policy refused). A blank screenshot or a console message fails the check, naming the page.
#
#   .ci/html-report/check.sh OUT_DIR REPORT.html...
#
# Chromium is installed when missing (Debian's `chromium`). The checker itself is checked first: a page that logs a
# console error must fail it.
set -euo pipefail
out=${1:?usage: check.sh OUT_DIR REPORT.html...}
shift
[ "$#" -gt 0 ] || { echo "usage: check.sh OUT_DIR REPORT.html..." >&2; exit 2; }
mkdir -p "$out"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v chromium >/dev/null 2>&1; then
    as_root apt-get update -qq
    as_root apt-get install -y -qq chromium
fi

# open PAGE WIDTH HEIGHT PNG: screenshots PAGE; prints the console messages Chromium logged, if any.
open_page() {
    local page=$1 width=$2 height=$3 png=$4 log
    log=$(mktemp)
    rm -f "$png"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$(mktemp -d)" --enable-logging=stderr --v=0 --virtual-time-budget=3000 \
        --window-size="$width,$height" --screenshot="$png" "file://$(realpath "$page")" >/dev/null 2>"$log" || true
    grep -E 'CONSOLE|Uncaught|Refused to' "$log" || true
    rm -f "$log"
}

# The checker first: a page with a console error must be caught.
probe=$(mktemp -d)
printf '<!doctype html><html><body><p>probe</p><script>console.error("probe error")</script></body></html>\n' \
    > "$probe/probe.html"
if [ -z "$(open_page "$probe/probe.html" 400 300 "$probe/probe.png")" ]; then
    echo "html-report: Chromium logged no console message for a page that logs one: the check could not fail" >&2
    exit 1
fi
rm -rf "$probe"

failed=0
for page in "$@"; do
    # The page's folder names it too: every report is report.html.
    name=$(basename "$(dirname "$(realpath "$page")")")-$(basename "$page" .html)
    for size in 1280x900 390x844; do
        width=${size%x*}
        height=${size#*x}
        png="$out/$name-$width.png"
        messages=$(open_page "$page" "$width" "$height" "$png")
        if [ -n "$messages" ]; then
            echo "html-report: $page at $width px logged to the console:" >&2
            echo "$messages" >&2
            failed=1
        fi
        # A page that did not render leaves no screenshot, or a blank one (a few kilobytes of one colour).
        bytes=$(stat -c %s "$png" 2>/dev/null || echo 0)
        if [ "$bytes" -lt 20000 ]; then
            echo "html-report: $page at $width px: the screenshot $png is missing or blank ($bytes bytes)" >&2
            failed=1
        else
            echo "html-report: $page at $width px: $png ($bytes bytes), no console message"
        fi
    done
done
exit "$failed"
