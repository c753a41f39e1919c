import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

/// A layer under a transform, in a scene of 200 × 160 points.
struct WindowQuadCase: CustomTestStringConvertible, Sendable {
    let id: String
    /// Settings of the layer `box` (a 60 × 40 white rectangle), as scene-file JSON members.
    let box: String
    /// Settings of its superlayer `stage` (frame 0 0 200 160).
    var stage = ""
    var scale = 1.0
    var testDescription: String { id }

    var json: String {
        """
        { "kinema": 1, "size": [200, 160], "background": "#000000", "duration": 1,
          "layers": [ { "id": "stage", "frame": [0, 0, 200, 160] \(stage.isEmpty ? "" : ", " + stage),
            "sublayers": [ { "id": "box", "bounds": [0, 0, 60, 40], "backgroundColor": "#FFFFFF" \(box.contains("position") ? "" : #", "position": [100, 80]"#) \(box) } ] } ] }
        """
    }
}

@Suite("Pixel geometry: rendered corners land on windowQuad")
struct PixelGeometryTests {
    static let cases: [WindowQuadCase] = [
        WindowQuadCase(id: "fractional translation", box: #", "position": [100.3, 80.7]"#),
        WindowQuadCase(id: "scale about the anchor", box: #", "transform": "scale(1.7, 0.6)""#),
        WindowQuadCase(id: "rotation 30°", box: #", "transform": "rotate(30deg)""#),
        WindowQuadCase(id: "rotation and scale at scale 2", box: #", "transform": "rotate(-50deg) scale(1.3)""#, scale: 2),
        WindowQuadCase(id: "anchor at a corner, rotated", box: #", "anchorPoint": [0, 1], "transform": "rotate(20deg)""#),
        WindowQuadCase(
            id: "perspective about y", box: #", "transform": "rotateY(40deg)""#, stage: #""sublayerTransform": "perspective(500)""#),
        WindowQuadCase(
            id: "perspective about y, negative", box: #", "transform": "rotateY(-55deg)""#,
            stage: #""sublayerTransform": "perspective(500)""#),
        WindowQuadCase(
            id: "perspective about x with a tilt", box: #", "transform": "rotateX(35deg) rotate(15deg)""#,
            stage: #""sublayerTransform": "perspective(400)""#),
    ]

    @Test(arguments: cases)
    func cornersLandWithinHalfAPixel(_ c: WindowQuadCase) throws {
        let document = try SceneDocument.decode(c.json)
        let samples = try SceneInspector(document: document).sample(layer: "box", key: "windowQuad", times: [0])
        let quad = try #require(samples["samples"]?.asArray?.first?["value"]?.asArray).compactMap { p -> Point? in
            guard let xy = p.asArray, xy.count == 2, let x = xy[0].asNumber, let y = xy[1].asNumber else { return nil }
            return Point(x: x * c.scale, y: y * c.scale)
        }
        try #require(quad.count == 4)
        let scene = Scene(document: document)
        scene.advance(to: 0)
        let bitmap = try Renderer().render(scene.rootLayer.renderTree(at: 0), size: document.size, scale: c.scale, background: .black)
        let measured = try #require(EdgeFit.corners(of: quad, in: bitmap))
        for (predicted, rendered) in zip(quad, measured) {
            let dx = predicted.x - rendered.x, dy = predicted.y - rendered.y
            let d = (dx * dx + dy * dy).squareRoot()
            #expect(d <= 0.5, "corner \(predicted) rendered at \(rendered), \(d) px away")
        }
    }
}

/// Finds where an opaque white quad's edges really are in a bitmap: along each predicted edge,
/// the coverage profile across it is sampled and its 50 % crossing located; a line through those
/// crossings is each rendered edge, and adjacent edges meet at the rendered corners.
enum EdgeFit {
    static func corners(of quad: [Point], in b: Bitmap) -> [Point]? {
        var lines: [(Point, Point)] = []
        for i in 0..<4 {
            let p = quad[i], q = quad[(i + 1) % 4]
            let len = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            guard len > 8 else { return nil }
            // Outward normal: the quad's centre is on the other side.
            let centre = Point(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
            var n = Point(x: (q.y - p.y) / len, y: -(q.x - p.x) / len)
            let mid = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            if (centre.x - mid.x) * n.x + (centre.y - mid.y) * n.y > 0 { n = Point(x: -n.x, y: -n.y) }
            var crossings: [Point] = []
            for t in stride(from: 0.25, through: 0.75, by: 0.25) {
                let s = Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
                guard let d = crossing(b, at: s, normal: n) else { return nil }
                crossings.append(Point(x: s.x + n.x * d, y: s.y + n.y * d))
            }
            lines.append((crossings[0], crossings[2]))
        }
        return (0..<4).compactMap { i in intersect(lines[(i + 3) % 4], lines[i]) }
    }

    /// The signed distance along `normal` from `s` where coverage (alpha) crosses one half.
    static func crossing(_ b: Bitmap, at s: Point, normal n: Point) -> Double? {
        let step = 0.05
        var previous = coverage(b, Point(x: s.x - n.x * 3, y: s.y - n.y * 3))
        var d = -3.0 + step
        while d <= 3 {
            let c = coverage(b, Point(x: s.x + n.x * d, y: s.y + n.y * d))
            if previous >= 0.5, c < 0.5 { return d - step * (0.5 - c) / (previous - c) }
            previous = c
            d += step
        }
        return nil
    }

    /// Coverage at a point: the green channel (the quad is white on black), bilinear between
    /// pixel centres.
    static func coverage(_ b: Bitmap, _ p: Point) -> Double {
        let x = p.x - 0.5, y = p.y - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func g(_ i: Int, _ j: Int) -> Double { Double((b.pixel(x: i, y: j) >> 8) & 0xff) / 255 }
        return (g(x0, y0) * (1 - fx) + g(x0 + 1, y0) * fx) * (1 - fy) + (g(x0, y0 + 1) * (1 - fx) + g(x0 + 1, y0 + 1) * fx) * fy
    }

    static func intersect(_ a: (Point, Point), _ b: (Point, Point)) -> Point? {
        let d1 = Point(x: a.1.x - a.0.x, y: a.1.y - a.0.y), d2 = Point(x: b.1.x - b.0.x, y: b.1.y - b.0.y)
        let den = d1.x * d2.y - d1.y * d2.x
        guard abs(den) > 1e-9 else { return nil }
        let t = ((b.0.x - a.0.x) * d2.y - (b.0.y - a.0.y) * d2.x) / den
        return Point(x: a.0.x + d1.x * t, y: a.0.y + d1.y * t)
    }
}

extension JSONValue {
    fileprivate var asNumber: Double? { if case .number(let n) = self { n } else { nil } }
    fileprivate var asArray: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
