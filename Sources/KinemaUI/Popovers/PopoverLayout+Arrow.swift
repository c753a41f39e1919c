import KinemaGeometry

extension PopoverLayout {
    /// Where the arrow sits on the body's edge, and the radii of the two corners at that edge's
    /// ends: the one rule the placement engine and the default background both draw by.
    struct EdgeArrow: Equatable {
        /// The tip's coordinate along the edge.
        var tip: Double
        /// The base along the edge: `arrowBase` long (at most the edge's length).
        var base: Span
        /// The radius of the corner at the edge's low end (left or top).
        var radiusLo: Double
        /// The radius of the corner at the edge's high end (right or bottom).
        var radiusHi: Double
    }

    /// The arrow on `edge` pointing as close to `target` as the edge allows.
    ///
    /// - The tip is `target` clamped to the edge (its middle when the edge is empty).
    /// - The base is `aw` long and centred on the tip, or, where that would leave the edge, flush
    ///   with the edge's end (the arrow leans: its outer side continues the body's side).
    /// - Each end's corner keeps radius `r` while the base stays `p` clear of its arc, and
    ///   otherwise shrinks to the base's distance from that end less `p` (zero when the base is
    ///   within `p` of the end), so the base always lies on a straight part of the outline.
    ///
    /// `r` must already be at most half the body's width and height.
    static func edgeArrow(
        toward target: Double, along edge: Span, arrowBase aw: Double, cornerRadius r: Double, padding p: Double
    )
        -> EdgeArrow
    {
        let tip = edge.lo <= edge.hi ? min(max(target, edge.lo), edge.hi) : edge.mid
        let width = min(aw, max(0, edge.length))
        let lo = min(max(tip - width / 2, edge.lo), edge.hi - width)
        let base = Span(lo: lo, hi: lo + width)
        let radiusLo = min(r, max(0, base.lo - edge.lo - p))
        let radiusHi = min(r, max(0, edge.hi - base.hi - p))
        return EdgeArrow(tip: tip, base: base, radiusLo: radiusLo, radiusHi: radiusHi)
    }

    /// The body's corner radii for `arrow` on the edge of an arrow pointing `direction`; all `r`
    /// without an arrow.
    static func cornerRadii(_ arrow: EdgeArrow?, direction: PopoverArrowDirection?, cornerRadius r: Double) -> PopoverCornerRadii {
        var radii = PopoverCornerRadii(all: r)
        guard let arrow, let direction else { return radii }
        switch direction {
        case .up:
            radii.topLeft = arrow.radiusLo
            radii.topRight = arrow.radiusHi
        case .down:
            radii.bottomLeft = arrow.radiusLo
            radii.bottomRight = arrow.radiusHi
        case .left:
            radii.topLeft = arrow.radiusLo
            radii.bottomLeft = arrow.radiusHi
        case .right:
            radii.topRight = arrow.radiusLo
            radii.bottomRight = arrow.radiusHi
        default:
            break
        }
        return radii
    }

    /// Body and arrow as one closed path, clockwise on screen from the top-left corner: the
    /// rounded rectangle `body` with per-corner `radii` and, for a single `direction`, a
    /// triangle from the base (`base`, along the arrow's edge) to `tip`. Zero-length segments
    /// are left out, so a square corner with a flush arrow is one straight side.
    static func outline(body: Rect, direction: PopoverArrowDirection, tip: Point, base: Span, radii: PopoverCornerRadii) -> Path {
        var path = Path()
        let (x0, y0, x1, y1) = (body.minX, body.minY, body.maxX, body.maxY)
        func line(_ q: Point) {
            if path.currentPoint != q { path.addLine(to: q) }
        }
        func corner(_ center: Point, _ r: Double, from start: Double) {
            guard r > 0 else { return }
            path.addArc(center: center, radius: r, startAngle: start, endAngle: start + .pi / 2, clockwise: false)
        }
        let (tl, tr, br, bl) = (radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft)
        path.move(to: Point(x: x0 + tl, y: y0))
        if direction == .up {
            line(Point(x: base.lo, y: y0))
            line(tip)
            line(Point(x: base.hi, y: y0))
        }
        line(Point(x: x1 - tr, y: y0))
        corner(Point(x: x1 - tr, y: y0 + tr), tr, from: -.pi / 2)
        if direction == .right {
            line(Point(x: x1, y: base.lo))
            line(tip)
            line(Point(x: x1, y: base.hi))
        }
        line(Point(x: x1, y: y1 - br))
        corner(Point(x: x1 - br, y: y1 - br), br, from: 0)
        if direction == .down {
            line(Point(x: base.hi, y: y1))
            line(tip)
            line(Point(x: base.lo, y: y1))
        }
        line(Point(x: x0 + bl, y: y1))
        corner(Point(x: x0 + bl, y: y1 - bl), bl, from: .pi / 2)
        if direction == .left {
            line(Point(x: x0, y: base.hi))
            line(tip)
            line(Point(x: x0, y: base.lo))
        }
        line(Point(x: x0, y: y0 + tl))
        corner(Point(x: x0 + tl, y: y0 + tl), tl, from: .pi)
        path.closeSubpath()
        return path
    }
}

extension PopoverPlacement {
    /// The outline of this placement, body and arrow as one closed path (per-corner radii
    /// ``cornerRadii``), in coordinates whose origin is `origin` (pass `frame.origin` for the
    /// popover view's own coordinates). Empty for an empty body.
    public func bubblePath(relativeTo origin: Point = .zero) -> Path {
        let b = bubbleFrame
        guard b.isFinite, b.width > 0, b.height > 0, origin.isFinite else { return Path() }
        let body = Rect(x: b.minX - origin.x, y: b.minY - origin.y, width: b.width, height: b.height)
        let tip = Point(x: arrowTip.x - origin.x, y: arrowTip.y - origin.y)
        let vertical = arrowDirection == .up || arrowDirection == .down
        let base: PopoverLayout.Span
        if arrowBase.count == 2 {
            base =
                vertical
                ? PopoverLayout.Span(lo: arrowBase[0].x - origin.x, hi: arrowBase[1].x - origin.x)
                : PopoverLayout.Span(lo: arrowBase[0].y - origin.y, hi: arrowBase[1].y - origin.y)
        } else {
            base = PopoverLayout.Span(lo: 0, hi: 0)
        }
        let direction = arrowBase.count == 2 ? arrowDirection : .unknown
        return PopoverLayout.outline(body: body, direction: direction, tip: tip, base: base, radii: cornerRadii)
    }
}
