import FuzzInput
import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// libFuzzer's entry point: the bytes as little-endian Doubles (any bit pattern: NaN, infinities,
/// subnormals, huge values) driving KinemaTiming and keyframe evaluation in KinemaLayers. The first
/// Double picks the part: 0 cubic-Bézier timing functions, 1 springs (validated, or made from a
/// perceptual duration, a response or UIKit's duration), 2 decay and deceleration rates, 3 the
/// rubber band, 4 the velocity tracker, 5 a keyframe animation (values, key times, curves,
/// calculation mode, path, timing) on a shape layer whose presentation is read at arbitrary times.
///
/// Preconditions check only what the doc comments promise for input that the API validated or
/// documents as sanitised: no NaN out of a validated curve or spring, nothing non-finite out of
/// `Decay` and `RubberBand` ("nothing here returns NaN or ∞"), exact ends of `evaluate`, zero
/// velocity where documented, and no non-finite value in a layer's presentation ("NaN and
/// infinities never reach a layer").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTiming(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = Doubles(UnsafeRawBufferPointer(start: data, count: size))
    switch input.choice(6) {
    case 0: timingFunctions(&input)
    case 1: springs(&input)
    case 2: decay(&input)
    case 3: rubberBand(&input)
    case 4: velocityTracker(&input)
    default: keyframes(&input)
    }
    return 0
}

// MARK: - KinemaTiming

func timingFunctions(_ r: inout Doubles) {
    let (c1x, c1y, c2x, c2y) = (r.next(), r.next(), r.next(), r.next())
    let raw = TimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    let validated = try? TimingFunction.validated(c1x, c1y, c2x, c2y)
    let points = "(\(c1x), \(c1y), \(c2x), \(c2y))"
    for curve in [raw] + (validated.map { [$0] } ?? []) {
        // "evaluate(0) is exactly 0 and evaluate(1) exactly 1; so is any input below 0 or above 1
        // (and NaN, which reads as 0)."
        precondition(curve.evaluate(0) == 0 && curve.evaluate(-1) == 0 && curve.evaluate(.nan) == 0, "evaluate ≤ 0 ≠ 0 \(points)")
        precondition(curve.evaluate(1) == 1 && curve.evaluate(2) == 1 && curve.evaluate(.infinity) == 1, "evaluate ≥ 1 ≠ 1 \(points)")
    }
    for x in r.list(12) {
        _ = raw.evaluate(x)
        _ = raw.solve(x, epsilon: x)
        guard let curve = validated else { continue }
        let y = curve.evaluate(x)
        precondition(!y.isNaN, "TimingFunction.validated\(points).evaluate(\(x)) is NaN")
        if x.isFinite {
            let s = curve.solve(x)
            precondition(!s.isNaN, "TimingFunction.validated\(points).solve(\(x)) is NaN")
        }
    }
}

func springs(_ r: inout Doubles) {
    let kind = r.choice(5)
    let (a, b, c, d) = (r.next(), r.next(), r.next(), r.next())
    let overdamping = r.choice(2) == 1
    let spring: Spring?
    let made: String
    switch kind {
    case 0:
        spring = try? Spring.validated(mass: a, stiffness: b, damping: c, initialVelocity: d)
        made = "Spring.validated(mass: \(a), stiffness: \(b), damping: \(c), initialVelocity: \(d))"
    case 1:
        spring = Spring(perceptualDuration: a, bounce: b)
        made = "Spring(perceptualDuration: \(a), bounce: \(b))"
    case 2:
        spring = Spring(response: a, dampingRatio: b)
        made = "Spring(response: \(a), dampingRatio: \(b))"
    case 3:
        spring = Spring.uiViewSpring(duration: a, dampingRatio: b, initialVelocity: c)
        made = "Spring.uiViewSpring(duration: \(a), dampingRatio: \(b), initialVelocity: \(c))"
    default:
        // Unchecked parameters: anything may come out, but nothing may trap or hang.
        let unchecked = Spring(mass: a, stiffness: b, damping: c, initialVelocity: d, allowsOverdamping: overdamping)
        _ = unchecked.settlingDuration
        _ = unchecked.swiftUISettlingDuration
        for t in r.list(8) { _ = (unchecked.value(at: t), unchecked.velocity(at: t)) }
        return
    }
    guard var spring else { return }
    if kind == 0 { spring.allowsOverdamping = overdamping }
    let settling = spring.settlingDuration
    precondition(!settling.isNaN, "\(made).settlingDuration is NaN (allowsOverdamping \(spring.allowsOverdamping))")
    precondition(!spring.swiftUISettlingDuration.isNaN, "\(made).swiftUISettlingDuration is NaN")
    if spring.damping == 0 {
        precondition(settling == .infinity, "\(made): damping 0 settles after \(settling) s, not never")
    }
    _ = (spring.perceptualDuration, spring.bounce, spring.dampingRatio)
    for t in r.list(8) + [0, settling] {
        let value = spring.value(at: t), velocity = spring.velocity(at: t)
        guard t.isFinite, t >= 0 else { continue }
        precondition(!value.isNaN, "\(made).value(at: \(t)) is NaN (allowsOverdamping \(spring.allowsOverdamping))")
        precondition(!velocity.isNaN, "\(made).velocity(at: \(t)) is NaN (allowsOverdamping \(spring.allowsOverdamping))")
    }
}

func decay(_ r: inout Doubles) {
    let rate = DecelerationRate(rawValue: r.next())
    let fling = Decay(initialValue: r.next(), initialVelocity: r.next(), decelerationRate: rate, stopVelocity: r.next())
    let made =
        "Decay(initialValue: \(fling.initialValue), initialVelocity: \(fling.initialVelocity), rate \(rate.rawValue), stop \(fling.stopVelocity))"
    // "Times before 0, and NaN, read as 0; t = .infinity gives the resting value. A non-finite
    // initial value or velocity reads as 0, so nothing here returns NaN or ∞."
    precondition(fling.duration.isFinite && fling.duration >= 0, "\(made).duration is \(fling.duration)")
    precondition(fling.toValue.isFinite, "\(made).toValue is \(fling.toValue)")
    for t in r.list(6) + [0, .infinity, .nan, fling.duration] {
        let values = [fling.value(at: t), fling.continuousValue(at: t), fling.velocity(at: t)]
        precondition(values.allSatisfy(\.isFinite), "\(made) at t = \(t): value, continuous value, velocity = \(values)")
    }
    for v in r.list(4) {
        let projections = [rate.projectedDistance(initialVelocity: v), rate.continuousProjectedDistance(initialVelocity: v)]
        precondition(!projections.contains(where: \.isNaN), "rate \(rate.rawValue) projects \(v) to \(projections)")
        // "A non-finite velocity (NaN or ±∞) projects to 0."
        if !v.isFinite { precondition(projections == [0, 0], "rate \(rate.rawValue) projects \(v) to \(projections)") }
        let point = rate.projectedDistance(initialVelocity: Point(x: v, y: -v))
        precondition(!point.x.isNaN && !point.y.isNaN, "rate \(rate.rawValue) projects (\(v), \(-v)) to \(point)")
        _ = rate.continuousProjectedDistance(initialVelocity: Point(x: v, y: 1))
    }
}

func rubberBand(_ r: inout Doubles) {
    let dimension = r.next(), coefficient = r.next()
    var lo = r.next(), hi = r.next()
    if lo.isNaN { lo = 0 }
    if hi.isNaN { hi = 0 }
    let range = min(lo, hi)...max(lo, hi)
    let rangeDimension: Double? = r.choice(2) == 0 ? nil : dimension
    let dimensionIsValid = dimension > 0 && dimension.isFinite
    let c = coefficient > 0 && coefficient.isFinite ? coefficient : RubberBand.defaultCoefficient
    let made = "dimension \(dimension), coefficient \(coefficient)"
    if dimensionIsValid {
        // "NaN reads as 0; ±∞ gives ±dimension."
        precondition(RubberBand.banded(.nan, dimension: dimension, coefficient: coefficient) == 0, "banded(NaN) ≠ 0, \(made)")
        precondition(RubberBand.banded(.infinity, dimension: dimension, coefficient: coefficient) == dimension, "banded(∞) ≠ d, \(made)")
        precondition(
            RubberBand.banded(-.infinity, dimension: dimension, coefficient: coefficient) == -dimension, "banded(−∞) ≠ −d, \(made)")
    }
    for x in r.list(8) + [0, .infinity, -.infinity, .nan, range.lowerBound, range.upperBound] {
        // "Non-finite input never produces NaN or ∞."
        let b = RubberBand.banded(x, dimension: dimension, coefficient: coefficient)
        let u = RubberBand.unbanded(x, dimension: dimension, coefficient: coefficient)
        let bandedInRange = RubberBand.banded(x, in: range, dimension: rangeDimension, coefficient: coefficient)
        let unbandedInRange = RubberBand.unbanded(x, in: range, dimension: rangeDimension, coefficient: coefficient)
        let all = [b, u, bandedInRange, unbandedInRange]
        precondition(all.allSatisfy(\.isFinite), "rubber band of \(x) in \(range), \(made): \(all)")
        if dimensionIsValid, !x.isNaN {
            // "The magnitude of the result is never more than c·|x| nor more than d" (c·|x| up to
            // rounding: the formula's 1 − 1/(u + 1) cancels for tiny u, and c·|x| may underflow).
            precondition(abs(b) <= dimension, "|banded(\(x))| = \(abs(b)) > d, \(made)")
            precondition(
                abs(b) <= c * abs(x) * (1 + 1e-9) + 4 * dimension.ulp + 1e-300, "|banded(\(x))| = \(abs(b)) > c·|x|, \(made)")
        }
    }
}

func velocityTracker(_ r: inout Doubles) {
    let window = r.next(), stopGap = r.next()
    let capacity = r.choice(70) - 5
    var points = VelocityTracker<Point>(window: window, capacity: capacity, stopGap: stopGap)
    var numbers = VelocityTracker<Double>(window: window, capacity: capacity, stopGap: stopGap)
    let made = "VelocityTracker(window: \(window), capacity: \(capacity), stopGap: \(stopGap))"
    // "A NaN query time gives zero (the age is unknown), as does an empty tracker."
    precondition(points.velocity == Point(x: 0, y: 0) && points.velocity(at: 1) == Point(x: 0, y: 0), "\(made): empty tracker moves")
    var history: [String] = []
    for _ in 0..<64 where !r.isAtEnd {
        let (time, x, y) = (r.next(), r.next(), r.next())
        points.addSample(Point(x: x, y: y), at: time)
        numbers.addSample(x, at: time)
        history.append("(\(time): \(x), \(y))")
        let velocity = points.velocity
        let scalar = numbers.velocity
        // Samples with a non-finite time or value are ignored and the window and stop gap are
        // sanitised, so nothing non-finite went in.
        precondition(!velocity.x.isNaN && !velocity.y.isNaN, "\(made) after \(history.suffix(20)): velocity \(velocity)")
        precondition(!scalar.isNaN, "\(made) after \(history.suffix(20)): scalar velocity \(scalar)")
        // "With one sample (or none) the velocity is zero."
        if points.recentSamples.count < 2 {
            precondition(velocity == Point(x: 0, y: 0), "\(made) after \(history.suffix(20)): one sample, velocity \(velocity)")
        }
        precondition(points.velocity(at: .nan) == Point(x: 0, y: 0), "\(made): velocity(at: NaN) is not zero")
        _ = points.velocity(at: time + 0.01)
    }
}

// MARK: - Keyframes on a layer

let keyPaths: [LayerKeyPath] = [
    "position.x", "position", "opacity", "transform", "transform.rotation.z", "transform.scale", "bounds", "bounds.size",
    "cornerRadius", "anchorPoint", "zPosition", "backgroundColor", "path", "strokeEnd", "lineWidth", "lineDashPattern",
    "sublayerTransform", "shadowOffset",
]

/// A value of `kind` from the input (non-finite numbers included: the layer must ignore them).
func value(_ kind: ValueKind, _ r: inout Doubles) -> AnimatableValue {
    switch kind {
    case .number: return .number(r.next())
    case .point: return .point(Point(x: r.next(), y: r.next()))
    case .size: return .size(Size(width: r.next(), height: r.next()))
    case .rect: return .rect(Rect(x: r.next(), y: r.next(), width: r.next(), height: r.next()))
    case .color: return .color(Color(red: r.next(), green: r.next(), blue: r.next(), alpha: r.next()))
    case .transform:
        switch r.choice(4) {
        case 0: return .transform(.makeRotation(r.next(), r.next(), r.next(), r.next()))
        case 1: return .transform(.makeScale(r.next(), r.next(), r.next()))
        case 2: return .transform(.makeTranslation(r.next(), r.next(), r.next()).concatenating(.makePerspective(distance: r.next())))
        default: return .transform(Transform3D((0..<16).map { _ in r.next() }) ?? .identity)
        }
    case .bool: return .bool(r.choice(2) == 1)
    case .path: return .path(path(&r))
    case .colors: return .colors([Color(white: r.next()), Color(white: r.next())])
    case .numbers: return .numbers(r.list(r.choice(5)))
    }
}

/// A path of up to eight elements, coordinates from the input (the builder drops non-finite ones).
func path(_ r: inout Doubles) -> Path {
    var path = Path()
    path.move(to: Point(x: r.next(), y: r.next()))
    for _ in 0..<r.choice(9) {
        switch r.choice(5) {
        case 0: path.addLine(to: Point(x: r.next(), y: r.next()))
        case 1: path.addQuadCurve(to: Point(x: r.next(), y: r.next()), control: Point(x: r.next(), y: r.next()))
        case 2:
            path.addCurve(
                to: Point(x: r.next(), y: r.next()), control1: Point(x: r.next(), y: r.next()), control2: Point(x: r.next(), y: r.next()))
        case 3: path.closeSubpath()
        default: path.move(to: Point(x: r.next(), y: r.next()))
        }
    }
    return path
}

/// A validated timing curve, or `nil` (linear) when the control points are rejected.
func curve(_ r: inout Doubles) -> TimingFunction? {
    try? TimingFunction.validated(r.next(), r.next(), r.next(), r.next())
}

func keyframes(_ r: inout Doubles) {
    let context = LayerContext(time: r.next())
    context.diagnosticHandler = nil
    let layer = ShapeLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    layer.position = Point(x: 777, y: 33)
    layer.speed = r.next()
    layer.timeOffset = r.next()
    layer.beginTime = r.next()
    context.addRootLayer(layer)

    let keyPath = keyPaths[r.choice(keyPaths.count)]
    var a = KeyframeAnimation(keyPath: keyPath)
    a.calculationMode = KeyframeAnimation.CalculationMode.allCases[r.choice(5)]
    a.values = (0..<r.choice(9)).map { _ in value(keyPath.valueKind, &r) }
    switch r.choice(3) {
    case 0: break
    case 1: a.keyTimes = (0..<a.values.count).map { _ in r.next() }
    default: a.keyTimes = r.list(r.choice(10))
    }
    if r.choice(2) == 1 { a.timingFunctions = (0..<r.choice(9)).map { _ in curve(&r) ?? .linear } }
    if r.choice(2) == 1 {
        a.tensionValues = r.list(r.choice(9))
        a.continuityValues = r.list(r.choice(9))
        a.biasValues = r.list(r.choice(9))
    }
    if keyPath.valueKind == .point, r.choice(2) == 1 {
        a.path = path(&r)
        a.rotationMode = [nil, .rotateAuto, .rotateAutoReverse][r.choice(3)]
    }
    if keyPath.valueKind == .transform, r.choice(3) == 0 {
        a.valueFunction = ValueFunction.allCases[r.choice(ValueFunction.allCases.count)]
        a.values = (0..<r.choice(6)).map { _ in r.choice(2) == 0 ? .number(r.next()) : .numbers(r.list(3)) }
    }
    a.beginTime = r.next()
    a.duration = r.next()
    a.speed = r.next()
    a.timeOffset = r.next()
    a.repeatCount = r.next()
    a.repeatDuration = r.next()
    let flags = r.choice(16)
    a.autoreverses = flags & 1 != 0
    a.isAdditive = flags & 2 != 0
    a.isCumulative = flags & 4 != 0
    a.isRemovedOnCompletion = flags & 8 != 0
    a.fillMode = FillMode.allCases[r.choice(4)]
    a.timingFunction = r.choice(2) == 1 ? curve(&r) : nil
    layer.add(a, forKey: "fuzz")

    for p in [0, 0.5, 1, .nan] { _ = a.value(atProgress: p) }
    for t in r.list(6) + [0, 0.5, 1e9] {
        _ = a.value(atProgress: t)
        let state = layer.presentation(at: t)
        // "Non-finite values (NaN, infinities) given to a property are ignored: they never reach
        // the tree", and "NaN and infinities never reach a layer" (AnimatableValue.isFinite): the
        // stored property, and the animated key path itself (a transform's sub-field, such as
        // `transform.scale`, is computed from the matrix when read: "reading is finite for every
        // finite matrix").
        let animated = state.value(at: LayerKeyPath(keyPath.property))
        precondition(animated?.isFinite ?? true, "\(keyPath.property) shows \(animated.map { "\($0)" } ?? "nil") at t = \(t)")
        let field = state.value(at: keyPath)
        precondition(field?.isFinite ?? true, "\(keyPath) reads \(field.map { "\($0)" } ?? "nil") at t = \(t)")
        precondition(
            state.transform.isFinite && state.position.isFinite && state.opacity.isFinite && state.bounds.isFinite,
            "presentation at t = \(t) is not finite: transform \(state.transform.values), position \(state.position)")
        _ = layer.animationPhases(at: t)
        _ = layer.renderTree(at: t)
    }
    context.advance(to: r.next())
    layer.removeAllAnimations()
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
