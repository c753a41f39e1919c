#!/usr/bin/env bash
# Shows that scripts/check-docs.py can fail: in a small repository of its own (git init in a
# temporary folder), a document names missing paths and the module map leaves out a target; the
# check must fail with exactly those lines, then pass once the document and the map are fixed.
# Also checks what must NOT fail: illustrative names, DocC symbol links, a test target left out
# of the map. Run by `make test` before the build; it takes well under a second.
set -euo pipefail
checker="$(cd "$(dirname "$0")" && pwd)/check-docs.py"
repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
cd "$repo"
git init -q .
mkdir -p Sources/Alpha Sources/Beta/Parts Sources/CThing docs
touch Sources/Alpha/Present.swift Sources/Beta/Parts/Piece.swift Sources/CThing/module.modulemap

cat >Package.swift <<'EOF'
let package = Package(
    name: "Fake",
    targets: [
        .target(name: "Alpha"),
        .target(
            name: "Beta", dependencies: ["Alpha"]),
        .systemLibrary(name: "CThing", pkgConfig: "thing"),
        .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
    ]
)
EOF

cat >docs/architecture.md <<'EOF'
# Architecture

## Modules

```
Alpha ---> CThing
```

## Reading

Start at `Sources/Alpha/Present.swift`, then `Sources/Alpha/Missing.swift`.
The pieces: `Parts/Piece.swift`, `Piece.swift`, `Sources/Beta/Parts/Pi*.swift`, then `Gone.swift`.
Folders: `Sources/Beta/`, `Parts/`, `Sources/Gamma/`, `Lost/`.
Not paths: ``Alpha/thing``, `out/film.gif`, `Tests/<Module>Tests/`, `slide.json`, `make test`.
See [the guide](guide.md) and [the parts](../Sources/Beta/Parts/Piece.swift).

```
kinema render Sources/Alpha/Present.swift -o out/a.png
kinema render Sources/Alpha/Absent.json -o out/b.png
```
EOF
git add -A

expected='docs/architecture.md:11: `Sources/Alpha/Missing.swift` does not exist
docs/architecture.md:12: no file named `Gone.swift`
docs/architecture.md:13: `Sources/Gamma/` does not exist
docs/architecture.md:13: no folder `Lost/` in the repository
docs/architecture.md:15: link `guide.md` does not resolve (from docs)
docs/architecture.md:19: `Sources/Alpha/Absent.json` does not exist
docs/architecture.md:5: the module map does not name target `Beta` of Package.swift'

fail() { printf 'test-check-docs: %s\n' "$1" >&2; exit 1; }

status=0
output=$(python3 "$checker" 2>/dev/null) || status=$?
[ "$status" = 1 ] || fail "expected exit 1 on the broken repository, got $status"
[ "$(printf '%s\n' "$output" | sort)" = "$(printf '%s\n' "$expected" | sort)" ] ||
    fail "$(printf 'wrong problems; expected:\n%s\ngot:\n%s' "$expected" "$output")"

# Fixed: the files exist (one untracked, as a file about to be added), the map names Beta.
touch Sources/Alpha/Missing.swift Sources/Alpha/Absent.json docs/guide.md
mkdir -p Sources/Gamma/Lost && touch Sources/Gamma/Lost/Gone.swift
git add Sources/Alpha docs/guide.md
sed -i 's/^Alpha ---> CThing$/Alpha ---> CThing\nBeta ----> Alpha/' docs/architecture.md
output=$(python3 "$checker" 2>&1) || fail "$(printf 'expected a pass once fixed, got:\n%s' "$output")"

# A file deleted from the working tree but still in git's index is missing too (the map line
# added above moved the text down one line).
rm Sources/Beta/Parts/Piece.swift
status=0
output=$(python3 "$checker" 2>/dev/null) || status=$?
[ "$status" = 1 ] && printf '%s\n' "$output" | grep -q -F 'docs/architecture.md:13: no file ends in `Parts/Piece.swift`' ||
    fail "$(printf 'expected a deleted file to be reported, got (exit %s):\n%s' "$status" "$output")"

echo "test-check-docs: the check fails on missing paths and an incomplete module map, and passes once fixed."
