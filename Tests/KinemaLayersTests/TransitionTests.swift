import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// `CATransition` (docs/animation-notes.md): transition progress, the old image in the render tree,
/// and the `"transition"` key.
@Suite struct TransitionTests {

    struct ProgressRow: CustomTestStringConvertible, Sendable {
        var id: String
        var start: Double
        var end: Double
        var fraction: Double
        var expected: Double
        var testDescription: String { id }
    }

    static let progressRows: [ProgressRow] = [
        ProgressRow(id: "defaults, f 0.3 (fade: old α 0.7, new α 0.3)", start: 0, end: 1, fraction: 0.3, expected: 0.3),
        ProgressRow(id: "startProgress 0.5 fade at f 0 → α_new 0.5", start: 0.5, end: 1, fraction: 0, expected: 0.5),
        ProgressRow(id: "start 0.2, end 0.6 at f 0.5", start: 0.2, end: 0.6, fraction: 0.5, expected: 0.4),
        ProgressRow(id: "start −1, end 2 clamp to [0, 1]", start: -1, end: 2, fraction: 0.25, expected: 0.25),
        ProgressRow(id: "start −1, end 2 at f 1", start: -1, end: 2, fraction: 1, expected: 1),
        ProgressRow(id: "crossed: start 0.75, end 0.25 → end = start", start: 0.75, end: 0.25, fraction: 0.5, expected: 0.75),
        ProgressRow(id: "crossed at f 1", start: 0.75, end: 0.25, fraction: 1, expected: 0.75),
    ]

    @Test(arguments: progressRows)
    func progress(_ row: ProgressRow) {
        var t = Transition()
        t.startProgress = row.start
        t.endProgress = row.end
        #expect(isClose(t.progress(easedFraction: row.fraction), row.expected, 1e-5))
        // Stored exactly as set; clamped only when evaluated.
        #expect(t.startProgress == row.start)
        #expect(t.endProgress == row.end)
    }

    @Test("Defaults: fade, no subtype, progress 0…1, linear")
    func defaults() {
        let t = Transition()
        #expect(t.type == .fade)
        #expect(t.subtype == nil)
        #expect(t.startProgress == 0)
        #expect(t.endProgress == 1)
        #expect(t.timingFunction == nil)
    }

    // MARK: In the render tree

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A 300 × 200 root layer with a red background on a context at media time 1.
    static func makeStage() -> (context: LayerContext, layer: Layer) {
        let context = LayerContext(time: 1)
        let layer = makeLayer(Rect(x: 0, y: 0, width: 300, height: 200), Point(x: 150, y: 100))
        layer.backgroundColor = red
        context.addRootLayer(layer)
        return (context, layer)
    }

    /// Changes the background to blue, adds a sublayer, then adds `transition` under `key`, all
    /// in one explicit transaction with actions disabled.
    static func runTransition(_ transition: Transition, forKey key: String?, on stage: (context: LayerContext, layer: Layer)) throws {
        stage.context.transaction.begin()
        stage.context.transaction.disableActions = true
        stage.layer.backgroundColor = blue
        try stage.layer.addSublayer(makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), Point(x: 5, y: 5)))
        stage.layer.add(transition, forKey: key)
        stage.context.transaction.commit()
    }

    @Test("The render tree carries the old subtree, captured before the transaction's changes")
    func renderTransitionCarriesOldSubtree() throws {
        let stage = Self.makeStage()
        var transition = Transition(type: .push, subtype: .fromRight)
        transition.duration = 1
        try Self.runTransition(transition, forKey: "slide", on: stage)

        let tree = stage.layer.renderTree(at: 1.25)
        let rendered = try #require(tree.transition)
        #expect(rendered.type == .push)
        #expect(rendered.subtype == .fromRight)
        #expect(isClose(rendered.progress, 0.25, Tolerance.timing))
        #expect(rendered.old.state.backgroundColor == Self.red)
        #expect(rendered.old.sublayers.isEmpty)
        #expect(tree.state.backgroundColor == Self.blue)
        #expect(tree.sublayers.count == 1)

        // push fromRight, W = 300, f = 0.25: old x-offset u·q·W = −75, new −u·(1 − q)·W = +225.
        let u = try #require(rendered.subtype).direction
        #expect(isClose(u.dx * rendered.progress * 300, -75, Tolerance.geometry))
        #expect(isClose(-u.dx * (1 - rendered.progress) * 300, 225, Tolerance.geometry))
        #expect(u.dy == 0)
    }

    @Test("The old image is captured in an implicit transaction too")
    func implicitTransactionOldImage() throws {
        let stage = Self.makeStage()
        stage.layer.actions["backgroundColor"] = NullAction()
        stage.context.advance(to: 2)
        stage.layer.backgroundColor = Self.blue
        var transition = Transition()
        transition.duration = 1
        stage.layer.add(transition, forKey: nil)
        stage.context.advance(to: 2.3)
        let rendered = try #require(stage.layer.renderTree(at: 2.3).transition)
        #expect(rendered.old.state.backgroundColor == Self.red)
        #expect(isClose(rendered.progress, 0.3, Tolerance.timing))
        #expect(stage.layer.renderTree(at: 2.3).state.backgroundColor == Self.blue)
    }

    struct DirectionRow: CustomTestStringConvertible, Sendable {
        var id: String
        var type: TransitionType
        var subtype: TransitionSubtype
        var fraction: Double
        /// The expected x-offsets for W = 300 (0 when the image is static).
        var oldOffset: Double
        var newOffset: Double
        var testDescription: String { id }
    }

    static let directionRows: [DirectionRow] = [
        DirectionRow(id: "push fromRight f 0.25", type: .push, subtype: .fromRight, fraction: 0.25, oldOffset: -75, newOffset: 225),
        DirectionRow(id: "moveIn fromLeft f 0.5", type: .moveIn, subtype: .fromLeft, fraction: 0.5, oldOffset: 0, newOffset: -150),
        DirectionRow(id: "reveal fromRight f 0.5", type: .reveal, subtype: .fromRight, fraction: 0.5, oldOffset: -150, newOffset: 0),
    ]

    /// The transition table's offsets along x for width `w` (docs/animation-notes.md).
    static func offsets(_ type: TransitionType, _ ux: Double, _ q: Double, _ w: Double) -> (old: Double, new: Double) {
        switch type {
        case .fade: (0, 0)
        case .moveIn: (0, -ux * (1 - q) * w)
        case .push: (ux * q * w, -ux * (1 - q) * w)
        case .reveal: (ux * q * w, 0)
        }
    }

    @Test(arguments: directionRows)
    func directionExamples(_ row: DirectionRow) throws {
        let stage = Self.makeStage()
        var transition = Transition(type: row.type, subtype: row.subtype)
        transition.duration = 1
        try Self.runTransition(transition, forKey: "t", on: stage)
        let rendered = try #require(stage.layer.renderTree(at: 1 + row.fraction).transition)
        #expect(rendered.type == row.type)
        let u = try #require(rendered.subtype).direction
        let (old, new) = Self.offsets(rendered.type, u.dx, rendered.progress, 300)
        #expect(isClose(old, row.oldOffset, Tolerance.geometry), "\(row.id): old offset \(old)")
        #expect(isClose(new, row.newOffset, Tolerance.geometry), "\(row.id): new offset \(new)")
    }

    @Test("Subtype directions: fromRight (−1, 0), fromLeft (1, 0), fromTop enters from max-y (0, −1), fromBottom (0, 1)")
    func subtypeDirections() {
        #expect(TransitionSubtype.fromRight.direction == (dx: -1, dy: 0))
        #expect(TransitionSubtype.fromLeft.direction == (dx: 1, dy: 0))
        #expect(TransitionSubtype.fromTop.direction == (dx: 0, dy: -1))
        #expect(TransitionSubtype.fromBottom.direction == (dx: 0, dy: 1))
    }

    @Test("Changes after adding the transition in the same transaction belong to the new image")
    func changeAfterAddIsNew() throws {
        let stage = Self.makeStage()
        let child = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), Point(x: 5, y: 5))
        child.backgroundColor = Self.red
        try stage.layer.addSublayer(child)
        stage.context.advance(to: 1)
        stage.context.transaction.begin()
        stage.context.transaction.disableActions = true
        child.backgroundColor = Self.blue
        var transition = Transition()
        transition.duration = 1
        stage.layer.add(transition, forKey: nil)
        stage.layer.backgroundColor = Self.blue
        stage.context.transaction.commit()
        let tree = stage.layer.renderTree(at: 1.5)
        let old = try #require(tree.transition?.old)
        #expect(old.state.backgroundColor == Self.red)
        #expect(old.sublayers.first?.state.backgroundColor == Self.red, "a sublayer's change before the add is not in the old image")
        #expect(tree.state.backgroundColor == Self.blue)
        #expect(tree.sublayers.first?.state.backgroundColor == Self.blue)
    }

    @Test("A transition is stored under \"transition\" whatever key is passed", arguments: ["slide", "transition", nil] as [String?])
    func storedUnderTransitionKey(_ key: String?) throws {
        let stage = Self.makeStage()
        stage.layer.add(Transition(), forKey: key)
        #expect(stage.layer.animationKeys() == [Layer.transitionKey])
        #expect(Layer.transitionKey == "transition")
    }

    @Test("Duration 0 takes the transaction's duration; after the end the render tree has no transition")
    func endsAndIsRemoved() throws {
        let stage = Self.makeStage()
        try Self.runTransition(Transition(), forKey: nil, on: stage)
        #expect(stage.layer.animation(forKey: Layer.transitionKey)?.timing.duration == 0.25)
        #expect(stage.layer.renderTree(at: 1.2).transition != nil)
        stage.context.advance(to: 1.3)
        #expect(stage.layer.animationKeys().isEmpty)
        #expect(stage.layer.renderTree(at: 1.3).transition == nil)
    }
}
