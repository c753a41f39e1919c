import KinemaGeometry
import KinemaLayers
import KinemaRender
import KinemaUI
import TestSupport
import Testing

/// HIkaruSato's background metrics, honest this time: the metrics say what is drawn.
final class WideArrowBackground: DefaultPopoverBackgroundView {
    override class func arrowBase() -> Double { 30 }
    override class func arrowHeight() -> Double { 20 }
    override class func contentViewInsets() -> EdgeInsets { EdgeInsets(top: 6, left: 8, bottom: 6, right: 8) }
    override class func cornerRadius() -> Double { 12 }
    override class var wantsDefaultContentAppearance: Bool { false }
}

/// Points on the arrow's center line from just inside the tip to past the body's edge: every one
/// must be inside the one bubble path (no seam, nothing see-through). With `towardBase` (the
/// middle of the arrow's base), the line runs from the tip to that point, then straight on into
/// the body: the median of an arrow that leans at a corner.
func arrowAxisSamples(tip: Point, direction: PopoverArrowDirection, height: Double, towardBase baseMid: Point? = nil) -> [Point] {
    let steps = 40
    let vertical = direction == .up || direction == .down
    let lean = baseMid.map { vertical ? $0.x - tip.x : $0.y - tip.y } ?? 0
    return (1...steps).map { i in
        let d = 0.5 + (height + 2 - 0.5) * Double(i) / Double(steps)
        let across = height > 0 ? lean * min(d, height) / height : 0
        switch direction {
        case .up: return Point(x: tip.x + across, y: tip.y + d)
        case .down: return Point(x: tip.x + across, y: tip.y - d)
        case .left: return Point(x: tip.x + d, y: tip.y + across)
        default: return Point(x: tip.x - d, y: tip.y + across)
        }
    }
}

@Suite struct PopoverBackgroundTests {
    static let offsets: [Double] = [-1000, -90, -71, -40, -13.5, 0, 7, 40, 71, 90, 1000]

    @Test(arguments: PopoverArrowDirection.allDirections)
    func arrowAndBodyAreOneGaplessPathForEveryOffset(_ direction: PopoverArrowDirection) {
        let bounds = Rect(x: 0, y: 0, width: 210, height: 150)
        for offset in Self.offsets {
            let path = DefaultPopoverBackgroundView.bubblePath(
                in: bounds, arrowDirection: direction, arrowOffset: offset, arrowBase: 20, arrowHeight: 10, cornerRadius: 10)
            // One closed contour: a single move.
            #expect(path.elements.filter { if case .moveTo = $0 { true } else { false } }.count == 1)
            let view = DefaultPopoverBackgroundView(frame: bounds)
            view.arrowDirection = direction
            view.arrowOffset = offset
            #expect(view.bubblePath == path)
            // The tip the view reports is the drawn one (clamped offsets aside, the path reaches the
            // frame's edge on the arrow side).
            let box = path.boundingBox ?? .zero
            #expect(isClose(box, bounds, 1e-9))
            // Where the arrow is actually drawn: the offset clamped to the body's edge.
            let vertical = direction == .up || direction == .down
            let along = vertical ? bounds.width : bounds.height
            let limit = along / 2
            let c = min(max(offset, -limit), limit)
            let tip: Point
            switch direction {
            case .up: tip = Point(x: bounds.midX + c, y: 0)
            case .down: tip = Point(x: bounds.midX + c, y: bounds.maxY)
            case .left: tip = Point(x: 0, y: bounds.midY + c)
            default: tip = Point(x: bounds.maxX, y: bounds.midY + c)
            }
            // The base's middle: centred on the tip, or 10 from the edge's end where it is flush.
            let mid = min(max((vertical ? tip.x : tip.y), 10), along - 10)
            let baseMid: Point
            switch direction {
            case .up: baseMid = Point(x: mid, y: 10)
            case .down: baseMid = Point(x: mid, y: bounds.maxY - 10)
            case .left: baseMid = Point(x: 10, y: mid)
            default: baseMid = Point(x: bounds.maxX - 10, y: mid)
            }
            for p in arrowAxisSamples(tip: tip, direction: direction, height: 10, towardBase: baseMid) {
                #expect(path.contains(p), "offset \(offset): \(p) is see-through")
            }
            // Just beside the arrow's base, outside the body, nothing is drawn.
            let beside: Point
            switch direction {
            case .up: beside = Point(x: tip.x + 10 + 1, y: 5)
            case .down: beside = Point(x: tip.x + 10 + 1, y: bounds.maxY - 5)
            case .left: beside = Point(x: 5, y: tip.y + 10 + 1)
            default: beside = Point(x: bounds.maxX - 5, y: tip.y + 10 + 1)
            }
            #expect(!path.contains(beside))
        }
    }

    @Test(arguments: [-1000.0, -95, -88, 88, 95, 1000])
    func anArrowAtACornerShrinksThatCornerAndKeepsItsBaseOnTheStraightEdge(offset: Double) {
        let bounds = Rect(x: 0, y: 0, width: 210, height: 150)
        let view = DefaultPopoverBackgroundView(frame: bounds)
        view.arrowOffset = offset
        let path = view.bubblePath
        // The tip: the offset clamped to the body's edge (0…210).
        let tipX = min(max(105 + offset, 0), 210)
        #expect(isClose(view.arrowTip, Point(x: tipX, y: 0), 1e-9))
        // The base: 20 long, centred on the tip or flush with the edge's end.
        let baseLo = min(max(tipX - 10, 0), 190)
        let apexes = path.elements.compactMap { e -> Point? in
            if case .lineTo(let p) = e, abs(p.y - 10) <= 1e-9 { return p } else { return nil }
        }
        #expect(apexes.contains { isClose($0, Point(x: baseLo, y: 10), 1e-9) } || baseLo == 0)
        #expect(apexes.contains { isClose($0, Point(x: baseLo + 20, y: 10), 1e-9) } || baseLo + 20 == 210)
        // The corner at the arrow's end shrinks to keep 4 points (the padding) clear of the base:
        // radius min(10, distance − 4); the other corners keep 10.
        let radii = view.cornerRadii
        #expect(isClose(radii.topLeft, min(10, max(0, baseLo - 4)), 1e-9))
        #expect(isClose(radii.topRight, min(10, max(0, 210 - baseLo - 20 - 4)), 1e-9))
        #expect(radii.bottomLeft == 10 && radii.bottomRight == 10)
        #expect(radii.topLeft < 10 || radii.topRight < 10)
        // The base's ends lie on the straight part between the arcs: the path's top edge (y = 10)
        // goes from the top-left arc's end to the top-right arc's start through the base.
        #expect(baseLo >= radii.topLeft - 1e-9 && baseLo + 20 <= 210 - radii.topRight + 1e-9)
        // Solid from the tip into the body.
        for p in arrowAxisSamples(tip: Point(x: tipX, y: 0), direction: .up, height: 10, towardBase: Point(x: baseLo + 10, y: 10)) {
            #expect(path.contains(p), "\(p) is see-through")
        }
    }

    @Test func theBaseClassDrawsNothingAndTheDefaultDrawsTheBubble() throws {
        func render(_ view: PopoverBackgroundView) throws -> (painted: Int, center: UInt32) {
            let window = Window(frame: Rect(x: 0, y: 0, width: 240, height: 160), scale: 1)
            view.frame = Rect(x: 20, y: 20, width: 200, height: 120)
            view.arrowDirection = .up
            view.arrowOffset = -30
            window.addSubview(view)
            window.advance(to: 0)
            let bitmap = try Renderer().render(window.layer.renderTree(at: 0), size: window.bounds.size, scale: 1)
            var painted = 0
            for y in 0..<bitmap.height {
                let row = bitmap.row(y)
                for x in 0..<bitmap.width where row[x] != 0 { painted += 1 }
            }
            return (painted, bitmap.row(80)[120])
        }
        let plain = try render(PopoverBackgroundView(frame: .zero))
        #expect(plain.painted == 0)
        #expect(PopoverBackgroundView(frame: .zero).layer is ShapeLayer == false)
        let bubble = try render(DefaultPopoverBackgroundView(frame: .zero))
        #expect(bubble.painted > 200 * 100)
        #expect(bubble.center == 0xffff_ffff)  // the white fill, opaque
    }

    @Test func settingTheArrowAsksForLayout() {
        let view = DefaultPopoverBackgroundView(frame: Rect(x: 0, y: 0, width: 100, height: 80))
        view.layoutIfNeeded()
        #expect(!view.needsLayout)
        view.arrowOffset = 12
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        view.arrowDirection = .left
        #expect(view.needsLayout)
        view.arrowOffset = .nan
        #expect(view.arrowOffset == 12)
        view.layoutIfNeeded()
        #expect((view.layer as? ShapeLayer)?.path == view.bubblePath)
    }

    @Test func hostileGeometryGivesAnEmptyOrFinitePath() {
        for bounds in [Rect.zero, Rect(x: 0, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: .infinity, height: 4)] {
            for direction in PopoverArrowDirection.allDirections + [.unknown] {
                let path = DefaultPopoverBackgroundView.bubblePath(
                    in: bounds, arrowDirection: direction, arrowOffset: .nan, arrowBase: -3, arrowHeight: .infinity,
                    cornerRadius: 40)
                #expect(path.boundingBox?.isFinite ?? true)
            }
        }
    }

    @Test(arguments: PopoverDirectionCase.all)
    func aCustomClassLaysOutWithExactlyTheMetricsItDraws(_ c: PopoverDirectionCase) throws {
        let stage = PopoverStage(source: c.source)
        stage.popover.popoverBackgroundViewClass = WideArrowBackground.self
        stage.popover.permittedArrowDirections = c.direction
        stage.popover.backgroundColor = Color(red: 1, green: 0.6, blue: 0.2)
        stage.root.present(stage.content, animated: false)
        stage.window.advance(to: 0.1)
        let placement = try #require(stage.popover.placement)
        let background = try #require(stage.popover.backgroundView as? WideArrowBackground)
        #expect(background.fillColor == Color(red: 1, green: 0.6, blue: 0.2))
        let vertical = c.direction == .up || c.direction == .down
        // Frame = content + insets + the drawn arrow height on the arrow side.
        #expect(placement.frame.width == 200 + 16 + (vertical ? 0 : 20))
        #expect(placement.frame.height == 120 + 12 + (vertical ? 20 : 0))
        // The drawn path ends exactly at the layout's tip.
        let box = try #require(background.bubblePath.boundingBox)
        #expect(isClose(box, background.bounds, 1e-9))
        let tipInView = Point(x: placement.arrowTip.x - placement.frame.minX, y: placement.arrowTip.y - placement.frame.minY)
        #expect(isClose(background.arrowTip, tipInView, 1e-9))
        #expect(background.bubblePath.elements.contains { if case .lineTo(let p) = $0 { isClose(p, tipInView, 1e-9) } else { false } })
        // Content inset by contentViewInsets inside the body.
        #expect(stage.content.view.frame.size == Size(width: 200, height: 120))
    }
}
