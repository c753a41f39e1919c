import KinemaGeometry
import KinemaJSON

extension LottieDecoder {
    func decodeShapes(_ node: LottieNode?, layer label: String) -> [LottieShapeItem] {
        guard let node else { return [] }
        guard let items = node.elements else {
            log.error(node.path, "expected a list of shape items, got \(LottieNode.describe(node.value))")
            return []
        }
        guard log.shapeItemsRead <= LottieLimits.maximumShapeItems else { return [] }
        log.shapeItemsRead += items.count
        guard log.shapeItemsRead <= LottieLimits.maximumShapeItems else {
            log.error(
                node.path,
                "the file has more than \(LottieLimits.maximumShapeItems) shape items (counting every layer's, group's and glyph's); the limit is LottieLimits.maximumShapeItems"
            )
            return []
        }
        // Hidden items (`hd`) are left out entirely, as every player does.
        return items.filter { $0["hd"]?.value != .bool(true) }.compactMap { decodeShape($0, layer: label) }
    }

    private func decodeShape(_ node: LottieNode, layer label: String) -> LottieShapeItem? {
        guard node.isObject else {
            log.error(node.path, "expected a shape item, got \(LottieNode.describe(node.value))")
            return nil
        }
        guard let type = node.string("ty") else {
            log.error(node.path.key("ty"), "missing; expected the shape item's type, a string such as \"gr\" or \"sh\"")
            return nil
        }
        // `d` is a shape's direction (3: reversed), but a stroke's dash list.
        var reversed: Bool {
            if case .number(let d)? = node["d"]?.value { return d == 3 }
            return false
        }
        switch type {
        case "gr":
            return decodeGroup(node, layer: label)
        case "tr":
            // Read by its group.
            return nil
        case "rc":
            guard let p = node.vector("p", fallback: [0, 0]), let s = node.vector("s", fallback: nil),
                let r = node.scalar("r", fallback: 0)
            else { return nil }
            return .rectangle(position: p, size: s, radius: r, reversed: reversed)
        case "el":
            guard let p = node.vector("p", fallback: [0, 0]), let s = node.vector("s", fallback: nil) else { return nil }
            return .ellipse(position: p, size: s, reversed: reversed)
        case "sr":
            return decodeStar(node, reversed: reversed)
        case "sh":
            guard let path = node.bezier("ks") else { return nil }
            return .path(path, reversed: reversed)
        case "fl":
            guard let c = color(node), let o = node.scalar("o", fallback: 100) else { return nil }
            return .fill(color: c, opacity: o, evenOdd: (node.optionalNumber("r") ?? 1) == 2)
        case "st":
            guard let c = color(node), let o = node.scalar("o", fallback: 100), let style = strokeStyle(node) else { return nil }
            return .stroke(color: c, opacity: o, style: style)
        case "tm":
            return decodeTrim(node)
        case "rp":
            return decodeRepeater(node)
        case "rd":
            guard let r = node.scalar("r", fallback: 0) else { return nil }
            return .roundedCorners(radius: r)
        case "gf", "gs":
            guard let gradient = gradient(node, label: label) else { return nil }
            if type == "gf" { return .gradientFill(gradient, evenOdd: (node.optionalNumber("r") ?? 1) == 2) }
            guard let style = strokeStyle(node) else { return nil }
            return .gradientStroke(gradient, style: style)
        default:
            let names = [
                "mm": "merge paths",
                "pb": "pucker and bloat", "zz": "zig zag", "tw": "twist", "op": "offset paths",
            ]
            log.unsupported(node.path, "layer\(label): \(names[type] ?? "shape items of type '\(type)'") are not supported yet")
            return .unsupported
        }
    }

    /// `tm`: start, end and offset; trimming each path on its own (`m` 2) is reported.
    private func decodeTrim(_ node: LottieNode) -> LottieShapeItem? {
        guard let s = node.scalar("s", fallback: 0), let e = node.scalar("e", fallback: 100), let o = node.scalar("o", fallback: 0)
        else { return nil }
        if (node.optionalNumber("m") ?? 1) == 2 {
            log.unsupported(node.path.key("m"), "trim paths 'individually' (m 2) trims each path on its own, as lottie-ios does")
        }
        return .trim(start: s, end: e, offset: o)
    }

    /// `gr`: the items, and the group's transform, its `tr` item (by convention the last).
    private func decodeGroup(_ node: LottieNode, layer label: String) -> LottieShapeItem {
        let items = decodeShapes(node["it"], layer: label)
        var transform = LottieTransform()
        if let tr = node["it"]?.elements?.last(where: { $0.string("ty") == "tr" }) {
            transform = decodeTransform(tr, isLayer: false)
        }
        return .group(name: node.string("nm") ?? "", items: items, transform: transform)
    }

    /// `sr`: a star, or a polygon (`sy` 2, which has no inner radius or roundness).
    private func decodeStar(_ node: LottieNode, reversed: Bool) -> LottieShapeItem? {
        guard let p = node.vector("p", fallback: [0, 0]), let or = node.scalar("or", fallback: nil),
            let os = node.scalar("os", fallback: 0), let r = node.scalar("r", fallback: 0),
            let pt = node.scalar("pt", fallback: nil)
        else { return nil }
        let polygon = (node.optionalNumber("sy") ?? 1) == 2
        let ir = polygon ? LottieProperty(0) : node.scalar("ir", fallback: 0)
        let `is` = polygon ? LottieProperty(0) : node.scalar("is", fallback: 0)
        guard let ir, let `is` else { return nil }
        return .star(
            LottieStar(
                position: p, outerRadius: or, innerRadius: ir, outerRoundness: os, innerRoundness: `is`, rotation: r,
                points: pt, isPolygon: polygon, reversed: reversed))
    }

    /// `rp`: the copy count and the per-copy transform; what lottie-ios ignores (an animated
    /// count, the offset, the stacking mode, start and end opacity) is reported.
    private func decodeRepeater(_ node: LottieNode) -> LottieShapeItem? {
        guard let c = node.scalar("c", fallback: 1) else { return nil }
        let transform = node["tr"].map { decodeTransform($0, isLayer: false) } ?? LottieTransform()
        if c.isAnimated { log.unsupported(node.path.key("c"), "an animated copy count uses its first value, as in lottie-ios") }
        for key in ["o", "m"] where node[key] != nil {
            if key == "o", let o = node.scalar("o", fallback: 0), !o.isAnimated, o.initialValue == 0 { continue }
            if key == "m", (node.optionalNumber("m") ?? 1) == 1 { continue }
            log.unsupported(
                node.path.key(key), "the repeater's \(key == "o" ? "offset" : "stacking mode") is ignored, as in lottie-ios")
        }
        if let tr = node["tr"], tr["so"] != nil || tr["eo"] != nil {
            log.unsupported(node.path.key("tr"), "the repeater's start and end opacity are ignored, as in lottie-ios")
        }
        return .repeater(copies: c.initialValue, transform: transform, path: node.path)
    }

    /// A colour property `c`: RGB(A) in 0…1 (0…255 before Bodymovin 4.1.9).
    private func color(_ node: LottieNode) -> LottieProperty<[Double]>? {
        guard let c = node.vector("c", fallback: nil) else { return nil }
        return colorsAre255 ? c.map { $0.map { $0 / 255 } } : c
    }

    /// `gf` / `gs`: `g {p, k}`, `s`, `e`, `t`, `o`; a radial highlight (`h`, `a`) is reported and
    /// ignored, as lottie-ios ignores it.
    private func gradient(_ node: LottieNode, label: String) -> LottieGradient? {
        guard let g = node["g"] else {
            log.error(node.path.key("g"), "missing; expected the gradient's stops {\"p\", \"k\"}")
            return nil
        }
        guard let count = g.required("p", "the number of colour stops"), count >= 1, count <= 256 else {
            if let p = g.optionalNumber("p") { log.error(g.path.key("p"), "expected 1 to 256 colour stops, got \(p)") }
            return nil
        }
        guard let data = g.vector("k", fallback: nil), let s = node.vector("s", fallback: [0, 0]),
            let e = node.vector("e", fallback: [100, 0]), let o = node.scalar("o", fallback: 100)
        else { return nil }
        let n = Int(count)
        for key in data.keyframes where key.value.count < 4 * n {
            log.error(g.path.key("k"), "expected at least \(4 * n) numbers for \(n) colour stops, got \(key.value.count)")
            return nil
        }
        let t = node.optionalNumber("t") ?? 1
        guard let type = t.truncatedInteger, (1...3).contains(type) else {
            log.error(node.path.key("t"), "expected a gradient type of 1 (linear), 2 (radial) or 3 (conic), got \(JSONWriter.number(t))")
            return nil
        }
        if type == 2, let h = node.scalar("h", fallback: 0), h.isAnimated || h.initialValue != 0 {
            log.unsupported(node.path.key("h"), "layer\(label): the radial gradient's highlight is ignored, as in lottie-ios")
        }
        let angle = node.scalar("a", fallback: 0) ?? LottieProperty(0)
        return LottieGradient(type: type, colorStops: n, data: data, start: s, end: e, angle: angle, opacity: o)
    }

    private func strokeStyle(_ node: LottieNode) -> LottieStrokeStyle? {
        guard let w = node.scalar("w", fallback: 1) else { return nil }
        var dashes: [Double] = []
        var offset = LottieProperty<Double>(0)
        for dash in node["d"]?.elements ?? [] {
            guard let kind = dash.string("n"), let v = dash.scalar("v", fallback: nil) else { continue }
            if kind == "o" {
                offset = v
                continue
            }
            if v.isAnimated { log.unsupported(dash.path.key("v"), "animated dash lengths use their first value, as in lottie-ios") }
            dashes.append(v.initialValue)
        }
        return LottieStrokeStyle(
            width: w, lineCap: node.optionalInteger("lc", "a line cap") ?? 2, lineJoin: node.optionalInteger("lj", "a line join") ?? 2,
            miterLimit: node.optionalNumber("ml") ?? 4, dashes: dashes, dashOffset: offset)
    }
}
