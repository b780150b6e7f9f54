# Sourced by the editor checks: they edit buffers as a person does and must never save this repository's files.
# `untouched` fails the check when Sources/ or Specs/ changed on disk since this file was sourced.
before=$(git status --porcelain -- Sources Specs 2>/dev/null || true)
untouched() {
    if [ "$(git status --porcelain -- Sources Specs 2>/dev/null || true)" != "$before" ]; then
        echo "FAIL the check changed this repository's Sources or Specs on disk" >&2
        exit 1
    fi
}
