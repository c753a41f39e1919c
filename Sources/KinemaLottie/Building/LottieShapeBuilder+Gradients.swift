import Foundation
import KinemaGeometry
import KinemaLayers

/// Gradient fills and strokes as lottie-ios draws them: a gradient layer masked by the shape
/// (filled, or stroked for a gradient stroke). The gradient layer covers the shape's bounds
/// over the whole animation; its stops merge the file's colour and opacity stops, which
/// interpolate channel by channel as lottie-ios's separate colour and alpha gradients do.
extension LottieShapeBuilder {
    func gradientLayer(_ g: LottieGradient, masking shape: ShapeLayer, geometry: LottieCombined<Path>, strokeWidth: Double) -> Layer {
        let box = bounds(of: geometry).insetBy(dx: -strokeWidth - 1, dy: -strokeWidth - 1)
        let layer = GradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = box
        layer.position = box.origin
        layer.type = [2: .radial, 3: .conic][g.type] ?? .axial
        // Stops.
        let stops = g.data.map { Self.stops(from: $0, colorStops: g.colorStops) }
        layer.colors = stops.initialValue.colors
        layer.locations = stops.initialValue.locations
        if stops.keyframes.allSatisfy({ $0.value.colors.count == stops.initialValue.colors.count }) {
            if let a = maker.animation("colors", stops.keyframes { .colors($0.colors) }) { layer.add(a, forKey: "colors") }
            if let a = maker.animation("locations", stops.keyframes { .numbers($0.locations) }) { layer.add(a, forKey: "locations") }
        } else {
            log.unsupported(path, "gradient stops that merge differently over time use their first keyframe")
        }
        // Geometry, in unit coordinates of the layer's bounds.
        func unit(_ p: Point) -> Point {
            Point(x: (p.x - box.minX) / max(box.width, 1e-9), y: (p.y - box.minY) / max(box.height, 1e-9))
        }
        let (s, e, angle) = (g.start, g.end, g.angle)
        let type = g.type
        let ends = LottieCombined(timelines: [LottieTimeline(s), LottieTimeline(e), LottieTimeline(angle)]) { f -> (Point, Point) in
            let a = Point(lottie: s.value(at: f)), b = Point(lottie: e.value(at: f))
            switch type {
            case 2:
                // Core Animation's radial gradient reaches endPoint along x and y separately: a
                // circle of radius |e − s| ends at s + (r, r).
                let r = hypot(b.x - a.x, b.y - a.y)
                return (unit(a), unit(Point(x: a.x + r, y: a.y + r)))
            case 3:
                let turn = angle.value(at: f) * .pi / 180
                return (unit(a), unit(Point(x: a.x + cos(turn), y: a.y + sin(turn))))
            default:
                return (unit(a), unit(b))
            }
        }
        let first = ends.value(g.start.times.first ?? 0)
        layer.startPoint = first.0
        layer.endPoint = first.1
        switch ends.plan {
        case nil:
            break
        case .keyframes(let keys)?:
            for (index, key) in [(0, "startPoint"), (1, "endPoint")] {
                let values = keys.map { k in
                    var c = LottieKeyframe<AnimatableValue>(time: k.time, value: .point(index == 0 ? k.value.0 : k.value.1))
                    (c.isHold, c.outEase, c.inEase) = (k.isHold, k.outEase, k.inEase)
                    return c
                }
                if let a = maker.animation(LayerKeyPath(stringLiteral: key), values) { layer.add(a, forKey: key) }
            }
        case .sampled(let from, let to)?:
            for (index, key) in [(0, "startPoint"), (1, "endPoint")] {
                let a = maker.sampled(LayerKeyPath(stringLiteral: key), from: from, to: to) { f in
                    let v = ends.value(f)
                    return .point(index == 0 ? v.0 : v.1)
                }
                if let a { layer.add(a, forKey: key) }
            }
        }
        let opacity = g.opacity.map { min(max($0 / 100, 0), 1) }
        layer.opacity = opacity.initialValue
        if let a = maker.animation("opacity", opacity.keyframes { .number($0) }) { layer.add(a, forKey: "opacity") }
        layer.mask = shape
        return layer
    }

    /// The union of the shape's bounds at every keyframe (or sampled frame) of its geometry.
    private func bounds(of geometry: LottieCombined<Path>) -> Rect {
        var frames: [Double]
        switch geometry.plan {
        case nil: frames = [geometry.timelines.first?.times.first ?? 0]
        case .keyframes(let keys)?: frames = keys.map(\.time)
        case .sampled(let from, let to)?:
            frames = stride(from: from, through: to, by: 1).prefix(10_000).map { $0 }
            frames.append(to)
        }
        var result: Rect?
        for f in frames {
            guard let b = geometry.value(f).boundingBox, b.isFinite else { continue }
            result = result.map { $0.union(b) } ?? b
        }
        return result ?? Rect(x: 0, y: 0, width: 1, height: 1)
    }

    /// Colours and locations from Lottie's gradient data: `colorStops × [offset, r, g, b]`
    /// followed by `[offset, alpha]` pairs. The two lists are merged at the union of their
    /// offsets, each interpolated linearly (and held beyond its ends) at the other's offsets.
    static func stops(from data: [Double], colorStops n: Int) -> (colors: [Color], locations: [Double]) {
        var colors: [(Double, [Double])] = []
        for i in 0..<n where 4 * i + 3 < data.count {
            colors.append((data[4 * i], [data[4 * i + 1], data[4 * i + 2], data[4 * i + 3]]))
        }
        var alphas: [(Double, [Double])] = []
        var k = 4 * n
        while k + 1 < data.count {
            alphas.append((data[k], [data[k + 1]]))
            k += 2
        }
        func sample(_ stops: [(Double, [Double])], at t: Double, fallback: [Double]) -> [Double] {
            guard let first = stops.first, let last = stops.last else { return fallback }
            if t <= first.0 { return first.1 }
            if t >= last.0 { return last.1 }
            for (a, b) in zip(stops, stops.dropFirst()) where t >= a.0 && t <= b.0 {
                let f = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 1
                return zip(a.1, b.1).map { $0 + ($1 - $0) * f }
            }
            return last.1
        }
        let offsets = Array(Set(colors.map(\.0) + alphas.map(\.0))).filter(\.isFinite).sorted()
        let locations = offsets.map { min(max($0, 0), 1) }
        let result = offsets.map { t -> Color in
            let c = sample(colors, at: t, fallback: [0, 0, 0])
            let a = sample(alphas, at: t, fallback: [1])[0]
            func u(_ x: Double) -> Double { min(max(x, 0), 1) }
            return Color(red: u(c[0]), green: u(c[1]), blue: u(c[2]), alpha: u(a))
        }
        return (result, locations)
    }
}
