import Foundation
import KinemaGeometry
import KinemaTiming
import TestSupport
import Testing

/// Input that the timing APIs accept but that overflows or underflows their arithmetic: parameters
/// and times near the ends of `Double`'s range. The values are the fuzz target's findings
/// (FuzzTiming), decoded from their bytes, plus a few of the same kind. Nothing may come out as
/// NaN, and what the doc comments promise (∞ settling time for damping 0, finite decay values)
/// must hold.
@Suite("Extreme input")
struct ExtremeInputTests {
    // MARK: Springs

    /// Parameters for ``Spring/validated(mass:stiffness:damping:initialVelocity:)``.
    struct SpringParameters: CustomTestStringConvertible, Sendable {
        var id: String
        var mass: Double
        var stiffness: Double
        var damping: Double
        var initialVelocity: Double
        var testDescription: String { id }

        func validated() throws -> Spring {
            try Spring.validated(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        }
    }

    /// A spring whose `k·m` underflows to 0 or overflows, and the damping ratio it must have.
    static let extremeProducts: [(SpringParameters, Double)] = [
        (
            SpringParameters(
                id: "k·m underflows, damping 0 (crash-spring-damping0-finite-settling)", mass: 9.256307251389958e-306,
                stiffness: 1.788750781565555e-307, damping: 0, initialVelocity: 1.7765824089018436e-307),
            0
        ),
        (SpringParameters(id: "k·m overflows, critical damping", mass: 1e200, stiffness: 1e200, damping: 2e200, initialVelocity: 0), 1),
    ]

    @Test("The damping ratio survives a product k·m that underflows or overflows", arguments: extremeProducts)
    func dampingRatioOfExtremeProducts(_ parameters: SpringParameters, zeta: Double) throws {
        var spring = try parameters.validated()
        #expect(spring.dampingRatio == zeta)
        for overdamping in [false, true] {
            spring.allowsOverdamping = overdamping
            if zeta == 0 {
                // "With damping 0 the spring never settles: .infinity."
                #expect(spring.settlingDuration == .infinity, "allowsOverdamping \(overdamping)")
                #expect(spring.swiftUISettlingDuration == .infinity, "allowsOverdamping \(overdamping)")
            } else {
                // ω0 = 1 and ζ = 1, like mass 1, stiffness 1, damping 2.
                let plain = Spring(mass: 1, stiffness: 1, damping: 2, allowsOverdamping: overdamping)
                #expect(spring.settlingDuration == plain.settlingDuration, "allowsOverdamping \(overdamping)")
            }
        }
    }

    /// Parameters whose derived quantities are not finite, and the field the error must name.
    static let rejectedSprings: [(SpringParameters, String)] = [
        (
            SpringParameters(
                id: "stiffness / mass overflows (crash-spring-validated-settling-nan)", mass: 1.501924855322075e-307,
                stiffness: 3.4345585617505966e+165, damping: 2.376364457869026e-212, initialVelocity: Subnormal.s3_16e322),
            "stiffness"
        ),
        (
            SpringParameters(id: "stiffness / mass underflows to 0", mass: 1e300, stiffness: 1e-300, damping: 0, initialVelocity: 0),
            "stiffness"
        ),
        (
            SpringParameters(
                id: "the damping ratio squared overflows", mass: 1, stiffness: .leastNonzeroMagnitude, damping: 1, initialVelocity: 0),
            "damping"
        ),
        (
            SpringParameters(id: "(λ − v0) / ωd overflows", mass: 1, stiffness: 1e-300, damping: 0, initialVelocity: 1e200),
            "initialVelocity"
        ),
    ]

    @Test("validated rejects parameters whose derived quantities overflow, naming the parameter", arguments: rejectedSprings)
    func validatedRejectsOverflow(_ parameters: SpringParameters, field: String) {
        let error = #expect(throws: TimingParameterError.self) { try parameters.validated() }
        #expect(error?.field == field, "\(error.map { "\($0)" } ?? "no error")")
    }

    /// A spring made from a perceptual duration, a response or UIKit's parameters, and the spring
    /// its clamped input gives.
    struct ClampedSpring: CustomTestStringConvertible, Sendable {
        var id: String
        var spring: Spring
        var clamped: Spring
        var testDescription: String { id }
    }

    static let clampedSprings: [ClampedSpring] = [
        ClampedSpring(
            id: "perceptual duration 5.6e-310 s (crash-spring-perceptual-tiny-duration-nan)",
            spring: Spring(perceptualDuration: Subnormal.s5_617220770251e310, bounce: Subnormal.s4_75327057176e312),
            clamped: Spring(perceptualDuration: 1e-150, bounce: Subnormal.s4_75327057176e312)),
        ClampedSpring(
            id: "response 5.6e-310 s", spring: Spring(response: Subnormal.s5_617220770251e310, dampingRatio: Subnormal.s4_75327057176e312),
            clamped: Spring(response: 1e-150, dampingRatio: Subnormal.s4_75327057176e312)),
        ClampedSpring(
            id: "damping ratio 1e300", spring: Spring(response: 0.55, dampingRatio: 1e300),
            clamped: Spring(response: 0.55, dampingRatio: 1e6)),
        ClampedSpring(
            id: "response 2.8e180 s, the stiffness underflows to 0",
            spring: Spring(response: 2.77448001762435e+180, dampingRatio: 2.77448001762435e+180),
            clamped: Spring(response: 1e150, dampingRatio: 1e6)),
        ClampedSpring(
            id: "UIKit initial velocity 7e187, the stiffness overflows",
            spring: Spring.uiViewSpring(
                duration: 1.8227805048890994e-304, dampingRatio: 0.5000001173466444, initialVelocity: 6.96173189944793e+187),
            clamped: Spring.uiViewSpring(duration: 0.01, dampingRatio: 0.5000001173466444, initialVelocity: 1e100)),
    ]

    @Test("Perceptual durations, responses, damping ratios and UIKit velocities out of range are clamped", arguments: clampedSprings)
    func outOfRangeInputIsClamped(_ row: ClampedSpring) {
        let spring = row.spring
        #expect(spring == row.clamped)
        #expect(spring.stiffness > 0 && spring.stiffness.isFinite)
        #expect(spring.damping >= 0 && spring.damping.isFinite)
        let settling = spring.settlingDuration
        #expect(!settling.isNaN)
        #expect(!spring.swiftUISettlingDuration.isNaN)
        // The findings' times, then the settling duration.
        let times = [
            0, Subnormal.s1_26e321, 1.7974424763253486e-307, 0.0004901885986328125, 1.9035985662552932e+185, 1.3034551254117716e+190,
        ]
        for t in times + [settling] where t.isFinite {
            #expect(!spring.value(at: t).isNaN, "t = \(t)")
            #expect(!spring.velocity(at: t).isNaN, "t = \(t)")
        }
    }

    /// A spring read at a time so large that its closed form overflows.
    struct FarTime: CustomTestStringConvertible, Sendable {
        var id: String
        var spring: Spring
        var t: Double
        /// Whether the spring has come to rest at the target by `t` (else it is undamped).
        var isAtRest: Bool
        var testDescription: String { id }
    }

    static let farTimes: [FarTime] = [
        FarTime(
            id: "critically damped, B·t overflows (crash-spring-critical-huge-time-nan)",
            spring: Spring.uiViewSpring(
                duration: -6.277438562204039e+66, dampingRatio: 2.000000000000001, initialVelocity: -6.135925170274569e+66),
            t: 4.865019523532379e+279, isAtRest: true),
        FarTime(id: "under-damped, ωd·t overflows", spring: Spring(), t: 1e308, isAtRest: true),
        FarTime(id: "undamped, ωd·t overflows", spring: Spring(mass: 1, stiffness: 100, damping: 0), t: 1e308, isAtRest: false),
    ]

    @Test("Springs stay finite at huge times", arguments: farTimes)
    func hugeTimes(_ row: FarTime) {
        let value = row.spring.value(at: row.t)
        let velocity = row.spring.velocity(at: row.t)
        if row.isAtRest {
            #expect(value == 1)
            #expect(velocity == 0)
        } else {
            // Undamped, v0 = 0: x = cos(ω0·t), |x| ≤ 1 and |v| ≤ ω0.
            #expect(value >= 0 && value <= 2, "value \(value)")
            #expect(abs(velocity) <= row.spring.naturalFrequency, "velocity \(velocity)")
        }
    }

    // MARK: Timing functions

    /// Control points whose y values make the curve's coefficients overflow, and the field the
    /// error must name.
    static let rejectedCurves: [([Double], String)] = [
        // From a fuzz run made while fixing the springs; evaluate(2.3763644667215967e-212) was NaN.
        ([Subnormal.s1_365626814516e312, 1.0000002421438694, 0, -8.988542822931297e+307], "c2y"),
        ([0.25, 2e300, 0.75, 1], "c1y"),
    ]

    @Test("TimingFunction.validated rejects control points whose y overflows the coefficients", arguments: rejectedCurves)
    func validatedCurveRejectsHugeY(_ points: [Double], field: String) {
        let error = #expect(throws: TimingParameterError.self) {
            try TimingFunction.validated(points[0], points[1], points[2], points[3])
        }
        #expect(error?.field == field, "\(error.map { "\($0)" } ?? "no error")")
        // The largest accepted y still evaluates to finite numbers.
        let largest = TimingFunction(controlPoints: points[0], 1e300, points[2], -1e300)
        for x in [2.3763644667215967e-212, 0.25, 0.5, 0.75] {
            #expect(largest.evaluate(x).isFinite, "x = \(x)")
        }
    }

    // MARK: Decay

    /// A decay from the findings, the times the fuzz target read it at, and what some reads must give.
    struct ExtremeDecay: CustomTestStringConvertible, Sendable {
        var id: String
        var decay: Decay
        var times: [Double]
        var duration: Double?
        var toValue: Double?
        var testDescription: String { id }
    }

    static let decays: [ExtremeDecay] = [
        ExtremeDecay(
            id: "stop / speed underflows (crash-decay-duration-infinite)",
            decay: Decay(
                initialValue: 0, initialVelocity: -2.6815615859885575e+154,
                decelerationRate: DecelerationRate(rawValue: Subnormal.s3_16e322),
                stopVelocity: Subnormal.s1_400848815e314),
            times: [Subnormal.s3_5310009961662e310, Subnormal.s8_087e320, 0, .nan, 1.4209802786064448e+94, Subnormal.s1_4853970537e313],
            // (ln v_stop − ln |v0|) / (1000·ln d).
            duration: 0.0014565534836438784, toValue: nil),
        ExtremeDecay(
            id: "the distance overflows (crash-decay-tovalue-infinite)",
            decay: Decay(
                initialValue: Subnormal.s1_77836115685e313, initialVelocity: -8.77779851017608e+305,
                decelerationRate: DecelerationRate(rawValue: 1.3034546188519292e+190), stopVelocity: .nan),
            times: [1.303454618850085e+190, 1.3034546188519292e+190, 3.131514268802995e-294, 0, Subnormal.s2_0722615e317, .nan],
            duration: nil, toValue: -.greatestFiniteMagnitude),
    ]

    @Test("Decay never returns NaN or ∞", arguments: decays)
    func decayStaysFinite(_ row: ExtremeDecay) {
        let decay = row.decay
        #expect(decay.duration.isFinite && decay.duration >= 0, "duration \(decay.duration)")
        #expect(decay.toValue.isFinite, "toValue \(decay.toValue)")
        if let duration = row.duration { #expect(isClose(decay.duration, duration, 1e-15)) }
        if let toValue = row.toValue { #expect(decay.toValue == toValue) }
        for t in row.times + [0, .infinity, decay.duration] {
            let values = [decay.value(at: t), decay.continuousValue(at: t), decay.velocity(at: t)]
            #expect(values.allSatisfy { $0.isFinite }, "t = \(t): \(values)")
        }
    }

    // MARK: Velocity tracker

    /// Samples whose sums of powers overflow, and the velocity they must give.
    struct ExtremeSamples: CustomTestStringConvertible, Sendable {
        var id: String
        var window: Double
        var capacity: Int
        var stopGap: Double
        var samples: [(time: Double, value: Point)]
        var velocity: Point
        var testDescription: String { id }
    }

    static let extremeSamples: [ExtremeSamples] = [
        ExtremeSamples(
            id: "y·τ overflows (crash-velocity-tracker-huge-times-nan)", window: 1.8906521840759875e+185, capacity: 15,
            stopGap: 1.503778384618697e+161,
            samples: [
                (0, Point(x: -2.1482046248295864e+139, y: -2.1482046286569577e+139)),
                (-2.1482046286569577e+139, Point(x: -2.1482046286569577e+139, y: -2.1482046286569577e+139)),
                (Subnormal.s7_1513334e317, Point(x: 8.029891305874158e+283, y: Subnormal.s8_0493e320)),
            ],
            // Two samples (the first is dropped when time goes backwards): their slope.
            velocity: Point(x: 8.029891305874158e+283 / 2.1482046286569577e+139, y: 1)),
        ExtremeSamples(
            id: "τ² overflows, linear motion", window: 1e300, capacity: 20, stopGap: .infinity,
            samples: [(-2e155, Point(x: -6e155, y: 2e155)), (-1e155, Point(x: -3e155, y: 1e155)), (0, Point(x: 0, y: 0))],
            velocity: Point(x: 3, y: -1)),
        ExtremeSamples(
            id: "the slope overflows", window: 0.1, capacity: 20, stopGap: 0.04,
            samples: [(0, Point(x: -1e308, y: 0)), (1e-300, Point(x: 1e308, y: 0))],
            velocity: Point(x: .greatestFiniteMagnitude, y: 0)),
    ]

    @Test("The velocity tracker fits huge times and values without NaN", arguments: extremeSamples)
    func velocityTrackerStaysFinite(_ row: ExtremeSamples) {
        var points = VelocityTracker<Point>(window: row.window, capacity: row.capacity, stopGap: row.stopGap)
        var numbers = VelocityTracker<Double>(window: row.window, capacity: row.capacity, stopGap: row.stopGap)
        for sample in row.samples {
            points.addSample(sample.value, at: sample.time)
            numbers.addSample(sample.value.x, at: sample.time)
        }
        let velocity = points.velocity
        #expect(isWithin(velocity.x, of: row.velocity.x, relative: 1e-12), "velocity \(velocity)")
        #expect(isWithin(velocity.y, of: row.velocity.y, relative: 1e-12), "velocity \(velocity)")
        #expect(isWithin(numbers.velocity, of: row.velocity.x, relative: 1e-12), "scalar velocity \(numbers.velocity)")
    }
}

/// Whether `a` is within `relative` of `b`, relative to |b| (exactly equal when `b` is 0).
private func isWithin(_ a: Double, of b: Double, relative: Double) -> Bool {
    a == b || abs(a - b) <= relative * abs(b)
}

/// The findings' subnormal numbers (below 2.2e-308), from their bit patterns: the compiler warns
/// that a decimal literal that small loses precision, although each of these decimals is the
/// shortest one that reads back as exactly this `Double`.
private enum Subnormal {
    /// 1.365626814516e-312
    static let s1_365626814516e312 = Double(bitPattern: 0x0000_0040_5b14_0073)
    /// 3.16e-322
    static let s3_16e322 = Double(bitPattern: 0x0000_0000_0000_0040)
    /// 4.75327057176e-312
    static let s4_75327057176e312 = Double(bitPattern: 0x0000_00e0_0000_0000)
    /// 5.617220770251e-310
    static let s5_617220770251e310 = Double(bitPattern: 0x0000_6767_6767_6767)
    /// 1.26e-321
    static let s1_26e321 = Double(bitPattern: 0x0000_0000_0000_00ff)
    /// 7.1513334e-317
    static let s7_1513334e317 = Double(bitPattern: 0x0000_0000_00dc_dcdc)
    /// 8.0493e-320
    static let s8_0493e320 = Double(bitPattern: 0x0000_0000_0000_3fa4)
    /// 3.5310009961662e-310
    static let s3_5310009961662e310 = Double(bitPattern: 0x0000_4100_0000_0000)
    /// 8.087e-320
    static let s8_087e320 = Double(bitPattern: 0x0000_0000_0000_3ff0)
    /// 1.4853970537e-313
    static let s1_4853970537e313 = Double(bitPattern: 0x0000_0007_0000_0000)
    /// 1.400848815e-314
    static let s1_400848815e314 = Double(bitPattern: 0x0000_0000_a900_003f)
    /// 1.77836115685e-313
    static let s1_77836115685e313 = Double(bitPattern: 0x0000_0008_616f_6c46)
    /// 2.0722615e-317
    static let s2_0722615e317 = Double(bitPattern: 0x0000_0000_0040_0000)
}
