extension LottieDecoder {
    /// `fonts.list` (name → family and style) and `chars` (glyph outlines by family and style).
    mutating func decodeFonts(_ root: LottieNode) {
        for font in root["fonts"]?["list"]?.elements ?? [] {
            guard let name = font.string("fName") else { continue }
            fonts[name] = (font.string("fFamily") ?? name, font.string("fStyle") ?? "")
        }
        for char in root["chars"]?.elements ?? [] {
            guard let ch = char.string("ch"), let c = ch.first, ch.count == 1 else { continue }
            let key = Self.fontKey(char.string("fFamily") ?? "", char.string("style") ?? "")
            let shapes = decodeShapes(char["data"]?["shapes"], layer: " (glyph '\(ch)')")
            let glyph = LottieGlyph(size: char.optionalNumber("size") ?? 100, width: char.optionalNumber("w") ?? 0, shapes: shapes)
            glyphs[key, default: [:]][c] = glyph
        }
    }

    static func fontKey(_ family: String, _ style: String) -> String { family + "\u{1}" + style }

    /// A text layer's `t`: the first document keyframe (lottie-ios draws static text), with the
    /// font's family and style and its glyphs. Text animators, several document keyframes and a
    /// path to follow are reported.
    func decodeText(_ node: LottieNode, label: String) -> LottieText? {
        guard let t = node["t"] else {
            log.error(node.path.key("t"), "missing; expected the text layer's data {\"d\": {\"k\": [...]}}")
            return nil
        }
        guard let keys = t["d"]?["k"]?.elements, let first = keys.first, let doc = first["s"], doc.isObject else {
            log.error(node.path.key("t").key("d"), "expected text document keyframes {\"k\": [{\"t\": 0, \"s\": {...}}]}")
            return nil
        }
        if keys.count > 1 {
            log.unsupported(
                t.path.key("d").key("k"), "layer\(label): text that changes over time shows its first document, as in lottie-ios")
        }
        if let animators = t["a"]?.elements, !animators.isEmpty {
            log.unsupported(t.path.key("a"), "layer\(label): text animators are not supported, as in lottie-ios")
        }
        if let p = t["p"], p.isObject, p["m"] != nil {
            log.unsupported(t.path.key("p"), "layer\(label): text on a path is not supported")
        }
        let fontName = doc.string("f") ?? ""
        let (family, style) = fonts[fontName] ?? (fontName, "")
        let size = doc.optionalNumber("s") ?? 10
        guard size > 0, size <= 10_000 else {
            log.error(doc.path.key("s"), "expected a font size in (0, 10000], got \(size)")
            return nil
        }
        func color(_ key: String) -> [Double]? {
            guard let c = doc[key]?.numbers() else { return nil }
            return colorsAre255 ? c.map { $0 / 255 } : c
        }
        var text = doc.string("t") ?? ""
        let characters = text.unicodeScalars.count
        guard characters <= LottieLimits.maximumTextCharacters else {
            log.error(
                doc.path.key("t"),
                "expected text of at most \(LottieLimits.maximumTextCharacters) characters (Unicode scalars), got \(characters); the limit is LottieLimits.maximumTextCharacters"
            )
            return nil
        }
        // All caps (`ca` 1).
        if doc.optionalNumber("ca") == 1 { text = text.uppercased() }
        return LottieText(
            text: text, family: family, style: style, size: size, justify: doc.optionalInteger("j", "a justification") ?? 0,
            tracking: doc.optionalNumber("tr") ?? 0, lineHeight: doc.optionalNumber("lh") ?? size * 1.2,
            baselineShift: doc.optionalNumber("ls") ?? 0, fillColor: color("fc"), strokeColor: color("sc"),
            strokeWidth: doc.optionalNumber("sw") ?? 0, boxSize: doc["sz"]?.numbers(), boxPosition: doc["ps"]?.numbers(),
            glyphs: glyphs[Self.fontKey(family, style)] ?? [:])
    }
}
