import Foundation
import Kinema

/// A 64-bit linear congruential generator (Knuth's MMIX constants), so that the compositing
/// scene is the same in every run and in every peer.
struct LCG {
    var state: UInt64

    /// The next 64 bits.
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }

    /// A number in [0, 1) from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}

/// The compositing benchmark's scene: 50 cached 300 × 300 contents at pseudo-random places on a
/// 750 × 1334 frame, with transforms that change every frame.
struct CompositeScene {
    /// The transform kinds measured, one per transform class.
    enum Kind: String, CaseIterable {
        case translation, scale, rotation, perspective
    }

    struct Placement {
        var x: Double, y: Double, phase: Double, speed: Double
    }

    static let frameWidth = 750, frameHeight = 1334, contentSide = 300, layerCount = 50

    let contents: [BackingStore]
    let placements: [Placement]

    init() throws {
        var rng = LCG(state: 42)
        var contents: [BackingStore] = []
        var placements: [Placement] = []
        for _ in 0..<CompositeScene.layerCount {
            placements.append(
                Placement(
                    x: rng.unit() * Double(CompositeScene.frameWidth), y: rng.unit() * Double(CompositeScene.frameHeight),
                    phase: rng.unit() * 2 * .pi, speed: 0.5 + rng.unit()))
            let top = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit())
            let bottom = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit())
            contents.append(try CompositeScene.content(top: top, bottom: bottom))
        }
        self.contents = contents
        self.placements = placements
    }

    /// A rounded rectangle (inset 10, radius 40) with a vertical gradient from `top` to
    /// `bottom`, and a white circle at 50 % over it; edges antialiased by their distance.
    static func content(top: Color, bottom: Color) throws(RenderError) -> BackingStore {
        let side = contentSide
        let store = try BackingStore(contentWidth: side, contentHeight: side)
        let s = Double(side)
        for j in 0..<side {
            let row = store.bitmap.row(store.margin + j) + store.margin
            let y = Double(j) + 0.5
            let t = y / s
            let r = top.red + (bottom.red - top.red) * t, g = top.green + (bottom.green - top.green) * t
            let b = top.blue + (bottom.blue - top.blue) * t
            for i in 0..<side {
                let x = Double(i) + 0.5
                // Signed distance to the rounded rectangle [10, 290]² with radius 40.
                let qx = max(abs(x - s / 2) - (s / 2 - 10 - 40), 0), qy = max(abs(y - s / 2) - (s / 2 - 10 - 40), 0)
                let rect = min(max(0.5 - ((qx * qx + qy * qy).squareRoot() - 40), 0), 1)
                let dx = x - 200, dy = y - 110
                let circle = min(max(0.5 - ((dx * dx + dy * dy).squareRoot() - 70), 0), 1) * 0.5
                // The circle (white, premultiplied) over the rectangle.
                let a = circle + rect * (1 - circle)
                let pr = circle + r * rect * (1 - circle), pg = circle + g * rect * (1 - circle)
                let pb = circle + b * rect * (1 - circle)
                func c(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
                row[i] = c(a) << 24 | c(pr) << 16 | c(pg) << 8 | c(pb)
            }
        }
        return store
    }

    /// Layer `index`'s transform at `frame` for `kind`: content pixels to frame pixels, the
    /// layer's centre at its (moving) position.
    func transform(_ kind: Kind, layer index: Int, frame: Int) -> Homography {
        let p = placements[index]
        let t = Double(frame) * 0.05 * p.speed + p.phase
        let half = Double(CompositeScene.contentSide) / 2
        var position = Point(x: p.x + 20 * sin(t), y: p.y + 20 * cos(t))
        let m: Transform3D
        switch kind {
        case .translation:
            position = Point(x: position.x.rounded(), y: position.y.rounded())
            m = .identity
        case .scale:
            let s = 0.8 + 0.25 * sin(t)
            m = .makeScale(s, s * 0.95, 1)
        case .rotation:
            let s = 0.85 + 0.25 * sin(1.3 * t)
            m = Transform3D.makeScale(s, s, 1).rotatedBy(t, 0, 0, 1)
        case .perspective:
            // rotY within ±40° and a tilt about x within ±10°, m34 = −1/500: the local scale stays
            // above 0.5, so our compositor samples the content itself as pixman does.
            var eye = Transform3D.identity
            eye.m34 = -1.0 / 500
            m = Transform3D.makeRotation(40 * .pi / 180 * sin(t), 0, 1, 0).concatenating(.makeRotation(10 * .pi / 180 * cos(t), 1, 0, 0))
                .concatenating(eye)
        }
        let full = Transform3D.makeTranslation(-half, -half, 0).concatenating(m).concatenating(.makeTranslation(position.x, position.y, 0))
        return Homography(flattening: full)
    }
}
