#!/usr/bin/env bash
# Fails (exit 1) when a tracked file refers to a document that is not in the repository: the
# design notes and source posts Kinema was written from lived outside it (`spec/*.md`,
# `../shared/…`, `seeds/…`, files named like `002_f679f38078f6a9e0.md`, "spec § 3.4",
# "seed 004"). The repository must explain itself: state the fact, cite the public source (an
# Apple page, a WWDC session, a repository and file), or point to a page under docs/.
# Prints every offending line as `path:line: text`. Run by `make lint` and `make test`; it only
# greps, so it takes well under a second.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
# Byte-wise matching: several times faster than a UTF-8 locale, and `§` is matched as its bytes.
export LC_ALL=C

self=scripts/check-references.sh
# POSIX extended regular expressions; `[^A-Za-z0-9_-]` before a word keeps "lottie-spec",
# "specification", "DynamicsSpec" and URLs that merely contain the letters from matching.
patterns=(
    'spec/[A-Za-z0-9_-]+\.md'                                  # spec/core-animation.md
    '(^|[^A-Za-z0-9_./:-])(\.\./)*shared/'                     # ../shared/…
    '(^|[^A-Za-z0-9_./:-])seeds/'                              # seeds/002_….md
    '_[0-9a-f]{16}\.md'                                        # a seed's file name
    "(^|[^A-Za-z0-9_-])[Ss]pec('s| §| tests?([^A-Za-z0-9_]|$)| tables?([^A-Za-z0-9_]|$)| rows?([^A-Za-z0-9_]|$))"
    '(^|[^A-Za-z0-9_-])Spec:'                                  # "Spec: 500 pt"
    '(^|[^A-Za-z0-9_-])([Tt]he|[Rr]endering|[Dd]ynamics|[Pp]opover|[Tt]ransitions) spec([^A-Za-z0-9_-]|$)'
    '(^|[^A-Za-z0-9_])[Ss]eeds? 0[0-9][0-9]([^0-9]|$)'          # "seed 004"
)
# A section sign points into a sectioned document; only the repository's own Markdown may be
# cited that way ("docs/rendering-notes.md § …").
section='§'
in_repo_doc='(docs/[A-Za-z0-9_-]+\.md|\.docc/[A-Za-z0-9_-]+\.md)'
# Lines that match a pattern but are not references.
allowed='"text": "Seed 004"'   # the collapse demo's card title, drawn in its frames

found=$(
    {
        args=()
        for p in "${patterns[@]}"; do args+=(-e "$p"); done
        git grep -I -n -E "${args[@]}" -- . ":(exclude)$self" || true
        git grep -I -n -F -e "$section" -- . ":(exclude)$self" | grep -v -E "$in_repo_doc" || true
    } | grep -v -F -e "$allowed" | sort -t: -k1,1 -k2,2n -u || true
)

if [ -n "$found" ]; then
    printf '%s\n' "$found"
    count=$(printf '%s\n' "$found" | wc -l)
    printf '\ncheck-references: %s line(s) refer to documents outside the repository.\n' "$count" >&2
    printf 'State the fact, cite its public source, or point to a page under docs/ instead.\n' >&2
    exit 1
fi
echo "check-references: no references outside the repository."
