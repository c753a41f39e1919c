import KinemaGeometry

// TEMPORARY: a simple stand-in for the placement engine (branch `popover-layout`), deleted when
// that branch lands. Sized content only; first permitted side that fits, else the first.
extension PopoverLayout {
    public static func place(_ input: PopoverLayoutInput) -> PopoverPlacement {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        let c = input.containerBounds.isFinite ? input.containerBounds : .zero
        let s = input.sourceRect.isFinite ? input.sourceRect : .zero
        let safe = input.safeAreaInsets
        let m = input.layoutMargins
        let area = Rect(
            x: c.minX + f(safe.left) + f(m.left), y: c.minY + f(safe.top) + f(m.top),
            width: max(0, c.width - f(safe.left) - f(m.left) - f(safe.right) - f(m.right)),
            height: max(0, c.height - f(safe.top) - f(m.top) - f(safe.bottom) - f(m.bottom)))
        var content = Size(width: 0, height: 0)
        if case .size(let size) = input.content { content = size.isFinite ? size : Size(width: 0, height: 0) }
        let ins = input.contentInsets
        let ah = max(0, f(input.arrowHeight))
        let aw = max(0, f(input.arrowBase))
        let r = max(0, f(input.cornerRadius))
        let pad = max(0, f(input.arrowPadding))
        let bodyW = min(max(0, content.width + f(ins.left) + f(ins.right)), area.width)
        let bodyH = min(max(0, content.height + f(ins.top) + f(ins.bottom)), area.height)
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { hi < lo ? (lo + hi) / 2 : min(max(v, lo), hi) }

        func candidate(_ d: PopoverArrowDirection) -> (PopoverPlacement, Bool) {
            let vertical = d == .up || d == .down
            var body: Rect
            var tip: Point
            var fits: Bool
            if vertical {
                let x = clamp(s.midX - bodyW / 2, area.minX, area.maxX - bodyW)
                let y = d == .up ? s.maxY + f(input.gap) + ah : s.minY - f(input.gap) - ah - bodyH
                body = Rect(x: x, y: y, width: bodyW, height: bodyH)
                fits = d == .up ? body.maxY <= area.maxY : body.minY >= area.minY
                if !fits { body.origin.y = clamp(body.minY, area.minY + (d == .up ? ah : 0), area.maxY - bodyH - (d == .down ? ah : 0)) }
                let tx = clamp(s.midX, body.minX + r + aw / 2 + pad, body.maxX - r - aw / 2 - pad)
                tip = Point(x: tx, y: d == .up ? body.minY - ah : body.maxY + ah)
            } else {
                let y = clamp(s.midY - bodyH / 2, area.minY, area.maxY - bodyH)
                let x = d == .left ? s.maxX + f(input.gap) + ah : s.minX - f(input.gap) - ah - bodyW
                body = Rect(x: x, y: y, width: bodyW, height: bodyH)
                fits = d == .left ? body.maxX <= area.maxX : body.minX >= area.minX
                if !fits { body.origin.x = clamp(body.minX, area.minX + (d == .left ? ah : 0), area.maxX - bodyW - (d == .right ? ah : 0)) }
                let ty = clamp(s.midY, body.minY + r + aw / 2 + pad, body.maxY - r - aw / 2 - pad)
                tip = Point(x: d == .left ? body.minX - ah : body.maxX + ah, y: ty)
            }
            let frame: Rect
            let base: [Point]
            let offset: Double
            switch d {
            case .up:
                frame = Rect(x: body.minX, y: body.minY - ah, width: bodyW, height: bodyH + ah)
                base = [Point(x: tip.x - aw / 2, y: body.minY), Point(x: tip.x + aw / 2, y: body.minY)]
                offset = tip.x - frame.midX
            case .down:
                frame = Rect(x: body.minX, y: body.minY, width: bodyW, height: bodyH + ah)
                base = [Point(x: tip.x - aw / 2, y: body.maxY), Point(x: tip.x + aw / 2, y: body.maxY)]
                offset = tip.x - frame.midX
            case .left:
                frame = Rect(x: body.minX - ah, y: body.minY, width: bodyW + ah, height: bodyH)
                base = [Point(x: body.minX, y: tip.y - aw / 2), Point(x: body.minX, y: tip.y + aw / 2)]
                offset = tip.y - frame.midY
            default:
                frame = Rect(x: body.minX, y: body.minY, width: bodyW + ah, height: bodyH)
                base = [Point(x: body.maxX, y: tip.y - aw / 2), Point(x: body.maxX, y: tip.y + aw / 2)]
                offset = tip.y - frame.midY
            }
            let content = Rect(
                x: body.minX + f(ins.left), y: body.minY + f(ins.top),
                width: max(0, bodyW - f(ins.left) - f(ins.right)), height: max(0, bodyH - f(ins.top) - f(ins.bottom)))
            let reaches = vertical ? (tip.x >= s.minX && tip.x <= s.maxX) : (tip.y >= s.minY && tip.y <= s.maxY)
            return (
                PopoverPlacement(
                    arrowDirection: d, frame: frame, bubbleFrame: body, contentFrame: content, arrowTip: tip, arrowBase: base,
                    arrowOffset: offset, arrowReachesSource: reaches, textWidth: nil),
                fits
            )
        }
        let permitted = input.permittedDirections.filter { PopoverArrowDirection.allDirections.contains($0) }
        let order = permitted.isEmpty ? PopoverArrowDirection.allDirections : permitted
        var first: PopoverPlacement?
        for d in order {
            let (p, fits) = candidate(d)
            if fits { return p }
            if first == nil { first = p }
        }
        return first ?? candidate(.up).0
    }
}
