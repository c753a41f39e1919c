import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender

extension Rect {
    /// `Rect(x:y:width:height:)`, short for the case tables.
    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
}

/// Small builders for the golden trees.
enum Build {
    /// A plain layer with `frame` and an optional background colour.
    static func layer(_ frame: Rect, _ color: Color? = nil, _ configure: (Layer) -> Void = { _ in }) -> Layer {
        let l = Layer()
        l.frame = frame
        l.backgroundColor = color
        configure(l)
        return l
    }

    /// A shape layer with `frame`, `path` (in its bounds) and the given fill and stroke.
    static func shape(
        _ frame: Rect, _ path: Path, fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1,
        _ configure: (ShapeLayer) -> Void = { _ in }
    ) -> ShapeLayer {
        let l = ShapeLayer()
        l.frame = frame
        l.path = path
        l.fillColor = fill
        l.strokeColor = stroke
        l.lineWidth = lineWidth
        configure(l)
        return l
    }

    /// `children` inside `parent`, returned for chaining.
    @discardableResult
    static func adding(_ children: [Layer], to parent: Layer) throws -> Layer {
        for child in children { try parent.addSublayer(child) }
        return parent
    }

    /// The snapshot of a transparent root layer covering `size` with `children`.
    static func tree(_ size: Size, _ children: [Layer]) throws -> RenderNode {
        let root = try adding(children, to: layer(Rect(0, 0, size.width, size.height)))
        return root.renderTree(at: 0)
    }

    /// A polyline through `points` (open unless `closed`).
    static func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.addLine(to: q) }
        if closed { p.closeSubpath() }
        return p
    }

    /// A rotation about y by `degrees`.
    static func rotationY(_ degrees: Double) -> Transform3D {
        .makeRotation(degrees * .pi / 180, 0, 1, 0)
    }

    /// A perspective with the eye at `distance` points (m34 = −1/distance).
    static func perspective(_ distance: Double) -> Transform3D {
        var p = Transform3D.identity
        p.m34 = -1 / distance
        return p
    }
}

/// PNG files made once per test process, for `contents`.
enum TestImage {
    /// 32 × 16 pixels: quadrants red (top left), green (top right), blue (bottom left) and
    /// yellow (bottom right), "top" being the first row of the file.
    static let quadrants: String? = write("quadrants", width: 32, height: 16) { ctx in
        ctx.fill(Rect(0, 0, 16, 8), color: .red)
        ctx.fill(Rect(16, 0, 16, 8), color: .green)
        ctx.fill(Rect(0, 8, 16, 8), color: .blue)
        ctx.fill(Rect(16, 8, 16, 8), color: .yellow)
    }

    /// 16 × 16 pixels for nine-part stretching: 4-pixel red corners, 4-pixel blue edges and a
    /// yellow centre.
    static let nineSlice: String? = write("nine-slice", width: 16, height: 16) { ctx in
        ctx.fill(Rect(0, 0, 16, 16), color: .blue)
        ctx.fill(Rect(4, 4, 8, 8), color: .yellow)
        for (x, y) in [(0.0, 0.0), (12, 0), (0, 12), (12, 12)] { ctx.fill(Rect(x, y, 4, 4), color: .red) }
    }

    private static func write(_ name: String, width: Int, height: Int, draw: (GraphicsContext) -> Void) -> String? {
        guard let bitmap = try? Bitmap(width: width, height: height) else { return nil }
        let ctx = GraphicsContext(bitmap: bitmap)
        draw(ctx)
        ctx.flush()
        let path = NSTemporaryDirectory() + "kinema-golden-\(ProcessInfo.processInfo.processIdentifier)-\(name).png"
        do { try bitmap.writePNG(to: path) } catch { return nil }
        return path
    }
}
