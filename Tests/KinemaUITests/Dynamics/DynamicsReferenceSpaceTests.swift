import Foundation
import KinemaDynamics
import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

/// The nested scene of criterion 6 of docs/dynamics-notes.md: a root, a container rotated 15°
/// holding a container at (100, 200) scrolled by bounds.origin (0, 300), holding the item.
struct NestedScene {
    let root = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let rotated = View(frame: Rect(x: 20, y: 40, width: 320, height: 560))
    let scrolled = View(frame: Rect(x: 100, y: 200, width: 180, height: 300))
    let item = View(frame: Rect(x: 30, y: 320, width: 60, height: 40))

    init() {
        root.addSubview(rotated)
        rotated.addSubview(scrolled)
        scrolled.addSubview(item)
        rotated.transform = AffineTransform(rotationAngle: 15 * .pi / 180)
        scrolled.bounds.origin = Point(x: 0, y: 300)
    }
}

/// Where `view` is drawn in `root`'s coordinates, from its layer's quad in the root layer (the
/// rendering path, independent of `View.convert`): the centre and the direction of its x edge.
func drawnPose(of view: View, using source: GeometrySource = .model) -> (center: Point, angle: Double) {
    let q = view.layer.quadInRoot(using: source)
    let center = Point(x: (q[0].x + q[2].x) / 2, y: (q[0].y + q[2].y) / 2)
    return (center, atan2(q[1].y - q[0].y, q[1].x - q[0].x))
}

@Suite struct DynamicsReferenceSpaceTests {
    @Test func scrolledContainerOffsetsTheCenterByItsBoundsOrigin() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let container = View(frame: Rect(x: 100, y: 200, width: 200, height: 300))
        container.bounds.origin = Point(x: 0, y: 300)
        let item = View(frame: Rect(x: 20, y: 330, width: 60, height: 40))
        root.addSubview(container)
        container.addSubview(item)
        let space = ViewReferenceSpace(referenceView: root)
        let state = space.state(of: item)
        // (100 + 50, 200 + 350 − 300): the item's centre (50, 350) in the scrolled container.
        #expect(isClose(state.center, Point(x: 150, y: 250), 1e-9))
        #expect(state.angle == 0)
    }

    @Test func readsWhereTheViewIsDrawnThroughRotatedAndScrolledAncestors() {
        let scene = NestedScene()
        scene.item.transform = AffineTransform(rotationAngle: 0.2)
        let space = ViewReferenceSpace(referenceView: scene.root)
        let state = space.state(of: scene.item)
        let drawn = drawnPose(of: scene.item)
        #expect(isClose(state.center, drawn.center, 1e-9))
        #expect(isCloseAngle(state.angle, drawn.angle, 1e-9))
        #expect(isCloseAngle(state.angle, 0.2 + 15 * .pi / 180, 1e-9))
    }

    @Test func writesInTheSuperviewsSpaceSoTheViewIsDrawnAtTheSimulatedPose() {
        let scene = NestedScene()
        let space = ViewReferenceSpace(referenceView: scene.root)
        let target = Point(x: 211.5, y: 430.25)
        space.setState(of: scene.item, center: target, angle: -0.7)
        let drawn = drawnPose(of: scene.item)
        #expect(isClose(drawn.center, target, 1e-9))
        #expect(isCloseAngle(drawn.angle, -0.7, 1e-9))
        // Local values: the rotation relative to the superview, which is rotated by 15°.
        #expect(isCloseAngle(atan2(scene.item.transform.b, scene.item.transform.a), -0.7 - 15 * .pi / 180, 1e-9))
        #expect(isClose(scene.scrolled.convert(scene.item.center, to: scene.root), target, 1e-9))
        let back = space.state(of: scene.item)
        #expect(isClose(back.center, target, 1e-9))
        #expect(isCloseAngle(back.angle, -0.7, 1e-9))
    }

    @Test func directChildrenAreReadAndWrittenExactly() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let item = View(frame: Rect(x: 10, y: 20, width: 30, height: 50))
        root.addSubview(item)
        let space = ViewReferenceSpace(referenceView: root)
        space.setState(of: item, center: Point(x: 0.1, y: 0.3), angle: 0.25)
        #expect(item.center == Point(x: 0.1, y: 0.3))
        #expect(item.transform == AffineTransform(rotationAngle: 0.25))
        let state = space.state(of: item)
        #expect(state.center == Point(x: 0.1, y: 0.3))
        #expect(state.angle == atan2(sin(0.25), cos(0.25)))
    }

    @Test func keepsTheViewsScaleAndDropsItsTranslation() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let item = View(frame: Rect(x: 10, y: 20, width: 30, height: 50))
        root.addSubview(item)
        item.transform = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(translationX: 5, y: 7))
        let space = ViewReferenceSpace(referenceView: root)
        space.setState(of: item, center: Point(x: 100, y: 200), angle: .pi / 6)
        let expected = AffineTransform(scaleX: 2, y: 3).concatenating(AffineTransform(rotationAngle: .pi / 6))
        #expect(isClose(item.transform, expected, 1e-12))
        #expect(isCloseAngle(space.state(of: item).angle, .pi / 6, 1e-12))
    }

    @Test func referenceBoundsFollowTheReferenceView() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let space = ViewReferenceSpace(referenceView: root)
        #expect(space.referenceBounds == Rect(x: 0, y: 0, width: 400, height: 800))
        root.frame = Rect(x: 0, y: 0, width: 320, height: 480)
        #expect(space.referenceBounds == Rect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test func reportsUnusableItems() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let container = View(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let zero = View(frame: Rect(x: 50, y: 50, width: 0, height: 20))
        let outside = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let collapsed = View(frame: Rect(x: 10, y: 300, width: 100, height: 100))
        let inCollapsed = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(container)
        container.addSubview(child)
        root.addSubview(zero)
        root.addSubview(collapsed)
        collapsed.addSubview(inCollapsed)
        collapsed.transform = AffineTransform(scaleX: 0, y: 0)
        let space = ViewReferenceSpace(referenceView: root)
        let items: [any DynamicItem] = [container, child, zero, outside, root, inCollapsed]
        #expect(space.problem(with: container, among: items) == nil)
        #expect(space.problem(with: child, among: items)?.contains("also animated") == true)
        #expect(space.problem(with: child, among: [child]) == nil)
        #expect(space.problem(with: zero, among: items)?.contains("zero size") == true)
        #expect(space.problem(with: outside, among: items)?.contains("not inside the reference view") == true)
        #expect(space.problem(with: root, among: items)?.contains("reference view itself") == true)
        #expect(space.problem(with: inCollapsed, among: items)?.contains("singular") == true)
    }

    @Test func leavesAViewRemovedFromTheReferenceViewAlone() {
        let scene = NestedScene()
        let space = ViewReferenceSpace(referenceView: scene.root)
        scene.item.removeFromSuperview()
        let before = scene.item.center
        space.setState(of: scene.item, center: Point(x: 1, y: 2), angle: 1)
        #expect(scene.item.center == before)
        space.setState(of: scene.item, center: Point(x: .nan, y: 2), angle: 1)
        #expect(scene.item.center == before)
    }
}
