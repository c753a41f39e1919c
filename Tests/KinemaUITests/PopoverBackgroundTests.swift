import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

/// HIkaruSato's background metrics, honest this time: the metrics say what is drawn.
final class WideArrowBackground: PopoverBackgroundView {
    override class func arrowBase() -> Double { 30 }
    override class func arrowHeight() -> Double { 20 }
    override class func contentViewInsets() -> EdgeInsets { EdgeInsets(top: 6, left: 8, bottom: 6, right: 8) }
    override class func cornerRadius() -> Double { 12 }
    override class var wantsDefaultContentAppearance: Bool { false }
}

/// Points on the arrow's center line from just inside the tip to past the body's edge: every one
/// must be inside the one bubble path (no seam, nothing see-through).
func arrowAxisSamples(tip: Point, direction: PopoverArrowDirection, height: Double) -> [Point] {
    let steps = 40
    return (1...steps).map { i in
        let d = 0.5 + (height + 2 - 0.5) * Double(i) / Double(steps)
        switch direction {
        case .up: return Point(x: tip.x, y: tip.y + d)
        case .down: return Point(x: tip.x, y: tip.y - d)
        case .left: return Point(x: tip.x + d, y: tip.y)
        default: return Point(x: tip.x - d, y: tip.y)
        }
    }
}

@Suite struct PopoverBackgroundTests {
    static let offsets: [Double] = [-1000, -90, -71, -40, -13.5, 0, 7, 40, 71, 90, 1000]

    @Test(arguments: PopoverArrowDirection.allDirections)
    func arrowAndBodyAreOneGaplessPathForEveryOffset(_ direction: PopoverArrowDirection) {
        let bounds = Rect(x: 0, y: 0, width: 210, height: 150)
        for offset in Self.offsets {
            let path = PopoverBackgroundView.bubblePath(
                in: bounds, arrowDirection: direction, arrowOffset: offset, arrowBase: 20, arrowHeight: 10, cornerRadius: 10)
            // One closed contour: a single move.
            #expect(path.elements.filter { if case .moveTo = $0 { true } else { false } }.count == 1)
            let view = PopoverBackgroundView(frame: bounds)
            view.arrowDirection = direction
            view.arrowOffset = offset
            #expect(view.bubblePath == path)
            // The tip the view reports is the drawn one (clamped offsets aside, the path reaches the
            // frame's edge on the arrow side).
            let box = path.boundingBox ?? .zero
            #expect(isClose(box, bounds, 1e-9))
            // Where the arrow is actually drawn: clamp the offset as the path does.
            let along = direction == .up || direction == .down ? bounds.width : bounds.height
            let limit = along / 2 - 10 - 10
            let c = min(max(offset, -limit), limit)
            let tip: Point
            switch direction {
            case .up: tip = Point(x: bounds.midX + c, y: 0)
            case .down: tip = Point(x: bounds.midX + c, y: bounds.maxY)
            case .left: tip = Point(x: 0, y: bounds.midY + c)
            default: tip = Point(x: bounds.maxX, y: bounds.midY + c)
            }
            for p in arrowAxisSamples(tip: tip, direction: direction, height: 10) {
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

    @Test func theArrowStaysOutOfTheCorners() {
        let bounds = Rect(x: 0, y: 0, width: 210, height: 150)
        // Offsets far past the edge: the base's ends stay on the straight part (x in [r, w − r]).
        for offset in [-1000.0, 1000] {
            let path = PopoverBackgroundView.bubblePath(
                in: bounds, arrowDirection: .up, arrowOffset: offset, arrowBase: 20, arrowHeight: 10, cornerRadius: 10)
            let apexes = path.elements.compactMap { e -> Point? in
                if case .lineTo(let p) = e, p.y <= 10 + 1e-9 { return p } else { return nil }
            }
            for p in apexes { #expect(p.x >= 10 - 1e-9 && p.x <= 200 + 1e-9) }
        }
    }

    @Test func settingTheArrowAsksForLayout() {
        let view = PopoverBackgroundView(frame: Rect(x: 0, y: 0, width: 100, height: 80))
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
                let path = PopoverBackgroundView.bubblePath(
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
