import Foundation
import KinemaGraphics
import KinemaLottie
import KinemaRender
import TestSupport
import Testing

/// Golden images of the Lottie corpus: small hand-written animations in `Corpus/` (eased
/// transforms and parenting, nested groups with fills and strokes, dashes, a trim-path spinner,
/// stars and polygons, precompositions with start times, add and subtract masks, an alpha track
/// matte, hold keyframes), each rendered at three frames at one pixel per composition pixel on a
/// transparent background and compared with `__Snapshots__/LottieCorpus/NAME-fNN.png`.
///
/// `KINEMA_RECORD_GOLDENS=1 swift test --filter LottieCorpus` re-records them (each recorded
/// check fails, so a recording run never passes silently). A few pixel probes per file hold what
/// the animation is meant to show, independent of the goldens, so a wrong recording is caught.
/// `make lottie-conformance` compares the same files with rlottie.
@Suite("Golden images: the Lottie corpus")
struct LottieCorpusGoldenTests {
    /// One corpus file, the frames its goldens are taken at, and probes at those frames.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var frames: [Int]
        var probes: [CorpusProbe] = []
        var testDescription: String { name }
    }

    /// `Corpus/`, beside this file.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    // Colours of the corpus files (red, green, blue in 0…1).
    static let blue = [0.16, 0.42, 0.86], orange = [0.98, 0.55, 0.12], dark = [0.13, 0.15, 0.2], grey = [0.9, 0.91, 0.93]
    static let red = [0.9, 0.2, 0.25], green = [0.2, 0.7, 0.4], yellow = [0.98, 0.8, 0.2], purple = [0.55, 0.3, 0.8]

    static let cases: [Case] = [
        // A null turning on eased keyframes, an arm parented to it, a hand parented to the arm.
        Case(
            name: "parenting", frames: [0, 20, 40],
            probes: [
                .init(0, 170, 100, orange), .init(0, 130, 100, blue), .init(0, 100, 30, grey), .init(0, 2, 2, nil),
            ]),
        Case(name: "groups", frames: [0, 22, 44], probes: [.init(0, 100, 62, red), .init(44, 100, 62, blue), .init(0, 100, 150, nil)]),
        Case(name: "dashes", frames: [0, 30, 59], probes: [.init(0, 104, 40, blue), .init(0, 30, 100, nil)]),
        Case(name: "spinner", frames: [10, 30, 50], probes: [.init(10, 100, 100, nil)]),
        Case(
            name: "stars", frames: [0, 24, 47],
            probes: [
                .init(0, 65, 65, yellow), .init(0, 140, 140, purple), .init(0, 150, 50, green), .init(0, 50, 150, nil),
                .init(0, 72, 150, red),
            ]),
        // Frame 0: the first placement at its own frame 0; 15: the second at its frame 0, the
        // third not begun; 45: all three.
        Case(
            name: "precomp", frames: [0, 15, 45],
            probes: [
                .init(0, 70, 60, orange), .init(0, 70, 105, grey), .init(15, 70, 105, orange), .init(15, 100, 60, orange),
                .init(15, 150, 150, grey), .init(45, 10, 190, grey),
            ]),
        Case(
            name: "masks", frames: [0, 30, 59],
            probes: [
                .init(0, 130, 70, blue), .init(0, 60, 70, nil), .init(0, 20, 20, nil), .init(0, 40, 160, orange), .init(0, 100, 160, nil),
                .init(30, 100, 70, nil), .init(59, 60, 70, blue),
            ]),
        Case(
            name: "matte", frames: [0, 30, 59],
            probes: [.init(0, 50, 110, red), .init(0, 50, 100, nil), .init(0, 150, 110, nil), .init(30, 100, 130, purple)]),
        Case(
            name: "holds", frames: [0, 22, 47],
            probes: [
                .init(0, 50, 50, red), .init(22, 150, 50, green), .init(22, 50, 50, nil), .init(22, 100, 100, yellow),
                .init(47, 50, 150, blue, alpha: 0.5), .init(47, 100, 100, grey),
            ]),
    ]

    @Test(arguments: cases)
    func golden(_ c: Case) throws {
        let animation = try LottieAnimation(contentsOf: Self.corpus.appendingPathComponent(c.name + ".json"))
        #expect(animation.unsupportedFeatures.isEmpty, "\(c.name): \(animation.unsupportedFeatures)")
        let layer = animation.makeLayer()
        for frame in c.frames {
            let bitmap = try Renderer().render(
                layer.renderTree(at: animation.time(forFrame: Double(frame))), size: animation.size, scale: 1)
            for probe in c.probes where probe.frame == frame {
                if let failure = probe.failure(in: bitmap) { Issue.record("\(c.name) frame \(frame): \(failure)") }
            }
            let name = c.name + "-f" + (frame < 10 ? "0" : "") + String(frame)
            let result = GoldenImage.check(bitmap, suite: "LottieCorpus", name: name, tolerance: .rendering)
            #expect(result == .matches, "\(name): \(result)")
        }
    }

    /// Every probe is taken at a frame the case renders.
    @Test func probesAreAtRenderedFrames() {
        for c in Self.cases {
            for probe in c.probes { #expect(c.frames.contains(probe.frame), "\(c.name): probe at frame \(probe.frame)") }
        }
    }

    /// Every file of `Corpus/` has a case, so a file added there gets goldens.
    @Test func everyCorpusFileHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(Self.cases.map(\.name)))
    }
}

/// A pixel of a corpus frame: the colour the animation puts there (un-premultiplied, within
/// 0.03 per channel, away from edges), or transparent for `nil`.
struct CorpusProbe: Sendable {
    var frame: Int
    var x: Int
    var y: Int
    var rgb: [Double]?
    var alpha: Double

    init(_ frame: Int, _ x: Int, _ y: Int, _ rgb: [Double]?, alpha: Double = 1) {
        (self.frame, self.x, self.y, self.rgb, self.alpha) = (frame, x, y, rgb, alpha)
    }

    /// `nil` when the pixel is as expected, otherwise what it is.
    func failure(in bitmap: Bitmap) -> String? {
        let c = bitmap.color(x: x, y: y)
        let found = [c.red, c.green, c.blue, c.alpha]
        guard let rgb else {
            return c.alpha == 0 ? nil : "pixel (\(x), \(y)) is \(found), expected transparent"
        }
        let expected = rgb + [alpha]
        let off = zip(found, expected).map { abs($0 - $1) }.max() ?? 0
        return off <= 0.03 ? nil : "pixel (\(x), \(y)) is \(found), expected \(expected)"
    }
}
