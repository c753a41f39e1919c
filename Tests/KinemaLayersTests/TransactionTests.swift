import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// Transactions (X01–X12), the action search (A01–A10; both mostly checked on Apple, see
/// docs/animation-notes.md), implicit actions and the non-property events `onOrderIn`/`onOrderOut`.
@Suite struct TransactionTests {

    // MARK: X01–X12

    @Test("X01: animationDuration with no explicit transaction is 0.25")
    func x01DefaultDuration() {
        let context = LayerContext()
        #expect(context.transaction.animationDuration == 0.25)
    }

    @Test("X02: a nested transaction inherits the outer duration")
    func x02NestedInherits() {
        let t = LayerContext().transaction
        t.begin()
        t.animationDuration = 2
        t.begin()
        #expect(t.animationDuration == 2)
        t.commit()
        t.commit()
    }

    @Test("X03: an inner scope is discarded on commit; after the outer commit the default is back")
    func x03InnerScopeDiscarded() {
        let t = LayerContext().transaction
        t.begin()
        t.animationDuration = 2
        t.begin()
        t.animationDuration = 3
        #expect(t.animationDuration == 3)
        t.commit()
        #expect(t.animationDuration == 2)
        t.commit()
        #expect(t.animationDuration == 0.25)
    }

    @Test("An unmatched commit is a no-op")
    func unmatchedCommit() {
        let context = LayerContext()
        context.transaction.commit()
        #expect(!context.transaction.isOpen)
        #expect(context.transaction.animationDuration == 0.25)
        context.transaction.begin()
        context.transaction.animationDuration = 2
        #expect(context.transaction.animationDuration == 2)
        context.transaction.commit()
    }

    @Test("X04: disableActions defaults to false")
    func x04DisableActionsDefault() {
        #expect(LayerContext().transaction.disableActions == false)
    }

    @Test("X05: disableActions does not stop a direct action(forKey:) call")
    func x05DirectLookupIgnoresDisable() {
        let root = makeRoot()
        root.context.transaction.begin()
        root.context.transaction.disableActions = true
        #expect(root.layer.action(forKey: "position") != nil)
        root.context.transaction.commit()
    }

    @Test("X06: arbitrary keyed data; an unset key reads nil")
    func x06ArbitraryKeys() {
        let t = LayerContext().transaction
        t.begin()
        t.setValue(42, forKey: "myKey")
        #expect(t.value(forKey: "myKey") as? Int == 42)
        #expect(t.value(forKey: "unsetKey") == nil)
        t.commit()
    }

    /// Counts completion-block calls.
    final class Calls {
        var log: [String] = []
        func block(_ name: String) -> () -> Void { { self.log.append(name) } }
    }

    @Test("X07: with no animations the block runs once, on the run-loop turn after the commit")
    func x07CompletionAfterCommit() {
        let context = LayerContext()
        let calls = Calls()
        context.transaction.begin()
        context.transaction.completionBlock = calls.block("A")
        context.advance(to: 1)
        #expect(calls.log.isEmpty, "a run-loop turn while the transaction is open must not run it")
        context.transaction.commit()
        #expect(calls.log.isEmpty, "not synchronously inside commit")
        #expect(context.transaction.completionBlock == nil)
        context.advance(to: 2)
        #expect(calls.log == ["A"])
        context.advance(to: 3)
        #expect(calls.log == ["A"])
    }

    @Test("X08: replacing block A with B in one transaction runs both")
    func x08ReplacedBlockStillRuns() {
        let context = LayerContext()
        let calls = Calls()
        context.transaction.begin()
        context.transaction.completionBlock = calls.block("A")
        context.transaction.completionBlock = calls.block("B")
        context.transaction.commit()
        context.advance(to: 1)
        #expect(calls.log.sorted() == ["A", "B"])
    }

    @Test("X09: setting nil after A reads nil, but A still runs")
    func x09NilAfterBlock() {
        let context = LayerContext()
        let calls = Calls()
        context.transaction.begin()
        context.transaction.completionBlock = calls.block("A")
        context.transaction.completionBlock = nil
        #expect(context.transaction.completionBlock == nil)
        context.transaction.commit()
        context.advance(to: 1)
        #expect(calls.log == ["A"])
    }

    @Test("X10: a nested transaction reads the outer block")
    func x10NestedReadsOuterBlock() {
        let context = LayerContext()
        let calls = Calls()
        context.transaction.begin()
        context.transaction.completionBlock = calls.block("outer")
        context.transaction.begin()
        let read = context.transaction.completionBlock
        #expect(read != nil)
        read?()
        #expect(calls.log == ["outer"])
        context.transaction.commit()
        context.transaction.commit()
    }

    @Test("X11: a nested commit does not run the outer transaction's block")
    func x11NestedCommit() {
        let context = LayerContext()
        let calls = Calls()
        context.transaction.begin()
        context.transaction.completionBlock = calls.block("outer")
        context.transaction.begin()
        context.transaction.commit()
        context.advance(to: 1)
        #expect(calls.log.isEmpty)
        context.transaction.commit()
        context.advance(to: 2)
        #expect(calls.log == ["outer"])
    }

    @Test("X12: the block waits for a 1 s animation added in the transaction")
    func x12WaitsForAnimation() {
        let root = makeRoot()
        let calls = Calls()
        root.context.transaction.begin()
        root.context.transaction.completionBlock = calls.block("done")
        root.layer.add(referenceAnimation(duration: 1, beginTime: 0), forKey: "move")
        root.context.transaction.commit()
        root.context.advance(to: 0.5)
        #expect(calls.log.isEmpty)
        root.context.advance(to: 1)
        #expect(calls.log == ["done"])
    }

    @Test("X12: … or until it is removed")
    func x12RunsWhenRemoved() {
        let root = makeRoot()
        let calls = Calls()
        root.context.transaction.begin()
        root.context.transaction.completionBlock = calls.block("done")
        root.layer.add(referenceAnimation(duration: 1, beginTime: 0), forKey: "move")
        root.context.transaction.commit()
        root.context.advance(to: 0.25)
        #expect(calls.log.isEmpty)
        root.layer.removeAnimation(forKey: "move")
        root.context.advance(to: 0.5)
        #expect(calls.log == ["done"])
    }

    // MARK: A01–A10

    /// An action that can be told apart from another.
    struct TaggedAction: Action {
        var tag: String
        func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?) {}
    }

    /// What one step of the action search holds.
    enum Slot: Sendable {
        case empty
        case null
        case tagged(String)

        var action: (any Action)? {
            switch self {
            case .empty: nil
            case .null: NullAction()
            case .tagged(let tag): TaggedAction(tag: tag)
            }
        }
    }

    final class ActionDelegate: LayerDelegate {
        let slot: Slot
        init(_ slot: Slot) { self.slot = slot }
        func action(for layer: Layer, forKey event: String) -> (any Action)? { slot.action }
    }

    struct SearchRow: CustomTestStringConvertible, Sendable {
        var id: String
        var delegate: Slot = .empty
        var actions: Slot = .empty
        var style: Slot = .empty
        /// The tag of the expected action, or `nil` for no action.
        var expected: String?
        var testDescription: String { id }
    }

    static let searchRows: [SearchRow] = [
        SearchRow(id: "A01", delegate: .tagged("X"), actions: .tagged("Y"), expected: "X"),
        SearchRow(id: "A02", delegate: .null, actions: .tagged("Y"), expected: nil),
        SearchRow(id: "A03", delegate: .empty, actions: .tagged("Y"), expected: "Y"),
        SearchRow(id: "A04", actions: .tagged("Y"), style: .tagged("Z"), expected: "Y"),
        SearchRow(id: "A05", actions: .null, style: .tagged("Z"), expected: nil),
        SearchRow(id: "A06", style: .tagged("Z"), expected: "Z"),
        SearchRow(id: "A07", style: .null, expected: nil),
    ]

    @Test(arguments: searchRows)
    func actionSearch(_ row: SearchRow) {
        let layer = Layer()
        let delegate = ActionDelegate(row.delegate)
        if case .empty = row.delegate {} else { layer.delegate = delegate }
        if let a = row.actions.action { layer.actions["k"] = a }
        if let a = row.style.action { layer.style = LayerStyle(actions: ["k": a]) }
        let found = layer.action(forKey: "k")
        if let expected = row.expected {
            #expect((found as? TaggedAction)?.tag == expected, "\(row.id): got \(String(describing: found))")
        } else {
            #expect(found == nil, "\(row.id): got \(String(describing: found))")
        }
        withExtendedLifetime(delegate) {}
    }

    @Test("A04/A06: the style chain is searched through nested styles")
    func nestedStyle() {
        let layer = Layer()
        layer.style = LayerStyle(actions: [:], style: LayerStyle(actions: ["k": TaggedAction(tag: "deep")]))
        #expect((layer.action(forKey: "k") as? TaggedAction)?.tag == "deep")
    }

    /// A layer class whose `defaultAction(forKey:)` answers for "k" and "position".
    final class DefaultingLayer: Layer {
        override class func defaultAction(forKey event: String) -> (any Action)? {
            switch event {
            case "k": TaggedAction(tag: "default")
            case "position": NullAction()
            default: nil
            }
        }
    }

    @Test("Step 4: the class default action comes after actions and style; NullAction there ends the search")
    func classDefaultAction() {
        let layer = DefaultingLayer()
        #expect((layer.action(forKey: "k") as? TaggedAction)?.tag == "default")
        layer.style = LayerStyle(actions: ["k": TaggedAction(tag: "style")])
        #expect((layer.action(forKey: "k") as? TaggedAction)?.tag == "style")
        layer.actions["k"] = TaggedAction(tag: "actions")
        #expect((layer.action(forKey: "k") as? TaggedAction)?.tag == "actions")
        // NullAction from defaultAction(forKey:) skips the implicit animation (step 5).
        #expect(layer.action(forKey: "position") == nil)
        #expect(layer.action(forKey: "opacity") is BasicAnimation)
    }

    @Test("A08: Layer.defaultAction(forKey: \"position\") is nil")
    func a08DefaultActionIsNil() {
        #expect(Layer.defaultAction(forKey: "position") == nil)
    }

    @Test("A09: a plain layer's action(forKey: \"position\") is a BasicAnimation")
    func a09ImplicitActionIsBasic() {
        let layer = Layer()
        #expect(layer.action(forKey: "position") is BasicAnimation)
    }

    @Test("A10: with disableActions a position change adds no animation")
    func a10DisableActions() {
        let root = makeRoot()
        root.context.transaction.begin()
        root.context.transaction.disableActions = true
        root.layer.position = Point(x: 100, y: 200)
        root.context.transaction.commit()
        #expect(root.layer.animationKeys().isEmpty)
        #expect(root.layer.position == Point(x: 100, y: 200))
    }

    // MARK: implicit actions

    static func implicitAnimation(of layer: Layer, forKey key: String) -> BasicAnimation? {
        if case .basic(let a) = layer.animation(forKey: key) { return a }
        return nil
    }

    @Test("The implicit animation captures the old value, uses the default curve and 0.25 s")
    func implicitActionDetails() throws {
        let root = makeRoot()
        root.layer.position = Point(x: 100, y: 200)
        let a = try #require(Self.implicitAnimation(of: root.layer, forKey: "position"))
        #expect(a.keyPath == "position")
        #expect(a.fromValue == .point(Point(x: modelX, y: modelY)))
        #expect(a.toValue == nil)
        #expect(a.byValue == nil)
        #expect(a.timingFunction == .default)
        #expect(a.timing.duration == 0.25)
        #expect(root.layer.position == Point(x: 100, y: 200))
        // Halfway through the default curve: default(0.5) = 0.802403.
        let p = root.layer.presentation(at: 0.125).position
        // Curve tolerance 1e-5 scaled by each axis' range.
        #expect(isClose(p.x, modelX + (100 - modelX) * 0.802403, abs(100 - modelX) * Tolerance.curve), "x = \(p.x)")
        #expect(isClose(p.y, modelY + (200 - modelY) * 0.802403, abs(200 - modelY) * Tolerance.curve), "y = \(p.y)")
    }

    @Test("The old value is the presentation value when the change happens (mid-flight)")
    func implicitFromIsPresentation() throws {
        let root = makeRoot(x: 0)
        root.context.transaction.begin()
        root.context.transaction.animationTimingFunction = .linear
        root.context.transaction.animationDuration = 1
        root.layer.position = Point(x: 100, y: modelY)
        root.context.transaction.commit()
        root.context.advance(to: 0.5)
        root.context.transaction.begin()
        root.context.transaction.animationTimingFunction = .linear
        root.layer.position = Point(x: 300, y: modelY)
        root.context.transaction.commit()
        let a = try #require(Self.implicitAnimation(of: root.layer, forKey: "position"))
        #expect(a.fromValue == .point(Point(x: 50, y: modelY)))
    }

    @Test("The implicit animation takes the transaction's duration")
    func implicitTransactionDuration() throws {
        let root = makeRoot()
        root.context.transaction.begin()
        root.context.transaction.animationDuration = 1
        root.layer.opacity = 0.5
        root.context.transaction.commit()
        let a = try #require(Self.implicitAnimation(of: root.layer, forKey: "opacity"))
        #expect(a.timing.duration == 1)
        #expect(a.fromValue == .number(1))
    }

    @Test("Setting a property to the value it already has runs no action")
    func sameValueNoAction() {
        let root = makeRoot()
        root.layer.position = Point(x: modelX, y: modelY)
        root.layer.opacity = 1
        #expect(root.layer.animationKeys().isEmpty)
    }

    @Test("path and shadowPath have no implicit action")
    func pathsHaveNoImplicitAction() {
        let context = LayerContext()
        let shape = ShapeLayer()
        context.addRootLayer(shape)
        shape.path = Path(rect: Rect(x: 0, y: 0, width: 10, height: 20))
        shape.shadowPath = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(shape.animationKeys().isEmpty)
        #expect(shape.path != nil)
        #expect(shape.shadowPath != nil)
        // Other shape properties do animate implicitly.
        shape.lineWidth = 4
        #expect(shape.animationKeys() == ["lineWidth"])
    }

    @Test("A detached layer (no context) gets no implicit animation")
    func detachedLayerNoImplicit() {
        let layer = Layer()
        layer.position = Point(x: 10, y: 20)
        layer.opacity = 0.5
        #expect(layer.animationKeys().isEmpty)
        #expect(layer.presentation(at: 0.1).position == Point(x: 10, y: 20))
    }

    @Test("A delegate returning NullAction suppresses the implicit animation (view-backing layers)")
    func delegateSuppressesImplicit() {
        let root = makeRoot()
        let delegate = ActionDelegate(.null)
        root.layer.delegate = delegate
        root.layer.position = Point(x: 1, y: 2)
        #expect(root.layer.animationKeys().isEmpty)
        withExtendedLifetime(delegate) {}
    }

    // MARK: onOrderIn / onOrderOut

    final class RecordingAction: Action {
        var events: [String] = []
        func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?) {
            events.append(event)
        }
    }

    @Test("onOrderIn and onOrderOut run from the actions dictionary")
    func orderInAndOut() throws {
        let root = makeRoot()
        let child = Layer()
        let recorder = RecordingAction()
        child.actions[Layer.onOrderIn] = recorder
        child.actions[Layer.onOrderOut] = recorder
        try root.layer.addSublayer(child)
        #expect(recorder.events == ["onOrderIn"])
        child.isHidden = true
        #expect(recorder.events == ["onOrderIn", "onOrderOut"])
        child.isHidden = false
        #expect(recorder.events == ["onOrderIn", "onOrderOut", "onOrderIn"])
        child.removeFromSuperlayer()
        #expect(recorder.events == ["onOrderIn", "onOrderOut", "onOrderIn", "onOrderOut"])
    }

    @Test("An animation stored for onOrderIn is added when the layer is added")
    func orderInAnimation() throws {
        let root = makeRoot()
        let child = Layer()
        var fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        child.actions[Layer.onOrderIn] = fade
        try root.layer.addSublayer(child)
        #expect(child.animationKeys() == [Layer.onOrderIn])
        #expect(isClose(child.presentation(at: 0.5).opacity, 0.5, Tolerance.timing))
    }

    @Test("onOrderIn/onOrderOut default to no action")
    func orderDefaults() {
        let layer = Layer()
        #expect(layer.action(forKey: Layer.onOrderIn) == nil)
        #expect(layer.action(forKey: Layer.onOrderOut) == nil)
    }
}

@Suite struct DetachedActionTests {
    /// Not Core Animation's own implicit animation, but an action the layer's `actions` gives
    /// runs on a detached layer, and its animation begins when the layer is attached.
    @Test func anActionFromTheActionsDictionaryWaitsForAttachment() {
        let layer = Layer()
        var fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        layer.actions["opacity"] = fade
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
        let context = LayerContext(time: 5)
        context.addRootLayer(layer)
        #expect(abs(layer.presentation(at: 5.25).opacity - 0.75) < 1e-12)
        #expect(layer.presentation(at: 6).opacity == 0)
    }
}
