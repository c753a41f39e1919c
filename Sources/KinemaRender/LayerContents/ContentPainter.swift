import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

/// Which part of a layer's own drawing a backing store holds. Core Animation draws a layer as
/// background and contents, then the sublayers, then the border on top.
enum ContentPiece: Hashable, Sendable {
    /// Background, contents image, kind content (shape, text, gradient) and custom drawing.
    case below
    /// The border alone (drawn above the sublayers).
    case border
    /// Both, for a layer without visible sublayers.
    case whole
}

/// Draws one layer's own content (not its sublayers) in its bounds coordinates, in points.
enum ContentPainter {
    /// Whether the layer draws anything of its own in `piece`.
    static func hasContent(_ s: LayerState, piece: ContentPiece) -> Bool {
        switch piece {
        case .border: hasBorder(s)
        case .below: hasBelow(s)
        case .whole: hasBelow(s) || hasBorder(s)
        }
    }

    static func hasBorder(_ s: LayerState) -> Bool {
        s.borderWidth > 0 && (s.borderColor?.alpha ?? 0) > 0 && s.bounds.width > 0 && s.bounds.height > 0
    }

    static func hasBelow(_ s: LayerState) -> Bool {
        if let c = s.backgroundColor, c.alpha > 0, s.bounds.width > 0, s.bounds.height > 0 { return true }
        if s.contents != nil || s.drawing != nil { return true }
        switch s.kind {
        case .layer: return false
        case .shape(let p):
            guard let path = p.path, !path.isEmpty else { return false }
            return (p.fillColor?.alpha ?? 0) > 0 || ((p.strokeColor?.alpha ?? 0) > 0 && p.lineWidth > 0)
        case .text(let t): return !t.string.isEmpty && (t.foregroundColor?.alpha ?? 0) > 0 && t.fontSize > 0
        case .gradient(let g): return !g.colors.isEmpty
        }
    }

    /// The area the content covers, in bounds coordinates: the bounds, grown by a shape layer's
    /// path and stroke and by contents that overhang (Core Animation clips neither unless
    /// `masksToBounds`).
    static func extent(of s: LayerState, piece: ContentPiece, images: ImageStore) -> Rect {
        var e = s.bounds.standardized
        guard piece != .border, !s.masksToBounds else { return e }
        if case .shape(let p) = s.kind, let path = p.path, let box = path.boundingBox {
            let stroked = (p.strokeColor?.alpha ?? 0) > 0 && p.lineWidth > 0
            let grow = stroked ? p.lineWidth / 2 * (p.lineJoin == .miter ? min(max(p.miterLimit, 1), 10) : 1) + 1 : 1
            e = e.isEmpty && e.origin == .zero ? box.insetBy(dx: -grow, dy: -grow) : e.union(box.insetBy(dx: -grow, dy: -grow))
        }
        if let image = s.contents, let size = image.pixelSize ?? images.size(of: image) {
            e = e.union(ContentsLayout.imageRect(state: s, imagePixels: size))
        }
        return e
    }

    /// Paints `piece` of the layer into `ctx`, whose current transform maps bounds coordinates
    /// (points) to its pixels.
    static func paint(_ s: LayerState, piece: ContentPiece, into ctx: GraphicsContext, images: ImageStore) throws(RenderError) {
        if piece != .border { try paintBelow(s, into: ctx, images: images) }
        if piece != .below, hasBorder(s), let color = s.borderColor {
            let outer = roundedRect(s.bounds.standardized, radius: s.cornerRadius, corners: s.maskedCorners)
            let w = min(s.borderWidth, min(s.bounds.width, s.bounds.height) / 2)
            var ring = outer
            ring.addPath(
                roundedRect(
                    s.bounds.standardized.insetBy(dx: w, dy: w), radius: max(s.cornerRadius - w, 0), corners: s.maskedCorners))
            ctx.fill(ring, color: color, rule: .evenOdd)
        }
    }

    private static func paintBelow(_ s: LayerState, into ctx: GraphicsContext, images: ImageStore) throws(RenderError) {
        let b = s.bounds.standardized
        let shape = roundedRect(b, radius: s.cornerRadius, corners: s.maskedCorners)
        if s.masksToBounds {
            ctx.saveGState()
            ctx.clip(to: shape, rule: .nonZero)
        }
        defer { if s.masksToBounds { ctx.restoreGState() } }
        if let c = s.backgroundColor, c.alpha > 0 { ctx.fill(shape, color: c) }
        if let contents = s.contents {
            let image = try images.image(of: contents)
            ContentsLayout.draw(image, state: s, into: ctx)
        }
        switch s.kind {
        case .layer: break
        case .shape(let p): paintShape(p, into: ctx)
        case .text(let t): paintText(t, bounds: b, scale: s.contentsScale, into: ctx)
        case .gradient(let g): paintGradient(g, bounds: b, shape: shape, into: ctx)
        }
        if let drawing = s.drawing { try paintDrawing(drawing, state: s, into: ctx, images: images) }
    }

    private static func paintShape(_ p: ShapeProperties, into ctx: GraphicsContext) {
        guard let path = p.path else { return }
        if let fill = p.fillColor, fill.alpha > 0 { ctx.fill(path, color: fill, rule: p.fillRule) }
        if let stroke = p.strokeColor, stroke.alpha > 0, p.lineWidth > 0 {
            let visible = path.trimmed(from: p.strokeStart, to: p.strokeEnd)
            guard !visible.isEmpty else { return }
            let style = StrokeStyle(
                lineWidth: p.lineWidth, lineCap: p.lineCap, lineJoin: p.lineJoin, miterLimit: p.miterLimit,
                dash: p.lineDashPattern, dashPhase: p.lineDashPhase)
            ctx.stroke(visible, color: stroke, style: style)
        }
    }

    private static func paintText(_ t: TextProperties, bounds b: Rect, scale: Double, into ctx: GraphicsContext) {
        guard let color = t.foregroundColor else { return }
        let style = TextStyle(
            fontName: t.fontName, fontSize: t.fontSize, color: color, alignment: t.alignmentMode, isWrapped: t.isWrapped,
            truncation: t.truncationMode)
        // CATextLayer lays text out in its bounds' width from the top-left corner, and its
        // backing store clips it to the bounds.
        let layout = TextLayout(
            text: t.string, style: style, width: b.width > 0 ? b.width : nil,
            maximumHeight: t.truncationMode == .none ? nil : b.height)
        ctx.saveGState()
        ctx.clip(to: b)
        ctx.drawText(layout, at: b.origin)
        ctx.restoreGState()
    }

    /// Core Animation's render server draws a gradient layer's gradient like a background: inside
    /// the rounded bounds (`cornerRadius`, `maskedCorners`).
    private static func paintGradient(_ g: GradientProperties, bounds b: Rect, shape: Path, into ctx: GraphicsContext) {
        let gradient = Gradient(colors: g.colors, locations: g.locations)
        func point(_ u: Point) -> Point { Point(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let start = point(g.startPoint), end = point(g.endPoint)
        ctx.saveGState()
        ctx.clip(to: shape, rule: .nonZero)
        switch g.type {
        case .axial:
            ctx.fillLinearGradient(gradient, start: start, end: end)
        case .radial:
            // Core Animation's radial gradient is an ellipse centred on startPoint whose radii are
            // the distances to endPoint along x and y.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0 || ry > 0 else { break }
            let r = max(rx, ry)
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: rx > 0 ? rx / r : 1e-6, y: ry > 0 ? ry / r : 1e-6)
            ctx.fillRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: r)
        case .conic:
            ctx.fillConicGradient(gradient, center: start, startAngle: atan2(end.y - start.y, end.x - start.x))
        }
        ctx.restoreGState()
    }

    private static func paintDrawing(_ d: Drawing, state s: LayerState, into ctx: GraphicsContext, images: ImageStore) throws(RenderError) {
        let b = s.bounds.standardized
        guard d.size.width > 0, d.size.height > 0 else { return }
        // The drawing was made for `d.size`; a different size stretches it per contentsGravity,
        // like a backing store.
        let r = ContentsLayout.rect(for: d.size, in: b, gravity: s.contentsGravity)
        ctx.saveGState()
        ctx.clip(to: b)
        ctx.translateBy(x: r.minX, y: r.minY)
        ctx.scaleBy(x: r.width / d.size.width, y: r.height / d.size.height)
        var failure: RenderError?
        func play() {
            ctx.draw(d) { source in
                switch Result(catching: { () throws(RenderError) in try images.image(at: source) }) {
                case .success(let image): return image
                case .failure(let error):
                    failure = failure ?? error
                    return nil
                }
            }
        }
        // A drawing with blend modes gets a transparent backing store of its own, as a view's
        // drawing does on iOS, so that `clear` or `destinationOut` never act on the background
        // colour, the contents image or the layers below.
        if d.usesBlendModes { ctx.withTransparencyLayer(play) } else { play() }
        ctx.restoreGState()
        if let failure { throw failure }
    }

    /// A rectangle with the given corners rounded (`CACornerMask` names are for a y-down screen).
    static func roundedRect(_ r: Rect, radius: Double, corners: CornerMask) -> Path {
        let k = min(max(radius, 0), min(r.width, r.height) / 2)
        guard k > 0, !corners.isEmpty else { return Path(rect: r) }
        if corners == .all { return Path(rect: r, cornerRadius: k) }
        func rad(_ c: CornerMask) -> Double { corners.contains(c) ? k : 0 }
        let tl = rad(.layerMinXMinYCorner), tr = rad(.layerMaxXMinYCorner)
        let br = rad(.layerMaxXMaxYCorner), bl = rad(.layerMinXMaxYCorner)
        var p = Path()
        p.move(to: Point(x: r.minX + tl, y: r.minY))
        p.addLine(to: Point(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            p.addArc(center: Point(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: false)
        }
        p.addLine(to: Point(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            p.addArc(center: Point(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        }
        p.addLine(to: Point(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            p.addArc(center: Point(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: false)
        }
        p.addLine(to: Point(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            p.addArc(center: Point(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: false)
        }
        p.closeSubpath()
        return p
    }
}
