import KinemaGeometry
import KinemaGraphics
import Testing

@Suite("Text layout")
struct TextLayoutTests {
    static let sentence = "The quick brown fox jumps over the lazy dog while the tooltip explains the button."
    static let japanese = "こんにちは、世界。日本語の折り返しを確かめます。"
    static let sans = TextStyle(fontName: "DejaVu Sans", fontSize: 16)
    static let gothic = TextStyle(fontName: "IPAGothic", fontSize: 16, language: "ja")
    /// Pango measures in 1/1024 point.
    static let unit = 1.0 / 1024

    struct WrapCase: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var style: TextStyle
        var testDescription: String { name }
    }

    static let wrapCases = [
        WrapCase(name: "English", text: sentence, style: sans),
        WrapCase(name: "Japanese", text: japanese, style: gothic),
        WrapCase(name: "Japanese, no language, fallback font", text: japanese, style: TextStyle(fontName: "Helvetica", fontSize: 16)),
    ]

    @Test(arguments: wrapCases)
    func wrappedLinesFitTheWidthAndNarrowerMeansMoreLines(_ c: WrapCase) {
        let widths = [90.0, 130, 200, 320, 2000]
        var previousLines = Int.max
        var counts: [Int] = []
        for width in widths {
            let layout = TextLayout(text: c.text, style: c.style, width: width)
            #expect(layout.lineFrames.count == layout.lineCount)
            for line in layout.lineFrames {
                #expect(line.minX >= -Self.unit && line.maxX <= width + Self.unit, "line \(line) within \(width)")
            }
            #expect(layout.size.width <= width + Self.unit)
            #expect(layout.lineCount <= previousLines)
            previousLines = layout.lineCount
            counts.append(layout.lineCount)
        }
        #expect(counts.first ?? 0 > counts.last ?? 0, "\(counts)")
        #expect(counts.last == 1)
    }

    @Test(arguments: wrapCases)
    func sizeThatFitsIsMonotonic(_ c: WrapCase) {
        var previous = Size(width: 0, height: .infinity)
        for width in stride(from: 60.0, through: 700, by: 40) {
            let size = TextLayout.size(of: c.text, style: c.style, fitting: width)
            #expect(size.width <= width + Self.unit)
            #expect(size.height <= previous.height, "height never grows with more width")
            #expect(size.width >= previous.width - 40, "the text does not suddenly shrink")
            previous = size
        }
        let unwrapped = TextLayout.size(of: c.text, style: c.style, fitting: nil)
        #expect(unwrapped.width > 300 && unwrapped.height == TextLayout.size(of: c.text, style: c.style, fitting: 5000).height)
    }

    @Test func unwrappedStylesKeepOneLinePerParagraph() {
        var style = Self.sans
        style.isWrapped = false
        let layout = TextLayout(text: "first paragraph is long\nsecond paragraph is long too", style: style, width: 40)
        #expect(layout.lineCount == 2)
        #expect(layout.size.width > 40)
        #expect(TextLayout(text: "first paragraph is long\nsecond", style: Self.sans, width: 40).lineCount > 2)
    }

    @Test func lineSpacingAddsSpaceBetweenLines() {
        var spaced = Self.sans
        spaced.lineSpacing = 9.5
        let text = "one\ntwo\nthree"
        let plain = TextLayout(text: text, style: Self.sans, width: nil)
        let loose = TextLayout(text: text, style: spaced, width: nil)
        #expect(plain.lineCount == 3 && loose.lineCount == 3)
        #expect(abs(loose.size.height - plain.size.height - 2 * 9.5) <= 2 * Self.unit)
        let gaps = zip(loose.lineFrames.dropFirst(), loose.lineFrames).map { $0.minY - $1.maxY }
        #expect(gaps.allSatisfy { abs($0 - 9.5) <= Self.unit }, "\(gaps)")
    }

    @Test func fontSizesScaleTheMeasurements() {
        let small = TextLayout(text: Self.sentence, style: Self.sans, width: nil).size
        var big = Self.sans
        big.fontSize = 32
        let large = TextLayout(text: Self.sentence, style: big, width: nil).size
        // Unhinted metrics scale linearly, up to Pango's 1/1024-point rounding per glyph.
        #expect(abs(large.width - 2 * small.width) <= Double(Self.sentence.count) * Self.unit * 2)
        #expect(abs(large.height - 2 * small.height) <= 4 * Self.unit)
    }

    @Test(arguments: [
        TextStyle(fontSize: .nan), TextStyle(fontSize: 0), TextStyle(fontSize: -4), TextStyle(fontSize: .infinity),
    ])
    func unusableFontSizesLayOutNothing(_ style: TextStyle) {
        let layout = TextLayout(text: "Hello", style: style, width: 100)
        #expect(layout.size == .zero && layout.lineCount == 0)
    }

    @Test func emptyTextMeasuresZero() {
        let layout = TextLayout(text: "", style: Self.sans, width: 100)
        #expect(layout.size == .zero && layout.lineCount == 0 && layout.textRect == .zero)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteWidthsMeanNoWidth(_ width: Double) {
        let layout = TextLayout(text: Self.sentence, style: Self.sans, width: width)
        #expect(layout.width == nil)
        #expect(layout.size == TextLayout(text: Self.sentence, style: Self.sans, width: nil).size)
        #expect(TextLayout(text: Self.sentence, style: Self.sans, width: -5).width == 0)
    }

    @Test func textWithNULCharactersIsLaidOutWhole() {
        let layout = TextLayout(text: "abc\0def", style: Self.sans, width: nil)
        #expect(layout.size.width > TextLayout(text: "abc", style: Self.sans, width: nil).size.width * 1.5)
    }

    /// Fonts are found by fontconfig. Names it does not know, like Core Animation's default
    /// "Helvetica", resolve to the default sans-serif family (DejaVu Sans on the reference
    /// machine, which has no Helvetica or metric-compatible alias).
    @Test func fontNamesResolveThroughFontconfig() {
        #expect(TextLayout.resolvedFontFamily(for: "DejaVu Sans") == "DejaVu Sans")
        #expect(TextLayout.resolvedFontFamily(for: "IPAGothic") == "IPAGothic")
        #expect(TextLayout.resolvedFontFamily(for: "DejaVu Serif Bold") == "DejaVu Serif")
        let sansSerif = TextLayout.resolvedFontFamily(for: "sans-serif")
        #expect(sansSerif != nil)
        #expect(TextLayout.resolvedFontFamily(for: "Helvetica") == sansSerif)
        #expect(TextLayout.resolvedFontFamily(for: "No Such Font 1234") == sansSerif)
        #expect(TextLayout.resolvedFontFamily(for: "") == sansSerif)
    }
}
