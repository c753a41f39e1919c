import CCairo
import CPangoCairo
import KinemaGeometry

extension TextLayout {
    /// A style and box reduced to what Pango is told, with every number checked.
    struct LayoutOptions: Sendable {
        var fontName: String
        var fontSize: Double
        var language: String
        var alignment: TextAlignment
        var lineSpacing: Double
        /// The width to wrap or ellipsize at, in points, or `nil` to let lines run.
        var pangoWidth: Double?
        /// The width to align unwrapped lines in, in points.
        var alignmentWidth: Double?
        var ellipsize: PangoEllipsizeMode
        /// The height truncated wrapped text must fit, in points.
        var pangoHeight: Double?

        /// `nil` when the style's font size is not finite and positive (nothing to lay out).
        init?(style: TextStyle, width: Double?, maximumHeight: Double?) {
            guard style.fontSize.isFinite, style.fontSize > 0 else { return nil }
            fontName = style.fontName.isBlank ? "Sans" : style.fontName
            fontSize = min(style.fontSize, TextLayout.maximumFontSize)
            // A fixed default, so that line breaking and font choice do not follow the process's
            // locale; scripts other than Latin get Pango's sample language for the script.
            language = style.language.flatMap { $0.isBlank ? nil : $0 } ?? "en"
            alignment = style.alignment
            lineSpacing = style.lineSpacing.isFinite ? min(max(style.lineSpacing, -TextLayout.maximumExtent), TextLayout.maximumExtent) : 0
            ellipsize = style.truncation.pangoValue
            pangoHeight = nil
            if let width, style.isWrapped {
                pangoWidth = width
                if ellipsize != PANGO_ELLIPSIZE_NONE, let maximumHeight {
                    pangoHeight = maximumHeight
                } else {
                    ellipsize = PANGO_ELLIPSIZE_NONE
                }
            } else if let width, ellipsize != PANGO_ELLIPSIZE_NONE {
                // Pango's default height of -1 ellipsizes each paragraph to one line.
                pangoWidth = width
            } else {
                pangoWidth = nil
                ellipsize = PANGO_ELLIPSIZE_NONE
            }
            alignmentWidth = pangoWidth == nil ? width : nil
        }
    }

    /// What ``makeLayout(text:options:resources:)`` measured, in points.
    struct Measured: Sendable {
        var layout: UncheckedPointer
        var logical: Rect
        var lines: [Rect]
        var lineCount: Int
        var isTruncated: Bool
        var offsetX: Double
        var baseline = 0.0
    }

    /// Creates and measures a Pango layout, or returns `nil` if Pango could not make one. Call
    /// only while holding ``PangoLock``.
    static func makeLayout(text: String, options: LayoutOptions, resources: borrowing PangoLock.Resources) -> Measured? {
        guard let context = pango_font_map_create_context(resources.fontMap) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_context_set_font_options(context, resources.fontOptions)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_language(context, pango_language_from_string(options.language))
        guard let layout = pango_layout_new(context) else { return nil }

        let description = pango_font_description_from_string(options.fontName)
        pango_font_description_set_absolute_size(description, options.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)

        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_width(layout, options.pangoWidth.map(pangoUnits) ?? -1)
        pango_layout_set_ellipsize(layout, options.ellipsize)
        if let height = options.pangoHeight { pango_layout_set_height(layout, pangoUnits(height)) }
        pango_layout_set_spacing(layout, pangoUnits(options.lineSpacing))
        pango_layout_set_justify(layout, options.alignment == .justified ? 1 : 0)
        pango_layout_set_text(layout, text, -1)

        // Pango mirrors left and right for right-to-left paragraphs; explicit alignments are
        // physical, so mirror them back when the text starts right-to-left.
        let firstLine = pango_layout_get_line_readonly(layout, 0)
        let isRightToLeft = firstLine.map { pango_layout_line_get_resolved_direction($0) == PANGO_DIRECTION_RTL } ?? false
        var alignment = options.alignment.pangoValue
        if isRightToLeft, options.alignment == .left || options.alignment == .right {
            alignment = options.alignment == .left ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)

        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        var lines: [Rect] = []
        if let iterator = pango_layout_get_iter(layout) {
            repeat {
                var line = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &line)
                lines.append(line.points)
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
        }
        var offsetX = 0.0
        if let boxWidth = options.alignmentWidth {
            let free = boxWidth - Double(logical.width) / Double(PANGO_SCALE)
            offsetX = free * options.alignment.unwrappedOffsetFactor(isRightToLeft: isRightToLeft)
        }
        return Measured(
            layout: UncheckedPointer(layout), logical: logical.points, lines: lines, lineCount: Int(pango_layout_get_line_count(layout)),
            isTruncated: pango_layout_is_ellipsized(layout) != 0, offsetX: offsetX,
            baseline: Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE))
    }

    /// Points to Pango units (1/1024 point), rounded; callers keep values within ±1 000 000.
    static func pangoUnits(_ points: Double) -> Int32 { Int32((points * Double(PANGO_SCALE)).rounded()) }

    /// The family fontconfig and Pango choose for `fontName` (in `TextStyle.fontName` syntax),
    /// for Latin text: for example `"DejaVu Sans"` for `"Helvetica"` on a machine with only the
    /// DejaVu and IPA fonts. `nil` if no font could be loaded at all.
    public static func resolvedFontFamily(for fontName: String) -> String? {
        let name = fontName.isBlank ? "Sans" : fontName
        return PangoLock.withLock { resources -> String? in
            guard let context = pango_font_map_create_context(resources.fontMap) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(context)) }
            pango_context_set_language(context, pango_language_from_string("en"))
            let description = pango_font_description_from_string(name)
            defer { pango_font_description_free(description) }
            pango_font_description_set_absolute_size(description, 12 * Double(PANGO_SCALE))
            guard let font = pango_font_map_load_font(resources.fontMap, context, description) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(font)) }
            let resolved = pango_font_describe(font)
            defer { pango_font_description_free(resolved) }
            guard let family = pango_font_description_get_family(resolved) else { return nil }
            return String(cString: family)
        }
    }
}

extension PangoRectangle {
    /// The rectangle in points.
    var points: Rect {
        let unit = Double(PANGO_SCALE)
        return Rect(x: Double(x) / unit, y: Double(y) / unit, width: Double(width) / unit, height: Double(height) / unit)
    }
}

extension TextAlignment {
    var pangoValue: PangoAlignment {
        switch self {
        case .natural, .left, .justified: PANGO_ALIGN_LEFT
        case .right: PANGO_ALIGN_RIGHT
        case .center: PANGO_ALIGN_CENTER
        }
    }

    /// Where unwrapped lines go in the spare width: 0 left, ½ centre, 1 right.
    func unwrappedOffsetFactor(isRightToLeft: Bool) -> Double {
        switch self {
        case .natural, .justified: isRightToLeft ? 1 : 0
        case .left: 0
        case .right: 1
        case .center: 0.5
        }
    }
}

extension TruncationMode {
    var pangoValue: PangoEllipsizeMode {
        switch self {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
    }
}

extension String {
    /// Whether the string is empty or only whitespace.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
