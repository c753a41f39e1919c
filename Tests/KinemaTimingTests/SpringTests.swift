import Foundation
import KinemaTiming
import TestSupport
import Testing

/// One row of S01–S10 (WebKit's closed form; docs/animation-notes.md): a spring, its progress at
/// five times and its settling duration.
struct SpringRow: CustomTestStringConvertible, Sendable {
    let id: String
    let spring: Spring
    let zeta: Double
    /// Progress at t = 0.05, 0.1, 0.25, 0.5, 1.0 s.
    let progress: [Double]
    let settlingDuration: Double
    var testDescription: String { id }

    static let times = [0.05, 0.1, 0.25, 0.5, 1.0]

    static let s04Progress = [0.090204, 0.264241, 0.712703, 0.959572, 0.999501]

    static let all: [SpringRow] = [
        SpringRow(
            id: "S01", spring: Spring(), zeta: 0.5,
            progress: [0.104405, 0.340300, 1.023360, 1.074591, 1.002170], settlingDuration: 1.4727),
        SpringRow(
            id: "S02", spring: Spring(mass: 1, stiffness: 100, damping: 5), zeta: 0.25,
            progress: [0.112863, 0.392945, 1.310836, 1.036551, 1.084776], settlingDuration: 2.8550),
        SpringRow(
            id: "S03", spring: Spring(mass: 1, stiffness: 100, damping: 15), zeta: 0.75,
            progress: [0.096895, 0.298249, 0.839391, 1.027592, 0.999273], settlingDuration: 1.0221),
        SpringRow(
            id: "S04", spring: Spring(mass: 1, stiffness: 100, damping: 20), zeta: 1.0,
            progress: s04Progress, settlingDuration: 0.9233),
        SpringRow(
            id: "S05", spring: Spring(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: false), zeta: 2.5,
            progress: s04Progress, settlingDuration: 0.9233),
        SpringRow(
            id: "S06", spring: Spring(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: true), zeta: 2.5,
            progress: [0.062214, 0.151784, 0.379508, 0.631761, 0.870307], settlingDuration: 3.3310),
        SpringRow(
            id: "S07", spring: Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 5), zeta: 0.5,
            progress: [0.293078, 0.607053, 1.160415, 1.030619, 1.004863], settlingDuration: 1.3816),
        SpringRow(
            id: "S08", spring: Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: -5), zeta: 0.5,
            progress: [-0.084267, 0.073546, 0.886305, 1.118562, 0.999477], settlingDuration: 1.5351),
        SpringRow(
            id: "S09", spring: Spring(mass: 2, stiffness: 300, damping: 20), zeta: 0.4082,
            progress: [0.155034, 0.490754, 1.225962, 0.960302, 1.001724], settlingDuration: 1.4555),
        SpringRow(
            id: "S10", spring: Spring(mass: 1, stiffness: 200, damping: 10), zeta: 0.3536,
            progress: [0.204630, 0.628926, 1.300436, 0.912287, 0.993121], settlingDuration: 1.4457),
    ]
}

/// One row of U01–U08 (Framer's mapping; docs/animation-notes.md): UIKit's
/// duration/damping-ratio/velocity mapped to a spring.
struct UIViewSpringRow: CustomTestStringConvertible, Sendable {
    let id: String
    let dampingRatio: Double
    let duration: Double
    let velocity: Double
    let stiffness: Double
    let damping: Double
    /// Progress at D/4, D/2 and D, when the row gives them.
    let progress: [Double]?
    var testDescription: String { id }

    static let all: [UIViewSpringRow] = [
        UIViewSpringRow(
            id: "U01", dampingRatio: 0.25, duration: 3, velocity: 0, stiffness: 54.833634, damping: 3.702487,
            progress: [0.896755, 1.030448, 1.002969]),
        UIViewSpringRow(
            id: "U02", dampingRatio: 0.5, duration: 0.5, velocity: 0, stiffness: 646.878006, damping: 25.433797,
            progress: [1.144223, 0.987155, 1.000969]),
        UIViewSpringRow(
            id: "U03", dampingRatio: 1.0, duration: 0.5, velocity: 0, stiffness: 341.023698, damping: 36.933654,
            progress: [0.671068, 0.944477, 0.999000]),
        UIViewSpringRow(
            id: "U04", dampingRatio: 0.7, duration: 0.3, velocity: 0, stiffness: 1075.762722, damping: 45.918351,
            progress: [0.860878, 1.041133, 0.998572]),
        UIViewSpringRow(
            id: "U05", dampingRatio: 0.8, duration: 1.0, velocity: 0, stiffness: 80.897373, damping: 14.390875,
            progress: nil),
        UIViewSpringRow(
            id: "U06", dampingRatio: 0.5, duration: 0.5, velocity: 2, stiffness: 611.473652, damping: 24.727993,
            progress: [1.144353, 0.990431, 1.001546]),
        UIViewSpringRow(
            id: "U07", dampingRatio: 1.0, duration: 1.0, velocity: 0, stiffness: 85.255924, damping: 18.466827,
            progress: nil),
        UIViewSpringRow(
            id: "U08", dampingRatio: 0.1, duration: 1.0, velocity: 0, stiffness: 2125.390120, damping: 9.220391,
            progress: nil),
    ]
}

/// One row of W01–W07 (docs/animation-notes.md): SwiftUI's duration and bounce mapped to a spring.
struct SwiftUISpringRow: CustomTestStringConvertible, Sendable {
    let id: String
    let duration: Double
    let bounce: Double
    let stiffness: Double
    let damping: Double
    let zeta: Double
    /// Progress at t = 0.1, 0.25, 0.5, 1.0 s, when the row gives them.
    let progress: [Double]?
    /// SwiftUI's settling duration, when the row gives it.
    let swiftUISettle: Double?
    var testDescription: String { id }

    static let times = [0.1, 0.25, 0.5, 1.0]

    static let all: [SwiftUISpringRow] = [
        SwiftUISpringRow(
            id: "W01", duration: 0.5, bounce: 0.3, stiffness: 157.913670, damping: 17.592919, zeta: 0.7,
            progress: [0.423302, 0.984087, 1.014498, 1.000072], swiftUISettle: 1.0447),
        SwiftUISpringRow(
            id: "W02", duration: 0.5, bounce: 0, stiffness: 157.913670, damping: 25.132741, zeta: 1.0,
            progress: [0.357740, 0.821026, 0.986399, 0.999953], swiftUISettle: nil),
        SwiftUISpringRow(
            id: "W03", duration: 0.5, bounce: 0.15, stiffness: 157.913670, damping: 21.362830, zeta: 0.85,
            progress: nil, swiftUISettle: 0.8768),
        SwiftUISpringRow(
            id: "W04", duration: 1.0, bounce: 0.5, stiffness: 39.478418, damping: 6.283185, zeta: 0.5,
            progress: [0.156782, 0.647328, 1.140700, 0.989822], swiftUISettle: 2.6512),
        SwiftUISpringRow(
            id: "W05", duration: 0.5, bounce: -0.5, stiffness: 157.913670, damping: 50.265482, zeta: 2.0,
            progress: [0.231362, 0.535728, 0.799926, 0.962845], swiftUISettle: nil),
        SwiftUISpringRow(
            id: "W06", duration: 0.35, bounce: 0, stiffness: 322.272797, damping: 35.903916, zeta: 1.0,
            progress: nil, swiftUISettle: nil),
    ]
}

/// Whether `a` is within `relative` of `b`, relative to `|b|`.
private func isRelativelyClose(_ a: Double, _ b: Double, _ relative: Double) -> Bool {
    isClose(a, b, relative * abs(b))
}

@Suite("Spring")
struct SpringTests {
    // MARK: closed form

    @Test("closed-form progress at five times", arguments: SpringRow.all)
    func progress(row: SpringRow) {
        for (t, expected) in zip(SpringRow.times, row.progress) {
            let value = row.spring.value(at: t)
            #expect(isClose(value, expected, Tolerance.spring), "t = \(t)")
        }
    }

    @Test("damping ratio", arguments: SpringRow.all)
    func dampingRatio(row: SpringRow) {
        // The table gives ζ to four decimals.
        #expect(isClose(row.spring.dampingRatio, row.zeta, 1e-4))
    }

    @Test("settlingDuration", arguments: SpringRow.all)
    func settlingDuration(row: SpringRow) {
        #expect(isClose(row.spring.settlingDuration, row.settlingDuration, 1e-3))
    }

    @Test("S05 (over-damping not allowed) is S04 at every time")
    func s05EqualsS04() {
        let s04 = Spring(mass: 1, stiffness: 100, damping: 20)
        let s05 = Spring(mass: 1, stiffness: 100, damping: 50, allowsOverdamping: false)
        for t in stride(from: 0.0, through: 2.0, by: 0.01) {
            #expect(isClose(s05.value(at: t), s04.value(at: t), Tolerance.timing), "t = \(t)")
            #expect(isClose(s05.velocity(at: t), s04.velocity(at: t), Tolerance.timing), "t = \(t)")
        }
        #expect(s05.settlingDuration == s04.settlingDuration)
    }

    @Test("A position.x spring from 0 to 200 with S01 shows 204.672 at 0.25 s")
    func scaledToDistance() {
        #expect(isClose(lerp(0, 200, Spring().value(at: 0.25)), 204.672, 200 * Tolerance.spring))
    }

    @Test("Every spring starts at progress 0 with its initial velocity", arguments: SpringRow.all)
    func initialConditions(row: SpringRow) {
        #expect(isClose(row.spring.value(at: 0), 0, Tolerance.timing))
        #expect(isClose(row.spring.velocity(at: 0), row.spring.initialVelocity, 1e-9))
    }

    @Test("velocity(at:) is the derivative of value(at:)", arguments: SpringRow.all)
    func velocityIsDerivative(row: SpringRow) {
        let h = 1e-5
        for t in [0.03, 0.2, 0.4, 0.7, 1.3] {
            let difference = (row.spring.value(at: t + h) - row.spring.value(at: t - h)) / (2 * h)
            // Central differences are accurate to O(h²·x''') ≈ 1e-10·ω0³ here.
            #expect(isClose(row.spring.velocity(at: t), difference, 1e-5), "t = \(t)")
        }
    }

    @Test("After settlingDuration the spring stays within 0.001 of its target", arguments: SpringRow.all)
    func staysSettled(row: SpringRow) {
        let settle = row.spring.settlingDuration
        for k in 1...400 {
            let t = settle + Double(k) * 0.01
            #expect(abs(row.spring.displacement(at: t)) < 0.001 + 1e-12, "t = \(t)")
        }
    }

    @Test(
        "Non-oscillating springs: settlingDuration is where |x| falls to 0.001, also after a crossing",
        arguments: [
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30),  // critical, overshoots
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 10.5),  // critical, tiny overshoot
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -8),  // moves away first
            Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 40, allowsOverdamping: true),
            Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: -4, allowsOverdamping: true),
        ])
    func numericSettling(spring: Spring) {
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0)
        #expect(isClose(abs(spring.displacement(at: settle)), 0.001, 1e-9))
        for k in 1...300 {
            let t = settle + Double(k) * 0.005
            #expect(abs(spring.displacement(at: t)) < 0.001, "t = \(t)")
        }
    }

    @Test("Damping 0 is undamped and never settles")
    func undamped() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 0)
        #expect(spring.settlingDuration == .infinity)
        #expect(spring.swiftUISettlingDuration == .infinity)
        // x(t) = cos(10 t): progress 2 at half a period, 0 at a whole period, forever.
        #expect(isClose(spring.value(at: .pi / 10), 2, Tolerance.timing))
        #expect(isClose(spring.value(at: 100 * .pi / 5), 0, 1e-9))
    }

    // MARK: Validation

    struct BadSpring: CustomTestStringConvertible, Sendable {
        let id: String
        let mass: Double, stiffness: Double, damping: Double, velocity: Double
        let field: String
        var testDescription: String { id }
    }

    @Test(
        "validated names the bad field",
        arguments: [
            BadSpring(id: "mass 0", mass: 0, stiffness: 100, damping: 10, velocity: 0, field: "mass"),
            BadSpring(id: "mass NaN", mass: .nan, stiffness: 100, damping: 10, velocity: 0, field: "mass"),
            BadSpring(id: "stiffness −1", mass: 1, stiffness: -1, damping: 10, velocity: 0, field: "stiffness"),
            BadSpring(id: "stiffness ∞", mass: 1, stiffness: .infinity, damping: 10, velocity: 0, field: "stiffness"),
            BadSpring(id: "damping −0.1", mass: 1, stiffness: 100, damping: -0.1, velocity: 0, field: "damping"),
            BadSpring(id: "velocity NaN", mass: 1, stiffness: 100, damping: 10, velocity: .nan, field: "initialVelocity"),
        ])
    func validatedRejects(bad: BadSpring) {
        let error = #expect(throws: TimingParameterError.self) {
            try Spring.validated(
                mass: bad.mass, stiffness: bad.stiffness, damping: bad.damping, initialVelocity: bad.velocity)
        }
        #expect(error?.field == bad.field)
        #expect(error?.description.hasPrefix(bad.field) == true)
    }

    @Test("validated accepts damping 0 and keeps the values")
    func validatedAccepts() throws {
        let spring = try Spring.validated(mass: 2, stiffness: 300, damping: 0, initialVelocity: -3)
        #expect(spring == Spring(mass: 2, stiffness: 300, damping: 0, initialVelocity: -3))
    }

    // MARK: UIView springs

    @Test("UIView spring coefficients", arguments: UIViewSpringRow.all)
    func uiViewCoefficients(row: UIViewSpringRow) {
        let spring = Spring.uiViewSpring(
            duration: row.duration, dampingRatio: row.dampingRatio, initialVelocity: row.velocity)
        #expect(spring.mass == 1)
        #expect(spring.initialVelocity == row.velocity)
        #expect(isRelativelyClose(spring.stiffness, row.stiffness, 1e-4))
        #expect(isRelativelyClose(spring.damping, row.damping, 1e-4))
    }

    @Test("UIView spring progress at D/4, D/2, D", arguments: UIViewSpringRow.all.filter { $0.progress != nil })
    func uiViewProgress(row: UIViewSpringRow) throws {
        let spring = Spring.uiViewSpring(
            duration: row.duration, dampingRatio: row.dampingRatio, initialVelocity: row.velocity)
        let expected = try #require(row.progress)
        for (t, value) in zip([row.duration / 4, row.duration / 2, row.duration], expected) {
            #expect(isClose(spring.value(at: t), value, Tolerance.spring), "t = \(t)")
        }
    }

    @Test("U01 reproduces Framer's published tension and friction")
    func framerPublishedPair() {
        let spring = Spring.uiViewSpring(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        #expect(isRelativelyClose(spring.stiffness, 54.83363359078326, 1e-9))
        #expect(isRelativelyClose(spring.damping, 3.702486785620688, 1e-9))
    }

    @Test(
        "With v = 0 and ζ < 1 the root is the closed form ln(ζ/(ε·sqrt(1−ζ²)))/(ζ·D)",
        arguments: [(0.05, 0.2), (0.3, 2.0), (0.9, 0.4), (0.999, 7.0)])
    func closedFormRoot(zeta: Double, duration: Double) {
        let spring = Spring.uiViewSpring(duration: duration, dampingRatio: zeta, initialVelocity: 0)
        let w0 = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * duration)
        #expect(isRelativelyClose(spring.naturalFrequency, w0, 1e-9))
        #expect(isClose(spring.dampingRatio, zeta, 1e-9))
    }

    @Test(
        "The root is on the falling side of the envelope, also for fast initial velocities",
        arguments: [(0.5, 0.5, 2.0), (0.3, 1.0, 1.0), (1.0, 0.5, 6.0), (1.0, 1.0, -5.0), (0.7, 0.3, -30.0)])
    func fallingSideRoot(zeta: Double, duration: Double, velocity: Double) {
        let spring = Spring.uiViewSpring(duration: duration, dampingRatio: zeta, initialVelocity: velocity)
        let w = spring.naturalFrequency
        // The envelope of the UIView mapping equals 0.001 at D and is falling there.
        func envelope(_ w: Double) -> Double {
            if zeta >= 1 { return ((w - velocity) * duration + 1) * exp(-w * duration) }
            return (zeta * w - velocity) / (w * (1 - zeta * zeta).squareRoot()) * exp(-zeta * w * duration)
        }
        #expect(isClose(envelope(w), 0.001, 1e-12))
        #expect(envelope(w * 1.01) < 0.001)
        #expect(envelope(w * 0.99) > 0.001)
    }

    @Test("Without a root on the falling side, uiViewSpring uses the envelope's peak")
    func noRootFallsBackToPeak() {
        // ζ 0.5, D 0.5, v 20: the envelope peaks where ζ²D·ω² − ζDv·ω − v = 0, at ω ≈ 43.66,
        // where it is only about 9e-7 < 0.001, so the equation has no solution.
        let (zeta, d, v) = (0.5, 0.5, 20.0)
        let peak =
            (zeta * d * v + ((zeta * d * v) * (zeta * d * v) + 4 * zeta * zeta * d * v).squareRoot())
            / (2 * zeta * zeta * d)
        let spring = Spring.uiViewSpring(duration: d, dampingRatio: zeta, initialVelocity: v)
        #expect(isRelativelyClose(spring.naturalFrequency, peak, 1e-12))
        // ζ ≈ 0 and v = 0: the envelope starts below 0.001; the fallback is 5/D.
        let undamped = Spring.uiViewSpring(duration: 2, dampingRatio: 0, initialVelocity: 0)
        #expect(isClose(undamped.naturalFrequency, 2.5, 1e-12))
    }

    @Test("uiViewSpring clamps its inputs")
    func uiViewClamps() {
        #expect(
            Spring.uiViewSpring(duration: 0.5, dampingRatio: 3, initialVelocity: 0)
                == Spring.uiViewSpring(duration: 0.5, dampingRatio: 1, initialVelocity: 0))
        #expect(
            Spring.uiViewSpring(duration: 60, dampingRatio: 0.5, initialVelocity: 0)
                == Spring.uiViewSpring(duration: 10, dampingRatio: 0.5, initialVelocity: 0))
        #expect(
            Spring.uiViewSpring(duration: 0, dampingRatio: 0.5, initialVelocity: 0)
                == Spring.uiViewSpring(duration: 0.01, dampingRatio: 0.5, initialVelocity: 0))
        for spring in [
            Spring.uiViewSpring(duration: .nan, dampingRatio: .nan, initialVelocity: .nan),
            Spring.uiViewSpring(duration: 1, dampingRatio: 0, initialVelocity: 0),
            Spring.uiViewSpring(duration: 1, dampingRatio: -2, initialVelocity: .infinity),
            Spring.uiViewSpring(duration: 1, dampingRatio: 1, initialVelocity: 50),
        ] {
            #expect(spring.stiffness > 0 && spring.stiffness.isFinite)
            #expect(spring.damping >= 0 && spring.damping.isFinite)
            #expect(spring.initialVelocity.isFinite)
        }
    }

    // MARK: SwiftUI springs

    @Test("SwiftUI duration and bounce → stiffness, damping, ζ", arguments: SwiftUISpringRow.all)
    func swiftUICoefficients(row: SwiftUISpringRow) {
        let spring = Spring(perceptualDuration: row.duration, bounce: row.bounce)
        #expect(spring.mass == 1)
        #expect(spring.allowsOverdamping)
        #expect(isRelativelyClose(spring.stiffness, row.stiffness, 1e-6))
        #expect(isRelativelyClose(spring.damping, row.damping, 1e-6))
        #expect(isClose(spring.dampingRatio, row.zeta, 1e-9))
    }

    @Test("SwiftUI spring progress", arguments: SwiftUISpringRow.all.filter { $0.progress != nil })
    func swiftUIProgress(row: SwiftUISpringRow) throws {
        let spring = Spring(perceptualDuration: row.duration, bounce: row.bounce)
        for (t, expected) in zip(SwiftUISpringRow.times, try #require(row.progress)) {
            #expect(isClose(spring.value(at: t), expected, Tolerance.spring), "t = \(t)")
        }
    }

    @Test("SwiftUI settling duration", arguments: SwiftUISpringRow.all.filter { $0.swiftUISettle != nil })
    func swiftUISettling(row: SwiftUISpringRow) throws {
        let spring = Spring(perceptualDuration: row.duration, bounce: row.bounce)
        #expect(isClose(spring.swiftUISettlingDuration, try #require(row.swiftUISettle), 1e-3))
    }

    @Test("SwiftUI's and Core Animation's settling durations differ (W01)")
    func settlingDurationsDiffer() {
        let spring = Spring(perceptualDuration: 0.5, bounce: 0.3)
        // CA: λ = 8.796, ωd = 8.976, B = 0.98; ln(1980.0)/λ ≈ 0.8633 vs SwiftUI's 1.0447.
        #expect(abs(spring.settlingDuration - spring.swiftUISettlingDuration) > 0.1)
    }

    @Test("SwiftUI response and damping ratio match duration and bounce", arguments: SwiftUISpringRow.all.filter { $0.bounce >= 0 })
    func responseDampingRatio(row: SwiftUISpringRow) {
        let spring = Spring(response: row.duration, dampingRatio: row.zeta)
        #expect(isRelativelyClose(spring.stiffness, row.stiffness, 1e-6))
        #expect(isRelativelyClose(spring.damping, row.damping, 1e-6))
        #expect(spring.allowsOverdamping)
    }

    @Test("SwiftUI bounce and perceptualDuration invert the mapping", arguments: SwiftUISpringRow.all)
    func inverse(row: SwiftUISpringRow) {
        let spring = Spring(perceptualDuration: row.duration, bounce: row.bounce)
        #expect(isClose(spring.perceptualDuration, row.duration, 1e-9))
        #expect(isClose(spring.bounce, row.bounce, 1e-9))
    }

    @Test("W07: mass 1, stiffness 100, damping 10 reads as duration 0.6283, bounce 0.5")
    func w07() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(isClose(spring.perceptualDuration, 0.6283, 1e-4))
        #expect(isClose(spring.bounce, 0.5, 1e-9))
        #expect(isClose(spring.dampingRatio, 0.5, 1e-9))
    }

    @Test("Perceptual-duration springs with out-of-range input stay finite")
    func perceptualClamps() {
        for spring in [
            Spring(perceptualDuration: 0, bounce: 0),
            Spring(perceptualDuration: .nan, bounce: .nan),
            Spring(perceptualDuration: 0.5, bounce: -1),
            Spring(perceptualDuration: 0.5, bounce: 4),
            Spring(response: -1, dampingRatio: -1),
        ] {
            #expect(spring.stiffness > 0 && spring.stiffness.isFinite)
            #expect(spring.damping >= 0 && spring.damping.isFinite)
        }
    }
}
