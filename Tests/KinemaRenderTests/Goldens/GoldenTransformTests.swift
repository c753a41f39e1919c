import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of transforms: affine (rotation, scale, skew), perspective, back faces,
/// `TransformLayer` against a flattening plain layer, `zPosition`, a layer crossing the
/// viewer's plane, `isGeometryFlipped` and `sublayerTransform`. Frames are 128 × 96 points on
/// white.
@Suite("Golden images: transforms")
struct GoldenTransformTests {
    static let size = Size(width: 128, height: 96)

    /// A layer of `width × height` centred on `centre`, with `transform`.
    static func card(
        _ width: Double, _ height: Double, at centre: Point = Point(x: 64, y: 48), _ color: Color? = .red,
        transform: Transform3D = .identity
    ) -> Layer {
        Build.layer(Rect(centre.x - width / 2, centre.y - height / 2, width, height), color) { $0.transform = transform }
    }

    /// A stage covering `size` with perspective m34 = −1/`distance` for its sublayers.
    static func stage(_ size: Size, distance: Double = 500, _ children: [Layer]) throws -> RenderNode {
        let s = Build.layer(Rect(0, 0, size.width, size.height)) { $0.sublayerTransform = Build.perspective(distance) }
        return try Build.adding(children, to: s).renderTree(at: 0)
    }

    /// A card with a red left half and a blue right half (sublayers), flipped past 90° about y.
    static func flippedCard(doubleSided: Bool) throws -> Layer {
        let c = card(60, 40, nil, transform: Build.rotationY(140))
        c.isDoubleSided = doubleSided
        return try Build.adding([Build.layer(Rect(0, 0, 30, 40), .red), Build.layer(Rect(30, 0, 30, 40), .blue)], to: c)
    }

    /// A container turned 180° about y holding a red child in front (z = 20, left) and a blue
    /// one behind (z = −20, right) that overlap around the container's centre.
    static func turnedPair(_ container: Layer) throws -> Layer {
        container.frame = Rect(24, 16, 80, 64)
        container.transform = Build.rotationY(180)
        let front = Build.layer(Rect(0, 8, 48, 48), .red) { $0.zPosition = 20 }
        let back = Build.layer(Rect(32, 8, 48, 48), .blue) { $0.zPosition = -20 }
        return try Build.adding([front, back], to: container)
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            // 30° turns clockwise on a y-down screen: the layer's +x end goes down and right.
            name: "rotation", size: size,
            probes: [.color(At(64, 48), .red), .color(At(85, 60), .red), .untouched(At(85, 35)), .untouched(At(35, 34))]
        ) {
            try Build.tree(size, [card(60, 30, transform: .makeRotation(.pi / 6, 0, 0, 1))])
        },
        GoldenCase(
            // 40 × 20 scaled by (2, 0.5) about its centre: 80 × 10.
            name: "scale", size: size,
            probes: [.color(At(26, 48), .red), .color(At(64, 44), .red), .untouched(At(64, 41)), .untouched(At(106, 48))]
        ) {
            try Build.tree(size, [card(40, 20, transform: .makeScale(2, 0.5, 1))])
        },
        GoldenCase(
            // m21 = 0.5 shears x by half of y: the top edge moves left, the bottom edge right.
            name: "skew", size: size,
            probes: [.color(At(35, 29), .red), .untouched(At(45, 66)), .color(At(54, 66), .red), .untouched(At(92, 29))]
        ) {
            var shear = Transform3D.identity
            shear.m21 = 0.5
            return try Build.tree(size, [card(40, 40, transform: shear)])
        },
        GoldenCase(
            // rotY 40° under m34 = −1/500 turns the +x edge away: the left edge is taller.
            name: "perspective", size: size,
            probes: [.taller(column: 46, than: 82, rows: Region(0, 0, 128, 96)), .color(At(64, 48), .blue)]
        ) {
            try stage(size, [card(60, 40, .blue, transform: Build.rotationY(40))])
        },
        GoldenCase(
            // Past 90°, a single-sided layer faces away and is not drawn, sublayers included.
            name: "backFaceHidden", size: size, tolerance: .exact,
            probes: [.ink(Region(0, 0, 128, 96), false)]
        ) {
            try stage(size, [flippedCard(doubleSided: false)])
        },
        GoldenCase(
            // A double-sided layer past 90° shows its image mirrored: blue left, red right.
            name: "backFaceMirrored", size: size,
            probes: [.color(At(52, 48), .blue), .color(At(76, 48), .red)]
        ) {
            try stage(size, [flippedCard(doubleSided: true)])
        },
        GoldenCase(
            // A transform layer keeps its children in 3D: after the half turn the blue child is
            // nearer, so it covers the red one in the overlap.
            name: "transformLayerKeeps3D", size: size,
            probes: [.color(At(64, 48), .blue), .color(At(84, 48), .red), .color(At(44, 48), .blue)]
        ) {
            try stage(size, [turnedPair(TransformLayer())])
        },
        GoldenCase(
            // A plain layer flattens: its children are drawn in its plane (red in front), then
            // the plane is turned and mirrored.
            name: "planeFlattens", size: size,
            probes: [.color(At(64, 48), .red), .color(At(84, 48), .red), .color(At(44, 48), .blue)]
        ) {
            try stage(size, [turnedPair(Layer())])
        },
        GoldenCase(
            // The classic card flip: a transform layer turned 150° about y holds a single-sided
            // red front and a single-sided blue back (turned 180°). Only the back shows, upright:
            // its white marker (at its top left) stays on the left.
            name: "cardFlipShowsBack", size: size,
            probes: [.color(At(64, 48), .blue), .color(At(80, 56), .blue), .color(At(47, 37), .white), .untouched(At(64, 24))]
        ) {
            let flip = TransformLayer()
            flip.frame = Rect(34, 28, 60, 40)
            flip.transform = Build.rotationY(150)
            let front = Build.layer(Rect(0, 0, 60, 40), .red) { $0.isDoubleSided = false }
            let back = Build.layer(Rect(0, 0, 60, 40), .blue) {
                $0.isDoubleSided = false
                $0.transform = Build.rotationY(180)
            }
            try back.addSublayer(Build.layer(Rect(4, 4, 14, 14), .white))
            return try stage(size, [Build.adding([front, back], to: flip)])
        },
        GoldenCase(
            // Siblings added red, green, blue with zPosition 10, 0, −10: red is drawn last.
            name: "zPosition", size: size, tolerance: .exact,
            probes: [.color(At(45, 33), .red, within: 0), .color(At(60, 45), .red, within: 0), .color(At(80, 60), .green, within: 0)]
        ) {
            try Build.tree(
                size,
                [
                    Build.layer(Rect(24, 16, 48, 40), .red) { $0.zPosition = 10 }, Build.layer(Rect(40, 28, 48, 40), .green),
                    Build.layer(Rect(56, 40, 48, 40), .blue) { $0.zPosition = -10 },
                ])
        },
        GoldenCase(
            // A 300-point card at rotY 85° with the eye 120 points away: its left end passes
            // behind the eye. The part in front covers the left of the frame; the part behind
            // the eye would appear inverted at the right (x > 133) if it were not clipped.
            name: "crossingViewerPlane", size: Size(width: 160, height: 96),
            probes: [.ink(Region(136, 0, 160, 96), false), .ink(Region(0, 30, 60, 66), true), .color(At(40, 48), .blue)]
        ) {
            try stage(
                Size(width: 160, height: 96), distance: 120,
                [card(300, 60, at: Point(x: 80, y: 48), .blue, transform: Build.rotationY(85))])
        },
        GoldenCase(
            // isGeometryFlipped puts a child framed at (0, 0) at the bottom left, upright.
            name: "geometryFlipped", size: Size(width: 96, height: 64), tolerance: .exact,
            probes: [.color(At(18, 54), .red, within: 0), .color(At(18, 10), .lightGray, within: 0), .color(At(38, 42), .red, within: 0)]
        ) {
            let parent = Build.layer(Rect(16, 8, 64, 48), .lightGray) { $0.isGeometryFlipped = true }
            try parent.addSublayer(Build.layer(Rect(0, 0, 24, 16), .red))
            return try Build.tree(Size(width: 96, height: 64), [parent])
        },
        GoldenCase(
            // A bounds origin of (20, 10) scrolls the sublayers: a child framed at (20, 10) sits
            // at the layer's top-left corner.
            name: "boundsOrigin", size: Size(width: 96, height: 64), tolerance: .exact,
            probes: [.color(At(17, 9), .red, within: 0), .color(At(39, 23), .red, within: 0), .color(At(41, 25), .lightGray, within: 0)]
        ) {
            let parent = Build.layer(Rect(16, 8, 64, 48), .lightGray)
            parent.bounds = Rect(20, 10, 64, 48)
            try parent.addSublayer(Build.layer(Rect(20, 10, 24, 16), .red))
            return try Build.tree(Size(width: 96, height: 64), [parent])
        },
        GoldenCase(
            // sublayerTransform scale 0.5 shrinks the sublayers about the bounds' centre.
            name: "sublayerTransform", size: Size(width: 96, height: 64),
            probes: [.color(At(34, 22), .red), .color(At(62, 42), .red), .color(At(20, 12), .lightGray), .color(At(66, 46), .lightGray)]
        ) {
            let parent = Build.layer(Rect(16, 8, 64, 48), .lightGray) { $0.sublayerTransform = .makeScale(0.5, 0.5, 1) }
            try parent.addSublayer(Build.layer(Rect(0, 0, 64, 48), .red))
            return try Build.tree(Size(width: 96, height: 64), [parent])
        },
    ]

    @Test(arguments: cases)
    func transform(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenTransformTests", test: "transform")
    }
}
