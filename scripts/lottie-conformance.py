#!/usr/bin/env python3
"""Kinema's Lottie frames beside rlottie's: `make lottie-conformance` (not part of `make test`).

For every Lottie JSON file of Tests/KinemaLottieTests/Corpus/ (and of any folder or file given
as an argument), five frames -- the in point, a quarter, half and three quarters of the way, and
the last frame (op - 1) -- are rendered by rlottie (the rlottie-python package, which bundles
its own librlottie) and by `kinema render FILE -o F.png --frame N`, both at one pixel per
composition pixel. Both images are composited over white and compared:

  mean  -- the mean absolute difference of the R, G and B channels over every pixel (0-255);
  >16   -- the share of pixels differing by more than 16 levels in some channel;
  verdict -- "same" when mean < 1.0 and >16 < 1 %: only antialiased edges and flat colours
             differ by a level or two (on the corpus's 200 x 200 frames that alone gives means
             of 0.05-0.8 and up to 0.5 % of pixels); "close" when mean < 3 and >16 < 4 %: the
             same drawing with edges off by a fraction of a pixel along whole outlines; "differs"
             otherwise, which needs a look at the images.

Side-by-side images (rlottie | Kinema | difference: red where a pixel differs by more than 16,
pale where it differs at all) go to .build-lottie-venv/report/, with summary.txt holding the
table. Usage: lottie-conformance.py [--kinema PATH] [--report DIR] [FOLDER_OR_FILE ...]

Where Kinema follows lottie-ios and Core Animation rather than rlottie (expected differences;
file names are those of the public lottie-ios and rlottie sources):

* In and out points. Kinema, like lottie-ios (VisibilityAnimation.swift) and lottie-web, draws a
  layer for frames ip <= F < op; rlottie also draws it at F = op (its `visible` test in
  lottieitem.cpp is inclusive) and rounds ip and op to whole frames (lround in
  lottieparser.cpp). A layer ending at op = N therefore still shows in rlottie's frame N.
* Time. rlottie renders whole frames only, and precomposition stretch as int(F / sr); Kinema's
  times are continuous (frames here are whole, so only stretched precompositions differ).
* Masks. lottie-ios's Core Animation engine ignores mask opacity and expansion, and so does
  Kinema (`kinema validate` reports them); rlottie applies mask opacity. rlottie ignores the
  lighten and darken modes and draws difference as XOR; lottie-ios draws lighten as add, and
  darken and difference as intersect, as Kinema does.
* Mattes. rlottie draws luma mattes; lottie-ios and Kinema draw the layer unmatted (reported).
* Trim paths. lottie-ios trims each path on its own even for "m": 2 (simultaneously vs
  individually), never trims fills, and wraps offsets past 100 %; rlottie trims the
  concatenation for m 2 and trims fills.
* Shape scope. lottie-ios closes a render group at each fill, so a fill covers only the paths
  since the previous fill, and a stroke also strokes the paths after it up to the next fill
  (ShapeLayer.swift); Kinema follows it (LottieShapeBuilder.swift). The Lottie format has a style paint
  every path listed before it in its group; layouts where the two rules differ may differ here.
* Group opacity. A group's transform opacity fades the group as one layer (Core Animation group
  opacity) in lottie-ios and Kinema; rlottie multiplies it into each item, so overlapping items
  of a translucent group differ where they overlap.
* Polystars. lottie-ios rounds star corners with 0.47829 x radius x roundness and draws a
  fractional point count as a partial point; lottie-web floors it and uses 2 pi R / 4n.
* Not drawn by lottie-ios or Kinema: repeater opacity and offset, merge paths, radial gradient
  highlights, auto-orient, layer skew, text glyph outlines, effects (rlottie draws several of
  these); rlottie draws no text layers at all.
* Antialiasing and colour. rlottie has its own scanline rasteriser; Kinema draws with cairo and
  composites with pixman, so edge pixels differ by a few levels, and curves are flattened
  differently. rlottie truncates colours to 8 bits (0.9 -> 229; cairo gives 230) and draws some
  opaque layers at alpha 254, so flat areas differ by one or two levels.

Where rlottie itself is off (not Kinema's to follow):

* rlottie rotates a polystar by twice its `r` (renderer::Polystar::updatePath in lottieitem.cpp
  applies `rotate(rotation)` twice), so a turning star is ahead of every other player.
* rlottie's dashes along curves come out about 5 % short: on the corpus's 120-pixel circle a
  14 / 8 pattern repeats every 20.9 pixels instead of 22, so the dashes drift out of phase
  around the circle (on straight lines the two agree).
* rlottie's parser reads a shape item's other keys only after its "ty" (and a layer's masks
  only with "hasMask": true). Bodymovin writes them so, and so do the corpus files; a
  hand-written file with "ty" last loses its group transforms in rlottie.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw
from rlottie_python import LottieAnimation

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Tests" / "KinemaLottieTests" / "Corpus"
THRESHOLD = 16  # levels, 0-255: a pixel "differs" beyond this in some channel
SAME = (1.0, 0.01)  # mean difference, share of pixels > THRESHOLD
CLOSE = (3.0, 0.04)


def lottie_files(arguments: list[str]) -> list[Path]:
    files = sorted(CORPUS.glob("*.json"))
    for argument in arguments:
        path = Path(argument)
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    return files


def frames_of(document: dict) -> list[int]:
    """The in point, a quarter, half and three quarters of the way, and the last frame."""
    first, last = int(round(document["ip"])), int(np.ceil(document["op"])) - 1
    return sorted({first + int(round(k * (last - first))) for k in (0, 0.25, 0.5, 0.75, 1)})


def over_white(rgba: np.ndarray, premultiplied: bool) -> np.ndarray:
    """RGBA (H x W x 4, uint8) composited over white, as float RGB."""
    rgb, alpha = rgba[..., :3].astype(np.float64), rgba[..., 3:4].astype(np.float64) / 255
    if not premultiplied:
        rgb = rgb * alpha
    return rgb + 255 * (1 - alpha)


def rlottie_frame(animation: LottieAnimation, document: dict, frame: int) -> np.ndarray:
    # rlottie counts frames from the in point and draws premultiplied BGRA.
    width, height = int(document["w"]), int(document["h"])
    buffer = animation.lottie_animation_render(frame_num=frame - int(round(document["ip"])), width=width, height=height)
    bgra = np.frombuffer(buffer, dtype=np.uint8).reshape(height, width, 4)
    return over_white(bgra[..., [2, 1, 0, 3]], premultiplied=True)


class KinemaFailed(Exception):
    pass


def kinema_frame(kinema: Path, path: Path, frame: int, scratch: Path) -> np.ndarray:
    out = scratch / "kinema.png"
    command = [str(kinema), "render", str(path), "-o", str(out), "--frame", str(frame), "--quiet"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise KinemaFailed((result.stderr.strip() or f"exit status {result.returncode}").splitlines()[0])
    # PNG stores straight (un-premultiplied) alpha.
    return over_white(np.asarray(Image.open(out).convert("RGBA")), premultiplied=False)


def verdict(mean: float, share: float) -> str:
    if mean < SAME[0] and share < SAME[1]:
        return "same"
    if mean < CLOSE[0] and share < CLOSE[1]:
        return "close"
    return "differs"


def side_by_side(reference: np.ndarray, kinema: np.ndarray, largest: np.ndarray, title: str) -> Image.Image:
    height, width = largest.shape
    diff = np.full((height, width, 3), 255.0)
    faint = 255 - (255 - kinema) * 0.15  # Kinema's frame, faded, for context
    diff[:] = faint
    diff[largest > 0] = [255, 215, 215]
    diff[largest > THRESHOLD] = [220, 0, 0]
    gap, label = 8, 16
    sheet = Image.new("RGB", (3 * width + 2 * gap, height + label), (128, 128, 128))
    for n, image in enumerate((reference, kinema, diff)):
        sheet.paste(Image.fromarray(np.clip(image + 0.5, 0, 255).astype(np.uint8)), (n * (width + gap), label))
    draw = ImageDraw.Draw(sheet)
    for n, text in enumerate((f"rlottie  {title}", "Kinema", "difference (red: > 16)")):
        draw.text((n * (width + gap) + 2, 2), text, fill=(255, 255, 255))
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description="Compare Kinema's Lottie frames with rlottie's.")
    parser.add_argument("paths", nargs="*", help="more Lottie JSON files, or folders of them")
    parser.add_argument("--kinema", default=str(ROOT / ".build" / "debug" / "kinema"))
    parser.add_argument("--report", default=str(ROOT / ".build-lottie-venv" / "report"))
    arguments = parser.parse_args()
    kinema, report = Path(arguments.kinema), Path(arguments.report)
    report.mkdir(parents=True, exist_ok=True)

    from importlib.metadata import version

    lines = [f"rlottie-python {version('rlottie-python')}; kinema {kinema}", ""]
    lines.append(f"{'file':<22} {'frame':>5} {'mean':>6} {'>16':>7}  verdict")
    print("\n".join(lines), flush=True)
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for path in lottie_files(arguments.paths):
            document = json.loads(path.read_text())
            animation = LottieAnimation.from_file(str(path))
            for frame in frames_of(document):
                reference = rlottie_frame(animation, document, frame)
                try:
                    ours = kinema_frame(kinema, path, frame, Path(scratch))
                except KinemaFailed as failure:
                    ours = None
                    line = f"{path.stem:<22} {frame:>5}   kinema failed: {failure}"
                    counts["failed"] = counts.get("failed", 0) + 1
                if ours is None:
                    pass
                elif ours.shape != reference.shape:
                    line = f"{path.stem:<22} {frame:>5}   size {ours.shape[1]}x{ours.shape[0]} vs {reference.shape[1]}x{reference.shape[0]}"
                    counts["differs"] = counts.get("differs", 0) + 1
                else:
                    largest = np.abs(ours - reference).max(axis=2).round()
                    mean = float(np.abs(ours - reference).mean())
                    share = float((largest > THRESHOLD).mean())
                    v = verdict(mean, share)
                    counts[v] = counts.get(v, 0) + 1
                    line = f"{path.stem:<22} {frame:>5} {mean:>6.2f} {100 * share:>6.2f}%  {v}"
                    side_by_side(reference, ours, largest, f"{path.stem} f{frame}").save(report / f"{path.stem}-f{frame:02d}.png")
                print(line, flush=True)
                lines.append(line)
    summary = ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
    lines += ["", f"{sum(counts.values())} frames: {summary}"]
    print(lines[-1])
    (report / "summary.txt").write_text("\n".join(lines) + "\n")
    print(f"images and summary.txt in {report}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
