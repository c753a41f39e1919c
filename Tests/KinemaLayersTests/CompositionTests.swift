import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// Value composition as `CAPropertyAnimation` and `CABasicAnimation` document it
/// (docs/animation-notes.md): from/to/by resolution, additive, cumulative, value functions, sub-key
/// paths and stacking of several animations on one property.
@Suite struct CompositionTests {

    // MARK: from / to / by

    /// The model (underlying) `position.x` for the from/to/by rows.
    static let underlying = 40.0

    struct EndpointRow: CustomTestStringConvertible, Sendable {
        var id: String
        var from: Double?
        var to: Double?
        var by: Double?
        /// The value at f = 0.5 (layer time 11 for d = 2, b = 10).
        var expected: Double
        var testDescription: String { id }
    }

    // U = 40, F = 10, T = 100, B = 20.
    static let endpointRows: [EndpointRow] = [
        EndpointRow(id: "F → U (from only)", from: 10, expected: 25),
        EndpointRow(id: "U → T (to only)", to: 100, expected: 70),
        EndpointRow(id: "U → U + B (by only)", by: 20, expected: 50),
        EndpointRow(id: "F → T (from, to)", from: 10, to: 100, expected: 55),
        EndpointRow(id: "F → F + B (from, by)", from: 10, by: 20, expected: 20),
        EndpointRow(id: "T − B → T (to, by)", to: 100, by: 20, expected: 90),
        EndpointRow(id: "F → T, by ignored (all three)", from: 10, to: 100, by: 20, expected: 55),
    ]

    @Test(arguments: endpointRows)
    func fromToBy(_ row: EndpointRow) {
        let root = makeRoot(x: Self.underlying)
        let a = referenceAnimation(
            from: row.from.map { .number($0) }, to: row.to.map { .number($0) },
            by: row.by.map { .number($0) })
        root.layer.add(a, forKey: "move")
        let x = root.layer.presentation(at: 11).position.x
        #expect(isClose(x, row.expected, Tolerance.timing), "\(row.id): position.x = \(x), expected \(row.expected)")
    }

    @Test("nil/nil/nil (implicit form): previous value → current model value")
    func implicitFormRunsFromOldToNew() throws {
        let root = makeRoot(x: Self.underlying)
        root.context.transaction.begin()
        root.context.transaction.animationDuration = 2
        root.context.transaction.animationTimingFunction = .linear
        try root.layer.setValue(140, forKeyPath: "position.x")
        root.context.transaction.commit()
        let x = root.layer.presentation(at: 1).position.x
        #expect(isClose(x, 90, Tolerance.timing), "position.x = \(x)")
    }

    @Test("An end point taken from U follows later model changes (retargeting)")
    func underlyingIsReadEveryFrame() {
        let root = makeRoot(x: Self.underlying)
        root.layer.add(referenceAnimation(from: 10, to: nil), forKey: "move")
        root.context.transaction.begin()
        root.context.transaction.disableActions = true
        root.layer.position = Point(x: 80, y: modelY)
        root.context.transaction.commit()
        // F → U with U now 80: 10 → 80 at f = 0.5.
        #expect(isClose(root.layer.presentation(at: 11).position.x, 45, Tolerance.timing))
    }

    @Test("Gotcha (a): model set to the new value before a to-only animation animates new → new")
    func gotchaModelSetFirst() {
        let root = makeRoot(x: 100)
        root.layer.add(referenceAnimation(from: nil, to: 100), forKey: "move")
        for t in [10.0, 10.5, 11, 11.9] {
            #expect(isClose(root.layer.presentation(at: t).position.x, 100, Tolerance.timing))
        }
    }

    @Test("Gotcha (b): a forwards fill shows the end value while the model (frame, hit testing) keeps the old one")
    func gotchaFillForwardsLeavesModel() {
        let root = makeRoot()
        var a = referenceAnimation()
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        root.layer.add(a, forKey: "move")
        root.context.advance(to: 13)
        #expect(root.layer.presentation(at: 13).position.x == 100)
        #expect(root.layer.position.x == modelX)
        #expect(root.layer.frame == Rect(x: modelX - 10, y: modelY - 10, width: 20, height: 20))
        #expect(root.layer.hitTest(Point(x: modelX, y: modelY)) === root.layer)
        #expect(root.layer.hitTest(Point(x: 100, y: modelY)) == nil)
        // Hit testing the presentation uses the presentation values.
        #expect(root.layer.hitTest(Point(x: 100, y: modelY), using: .presentation(at: 13)) === root.layer)
        #expect(root.layer.hitTest(Point(x: modelX, y: modelY), using: .presentation(at: 13)) == nil)
    }

    // MARK: additive

    @Test("UIKit-style additive: model at new, from = old − new, to = 0 runs old → new")
    func additiveRunsOldToNew() {
        let root = makeRoot(x: 100)
        var a = referenceAnimation(from: -100, to: 0)
        a.isAdditive = true
        root.layer.add(a, forKey: "move")
        let expected: [(Double, Double)] = [(10, 0), (10.5, 25), (11, 50), (11.5, 75), (12, 100), (9, 100)]
        for (t, value) in expected {
            let x = root.layer.presentation(at: t).position.x
            #expect(isClose(x, value, Tolerance.timing), "at \(t): position.x = \(x), expected \(value)")
        }
    }

    @Test("Two stacked additive animations add up (velocity-continuous retargeting)")
    func stackedAdditive() {
        // 0 → 100 at t = 10 (d 2), then 100 → 300 at t = 11 (d 2); the model is at 300.
        let root = makeRoot(x: 300)
        var first = referenceAnimation(from: -100, to: 0)
        first.isAdditive = true
        var second = referenceAnimation(from: -200, to: 0, beginTime: 11)
        second.isAdditive = true
        root.layer.add(first, forKey: "first")
        root.layer.add(second, forKey: "second")
        // t 11.5: 300 − 100·0.25 − 200·0.75 = 125; t 12.5: 300 − 200·0.25 = 250.
        #expect(isClose(root.layer.presentation(at: 11.5).position.x, 125, Tolerance.timing))
        #expect(isClose(root.layer.presentation(at: 12.5).position.x, 250, Tolerance.timing))
        #expect(isClose(root.layer.presentation(at: 13).position.x, 300, Tolerance.timing))
    }

    // MARK: cumulative

    @Test("C01: transform.rotation.z 0 → π, d 1, rc 3, cumulative, at t = 2.5 → 2π + π/2")
    func c01CumulativeRotation() {
        let root = makeRoot()
        var a = referenceAnimation("transform.rotation.z", from: 0, to: .number(.pi), duration: 1)
        a.repeatCount = 3
        a.isCumulative = true
        root.layer.add(a, forKey: "spin")
        let expected = Transform3D.makeRotation(7.853982, 0, 0, 1)
        let t = root.layer.presentation(at: 12.5).transform
        #expect(isClose(t, expected, Tolerance.spring), "transform = \(t.values)")
        // The matrix at 2.5 cannot tell 2π + π/2 from π/2; in the second cycle the cumulative
        // term shows: V_1(0.25) = 1·π + π/4 (x axis at 225°), not π/4.
        let second = root.layer.presentation(at: 11.25).transform
        #expect(isCloseAngle(zRotationDegrees(second), 225, Tolerance.spring), "rotation = \(zRotationDegrees(second))°")
    }

    @Test("C02: position.x 10 → 20, d 1, rc 2, cumulative, at t = 1.0 → 30")
    func c02CumulativeNumber() {
        let root = makeRoot()
        var a = referenceAnimation(from: 10, to: 20, duration: 1)
        a.repeatCount = 2
        a.isCumulative = true
        root.layer.add(a, forKey: "move")
        let x = root.layer.presentation(at: 11).position.x
        #expect(isClose(x, 30, Tolerance.timing), "position.x = \(x)")
    }

    @Test("C03: same, not cumulative, at t = 1.5 → 15")
    func c03NotCumulative() {
        let root = makeRoot()
        var a = referenceAnimation(from: 10, to: 20, duration: 1)
        a.repeatCount = 2
        root.layer.add(a, forKey: "move")
        let x = root.layer.presentation(at: 11.5).position.x
        #expect(isClose(x, 15, Tolerance.timing), "position.x = \(x)")
    }

    // MARK: valueFunction

    @Test("valueFunction rotateZ 0 → 2π turns once: π half way (m11 = −1), π/2 at a quarter")
    func valueFunctionRotateZ() {
        let root = makeRoot()
        var a = referenceAnimation("transform", from: 0, to: .number(2 * .pi))
        a.valueFunction = .rotateZ
        root.layer.add(a, forKey: "spin")
        let half = root.layer.presentation(at: 11).transform
        #expect(isClose(half.m11, -1, Tolerance.geometry), "m11 = \(half.m11)")
        #expect(isClose(half.m12, 0, Tolerance.geometry), "m12 = \(half.m12)")
        let quarter = root.layer.presentation(at: 10.5).transform
        #expect(isClose(quarter.m11, 0, Tolerance.geometry), "m11 = \(quarter.m11)")
        #expect(isClose(quarter.m12, 1, Tolerance.geometry), "m12 = \(quarter.m12)")
    }

    // MARK: Sub-key paths

    @Test("transform.rotation.z keeps the scale and translation")
    func rotationSubKeyKeepsOtherFields() {
        let fixture = makeRoot()
        let layer = fixture.layer
        fixture.context.transaction.begin()
        fixture.context.transaction.disableActions = true
        layer.transform = Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(5, 7, 0))
        fixture.context.transaction.commit()
        layer.add(referenceAnimation("transform.rotation.z", from: 0, to: .number(.pi / 2)), forKey: "spin")
        let t = layer.presentation(at: 11).transform
        let expected = Transform3D.makeScale(2, 2, 1)
            .concatenating(.makeRotation(.pi / 4, 0, 0, 1))
            .concatenating(.makeTranslation(5, 7, 0))
        #expect(isClose(t, expected, Tolerance.geometry), "transform = \(t.values)")
    }

    @Test("transform.scale keeps the rotation and translation")
    func scaleSubKeyKeepsOtherFields() {
        let fixture = makeRoot()
        let layer = fixture.layer
        fixture.context.transaction.begin()
        fixture.context.transaction.disableActions = true
        layer.transform = Transform3D.makeRotation(.pi / 6, 0, 0, 1).concatenating(.makeTranslation(5, 7, 0))
        fixture.context.transaction.commit()
        layer.add(referenceAnimation("transform.scale", from: 1, to: 3), forKey: "grow")
        let t = layer.presentation(at: 11).transform
        let expected = Transform3D.makeScale(2, 2, 2)
            .concatenating(.makeRotation(.pi / 6, 0, 0, 1))
            .concatenating(.makeTranslation(5, 7, 0))
        #expect(isClose(t, expected, Tolerance.geometry), "transform = \(t.values)")
    }

    @Test("bounds.size.width keeps the origin and height")
    func boundsWidthSubKey() {
        let fixture = makeRoot()
        let layer = fixture.layer
        fixture.context.transaction.begin()
        fixture.context.transaction.disableActions = true
        layer.bounds = Rect(x: 11, y: 22, width: 100, height: 50)
        fixture.context.transaction.commit()
        layer.add(referenceAnimation("bounds.size.width", from: 100, to: 200), forKey: "widen")
        #expect(layer.presentation(at: 11).bounds == Rect(x: 11, y: 22, width: 150, height: 50))
    }

    @Test("position.y keeps x")
    func positionYSubKey() {
        let fixture = makeRoot()
        fixture.layer.add(referenceAnimation("position.y", from: 33, to: 133), forKey: "drop")
        #expect(fixture.layer.presentation(at: 11).position == Point(x: modelX, y: 83))
    }

    // MARK: Several animations on one property

    @Test("Animations apply in animationKeys() order; re-adding a key moves it last")
    func applicationOrder() {
        let fixture = makeRoot()
        let layer = fixture.layer
        var offset = referenceAnimation(from: 10, to: 10)
        offset.isAdditive = true
        layer.add(referenceAnimation(), forKey: "absolute")
        layer.add(offset, forKey: "offset")
        // absolute (50), then + 10.
        #expect(isClose(layer.presentation(at: 11).position.x, 60, Tolerance.timing))
        layer.add(referenceAnimation(), forKey: "absolute")
        #expect(layer.animationKeys() == ["offset", "absolute"])
        // offset first (777 + 10), then the absolute animation replaces it: 50.
        #expect(isClose(layer.presentation(at: 11).position.x, 50, Tolerance.timing))
    }

    @Test("Whole-property and sub-key animations stack in one list, in order")
    func wholeAndSubKeyStack() {
        let fixture = makeRoot()
        let layer = fixture.layer
        let whole = referenceAnimation("position", from: .point(Point(x: 0, y: 0)), to: .point(Point(x: 100, y: 200)))
        var nudge = referenceAnimation("position.x", from: 10, to: 10)
        nudge.isAdditive = true
        layer.add(whole, forKey: "whole")
        layer.add(nudge, forKey: "nudge")
        #expect(layer.presentation(at: 11).position == Point(x: 60, y: 100))
        layer.add(whole, forKey: "whole")
        #expect(layer.presentation(at: 11).position == Point(x: 50, y: 100))
    }

    @Test("A later to-only animation starts from the value the earlier ones produced")
    func laterAnimationSeesEarlierAsUnderlying() {
        let fixture = makeRoot()
        fixture.layer.add(referenceAnimation(), forKey: "first")
        fixture.layer.add(referenceAnimation(from: nil, to: 200), forKey: "second")
        // U = 50 from the first, then U → 200 at f = 0.5: 125.
        #expect(isClose(fixture.layer.presentation(at: 11).position.x, 125, Tolerance.timing))
    }

    // MARK: interpolation by type

    struct TransformRow: CustomTestStringConvertible, Sendable {
        var id: String
        var from: Transform3D
        var to: Transform3D
        /// The presentation transform at f = 0.5.
        var expected: Transform3D
        var testDescription: String { id }
    }

    static let transformRows: [TransformRow] = [
        TransformRow(id: "translation", from: .identity, to: .makeTranslation(100, 50, 0), expected: .makeTranslation(50, 25, 0)),
        TransformRow(id: "scale", from: .identity, to: .makeScale(3, 5, 1), expected: .makeScale(2, 3, 1)),
        TransformRow(
            id: "rotation, shortest path", from: .identity, to: .makeRotation(.pi / 2, 0, 0, 1),
            expected: .makeRotation(.pi / 4, 0, 0, 1)),
        TransformRow(
            id: "identity → rotation 2π shows no motion", from: .identity, to: .makeRotation(2 * .pi, 0, 0, 1),
            expected: .identity),
    ]

    @Test("Transforms interpolate by decomposition", arguments: transformRows)
    func transformInterpolation(_ row: TransformRow) {
        let fixture = makeRoot()
        fixture.layer.add(referenceAnimation("transform", from: .transform(row.from), to: .transform(row.to)), forKey: "t")
        let t = fixture.layer.presentation(at: 11).transform
        #expect(isClose(t, row.expected, Tolerance.geometry), "\(row.id): \(t.values)")
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test("Colours interpolate componentwise in premultiplied sRGB (Kinema's choice, see DifferencesFromApple)")
    func colorInterpolation() {
        let fixture = makeRoot()
        fixture.layer.add(referenceAnimation("backgroundColor", from: .color(Self.red), to: .color(Self.blue)), forKey: "c")
        let mid = fixture.layer.presentation(at: 11).backgroundColor
        #expect(isCloseColor(mid, Color(red: 0.5, green: 0, blue: 0.5), Tolerance.curve), "\(String(describing: mid))")
        // With alpha: premultiplied gives (1, 0, 0, 0.5) — fading to clear never tints towards the
        // clear colour's hidden RGB; non-premultiplied would give (0.5, 0, 0.5, 0.5).
        let clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
        fixture.layer.add(referenceAnimation("backgroundColor", from: .color(Self.red), to: .color(clearBlue)), forKey: "c")
        let fading = fixture.layer.presentation(at: 11).backgroundColor
        #expect(
            isCloseColor(fading, Color(red: 1, green: 0, blue: 0, alpha: 0.5), Tolerance.curve),
            "\(String(describing: fading))")
    }

    @Test("Gradient colour arrays interpolate elementwise")
    func colorArrayInterpolation() throws {
        let context = LayerContext()
        let gradient = GradientLayer()
        gradient.colors = [Self.red, Self.blue]
        context.addRootLayer(gradient)
        gradient.add(
            referenceAnimation("colors", from: .colors([Self.red, Self.blue]), to: .colors([Self.blue, Self.red])),
            forKey: "colors")
        guard case .gradient(let g) = gradient.presentation(at: 11).kind else {
            Issue.record("a gradient layer's presentation has gradient properties")
            return
        }
        #expect(g.colors.count == 2)
        for c in g.colors {
            #expect(isCloseColor(c, Color(red: 0.5, green: 0, blue: 0.5), Tolerance.curve), "\(c)")
        }
    }

    @Test("Paths with the same structure blend point by point (explicit animation)")
    func pathInterpolation() throws {
        let context = LayerContext()
        let shape = ShapeLayer()
        context.addRootLayer(shape)
        let from = try Path(svgData: "M0 0 L100 0")
        let to = try Path(svgData: "M0 100 L200 100")
        shape.add(referenceAnimation("path", from: .path(from), to: .path(to)), forKey: "morph")
        guard case .shape(let s) = shape.presentation(at: 11).kind else {
            Issue.record("a shape layer's presentation has shape properties")
            return
        }
        #expect(
            s.path?.elements == [.moveTo(Point(x: 0, y: 50)), .lineTo(Point(x: 150, y: 50))],
            "\(String(describing: s.path?.elements))")
    }

    @Test("Booleans switch half way through the eased progress (implicit hidden change)")
    func booleanSwitchPoint() {
        let fixture = makeRoot()
        fixture.layer.isHidden = true
        // Default curve: x 0.1 → 0.094796 (< 0.5), x 0.75 → 0.960459 (≥ 0.5); d = 0.25.
        #expect(fixture.layer.presentation(at: 0.025).isHidden == false)
        #expect(fixture.layer.presentation(at: 0.1875).isHidden == true)
        #expect(fixture.layer.isHidden == true)
    }

    // MARK: Non-finite values

    @Test("Non-finite model values are ignored")
    func nonFiniteModelValues() {
        let fixture = makeRoot()
        fixture.layer.position = Point(x: .nan, y: 1)
        fixture.layer.opacity = .infinity
        #expect(fixture.layer.position == Point(x: modelX, y: modelY))
        #expect(fixture.layer.opacity == 1)
        #expect(fixture.layer.animationKeys().isEmpty)
        #expect(throws: LayerValueError.self) { try fixture.layer.setValue(.number(.nan), forKeyPath: "position.x") }
    }

    struct NonFiniteRow: CustomTestStringConvertible, Sendable {
        var id: String
        var from: AnimatableValue?
        var to: AnimatableValue?
        var by: AnimatableValue?
        var testDescription: String { id }
    }

    static let nonFiniteRows: [NonFiniteRow] = [
        NonFiniteRow(id: "from NaN", from: .number(.nan), to: 100),
        NonFiniteRow(id: "to NaN", from: 0, to: .number(.nan)),
        NonFiniteRow(id: "to infinity", from: 0, to: .number(.infinity)),
        NonFiniteRow(id: "by NaN", from: 0, by: .number(.nan)),
        NonFiniteRow(id: "point to NaN (position)", to: .point(Point(x: .nan, y: 5))),
    ]

    @Test("NaN and infinite from/to/by never reach the presentation", arguments: nonFiniteRows)
    func nonFiniteEndpoints(_ row: NonFiniteRow) {
        let fixture = makeRoot()
        let keyPath: LayerKeyPath = row.to?.point != nil ? "position" : "position.x"
        fixture.layer.add(referenceAnimation(keyPath, from: row.from, to: row.to, by: row.by), forKey: "bad")
        for t in [10.0, 11, 11.9] {
            let p = fixture.layer.presentation(at: t).position
            #expect(p.isFinite, "\(row.id) at \(t): position = \(p)")
        }
    }
}
