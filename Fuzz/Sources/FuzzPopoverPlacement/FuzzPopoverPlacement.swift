import FuzzInput
import KinemaGeometry
import KinemaUI

/// libFuzzer's entry point: the bytes as little-endian Doubles (any bit pattern) into the popover
/// placement engine, `PopoverLayout.place(_:)`: container bounds, safe-area insets, layout
/// margins, source rect, content size (or, now and then, a short text with a font size and
/// maximum width), content insets, arrow base and height, corner radius, arrow padding, gap, the
/// overlap and right-to-left flags and a list of permitted arrow directions, in that order.
///
/// Preconditions check what `place(_:)` and `PopoverPlacement` document, against the input
/// sanitised as "Bad input" describes (NaN reads as 0 or `.zero`, coordinates clamped to ±10⁷,
/// negative lengths read as 0): every output finite with non-negative sizes (within rounding); the
/// same placement twice; the frame inside the container C; without an arrow, the frame inside the usable
/// rectangle U, equal to the body, and the tip at its centre; with one, a permitted single
/// direction, the body inside H (and inside U at its back), the frame the body plus the arrow's
/// height on the arrow's side, the tip on the frame's edge and on the body's extent, the base two
/// points `arrowBase` apart on the body's edge around the tip, the corner radii within the
/// body's, and, when `arrowReachesSource`, the tip on the source's edge (offset by the gap) and
/// extent; content inside body inside frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPopoverPlacement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var r = Doubles(UnsafeRawBufferPointer(start: data, count: size))
    func rect() -> Rect { Rect(x: r.next(), y: r.next(), width: r.next(), height: r.next()) }
    func insets() -> EdgeInsets { EdgeInsets(top: r.next(), left: r.next(), bottom: r.next(), right: r.next()) }
    let container = rect(), safeArea = insets(), margins = insets(), source = rect()
    let contentSize = Size(width: r.next(), height: r.next())
    var input = PopoverLayoutInput(containerBounds: container, sourceRect: source, content: .size(contentSize))
    input.safeAreaInsets = safeArea
    input.layoutMargins = margins
    input.contentInsets = insets()
    input.arrowBase = r.next()
    input.arrowHeight = r.next()
    input.cornerRadius = r.next()
    input.arrowPadding = r.next()
    input.gap = r.next()
    let flags = r.choice(8)
    input.canOverlapSourceRect = flags & 1 != 0
    input.layoutDirection = flags & 2 != 0 ? .rightToLeft : .leftToRight
    input.permittedDirections = (0..<r.choice(6)).map { _ in
        let v = r.choice(18)
        if v < 16 { return PopoverArrowDirection(rawValue: UInt(v)) }
        return v == 16 ? .unknown : PopoverArrowDirection(rawValue: UInt(truncatingIfNeeded: r.next().bitPattern))
    }
    if flags & 4 != 0 {
        let texts = ["", "OK", "Tap the button to continue", "チュートリアル：ボタンをタップしてください。", "Supercalifragilistic word word"]
        let style = TextStyle(fontName: "DejaVu Sans", fontSize: r.next())
        input.content = .text(texts[r.choice(texts.count)], style: style, maxWidth: r.next())
    }

    let p = PopoverLayout.place(input)
    check(p, input)
    _ = p.bubblePath(relativeTo: p.frame.origin).boundingBox
    _ = p.tipAnchorPoint
    return 0
}

/// LeakSanitizer's suppressions: fontconfig (loaded by Pango for the first text measured) keeps
/// its configuration for the life of the process, which LeakSanitizer reports as a leak on that
/// first input and at exit. Kinema's own leaks are still reported.
@_cdecl("__lsan_default_suppressions")
public func leakSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("leak:libfontconfig.so\n\0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}

// MARK: - The documented sanitising ("Bad input" in `place(_:)`'s documentation)

let limit = 1e7

func coordinate(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, -limit), limit) }
func length(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), limit) }

/// A rectangle with a NaN field is `nil`; otherwise standardized with clamped coordinates.
func sanitised(_ r: Rect) -> Rect? {
    guard !r.origin.x.isNaN, !r.origin.y.isNaN, !r.width.isNaN, !r.height.isNaN else { return nil }
    let s = r.standardized
    let x0 = coordinate(s.minX), y0 = coordinate(s.minY)
    return Rect(x: x0, y: y0, width: coordinate(s.maxX) - x0, height: coordinate(s.maxY) - y0)
}

func sanitised(_ i: EdgeInsets) -> EdgeInsets {
    EdgeInsets(top: length(i.top), left: length(i.left), bottom: length(i.bottom), right: length(i.right))
}

/// U on one axis: inset by safe area and margins; where that leaves no room, by the safe area;
/// where that leaves none either, C's extent. H: C inset by the larger of safe area and margin,
/// never smaller than U.
func axis(
    _ lo: Double, _ hi: Double, _ s0: Double, _ s1: Double, _ m0: Double, _ m1: Double
) -> (u: ClosedRange<Double>, h: ClosedRange<Double>) {
    var u = (lo, hi)
    if lo + s0 + m0 < hi - s1 - m1 {
        u = (lo + s0 + m0, hi - s1 - m1)
    } else if lo + s0 < hi - s1 {
        u = (lo + s0, hi - s1)
    }
    let h = (min(u.0, lo + max(s0, m0)), max(u.1, hi - max(s1, m1)))
    return (u.0...u.1, h.0...h.1)
}

// MARK: - The checks

func check(_ p: PopoverPlacement, _ input: PopoverLayoutInput) {
    let about = "\(input)\n→ \(p)"
    let rects = [p.frame, p.bubbleFrame, p.contentFrame]
    let radii = [p.cornerRadii.topLeft, p.cornerRadii.topRight, p.cornerRadii.bottomRight, p.cornerRadii.bottomLeft]
    let numbers = rects.flatMap { [$0.minX, $0.minY, $0.width, $0.height] } + [p.arrowTip.x, p.arrowTip.y, p.arrowOffset] + radii
    // "Nothing traps and every output is finite with non-negative sizes."
    precondition(
        numbers.allSatisfy(\.isFinite) && p.arrowBase.allSatisfy(\.isFinite) && (p.textWidth?.isFinite ?? true), "not finite: \(about)")
    // "A pure function: the same input gives the same placement, bit for bit."
    precondition(PopoverLayout.place(input) == p, "a second placement differs: \(about)")
    if case .size = input.content {
        precondition(p.textWidth == nil, "textWidth for sized content: \(about)")
    }

    let c = sanitised(input.containerBounds) ?? .zero
    let safe = sanitised(input.safeAreaInsets), margins = sanitised(input.layoutMargins)
    let x = axis(c.minX, c.maxX, safe.left, safe.right, margins.left, margins.right)
    let y = axis(c.minY, c.maxY, safe.top, safe.bottom, margins.top, margins.bottom)
    let source = sanitised(input.sourceRect)
    let ah = length(input.arrowHeight), aw = length(input.arrowBase), r = length(input.cornerRadius)
    let g = length(input.gap)
    let magnitudes =
        [c.minX, c.maxX, c.minY, c.maxY, ah, aw, r, g, length(input.arrowPadding)]
        + [source?.minX ?? 0, source?.maxX ?? 0, source?.minY ?? 0, source?.maxY ?? 0]
    // Rounding: a few thousand ulps of the largest coordinate in play.
    let eps = 1e-9 + 1e-12 * magnitudes.map(abs).reduce(0, max)
    func inside(_ inner: Rect, _ x: ClosedRange<Double>, _ y: ClosedRange<Double>) -> Bool {
        inner.minX >= x.lowerBound - eps && inner.maxX <= x.upperBound + eps && inner.minY >= y.lowerBound - eps
            && inner.maxY <= y.upperBound + eps
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= eps }
    // Sizes are never negative, exactly: a body squeezed to nothing between a tip and U's edge,
    // with subnormal radii, once came out −2e-317 long (its input is the seed
    // `negative-body-width-subnormal.bin`).
    precondition(rects.allSatisfy { $0.width >= 0 && $0.height >= 0 } && radii.allSatisfy { $0 >= 0 }, "negative size: \(about)")

    let b = p.bubbleFrame
    // "The bubble therefore never leaves H (nor C)."
    precondition(inside(p.frame, c.minX...c.maxX, c.minY...c.maxY), "frame leaves the container \(c): \(about)")
    // 6: content inside the body, the body inside the frame.
    precondition(inside(b, p.frame.minX...p.frame.maxX, p.frame.minY...p.frame.maxY), "body leaves the frame: \(about)")
    precondition(inside(p.contentFrame, b.minX...b.maxX, b.minY...b.maxY), "content leaves the body: \(about)")

    guard p.arrowDirection != .unknown else {
        // Without an arrow: no base, the tip at the body's centre, the frame the body, inside U.
        precondition(p.arrowBase.isEmpty && !p.arrowReachesSource, "arrowless placement has a base or reaches: \(about)")
        precondition(near(p.arrowTip.x, b.midX) && near(p.arrowTip.y, b.midY), "arrowless tip is not the body's centre: \(about)")
        precondition(
            near(p.frame.minX, b.minX) && near(p.frame.maxX, b.maxX) && near(p.frame.minY, b.minY) && near(p.frame.maxY, b.maxY),
            "arrowless frame is not the body: \(about)")
        precondition(inside(p.frame, x.u, y.u), "arrowless frame leaves U \(x.u) × \(y.u): \(about)")
        return
    }
    let d = p.arrowDirection
    precondition(PopoverArrowDirection.allDirections.contains(d), "arrow direction \(d) is not a single direction: \(about)")
    // Sides are tried in the order of the permitted list, read as single directions (in
    // right-to-left layouts .left and .right swap meaning).
    var permitted = Set(
        PopoverArrowDirection.allDirections.filter { s in input.permittedDirections.contains { $0 != .unknown && $0.contains(s) } })
    if permitted.isEmpty { permitted = Set(PopoverArrowDirection.allDirections) }
    let physical = input.layoutDirection == .rightToLeft ? (d == .left ? .right : d == .right ? .left : d) : d
    precondition(permitted.contains(physical), "arrow \(d) was not permitted: \(about)")
    guard let s = source else { preconditionFailure("an arrow toward a source that is not a number: \(about)") }

    let vertical = d == .up || d == .down
    // The body stays in H, and in U at its back (away from the arrow).
    var bx = x.h, by = y.h
    switch d {
    case .up: by = y.h.lowerBound...max(y.h.lowerBound, y.u.upperBound)
    case .down: by = min(y.u.lowerBound, y.h.upperBound)...y.h.upperBound
    case .left: bx = x.h.lowerBound...max(x.h.lowerBound, x.u.upperBound)
    default: bx = min(x.u.lowerBound, x.h.upperBound)...x.h.upperBound
    }
    precondition(inside(b, bx, by), "body leaves H (or U at its back) \(bx) × \(by): \(about)")
    // The frame is the body plus the arrow's height on the arrow's side; the tip is on that edge.
    let expected: Rect
    let tipMain: Double
    switch d {
    case .up: (expected, tipMain) = (Rect(x: b.minX, y: b.minY - ah, width: b.width, height: b.height + ah), b.minY - ah)
    case .down: (expected, tipMain) = (Rect(x: b.minX, y: b.minY, width: b.width, height: b.height + ah), b.maxY + ah)
    case .left: (expected, tipMain) = (Rect(x: b.minX - ah, y: b.minY, width: b.width + ah, height: b.height), b.minX - ah)
    default: (expected, tipMain) = (Rect(x: b.minX, y: b.minY, width: b.width + ah, height: b.height), b.maxX + ah)
    }
    precondition(
        near(p.frame.minX, expected.minX) && near(p.frame.maxX, expected.maxX) && near(p.frame.minY, expected.minY)
            && near(p.frame.maxY, expected.maxY), "frame is not the body plus the arrow (\(expected)): \(about)")
    let tip = vertical ? (main: p.arrowTip.y, cross: p.arrowTip.x) : (main: p.arrowTip.x, cross: p.arrowTip.y)
    precondition(near(tip.main, tipMain), "tip is not the arrow's height from the body: \(about)")
    let edge = vertical ? (b.minX, b.maxX) : (b.minY, b.maxY)
    precondition(tip.cross >= edge.0 - eps && tip.cross <= edge.1 + eps, "tip beside the body's edge \(edge): \(about)")
    let frameMid = vertical ? p.frame.midX : p.frame.midY
    precondition(near(p.arrowOffset, tip.cross - frameMid), "arrowOffset is not the tip's offset from the frame's centre: \(about)")
    // The base: two points on the body's edge, in increasing order, arrowBase apart, around the tip.
    precondition(p.arrowBase.count == 2, "the base has \(p.arrowBase.count) points: \(about)")
    let edgeLine = d == .up ? b.minY : d == .down ? b.maxY : d == .left ? b.minX : b.maxX
    let base = p.arrowBase.map { vertical ? (along: $0.x, line: $0.y) : (along: $0.y, line: $0.x) }
    precondition(base.allSatisfy { near($0.line, edgeLine) }, "base is off the body's edge: \(about)")
    precondition(near(base[1].along - base[0].along, aw), "base is not arrowBase (\(aw)) long: \(about)")
    precondition(
        base[0].along >= edge.0 - eps && base[1].along <= edge.1 + eps && base[0].along <= tip.cross + eps
            && tip.cross <= base[1].along + eps, "base \(base) is not on the edge \(edge) around the tip: \(about)")
    // Corner radii: at most the input's radius, and at most half the body's width and height.
    let rEff = min(r, b.width / 2, b.height / 2)
    precondition(radii.allSatisfy { $0 <= rEff + eps }, "corner radii exceed \(rEff): \(about)")
    // "Whether the tip still lies on the source's extent along the arrow's edge"; a fitting or
    // shrunk side that reaches has its tip at the source's edge, offset by the gap.
    if p.arrowReachesSource {
        let extent = vertical ? (s.minX, s.maxX) : (s.minY, s.maxY)
        precondition(tip.cross >= extent.0 - eps && tip.cross <= extent.1 + eps, "reaches, but the tip is off the source: \(about)")
        let sourceEdge = d == .up ? s.maxY + g : d == .down ? s.minY - g : d == .left ? s.maxX + g : s.minX - g
        precondition(near(tip.main, sourceEdge), "reaches, but the tip is not the gap from the source's edge: \(about)")
    }
}

/// The standard library's `precondition`, but printing its message in this optimized build (with
/// -O the standard library's prints nothing), so that a finding's report says what broke. A
/// violation is a crash libFuzzer reports.
func precondition(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
    if !condition() { fatalError(message(), file: file, line: line) }
}

/// `preconditionFailure` that prints its message in this optimized build.
func preconditionFailure(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}
