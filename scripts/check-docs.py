#!/usr/bin/env python3
"""Fails (exit 1) when the documentation has drifted from the code it describes.

Two checks, over README.md, docs/*.md and the DocC articles (Sources/*/*.docc/*.md):

1. Every repository path the text names exists. Inside `code spans` (outside fenced blocks), a
   span written only with path characters is a path when it:
   - starts with a top-level folder (Sources/, Tests/, docs/, scripts/, ...): the whole path
     must exist (a file, or a folder when it ends in `/`);
   - ends in a source or document extension (.swift, .md, .sh, .json, .c, .h, .py, .png, ...)
     with folders before it (`Damage/RetainedFrame.swift`): some tracked file must end in
     that path, since such paths are relative to a folder named just before;
   - is a bare file name with such an extension (`Window+Touches.swift`): some tracked file
     must have that name;
   - is a relative folder (`ScrollViews/`): some tracked file must sit under such a folder.
   In fenced blocks (commands), a word starting with a top-level folder must exist.
   Relative Markdown links (`[text](../Benchmarks/README.md)`) must resolve from the file's
   folder (a DocC catalog's images from the catalog).
   A `*` stands for part of one name (`Compositing/Compositor*.swift`): some file must match.
   Not paths: spans with spaces (commands, messages), placeholders (`<Module>`, `TARGET`,
   `{a,b}`), DocC symbol links (``Layer/frame``: no extension, double backticks), suffixes (`.tgs`, `@2x.png`), files a command writes (under `out/`, `.build*/`,
   `Fuzz/findings/`), and the names in NOT_PATHS below: other projects' files cited as sources,
   and a reader's own files in examples.
2. The module map in docs/architecture.md (the first fenced block under "## Modules") names
   every target of Package.swift: each `.target`, `.executableTarget` and `.systemLibrary`.
   Test targets (`.testTarget`) are left out: the map shows what the library is made of, and
   each test target sits in Tests/ beside the module it tests. Only this direction is checked:
   a map may name more (a target about to be added).

Every problem is printed as `path:line: message`. To fix one: correct the path in the document
(the file moved or was renamed: name where it is now), or draw the new target into the map. If
a name is not a path of this repository (another project's file, a reader's example file), add
it to NOT_PATHS with the reason. Run by `make lint` and `make test` (the check-references
target); it reads only git's file list and the documents, so it takes well under a second.
scripts/test-check-docs.sh shows it failing on a small repository of its own.
"""

import os
import re
import subprocess
import sys

# Top-level folders: a span starting with one names a path from the repository root.
TOP_FOLDERS = ("Sources", "Tests", "docs", "scripts", "Benchmarks", "Examples", "Fuzz", "deploy", ".ci")
# Extensions that make a span a file name.
EXTENSIONS = (".swift", ".md", ".sh", ".json", ".c", ".h", ".py", ".png", ".txt", ".yaml", ".sbatch", ".modulemap")
# Folders whose contents are written by commands (never tracked): paths under them are examples.
GENERATED = re.compile(r"^(out|\.build[^/]*|Fuzz/findings)(/|$)")
# Spans that look like paths of this repository but are not.
NOT_PATHS = {
    # Other projects' files, cited as the sources of expected values and ports.
    "CALayer.h", "CAMediaTiming.h", "CATransaction.h",  # Apple's QuartzCore headers
    "scripts/run-apple-tests.py",  # gnustep/libs-quartzcore's
    "Source/WebCore/platform/graphics/UnitBezier.h", "Source/WebCore/platform/graphics/SpringSolver.h",  # WebKit's
    "CAAnimation+TimingConfiguration.swift",  # airbnb/lottie-ios's
    "Spring+DurationBounce.swift",  # OpenSwiftUI's
    "Source/PopTip.swift", "PopTip+Transitions.swift", "PopTip+Draw.swift",  # andreamazz/AMPopTip's
    "pixman-bits-image.c",  # pixman's
    # A reader's own files in examples (README's scene file, docs/scaling.md's render outputs).
    "slide.json", "film.png", "film-0120.png",
}
PATH_SPAN = re.compile(r"^[A-Za-z0-9_.@+*-]+(/[A-Za-z0-9_.@+*-]+)*/?$")
# A placeholder in capitals (`Fuzz/findings/TARGET/`, `OUT-0000.png`) marks an example, not a file.
PLACEHOLDER = re.compile(r"(^|[/._-])(NAME|OUT|STEM|TARGET)([/._-]|$)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# In a fenced block (commands, examples), a word starting with a top-level folder.
FENCED_PATH = re.compile(r"(?<![A-Za-z0-9_./-])((?:" + "|".join(re.escape(t) for t in TOP_FOLDERS) + r")/[^\s'\"`),;]*)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TARGET = re.compile(r"\.(target|executableTarget|systemLibrary|testTarget)\s*\(\s*name:\s*\"([^\"]+)\"")


def tracked_files():
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        check=True, capture_output=True).stdout.decode()
    return sorted(p for p in out.split("\0") if p and os.path.exists(p))


def documents(files):
    def wanted(p):
        parts = p.split("/")
        return (p == "README.md"
                or (len(parts) == 2 and parts[0] == "docs" and p.endswith(".md"))
                or (len(parts) == 4 and parts[0] == "Sources" and parts[2].endswith(".docc") and p.endswith(".md")))
    return [p for p in files if wanted(p)]


class Tree:
    def __init__(self, files):
        self.files = set(files)
        self.folders = {"/".join(f.split("/")[:i]) for f in files for i in range(1, f.count("/") + 1)}

    @staticmethod
    def _pattern(path, anywhere):
        """A regular expression for a path, its `*` within one name; `anywhere`: under any folder."""
        body = "[^/]*".join(re.escape(part) for part in path.split("*"))
        return re.compile(("(.*/)?" if anywhere else "") + body + "$")

    def has_file(self, path, anywhere=False):
        pattern = self._pattern(path, anywhere)
        return any(pattern.match(f) for f in self.files)

    def has_folder(self, path, anywhere=False):
        pattern = self._pattern(path, anywhere)
        return any(pattern.match(d) for d in self.folders)


def span_problem(span, tree):
    """Why a code span naming a path does not resolve, or None."""
    if span in NOT_PATHS or not PATH_SPAN.match(span) or GENERATED.match(span) or PLACEHOLDER.search(span):
        return None
    is_folder = span.endswith("/")
    bare = span.rstrip("/")
    if bare.split("/")[0] in TOP_FOLDERS:
        if tree.has_folder(bare) or (not is_folder and tree.has_file(bare)):
            return None
        return f"`{span}` does not exist"
    if is_folder:
        if "/" in bare or re.match(r"^[A-Z][A-Za-z0-9]+$", bare):
            return None if tree.has_folder(bare, anywhere=True) else f"no folder `{span}` in the repository"
        return None
    if not bare.endswith(EXTENSIONS) or not re.match(r"^[A-Za-z0-9]", bare.rsplit("/", 1)[-1]):
        return None
    if "/" in bare:
        return None if tree.has_file(bare, anywhere=True) else f"no file ends in `{span}`"
    return None if tree.has_file(bare, anywhere=True) else f"no file named `{span}`"


def link_problem(doc, target, tree):
    target = target.split("#", 1)[0]
    if not target or re.match(r"^[a-z]+:", target) or target.startswith("<"):
        return None
    here = os.path.dirname(doc)
    path = os.path.normpath(os.path.join(here, target))
    if path in tree.files or path in tree.folders:
        return None
    if ".docc" in here and "/" not in target and any(
            f.startswith(here + "/") and f.endswith("/" + target) for f in tree.files):
        return None  # a DocC catalog finds its images in any of its folders
    return f"link `{target}` does not resolve (from {here or '.'})"


def check_document(doc, tree):
    problems = []
    fenced = False
    with open(doc, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if fenced:
                for m in FENCED_PATH.finditer(line):
                    why = span_problem(m.group(1), tree)
                    if why:
                        problems.append(f"{doc}:{number}: {why}")
                continue
            for m in CODE_SPAN.finditer(line):
                if len(m.group(1)) == 1:  # double backticks: a DocC symbol link
                    why = span_problem(m.group(2).strip(), tree)
                    if why:
                        problems.append(f"{doc}:{number}: {why}")
            for m in LINK.finditer(CODE_SPAN.sub("", line)):
                why = link_problem(doc, m.group(1), tree)
                if why:
                    problems.append(f"{doc}:{number}: {why}")
    return problems


def check_module_map(files):
    arch, package = "docs/architecture.md", "Package.swift"
    if arch not in files or package not in files:
        return []
    with open(package, encoding="utf-8") as f:
        targets = [name for kind, name in TARGET.findall(f.read()) if kind != "testTarget"]
    with open(arch, encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next((i for i, l in enumerate(lines) if l.strip() == "## Modules"), None)
    if start is None:
        return [f"{arch}:1: no \"## Modules\" section with the module map"]
    block, opened_at = [], None
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            break
        if lines[i].lstrip().startswith("```"):
            if opened_at is not None:
                break
            opened_at = i + 1
            continue
        if opened_at is not None:
            block.append(lines[i])
    if opened_at is None:
        return [f"{arch}:{start + 1}: no fenced module map under \"## Modules\""]
    text = "\n".join(block)
    return [f"{arch}:{opened_at}: the module map does not name target `{t}` of {package}"
            for t in targets if not re.search(r"(?<![A-Za-z0-9_])" + re.escape(t) + r"(?![A-Za-z0-9_])", text)]


def main():
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True, text=True)
    os.chdir(top.stdout.strip())
    files = tracked_files()
    tree = Tree(files)
    problems = []
    for doc in documents(files):
        problems += check_document(doc, tree)
    problems += check_module_map(files)
    if problems:
        print("\n".join(problems))
        print(f"\ncheck-docs: {len(problems)} problem(s). Name each path where it is now (or add a name that is"
              " not a path of this repository to NOT_PATHS in scripts/check-docs.py, with the reason);"
              " draw every target of Package.swift into the module map of docs/architecture.md.", file=sys.stderr)
        return 1
    print("check-docs: every path the documents name exists; the module map names every target.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
