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

    @Test func animatorsAreReported() throws {
        let json = Self.textAnimation("A", size: 20).replacingOccurrences(
            of: #""a": []"#, with: #""a": [{"nm": "Animator 1", "s": {}, "a": {}}]"#)
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "layers[0].t.a" })
    }
}
