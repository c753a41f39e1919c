import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of `contents` images: gravity, `contentsRect`, `contentsScale` and nine-part
/// `contentsCenter`. The layer has the frame (16, 8, 64, 48) on a 96 × 64 white frame and a
/// light grey background; the image is ``TestImage/quadrants`` (32 × 16 pixels, red, green,
/// blue and yellow quadrants) unless a case says otherwise.
@Suite("Golden images: contents")
struct GoldenContentsTests {
    static let size = Size(width: 96, height: 64)

    /// The layer with `image` as contents, configured by `configure`.
    static func tree(
        image: String? = TestImage.quadrants, _ configure: @escaping @Sendable (Layer) -> Void
    ) -> @Sendable () throws -> RenderNode {
        { @Sendable () throws -> RenderNode in
            let path = try #require(image, "the test image could not be written")
            let l = Build.layer(Rect(16, 8, 64, 48), .lightGray) { $0.contents = LayerContents(source: path) }
            configure(l)
            return try Build.tree(size, [l])
        }
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "gravityResize", size: size,
            probes: [.color(At(24, 14), .red), .color(At(72, 14), .green), .color(At(24, 50), .blue), .color(At(72, 50), .yellow)],
            tree: tree { $0.contentsGravity = .resize }),
        GoldenCase(
            // 2 : 1 into 64 × 48: 64 × 32, centred vertically.
            name: "gravityResizeAspect", size: size,
            probes: [
                .color(At(20, 10), .lightGray), .color(At(20, 20), .red), .color(At(75, 44), .yellow), .color(At(20, 52), .lightGray),
            ],
            tree: tree { $0.contentsGravity = .resizeAspect }),
        GoldenCase(
            // 2 : 1 filling 64 × 48: 96 × 48, overhanging the bounds (no masksToBounds, as in Core
            // Animation).
            name: "gravityResizeAspectFill", size: size,
            probes: [.color(At(4, 20), .red), .color(At(92, 50), .yellow), .untouched(At(4, 4))],
            tree: tree { $0.contentsGravity = .resizeAspectFill }),
        GoldenCase(
            // With masksToBounds and cornerRadius the overhang is clipped and the corners rounded.
            name: "gravityResizeAspectFillClipped", size: size,
            probes: [
                .untouched(At(4, 20)), .untouched(At(16, 8)), .color(At(24, 20), .red), .color(At(72, 50), .yellow), .untouched(At(84, 50)),
            ],
            tree: tree {
                $0.contentsGravity = .resizeAspectFill
                $0.cornerRadius = 12
                $0.masksToBounds = true
            }),
        GoldenCase(
            name: "gravityCenter", size: size,
            probes: [
                .color(At(33, 25), .red), .color(At(30, 25), .lightGray), .color(At(62, 38), .yellow), .color(At(48, 42), .lightGray),
            ],
            tree: tree { $0.contentsGravity = .center }),
        GoldenCase(
            // Core Animation's "top" is the maximum-y edge: on a y-down screen the image sits at
            // the bottom left, upright.
            name: "gravityTopLeft", size: size,
            probes: [
                .color(At(17, 41), .red), .color(At(46, 54), .yellow), .color(At(17, 10), .lightGray), .color(At(50, 50), .lightGray),
            ],
            tree: tree { $0.contentsGravity = .topLeft }),
        GoldenCase(
            // The left half of the image, stretched over the bounds.
            name: "contentsRectLeftHalf", size: size,
            probes: [.color(At(72, 14), .red), .color(At(72, 50), .blue), .color(At(24, 14), .red)],
            tree: tree { $0.contentsRect = Rect(0, 0, 0.5, 1) }),
        GoldenCase(
            // 32 × 16 pixels at 2 pixels per point: 16 × 8 points, centred.
            name: "contentsScale2", size: size,
            probes: [
                .color(At(41, 29), .red), .color(At(38, 29), .lightGray), .color(At(54, 34), .yellow), .color(At(58, 34), .lightGray),
            ],
            tree: tree {
                $0.contentsGravity = .center
                $0.contentsScale = 2
            }),
        GoldenCase(
            // Nine-part stretching: 4-point corners and edges keep their size, the centre stretches.
            name: "contentsCenterNinePart", size: size,
            probes: [
                .color(At(18, 10), .red), .color(At(78, 54), .red), .color(At(48, 10), .blue), .color(At(22, 10), .blue),
                .color(At(48, 14), .yellow), .color(At(18, 32), .blue), .color(At(48, 32), .yellow), .color(At(74, 32), .yellow),
            ],
            tree: tree(image: TestImage.nineSlice) { $0.contentsCenter = Rect(0.25, 0.25, 0.5, 0.5) }),
        GoldenCase(
            // A zero-size contentsCenter at the middle stretches the middle pixel (yellow): the
            // 8-point corners keep their red corner and blue edges.
            name: "contentsCenterZeroSize", size: size,
            probes: [
                .color(At(18, 10), .red), .color(At(22, 10), .blue), .color(At(26, 10), .blue), .color(At(26, 14), .yellow),
                .color(At(48, 32), .yellow), .color(At(78, 54), .red),
            ],
            tree: tree(image: TestImage.nineSlice) { $0.contentsCenter = Rect(0.5, 0.5, 0, 0) }),
    ]

    @Test(arguments: cases)
    func contents(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenContentsTests", test: "contents")
    }
}
