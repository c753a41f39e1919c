#!/usr/bin/env python3
"""Writes the hostile Lottie seeds of Fuzz/Corpus/lottie: small files whose cost once grew with
how they were written (precompositions that fan out, repeaters inside repeaters, chains of track
mattes behind parented 3D layers, long texts, many layers), and the archive forms (.lottie, .tgs)
with an image named by many assets. Each must now end quickly with an error or a frame; the
fuzzer starts from them. Run from the repository's root: python3 scripts/lottie-fuzz-seeds.py"""
import gzip
import io
import json
import struct
import zipfile
import zlib

OUT = "Fuzz/Corpus/lottie/"


def layer(ty, ind, **more):
    base = {"ty": ty, "ind": ind, "ip": 0, "op": 60, "st": 0, "ks": {}}
    base.update(more)
    return base


def doc(layers, assets=(), **more):
    d = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": layers, "assets": list(assets)}
    d.update(more)
    return d


def rect_shapes():
    return [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
            {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]


def write(name, value):
    with open(OUT + name, "w") as f:
        json.dump(value, f, separators=(",", ":"))


def fan_out():
    # Asset "a" holds four precomposition layers pointing back at "b", which points at "a":
    # each level multiplies the layers by four.
    a = {"id": "a", "layers": [layer(0, i + 1, refId="b", w=100, h=100) for i in range(4)]}
    b = {"id": "b", "layers": [layer(0, i + 1, refId="a", w=100, h=100) for i in range(4)]}
    write("hostile-fan-out.json", doc([layer(0, 1, refId="a", w=100, h=100)], [a, b]))


def nested_repeaters():
    shapes = rect_shapes()
    for _ in range(3):
        shapes = [{"ty": "gr", "it": shapes + [{"ty": "rp", "c": {"a": 0, "k": 1000}, "o": {"a": 0, "k": 0}}]}]
    write("hostile-nested-repeaters.json", doc([layer(4, 1, shapes=shapes)]))


def matte_chain():
    # 16 precompositions, each the track matte of a layer in its parent, behind parented 3D nulls.
    assets = []
    for depth in range(16):
        inner = [layer(0, 1, refId=f"p{depth + 1}", w=100, h=100, td=1) if depth < 15 else layer(4, 1, shapes=rect_shapes(), td=1),
                 layer(4, 2, shapes=rect_shapes(), tt=1)]
        nulls = [layer(3, 10 + n, ddd=1, parent=(10 + n - 1) if n else None) for n in range(20)]
        for n in nulls:
            if n["parent"] is None:
                del n["parent"]
        inner[1]["parent"] = 29
        assets.append({"id": f"p{depth}", "layers": inner + nulls})
    write("hostile-matte-chain.json", doc([layer(0, 1, refId="p0", w=100, h=100)], assets))


def long_text():
    text = ("שלום مرحبا 👩‍👩‍👧‍👦 e\u0301\u0302\u0303 " * 400)
    fonts = {"list": [{"fName": "Sans", "fFamily": "Sans", "fStyle": "Regular", "ascent": 75}]}
    t = {"d": {"k": [{"t": 0, "s": {"t": text, "s": 12, "f": "Sans", "fc": [0, 0, 0], "j": 0}}]}}
    write("hostile-long-text.json", doc([layer(5, 1, t=t)], fonts=fonts))


def many_layers():
    write("hostile-many-layers.json", doc([layer(3, i + 1) for i in range(5000)]))


def png(width, height):
    raw = b"".join(b"\x00" + b"\xff\x00\x00\xff" * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def archives():
    # One image named by 50 assets, each drawn by an image layer.
    assets = [{"id": f"i{n}", "w": 4, "h": 4, "u": "/i/", "p": "shared.png", "e": 0} for n in range(50)]
    animation = doc([layer(2, n + 1, refId=f"i{n}") for n in range(50)], assets)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps({"version": "2", "animations": [{"id": "a"}]}))
        z.writestr("a/a.json", json.dumps(animation, separators=(",", ":")))
        z.writestr("i/shared.png", png(4, 4))
    with open(OUT + "hostile-shared-image.lottie", "wb") as f:
        f.write(buffer.getvalue())
    sticker = doc([layer(4, 1, shapes=rect_shapes())], tgs=1)
    with open(OUT + "sticker.tgs", "wb") as f:
        f.write(gzip.compress(json.dumps(sticker, separators=(",", ":")).encode(), mtime=0))


for make in (fan_out, nested_repeaters, matte_chain, long_text, many_layers, archives):
    make()
