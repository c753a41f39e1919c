import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Text layers: glyph outlines from the file's `chars`, and fonts through Pango.
@Suite struct LottieTextTests {
    /// A glyph for "A": a square 100 units wide standing on the baseline (y −100…0), advance 100.
    static let squareGlyph = #"""
        {"ch": "A", "size": 100, "style": "Regular", "fFamily": "Test", "w": 100,
         "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true,
           "v": [[0, -100], [100, -100], [100, 0], [0, 0]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}},
           {"ty": "tr"}]}]}}
        """#

    /// A 100 × 100 composition with a text layer at (50, 70) showing `text` at `size` in the font
    /// `font` (family `family`), with `extra` document fields, and `chars`.
    static func textAnimation(
        _ text: String, size: Double, family: String = "Test", justify: Int = 0, extra: String = "", chars: [String] = [squareGlyph]
    ) -> String {
        let document =
            #"{"t": "\#(text)", "f": "TestFont", "s": \#(size), "j": \#(justify), "fc": [1, 0, 0], "lh": \#(size * 1.2)\#(extra)}"#
        let layer = LottieJSON.layer(
            ty: 5, ks: #"{"p": {"a": 0, "k": [50, 70]}}"#, extra: #""t": {"d": {"k": [{"t": 0, "s": \#(document)}]}, "a": []}"#)
        return #"""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
             "fonts": {"list": [{"fName": "TestFont", "fFamily": "\#(family)", "fStyle": "Regular", "ascent": 75}]},
             "chars": [\#(chars.joined(separator: ","))], "layers": [\#(layer)]}
            """#
    }

    @Test func glyphsAreScaledBySizeOverAHundred() throws {
        // Size 20: a 20-unit square from x 50 to 70, standing on the baseline y 70.
        let frame = try renderLottie(Self.textAnimation("A", size: 20), frame: 0)
        #expect(frame.probe(60, 60).red > 0.99, "inside the glyph")
        #expect(frame.probe(45, 60).alpha == 0 && frame.probe(75, 60).alpha == 0, "20 wide")
        #expect(frame.probe(60, 45).alpha == 0 && frame.probe(60, 75).alpha == 0, "20 tall, on the baseline")
    }

    @Test func glyphsAdvanceByTheirWidthPlusTracking() throws {
        // "AA" at size 10 with tracking 500 (half an em): glyphs at 50…60 and 65…75.
        let frame = try renderLottie(Self.textAnimation("AA", size: 10, extra: #", "tr": 500"#), frame: 0)
        #expect(frame.probe(55, 65).red > 0.99 && frame.probe(70, 65).red > 0.99)
        #expect(frame.probe(62, 65).alpha == 0, "the tracking gap")
    }

    @Test func justificationAlignsAboutThePosition() throws {
        let centred = try renderLottie(Self.textAnimation("A", size: 20, justify: 2), frame: 0)
        #expect(centred.probe(42, 60).red > 0.99 && centred.probe(58, 60).red > 0.99 && centred.probe(62, 60).alpha == 0)
        let right = try renderLottie(Self.textAnimation("A", size: 20, justify: 1), frame: 0)
        #expect(right.probe(35, 60).red > 0.99 && right.probe(52, 60).alpha == 0, "ends at x 50")
    }

    @Test func linesAreALineHeightApart() throws {
        // Two lines at size 10, line height 12: baselines at 70 and 82.
        let frame = try renderLottie(Self.textAnimation("A\\rA", size: 10), frame: 0)
        #expect(frame.probe(55, 65).red > 0.99 && frame.probe(55, 77).red > 0.99)
        #expect(frame.probe(55, 71).alpha == 0, "between the lines")
    }

    @Test func withoutGlyphsTheFontIsLaidOutByPango() throws {
        // "HH" in DejaVu Sans at size 20, left-aligned from x 50 with its baseline at y 70.
        let json = Self.textAnimation("HH", size: 20, family: "DejaVu Sans", chars: [])
        let frame = try renderLottie(json, frame: 0)
        let ink = (0..<100).flatMap { y in (0..<100).map { (x: $0, y: y) } }.filter { frame.probe(Double($0.x), Double($0.y)).alpha > 0.5 }
        let xs = ink.map(\.x), ys = ink.map(\.y)
        #expect(!ink.isEmpty)
        #expect((xs.min() ?? 0) >= 50 && (xs.min() ?? 0) <= 53, "starts at the position: \(xs.min() ?? -1)")
        #expect((ys.max() ?? 0) >= 68 && (ys.max() ?? 0) <= 70, "stands on the baseline: \(ys.max() ?? -1)")
        #expect((ys.min() ?? 0) >= 52 && (ys.min() ?? 0) <= 57, "cap height about 0.73 em: \(ys.min() ?? -1)")
        #expect(frame.probe(Double(xs.min() ?? 0) + 1, 62).red > 0.9, "red")
    }

    /// A space: no outline, advance 50 units.
    static let spaceGlyph = #"{"ch": " ", "size": 100, "style": "Regular", "fFamily": "Test", "w": 50, "data": {}}"#

    /// `text` at size 10 in a paragraph box whose top-left is (10, 10) (the layer stands at
    /// (50, 70)), `width` × `height`: the first baseline at y 20, lines 12 apart.
    static func paragraph(_ text: String, width: Double, height: Double = 60, family: String = "Test", justify: Int = 0) -> String {
        textAnimation(
            text, size: 10, family: family, justify: justify, extra: #", "sz": [\#(width), \#(height)], "ps": [-40, -60]"#,
            chars: family == "Test" ? [squareGlyph, spaceGlyph] : [])
    }

    @Test func paragraphTextWrapsToItsBox() throws {
        // "AA AA": each word 20 wide, the space 5; a box 30 wide takes one word a line.
        let frame = try renderLottie(Self.paragraph("AA AA", width: 30), frame: 0)
        #expect(frame.probe(15, 15).red > 0.99 && frame.probe(25, 15).red > 0.99, "the first word, on the first line")
        #expect(frame.probe(15, 27).red > 0.99 && frame.probe(25, 27).red > 0.99, "the second word, on the second line")
        #expect(frame.probe(40, 15).alpha == 0 && frame.probe(50, 15).alpha == 0, "not beside the first")
        // 50 wide, both words fit on one line: 10…30, then 35…55.
        let wide = try renderLottie(Self.paragraph("AA AA", width: 50), frame: 0)
        #expect(wide.probe(40, 15).red > 0.99 && wide.probe(50, 15).red > 0.99)
        #expect(wide.probe(15, 27).alpha == 0, "no second line")
    }

    @Test func aWordWiderThanItsBoxBreaksBetweenCharacters() throws {
        let frame = try renderLottie(Self.paragraph("AAAAA", width: 25), frame: 0)
        // Two letters a line: 10…30 on lines at 20, 32 and 44.
        #expect(frame.probe(25, 15).red > 0.99 && frame.probe(25, 27).red > 0.99 && frame.probe(15, 39).red > 0.99)
        #expect(frame.probe(35, 15).alpha == 0 && frame.probe(25, 39).alpha == 0)
    }

    @Test func linesBelowTheBoxAreNotDrawn() throws {
        // A box 15 tall ends at y 25: the first baseline (20) is in it, the second (32) is not.
        let frame = try renderLottie(Self.paragraph("AA\\rAA", width: 30, height: 15), frame: 0)
        #expect(frame.probe(15, 15).red > 0.99)
        #expect(frame.probe(15, 27).alpha == 0)
    }

    @Test func wrappedLinesAreJustifiedInTheirBox() throws {
        // Centred in a box 40 wide (10…50): "AA" from 20 to 40 on both lines.
        let frame = try renderLottie(Self.paragraph("AA AA", width: 40, justify: 2), frame: 0)
        for y in [15.0, 27] {
            #expect(frame.probe(22, y).red > 0.99 && frame.probe(38, y).red > 0.99, "y \(y)")
            #expect(frame.probe(15, y).alpha == 0 && frame.probe(45, y).alpha == 0, "y \(y)")
        }
    }

    @Test func paragraphTextInAFontWrapsToItsBox() throws {
        // "HH HH" in DejaVu Sans at size 10 (an H is about 7.5 pt): a box 30 wide takes one
        // word a line, so ink shows on the second line (baseline 32) and not right of x 30.
        let json = Self.paragraph("HH HH", width: 30, family: "DejaVu Sans")
        let frame = try renderLottie(json, frame: 0)
        let ink = (0..<100).flatMap { y in (0..<100).map { (x: $0, y: y) } }.filter { frame.probe(Double($0.x), Double($0.y)).alpha > 0.5 }
        #expect(ink.contains { $0.y > 22 && $0.y <= 32 }, "a second line")
        #expect(!ink.contains { $0.y <= 20 && $0.x > 30 }, "the first line ends at the box")
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
    }

    @Test func animatorsAreReported() throws {
        let json = Self.textAnimation("A", size: 20).replacingOccurrences(
            of: #""a": []"#, with: #""a": [{"nm": "Animator 1", "s": {}, "a": {}}]"#)
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].t.a" })
    }
}
