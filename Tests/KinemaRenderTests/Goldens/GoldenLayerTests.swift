import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of a plain layer's own look: background, corners, border, group opacity,
/// hiding, clipping and masks. Frames are 96 × 64 points on white; the layer under test has
/// the frame (16, 8, 64, 48) unless a case says otherwise.
@Suite("Golden images: layer appearance")
struct GoldenLayerTests {
    static let frame = Rect(16, 8, 64, 48)

    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "background", tolerance: .exact,
            probes: [.color(At(20, 12), .red, within: 0), .untouched(At(15, 30)), .untouched(At(80, 30)), .color(At(79, 55), .red)]
        ) {
            try Build.tree(Size(width: 96, height: 64), [Build.layer(frame, .red)])
        },
        GoldenCase(
            name: "cornerRadius",
            probes: [
                .untouched(At(16, 8)), .untouched(At(79, 55)), .color(At(48, 32), .blue), .color(At(16, 32), .blue),
                .color(At(48, 8), .blue),
            ]
        ) {
            try Build.tree(Size(width: 96, height: 64), [Build.layer(frame, .blue) { $0.cornerRadius = 16 }])
        },
        GoldenCase(
            // Only the top-left (min x, min y) and bottom-right corners are rounded.
            name: "maskedCorners",
            probes: [.untouched(At(16, 8)), .color(At(79, 8), .blue), .untouched(At(79, 55)), .color(At(16, 55), .blue)]
        ) {
            try Build.tree(
                Size(width: 96, height: 64),
                [
                    Build.layer(frame, .blue) {
                        $0.cornerRadius = 16
                        $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
                    }
                ])
        },
        GoldenCase(
            // The border is drawn above the sublayers: the red sublayer filling the bounds is
            // covered by it.
            name: "border", tolerance: .exact,
            probes: [.color(At(18, 30), .black, within: 0), .color(At(77, 53), .black, within: 0), .color(At(48, 32), .red, within: 0)]
        ) {
            let l = try Build.adding([Build.layer(Rect(0, 0, 64, 48), .red)], to: Build.layer(frame, .yellow) { $0.borderWidth = 6 })
            return try Build.tree(Size(width: 96, height: 64), [l])
        },
        GoldenCase(
            // With cornerRadius the border follows the rounded outline; the sublayer is not
            // clipped (no masksToBounds), so it shows in the corners outside the border.
            name: "borderWithCornerRadius",
            probes: [
                .color(At(16, 8), .red), .color(At(18, 32), .black), .color(At(48, 9), .black), .color(At(48, 32), .red),
                .color(At(21, 13), .black),
            ]
        ) {
            let l = try Build.adding(
                [Build.layer(Rect(0, 0, 64, 48), .red)],
                to: Build.layer(frame, .yellow) {
                    $0.borderWidth = 4
                    $0.cornerRadius = 14
                })
            return try Build.tree(Size(width: 96, height: 64), [l])
        },
        GoldenCase(
            // Two overlapping opaque children under a parent at opacity 0.5: the group is
            // flattened first, so the overlap shows only the upper child, at half strength.
            name: "groupOpacity", tolerance: .exact,
            probes: [
                .same(At(50, 30), At(70, 30), within: 0), .color(At(70, 30), Color(red: 0.5, green: 0.5, blue: 1)),
                .color(At(20, 30), Color(red: 1, green: 0.5, blue: 0.5)),
            ]
        ) {
            let parent = try Build.adding(
                [Build.layer(Rect(0, 0, 44, 48), .red), Build.layer(Rect(28, 0, 44, 48), .blue)],
                to: Build.layer(Rect(12, 8, 72, 48)) { $0.opacity = 0.5 })
            return try Build.tree(Size(width: 96, height: 64), [parent])
        },
        GoldenCase(
            // A hidden layer, and a hidden parent with a visible child, leave the background
            // untouched; a visible sibling shows.
            name: "isHidden", tolerance: .exact,
            probes: [.ink(Region(0, 0, 48, 64), false), .color(At(70, 30), .green, within: 0)]
        ) {
            let hidden = Build.layer(Rect(4, 4, 40, 24), .red) { $0.isHidden = true }
            let parent = try Build.adding(
                [Build.layer(Rect(0, 0, 40, 24), .blue)], to: Build.layer(Rect(4, 36, 40, 24)) { $0.isHidden = true })
            return try Build.tree(Size(width: 96, height: 64), [hidden, parent, Build.layer(Rect(56, 8, 32, 48), .green)])
        },
        GoldenCase(
            // masksToBounds with cornerRadius clips the sublayer to the rounded bounds.
            name: "masksToBoundsRounded",
            probes: [
                .untouched(At(16, 8)), .untouched(At(10, 20)), .untouched(At(16, 4)), .color(At(40, 12), .red), .color(At(60, 50), .gray),
            ]
        ) {
            let l = try Build.adding(
                [Build.layer(Rect(-10, -10, 84, 40), .red)],
                to: Build.layer(frame, .gray) {
                    $0.cornerRadius = 16
                    $0.masksToBounds = true
                })
            return try Build.tree(Size(width: 96, height: 64), [l])
        },
        GoldenCase(
            // A circular shape layer as mask: content and sublayers show only inside the circle.
            name: "maskLayer",
            probes: [
                .untouched(At(18, 10)), .untouched(At(78, 54)), .color(At(48, 20), .red), .color(At(48, 44), .blue), .untouched(At(20, 32)),
            ]
        ) {
            let l = try Build.adding([Build.layer(Rect(0, 24, 64, 24), .blue)], to: Build.layer(frame, .red))
            l.mask = Build.shape(Rect(0, 0, 64, 48), Path(ellipseIn: Rect(8, 0, 48, 48)), fill: .black)
            return try Build.tree(Size(width: 96, height: 64), [l])
        },
    ]

    @Test(arguments: cases)
    func layer(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenLayerTests", test: "layer")
    }
}
