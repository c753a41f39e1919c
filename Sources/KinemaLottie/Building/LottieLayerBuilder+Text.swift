import KinemaGeometry
import KinemaGraphics
import KinemaJSON
import KinemaLayers

extension LottieLayerBuilder {
    /// A text layer's text: each line's first baseline at y = 0 (lines `lh` apart), aligned
    /// left of, right of or about x = 0 by its justification, or in its paragraph box.
    ///
    /// With the file's glyph outlines (`chars`) for every character, the text is drawn from them
    /// as lottie-web draws it: each glyph's shapes scaled by size / 100 (glyph units are
    /// hundredths of the font size) and advanced by its width, plus the tracking. Otherwise it
    /// is laid out by Pango in the font family and style the file names (fontconfig's closest
    /// match when it is not installed), as lottie-ios lays it out with Core Text.
    ///
    /// In a paragraph box, lines wrap to its width (``LottieParagraph``), and lines whose baseline
    /// falls below the box's bottom are not drawn, as Core Text fills a frame the size of the box.
    ///
    /// The text's Unicode scalars are spent from ``LottieLimits/maximumTextCharacters`` first.
    func textContent(_ text: LottieText, into holder: Layer, path: JSONPath) {
        guard budget.spendText(text.text.unicodeScalars.count, at: path.key("t")) else { return }
        var lines = text.text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" })
            .map(String.init)
        let hasGlyphs = !text.glyphs.isEmpty && lines.allSatisfy { $0.allSatisfy { text.glyphs[$0] != nil } }
        var origin = Point(x: 0, y: -text.baselineShift)
        var box: (width: Double, bottom: Double)?
        if let size = text.boxSize, size.count >= 2, let position = text.boxPosition, position.count >= 2 {
            box = (size[0], position[1] + size[1])
            origin = Point(x: position[0], y: position[1] + text.size - text.baselineShift)
            let advance = hasGlyphs ? glyphAdvance(of: text) : fontAdvance(of: text)
            lines = lines.flatMap { LottieParagraph.wrap($0, width: size[0], advance: advance) }
        }
        for (index, line) in lines.enumerated() {
            let baseline = origin.y + Double(index) * text.lineHeight
            if let box, !(baseline <= box.bottom) { break }
            if hasGlyphs {
                glyphLine(line, of: text, baseline: baseline, left: origin.x, boxWidth: box?.width, into: holder)
            } else {
                fontLine(line, of: text, baseline: baseline, left: origin.x, boxWidth: box?.width, into: holder, path: path)
            }
        }
        if !hasGlyphs, text.tracking != 0 {
            log.unsupported(path, "tracking is drawn only with the file's glyphs (chars); the font's own spacing is used")
        }
    }

    /// A character's advance drawn from the file's glyphs: its width scaled by size / 100, plus
    /// the tracking.
    private func glyphAdvance(of text: LottieText) -> (Character) -> Double {
        let scale = text.size / 100
        let track = text.tracking / 1000 * text.size
        return { (text.glyphs[$0]?.width ?? 0) * scale + track }
    }

    /// A character's advance in the font Pango lays the text out in (each character measured
    /// once; within a word, Pango's kerning moves this by a fraction of a point).
    private func fontAdvance(of text: LottieText) -> (Character) -> Double {
        let style = textStyle(of: text)
        var widths: [Character: Double] = [:]
        return { c in
            if let w = widths[c] { return w }
            // A space alone measures nothing in some fonts: measure it between two letters.
            let w =
                c == " "
                ? TextLayout(text: "x x", style: style, width: nil).size.width - TextLayout(text: "xx", style: style, width: nil).size.width
                : TextLayout(text: String(c), style: style, width: nil).size.width
            widths[c] = w
            return w
        }
    }

    /// The style Pango lays a line out in: the file's family and style, size and fill colour.
    private func textStyle(of text: LottieText) -> TextStyle {
        TextStyle(
            fontName: text.style.isEmpty ? text.family : text.family + " " + text.style, fontSize: text.size,
            color: text.fillColor.map(LottieShapeBuilder.color) ?? .black,
            alignment: .left, isWrapped: false)
    }

    /// Where a line of `width` starts: after `left` (justification 0), ending at it (1), centred
    /// on it (2), or aligned within a box of `boxWidth` starting at `left`.
    private func lineStart(width: Double, justify: Int, left: Double, boxWidth: Double?) -> Double {
        if let boxWidth {
            switch justify {
            case 1: return left + boxWidth - width
            case 2: return left + (boxWidth - width) / 2
            default: return left
            }
        }
        switch justify {
        case 1: return left - width
        case 2: return left - width / 2
        default: return left
        }
    }

    private func glyphLine(_ line: String, of text: LottieText, baseline: Double, left: Double, boxWidth: Double?, into holder: Layer) {
        let scale = text.size / 100
        let advances = line.map(glyphAdvance(of: text))
        var x = lineStart(width: advances.reduce(0, +), justify: text.justify, left: left, boxWidth: boxWidth)
        for (c, advance) in zip(line, advances) {
            defer { x += advance }
            guard let glyph = text.glyphs[c], !glyph.shapes.isEmpty else { continue }
            let layer = Layer()
            layer.bounds = .zero
            layer.anchorPoint = .zero
            layer.position = Point(x: x, y: baseline)
            layer.transform = .makeScale(scale, scale, 1)
            var items = glyph.shapes
            if let stroke = text.strokeColor, text.strokeWidth > 0 {
                items.append(
                    .stroke(
                        color: LottieProperty(stroke), opacity: LottieProperty(100),
                        style: LottieStrokeStyle(
                            width: LottieProperty(text.strokeWidth / scale), lineCap: 2, lineJoin: 2, miterLimit: 4, dashes: [],
                            dashOffset: LottieProperty(0))))
            }
            if let fill = text.fillColor { items.append(.fill(color: LottieProperty(fill), opacity: LottieProperty(100), evenOdd: false)) }
            LottieShapeBuilder(maker: maker, log: log, path: .root.key("chars"), layers: self).build(items, inherited: .init(), into: layer)
            try? holder.addSublayer(layer)
        }
    }

    private func fontLine(
        _ line: String, of text: LottieText, baseline: Double, left: Double, boxWidth: Double?, into holder: Layer, path: JSONPath
    ) {
        guard !line.isEmpty else { return }
        let style = textStyle(of: text)
        let layout = TextLayout(text: line, style: style, width: nil)
        let layer = TextLayer()
        layer.string = line
        layer.fontName = style.fontName
        layer.fontSize = text.size
        layer.foregroundColor = style.color
        layer.alignmentMode = .left
        layer.isWrapped = false
        layer.anchorPoint = .zero
        // A little room so that the last glyph's edge is not clipped.
        layer.bounds = Rect(x: 0, y: 0, width: layout.size.width + text.size * 0.25, height: layout.size.height)
        let x = lineStart(width: layout.size.width, justify: text.justify, left: left, boxWidth: boxWidth)
        layer.position = Point(x: x, y: baseline - layout.firstBaseline)
        try? holder.addSublayer(layer)
        if text.strokeColor != nil, text.strokeWidth > 0 {
            log.unsupported(path, "stroked text is drawn only with the file's glyphs (chars)")
        }
    }
}
