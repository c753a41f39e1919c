import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

/// Kinema's choice for sibling order (Apple depth-sorts 3D siblings and splits intersecting
/// planes, undocumented): siblings are ordered by the depth of their transformed anchor point
/// (stable), which is the `zPosition` when nothing is 3D.
@Suite struct SiblingDepthTests {
    /// A 200×200 parent at (100, 100) with two overlapping 100×100 siblings at its centre:
    /// `near` has zPosition 10, `far` zPosition 0, and `far` is added last.
    static func makeTree() -> (parent: Layer, near: Layer, far: Layer) {
        let parent = Layer()
        parent.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        parent.position = Point(x: 100, y: 100)
        let near = Layer()
        near.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        near.position = Point(x: 100, y: 100)
        near.zPosition = 10
        let far = Layer()
        far.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        far.position = Point(x: 100, y: 100)
        try? parent.addSublayer(near)
        try? parent.addSublayer(far)
        return (parent, near, far)
    }

    @Test("Without 3D transforms the depth is the zPosition")
    func flatDepthIsZPosition() {
        let (parent, near, far) = Self.makeTree()
        #expect(near.depthInSuperlayer() == 10)
        #expect(far.depthInSuperlayer() == 0)
        #expect(parent.sublayersInDrawingOrder().map { $0 === near } == [false, true])
        #expect(parent.hitTest(Point(x: 100, y: 100)) === near)
    }

    @Test("A half turn about y in the superlayer's sublayerTransform puts the far sibling in front")
    func sublayerRotationReversesOrder() {
        let (parent, near, far) = Self.makeTree()
        parent.sublayerTransform = .makeRotation(.pi, 0, 1, 0)
        #expect(isClose(near.depthInSuperlayer(), -10, 1e-9))
        #expect(parent.sublayersInDrawingOrder().map { $0 === far } == [false, true])
        #expect(parent.hitTest(Point(x: 100, y: 100)) === far)
        let tree = parent.renderTree(at: 0)
        #expect(tree.sublayers.map(\.state.zPosition) == [10, 0], "the render tree draws far last")
    }

    @Test("Equal depths keep sublayer order")
    func tiesKeepOrder() {
        let (parent, near, far) = Self.makeTree()
        near.zPosition = 0
        #expect(parent.sublayersInDrawingOrder().map { $0 === far } == [false, true])
    }
}
