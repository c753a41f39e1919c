import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// The render tree (`renderTree(at:)`): a `Sendable` value snapshot of the presentation, with
/// sublayers in drawing order (by depth, then sublayer order; a layer's border above its
/// sublayers).
@Suite struct RenderTreeTests {

    static func named(_ name: String, z: Double) -> Layer {
        let layer = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), Point(x: 5, y: 5))
        layer.name = name
        layer.zPosition = z
        return layer
    }

    @Test("Sublayers are sorted by zPosition, ties by order (stable)")
    func drawingOrder() throws {
        let root = makeLayer(Rect(x: 0, y: 0, width: 100, height: 100), Point(x: 50, y: 50))
        for (name, z) in [("a", 5.0), ("b", 0), ("c", -1), ("d", 0), ("e", 5)] {
            try root.addSublayer(Self.named(name, z: z))
        }
        let tree = root.renderTree(at: 0)
        #expect(tree.sublayers.map(\.name) == ["c", "b", "d", "a", "e"])
        // The model order is unchanged.
        #expect(root.sublayers.map(\.name) == ["a", "b", "c", "d", "e"])
    }

    @Test("Nodes carry presentation values at the requested time")
    func presentationValuesInside() throws {
        let fixture = makeRoot()
        let child = Self.named("child", z: 0)
        try fixture.layer.addSublayer(child)
        child.add(referenceAnimation(), forKey: "move")
        fixture.layer.add(referenceAnimation("opacity", from: 0, to: 1), forKey: "fade")
        let tree = fixture.layer.renderTree(at: 11)
        #expect(isClose(tree.state.opacity, 0.5, Tolerance.timing))
        let node = try #require(tree.sublayers.first)
        #expect(isClose(node.state.position.x, 50, Tolerance.timing))
        #expect(node.state.position.y == 5)
        #expect(child.position.x == 5, "the model is untouched")
        // Before the animations begin the model shows.
        #expect(fixture.layer.renderTree(at: 9).sublayers.first?.state.position.x == 5)
    }

    @Test("transformToSuperlayer is Tr(−anchor) · transform · Tr(position)")
    func transformToSuperlayer() {
        let layer = makeLayer(Rect(x: 0, y: 0, width: 100, height: 50), Point(x: 200, y: 300))
        let m = layer.renderTree(at: 0).transformToSuperlayer
        #expect(isClose(m, .makeTranslation(150, 275, 0), Tolerance.geometry))
    }

    static func requireSendable<T: Sendable>(_ value: T) -> T { value }

    @Test("The snapshot is a Sendable value: later model changes do not alter it")
    func snapshotIsIndependent() throws {
        let fixture = makeRoot()
        let child = Self.named("child", z: 0)
        try fixture.layer.addSublayer(child)
        let tree = Self.requireSendable(fixture.layer.renderTree(at: 0))
        let before = tree
        fixture.context.transaction.begin()
        fixture.context.transaction.disableActions = true
        fixture.layer.opacity = 0.25
        fixture.layer.backgroundColor = Color(red: 0, green: 1, blue: 0)
        child.position = Point(x: 70, y: 80)
        child.zPosition = 3
        try fixture.layer.addSublayer(Self.named("late", z: 0))
        fixture.context.transaction.commit()
        #expect(tree == before)
        #expect(tree.state.opacity == 1)
        #expect(tree.state.backgroundColor == nil)
        #expect(tree.sublayers.count == 1)
        #expect(tree.sublayers.first?.state.position == Point(x: 5, y: 5))
        // A new snapshot sees the changes.
        let after = fixture.layer.renderTree(at: 0)
        #expect(after.state.opacity == 0.25)
        #expect(after.sublayers.map(\.name) == ["late", "child"])
    }

    @Test("flattened lists every node depth first in drawing order")
    func flattened() throws {
        let root = Self.named("root", z: 0)
        let a = Self.named("a", z: 1)
        let b = Self.named("b", z: 0)
        try root.addSublayer(a)
        try root.addSublayer(b)
        try a.addSublayer(Self.named("a1", z: 0))
        #expect(root.renderTree(at: 0).flattened.map(\.name) == ["root", "b", "a", "a1"])
    }
}

/// The render tree must agree, node for node, with asking each layer on its own.
@Suite struct RenderTreeConsistencyTests {
    @Test("Nodes match presentation(at:) and localTime(atMediaTime:) through nested timing and masks")
    func nodesMatchPerLayerQueries() throws {
        let context = LayerContext(time: 3)
        let root = Layer()
        root.speed = 2
        root.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        context.addRootLayer(root)
        let child = Layer()
        child.beginTime = 1
        child.speed = 0.5
        child.timeOffset = 0.25
        child.sublayerTransform = .makePerspective(distance: 500)
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        child.position = Point(x: 120, y: 70)
        try root.addSublayer(child)
        let grandchild = Layer()
        grandchild.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
        grandchild.zPosition = 12
        try child.addSublayer(grandchild)
        let mask = Layer()
        mask.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        child.mask = mask
        for (layer, key) in [(grandchild, "position.x"), (mask, "opacity"), (child, "position.y")] {
            var a = BasicAnimation(keyPath: LayerKeyPath(stringLiteral: key))
            a.fromValue = 0
            a.toValue = 1
            a.duration = 10
            layer.add(a, forKey: "a")
        }
        let t = 7.3
        let tree = root.renderTree(at: t)
        let childNode = try #require(tree.sublayers.first)
        let grandchildNode = try #require(childNode.sublayers.first)
        let maskNode = try #require(childNode.mask)
        for (node, layer) in [(tree, root), (childNode, child), (grandchildNode, grandchild), (maskNode, mask)] {
            #expect(node.state == layer.presentation(at: t), "\(layer === mask ? "mask" : "layer") state")
            #expect(node.localTime == layer.localTime(atMediaTime: t))
        }
        #expect(grandchildNode.state.position.x != 0, "the animation is running at this time")
        #expect(grandchildNode.transformToSuperlayer.m34 != 0, "the superlayer's perspective is included")
    }
}
