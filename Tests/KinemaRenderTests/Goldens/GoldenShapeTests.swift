import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of shape layers: fill rules, stroke width, caps, joins, dashes with a phase,
/// and strokeStart/strokeEnd. Frames are 96 × 64 points on white; each shape layer covers the
/// frame, so path coordinates are frame points.
@Suite("Golden images: shape layers")
struct GoldenShapeTests {
    static let size = Size(width: 96, height: 64)
    static let full = Rect(0, 0, 96, 64)

    /// A five-pointed star drawn as one self-intersecting pentagram around (48, 32): its
    /// central pentagon has winding number 2.
    static let star: Path = {
        let points = (0..<5).map { k -> Point in
            let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            return Point(x: 48 + 28 * cos(a), y: 32 + 28 * sin(a))
        }
        return Build.polyline(points, closed: true)
    }()

    static func line(_ y: Double, from x0: Double = 8, to x1: Double = 88) -> Path {
        Build.polyline([Point(x: x0, y: y), Point(x: x1, y: y)])
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "fillNonZero", size: size,
            probes: [.color(At(48, 32), .blue), .color(At(48, 10), .blue), .untouched(At(10, 10))]
        ) {
            try Build.tree(size, [Build.shape(full, star, fill: .blue)])
        },
        GoldenCase(
            name: "fillEvenOdd", size: size,
            probes: [.untouched(At(48, 32)), .color(At(48, 10), .blue), .untouched(At(10, 10))]
        ) {
            try Build.tree(size, [Build.shape(full, star, fill: .blue) { $0.fillRule = .evenOdd }])
        },
        GoldenCase(
            // A width-8 stroke is centred on the path: 4 points each side of the edge x = 16.
            name: "strokeWidth", size: size, tolerance: .exact,
            probes: [.color(At(13, 32), .black), .color(At(19, 32), .black), .untouched(At(20, 32)), .untouched(At(11, 32))]
        ) {
            try Build.tree(size, [Build.shape(full, Path(rect: Rect(16, 12, 64, 40)), stroke: .black, lineWidth: 8)])
        },
        GoldenCase(
            // Lines end at x = 70, width 10: butt stops there, round adds a half disc, square a
            // half square.
            name: "lineCaps", size: size,
            probes: [
                .untouched(At(72, 14)), .color(At(71, 32), .black), .untouched(At(74, 28)), .color(At(74, 46), .black),
                .untouched(At(76, 50)),
            ]
        ) {
            let caps: [(Double, LineCap)] = [(14, .butt), (32, .round), (50, .square)]
            return try Build.tree(
                size,
                caps.map { y, cap in Build.shape(full, line(y, from: 20, to: 70), stroke: .black, lineWidth: 10) { $0.lineCap = cap } })
        },
        GoldenCase(
            // Three Vs with apexes at y = 16, width 8: the miter reaches about 10 points above
            // the apex, the round join 4, the bevel about 1.6.
            name: "lineJoins", size: size,
            probes: [
                .color(At(18, 9), .black, within: 8), .untouched(At(50, 9)), .color(At(50, 13), .black, within: 8), .untouched(At(82, 13)),
                .untouched(At(82, 9)),
            ]
        ) {
            let joins: [(Double, LineJoin)] = [(6, .miter), (38, .round), (70, .bevel)]
            return try Build.tree(
                size,
                joins.map { x0, join in
                    let v = Build.polyline([Point(x: x0, y: 44), Point(x: x0 + 12, y: 16), Point(x: x0 + 24, y: 44)])
                    return Build.shape(full, v, stroke: .black, lineWidth: 8) { $0.lineJoin = join }
                })
        },
        GoldenCase(
            // Dashes 10 on, 6 off, phase 4, from x = 8: on 8…14, off 14…20, on 20…30, off 30…36.
            name: "dashPhase", size: size,
            probes: [.color(At(10, 32), .black), .untouched(At(16, 32)), .color(At(25, 32), .black), .untouched(At(33, 32))]
        ) {
            try Build.tree(
                size,
                [
                    Build.shape(full, line(32), stroke: .black, lineWidth: 6) {
                        $0.lineDashPattern = [10, 6]
                        $0.lineDashPhase = 4
                    }
                ])
        },
        GoldenCase(
            // strokeStart 0.25 and strokeEnd 0.75 of an 80-point line from x = 8: 28…68.
            name: "strokeStartEnd", size: size,
            probes: [
                .untouched(At(27, 20)), .color(At(28, 20), .black), .color(At(48, 20), .black), .color(At(67, 20), .black),
                .untouched(At(68, 20)),
            ]
        ) {
            try Build.tree(
                size,
                [
                    Build.shape(full, line(20), stroke: .black, lineWidth: 6) {
                        $0.strokeStart = 0.25
                        $0.strokeEnd = 0.75
                    }
                ])
        },
    ]

    @Test(arguments: cases)
    func shape(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenShapeTests", test: "shape")
    }
}
