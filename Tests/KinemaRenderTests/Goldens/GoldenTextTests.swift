import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of text layers: wrapping, alignment, truncation and Japanese text, in named
/// fonts ("DejaVu Sans", "IPAGothic"), black on a 160 × 64 white frame.
@Suite("Golden images: text layers")
struct GoldenTextTests {
    static let size = Size(width: 160, height: 64)

    /// A text layer at `frame` showing `string` in `font` at `fontSize` points.
    static func textLayer(
        _ frame: Rect, _ string: String, font: String = "DejaVu Sans", fontSize: Double = 14, _ configure: (TextLayer) -> Void = { _ in }
    ) -> TextLayer {
        let l = TextLayer()
        l.frame = frame
        l.string = string
        l.fontName = font
        l.fontSize = fontSize
        l.foregroundColor = .black
        configure(l)
        return l
    }

    static let short = Rect(8, 8, 144, 24)
    static let sentence = "The quick brown fox jumps over the lazy dog"

    static let cases: [GoldenCase] = [
        GoldenCase(
            // Wrapped in the bounds' width: the sentence takes more than one line.
            name: "wrapped", size: size,
            probes: [.ink(Region(8, 4, 152, 20), true), .ink(Region(8, 22, 152, 38), true), .ink(Region(0, 0, 8, 64), false)]
        ) {
            try Build.tree(size, [textLayer(Rect(8, 4, 144, 56), sentence) { $0.isWrapped = true }])
        },
        GoldenCase(
            name: "alignLeft", size: size,
            probes: [.ink(Region(8, 8, 40, 32), true), .ink(Region(112, 0, 160, 64), false)]
        ) {
            try Build.tree(size, [textLayer(short, "Kinema") { $0.alignmentMode = .left }])
        },
        GoldenCase(
            name: "alignCenter", size: size,
            probes: [.ink(Region(0, 0, 48, 64), false), .ink(Region(64, 8, 96, 32), true), .ink(Region(112, 0, 160, 64), false)]
        ) {
            try Build.tree(size, [textLayer(short, "Kinema") { $0.alignmentMode = .center }])
        },
        GoldenCase(
            name: "alignRight", size: size,
            probes: [.ink(Region(0, 0, 96, 64), false), .ink(Region(120, 8, 152, 32), true), .ink(Region(152, 0, 160, 64), false)]
        ) {
            try Build.tree(size, [textLayer(short, "Kinema") { $0.alignmentMode = .right }])
        },
        GoldenCase(
            // One line, cut with an ellipsis at the end: ink up to the right edge, none below.
            name: "truncationEnd", size: size,
            probes: [.ink(Region(8, 8, 40, 32), true), .ink(Region(128, 8, 152, 32), true), .ink(Region(0, 34, 160, 64), false)]
        ) {
            try Build.tree(size, [textLayer(short, sentence) { $0.truncationMode = .end }])
        },
        GoldenCase(
            // Japanese in IPAGothic at scale 2 (probes in pixels).
            name: "japanese", size: Size(width: 160, height: 48), scale: 2,
            probes: [.ink(Region(16, 16, 80, 64), true), .ink(Region(0, 72, 320, 96), false)]
        ) {
            try Build.tree(Size(width: 160, height: 48), [textLayer(Rect(8, 8, 144, 28), "こんにちは、世界", font: "IPAGothic", fontSize: 16)])
        },
    ]

    @Test(arguments: cases)
    func text(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenTextTests", test: "text")
    }
}
