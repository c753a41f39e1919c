import KinemaGeometry
import KinemaTiming
import Testing

@testable import KinemaLayers

/// A layer's animations compiled into one block (`AnimationProgram`) must give exactly what
/// their evaluator objects give: each animation here is applied both ways to the same model at
/// many times, and the two states compared bit for bit.
@Suite struct AnimationProgramTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let id: String
        private let make: @Sendable () -> AnyAnimation
        /// Whether the program stores the animation inline (else it keeps the evaluator object).
        let isInline: Bool
        /// The model it animates: a plain layer's, or a shape layer's for shape properties.
        let isShape: Bool
        var testDescription: String { id }
        var animation: AnyAnimation { make() }

        init(id: String, animation: @autoclosure @escaping @Sendable () -> AnyAnimation, isInline: Bool, isShape: Bool = false) {
            (self.id, self.make, self.isInline, self.isShape) = (id, animation, isInline, isShape)
        }
    }

    static func timed<A: Animation>(_ a: A, duration: Double = 2, _ change: (inout A) -> Void = { _ in }) -> AnyAnimation {
        var a = a
        a.timing.duration = duration
        a.timing.fillMode = .both
        change(&a)
        return a.erased
    }

    static func basic(
        _ keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil
    )
        -> BasicAnimation
    {
        var a = BasicAnimation(keyPath: keyPath)
        (a.fromValue, a.toValue, a.byValue) = (from, to, by)
        return a
    }

    static func keyframes(
        _ keyPath: LayerKeyPath, _ values: [AnimatableValue], mode: KeyframeAnimation.CalculationMode = .cubic
    )
        -> KeyframeAnimation
    {
        var a = KeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.calculationMode = mode
        return a
    }

    static let points: [AnimatableValue] = [
        .point(Point(x: 0, y: 0)), .point(Point(x: 100, y: 40)), .point(Point(x: 60, y: 200)), .point(Point(x: -30, y: 90)),
    ]

    static let rows: [Row] = [
        Row(
            id: "basic number from/to, ease in-out",
            animation: timed(basic("opacity", from: 0.2, to: 0.9)) { $0.timingFunction = .easeInEaseOut }, isInline: true),
        Row(
            id: "basic point from only (to the model)", animation: timed(basic("position", from: .point(Point(x: 5, y: 7)))), isInline: true
        ),
        Row(
            id: "basic rect by only, additive",
            animation: timed(basic("bounds", by: .rect(Rect(x: 1, y: 2, width: 30, height: -4)))) { $0.isAdditive = true }, isInline: true),
        Row(
            id: "basic sub-field, cumulative, repeating, autoreversing",
            animation: timed(basic("position.x", from: 10, to: 70), duration: 0.4) {
                $0.isCumulative = true
                $0.timing.repeatCount = 3.5
                $0.timing.autoreverses = true
            }, isInline: true),
        Row(
            id: "basic with a value function", animation: timed(basic("transform", from: 0, to: 6.28)) { $0.valueFunction = .rotateZ },
            isInline: true),
        Row(
            id: "basic colour",
            animation: timed(basic("backgroundColor", from: .color(.red), to: .color(Color(red: 0, green: 0.3, blue: 1, alpha: 0.5)))),
            isInline: true),
        Row(
            id: "basic timing: begin, speed, offset",
            animation: timed(basic("cornerRadius", from: 0, to: 20)) {
                $0.timing.beginTime = 0.3
                $0.timing.speed = 2
                $0.timing.timeOffset = 0.1
                $0.timing.fillMode = .forwards
            }, isInline: true),
        Row(
            id: "basic timing: repeat duration, negative zero begin, fill backwards",
            animation: timed(basic("opacity", from: 0.1, to: 0.8), duration: 0.7) {
                $0.timing.beginTime = -0.0
                $0.timing.repeatDuration = 2.2
                $0.timing.fillMode = .backwards
            }, isInline: true),
        Row(
            id: "basic shape property on a plain layer (writes nothing)", animation: timed(basic("strokeEnd", from: 0, to: 1)),
            isInline: true),
        Row(
            id: "basic shape property on a shape layer", animation: timed(basic("strokeEnd", from: 0, to: 1)), isInline: true, isShape: true
        ),
        Row(
            id: "basic transforms",
            animation: timed(basic("transform", from: .transform(.identity), to: .transform(.makeRotation(1, 0, 0, 1)))), isInline: false),
        Row(
            id: "spring point",
            animation: timed(SpringAnimation(keyPath: "position")) {
                $0.fromValue = .point(Point(x: 0, y: 0))
                $0.toValue = .point(Point(x: 120, y: 80))
                $0.damping = 6
                $0.initialVelocity = 3
            }, isInline: true),
        Row(
            id: "spring size sub-field, additive",
            animation: timed(SpringAnimation(keyPath: "bounds.size")) {
                $0.byValue = .size(Size(width: 40, height: 10))
                $0.isAdditive = true
            }, isInline: true),
        Row(id: "cubic numbers on rotation.z", animation: timed(keyframes("transform.rotation.z", [0, 1.5, 0.2, 3])), isInline: true),
        Row(
            id: "cubic points, key times, tension, continuity, bias",
            animation: timed(keyframes("position", points)) {
                $0.keyTimes = [0, 0.1, 0.7, 1]
                $0.tensionValues = [0.3, -0.5, 0, 1]
                $0.continuityValues = [0, 0.4, -0.2, 0]
                $0.biasValues = [0.1, 0, 0.6, -1]
            }, isInline: true),
        Row(
            id: "cubic points, uneven key times, Catmull-Rom (tangents computed as read)",
            animation: timed(keyframes("position", points)) { $0.keyTimes = [0, 0.15, 0.8, 1] }, isInline: true),
        Row(
            id: "cubic rects, tension, continuity and bias given as zeros",
            animation: timed(
                keyframes(
                    "bounds",
                    [.rect(Rect(x: 0, y: 0, width: 10, height: 20)), .rect(Rect(x: 4, y: -3, width: 60, height: 5)), .rect(.zero)])
            ) {
                $0.tensionValues = [0, -0.0, 0]
                $0.biasValues = [0, 0, 0, 0.5]
            }, isInline: true),
        Row(
            id: "cubic colours, eased as a whole",
            animation: timed(
                keyframes("backgroundColor", [.color(.red), .color(.blue), .color(Color(red: 0.2, green: 1, blue: 0, alpha: 0.4))])
            ) {
                $0.timingFunction = .easeIn
            }, isInline: true),
        Row(
            id: "cubic rects, additive, cumulative, repeating",
            animation: timed(
                keyframes(
                    "bounds",
                    [
                        .rect(Rect(x: 0, y: 0, width: 10, height: 10)), .rect(Rect(x: 5, y: 5, width: 50, height: 20)),
                        .rect(Rect(x: 0, y: 0, width: 0, height: 0)),
                    ]), duration: 0.7
            ) {
                $0.isAdditive = true
                $0.isCumulative = true
                $0.timing.repeatCount = 3
            }, isInline: true),
        Row(
            id: "cubic with per-segment curves",
            animation: timed(keyframes("opacity", [0, 1, 0.5])) { $0.timingFunctions = [.easeIn, .easeOut] }, isInline: true),
        Row(
            id: "cubic with fewer curves than segments",
            animation: timed(keyframes("position", points)) { $0.timingFunctions = [.easeOut] }, isInline: true),
        Row(id: "cubic paced", animation: timed(keyframes("position", points, mode: .cubicPaced)), isInline: false),
        Row(id: "linear keyframes", animation: timed(keyframes("position", points, mode: .linear)), isInline: true),
        Row(
            id: "linear, key times, per-segment curves, eased as a whole",
            animation: timed(keyframes("opacity", [0, 1, 0.3, 0.8], mode: .linear)) {
                $0.keyTimes = [0, 0.2, 0.25, 1]
                $0.timingFunctions = [.easeIn, .linear, TimingFunction(controlPoints: 0.3, 1.6, 0.6, -0.4)]
                $0.timingFunction = .easeInEaseOut
            }, isInline: true),
        Row(
            id: "linear, a curve used by several segments",
            animation: timed(keyframes("position", points, mode: .linear)) { $0.timingFunctions = [.easeIn, .easeOut, .easeIn] },
            isInline: true),
        Row(
            id: "linear, 299 different curves (kept as an object)",
            animation: timed(keyframes("opacity", (0..<300).map { .number(Double($0 % 2)) }, mode: .linear)) {
                $0.timingFunctions = (0..<299).map { TimingFunction(controlPoints: 0.2, Double($0) / 299, 0.8, 1) }
            }, isInline: false),
        Row(
            id: "linear with invalid key times (uniform instead)",
            animation: timed(keyframes("cornerRadius", [0, 20, 5], mode: .linear)) { $0.keyTimes = [0, 0.9, 0.5] }, isInline: true),
        Row(
            id: "linear rects, additive, cumulative, autoreversing",
            animation: timed(
                keyframes(
                    "bounds",
                    [.rect(Rect(x: 0, y: 0, width: 10, height: 10)), .rect(Rect(x: 5, y: 5, width: 50, height: 20))],
                    mode: .linear), duration: 0.6
            ) {
                $0.isAdditive = true
                $0.isCumulative = true
                $0.timing.repeatCount = 2.5
                $0.timing.autoreverses = true
            }, isInline: true),
        Row(
            id: "paced points (curves ignored)",
            animation: timed(keyframes("position", points, mode: .paced)) { $0.timingFunctions = [.easeIn, .easeIn, .easeIn] },
            isInline: true),
        Row(
            id: "discrete colours, n + 1 key times",
            animation: timed(
                keyframes("backgroundColor", [.color(.red), .color(.green), .color(.blue)], mode: .discrete)
            ) { $0.keyTimes = [0, 0.5, 0.6, 1] }, isInline: true),
        Row(
            id: "discrete sizes, uniform",
            animation: timed(
                keyframes("bounds.size", [.size(Size(width: 4, height: 8)), .size(Size(width: 40, height: 2))], mode: .discrete)),
            isInline: true),
        Row(id: "a single value", animation: timed(keyframes("opacity", [0.25], mode: .linear)), isInline: true),
        Row(
            id: "linear on a sub-field with a value function",
            animation: timed(keyframes("transform", [0, 1, 3], mode: .linear)) { $0.valueFunction = .scale }, isInline: true),
        Row(
            id: "linear of mixed kinds", animation: timed(keyframes("position", [.point(Point(x: 1, y: 2)), 3], mode: .linear)),
            isInline: false),
        Row(
            id: "linear transforms",
            animation: timed(keyframes("transform", [.transform(.identity), .transform(.makeScale(2, 2, 1))], mode: .linear)),
            isInline: false),
        Row(
            id: "keyframe path",
            animation: timed(keyframes("position", [], mode: .linear)) {
                $0.path = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 60))
                $0.rotationMode = .rotateAuto
            }, isInline: false),
        Row(
            id: "group",
            animation: timed(AnimationGroup()) {
                $0.animations = [basic("opacity", from: 0, to: 1).erased, keyframes("position", points).erased]
            }, isInline: false),
    ]

    /// A model with values unlike the defaults, so that underlying values matter.
    static func model(shape: Bool) -> LayerState {
        let layer = shape ? ShapeLayer() : Layer()
        layer.bounds = Rect(x: 3, y: 4, width: 120, height: 80)
        layer.position = Point(x: 50, y: 60)
        layer.opacity = 0.7
        layer.transform = .makeScale(1.5, 0.5, 1)
        layer.backgroundColor = Color(red: 0.1, green: 0.5, blue: 0.9)
        return layer.model
    }

    static let times = stride(from: -0.5, through: 3.5, by: 0.0375).map { $0 }

    @Test(arguments: rows) func inlineStepsGiveWhatTheirEvaluatorsGive(_ row: Row) throws {
        let inline = try #require(AnimationProgram.make([row.animation]))
        let objects = try #require(AnimationProgram.make([row.animation], storesInline: false))
        #expect(inline.counts.inline == (row.isInline ? 1 : 0))
        #expect(objects.counts.fallbacks == 1)
        let model = Self.model(shape: row.isShape)
        var changed = false
        for t in Self.times {
            var a = model, b = model
            inline.apply(to: &a, localTime: t)
            objects.apply(to: &b, localTime: t)
            #expect(a == b, "t = \(t)")
            changed = changed || a != model
        }
        // Only the shape property on a plain layer leaves the model as it is.
        #expect(changed == !row.id.hasPrefix("basic shape property on a plain layer"))
    }

    @Test func allTogetherInOrderGiveWhatTheirEvaluatorsGive() throws {
        let animations = Self.rows.filter { !$0.isShape }.map(\.animation)
        let inline = try #require(AnimationProgram.make(animations))
        let objects = try #require(AnimationProgram.make(animations, storesInline: false))
        #expect(inline.counts.inline == Self.rows.filter { $0.isInline && !$0.isShape }.count)
        #expect(objects.counts.inline == 0)
        let model = Self.model(shape: false)
        for t in Self.times {
            var a = model, b = model
            inline.apply(to: &a, localTime: t)
            objects.apply(to: &b, localTime: t)
            #expect(a == b, "t = \(t)")
        }
    }

    /// A curve several segments share is stored once, so that a keyframe animation eased the same
    /// way throughout costs one curve, not one per segment.
    @Test func aCurveSharedBySegmentsIsStoredOnce() throws {
        func extent(_ curves: [TimingFunction]) throws -> Int {
            try #require(
                AnimationProgram.make([Self.timed(Self.keyframes("position", Self.points, mode: .linear)) { $0.timingFunctions = curves }])
            ).extent
        }
        let none = try extent([])
        let shared = try extent([.easeIn, .easeIn, .easeIn])
        let distinct = try extent([.easeIn, .easeOut, .linear])
        let curve = (MemoryLayout<TimingFunction>.size + 7) / 8 * 8
        // One curve and a word of segment bytes; three curves and the same word.
        #expect(shared - none == curve + 8)
        #expect(distinct - none == 3 * curve + 8)
    }

    /// A step stores only the timing numbers that differ from their defaults, each in a word.
    @Test func aStepStoresOnlyTimingNumbersThatAreNotDefaults() throws {
        func extent(_ change: (inout MediaTimingParameters) -> Void) throws -> Int {
            var fade = Self.basic("opacity", from: 0, to: 1)
            change(&fade.timing)
            return try #require(AnimationProgram.make([fade.erased])).extent
        }
        let defaults = try extent { _ in }
        #expect(try extent { $0.duration = 2 } == defaults + 8)
        #expect(try extent { $0.speed = 1 } == defaults)
        #expect(try extent { $0.beginTime = -0.0 } == defaults + 8)
        #expect(
            try extent {
                $0.autoreverses = true; $0.fillMode = .both
            } == defaults)
        let all = try extent {
            ($0.beginTime, $0.duration, $0.speed, $0.timeOffset) = (1, 2, 3, 4)
            ($0.repeatCount, $0.repeatDuration) = (5, 6)
        }
        #expect(all == defaults + 6 * 8)
    }

    /// A Catmull-Rom spline (tension, continuity and bias 0) stores its keys and key times only;
    /// any other stores its two tangents a key too.
    @Test func aCatmullRomSplineStoresNoTangents() throws {
        func extent(_ change: (inout KeyframeAnimation) -> Void) throws -> Int {
            var spin = Self.keyframes("position", Self.points)
            change(&spin)
            return try #require(AnimationProgram.make([spin.erased])).extent
        }
        let catmullRom = try extent { _ in }
        #expect(try extent { $0.tensionValues = [0, 0, 0, 0] } == catmullRom)
        #expect(try extent { $0.biasValues = [0, 0.2] } == catmullRom + 2 * Self.points.count * 2 * 8)
    }

    @Test func aLayerWithoutAnimationsHasNoProgram() throws {
        let context = LayerContext()
        let layer = Layer()
        context.addRootLayer(layer)
        #expect(layer.program == nil)
        layer.add(Self.basic("opacity", from: 0, to: 1), forKey: "fade")
        context.advance(to: 0)
        #expect(try #require(layer.program).counts.inline == 1)
        layer.removeAllAnimations()
        #expect(layer.program == nil)
    }
}
