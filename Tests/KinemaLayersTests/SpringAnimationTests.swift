import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport
import Testing

/// Springs (rows S01–S10 and W01–W07; sources in docs/animation-notes.md) through real layers: a
/// `SpringAnimation` on `position.x` from 0 to 200 with b = 10 and a duration (3 s) longer than
/// every sample, so `position.x / 200` is the spring's progress at `t` seconds after the start.
@Suite struct SpringAnimationTests {

    static let sampleTimes = [0.05, 0.1, 0.25, 0.5, 1.0]

    /// A spring row (S01–S10): parameters, progress at `sampleTimes`, and `settlingDuration`.
    struct SpringRow: CustomTestStringConvertible, Sendable {
        var id: String
        var mass: Double
        var stiffness: Double
        var damping: Double
        var velocity: Double
        var allowsOverdamping = false
        var progress: [Double]
        var settlingDuration: Double
        var testDescription: String { id }
    }

    static let s04Progress = [0.090204, 0.264241, 0.712703, 0.959572, 0.999501]

    static let rows: [SpringRow] = [
        SpringRow(
            id: "S01", mass: 1, stiffness: 100, damping: 10, velocity: 0,
            progress: [0.104405, 0.340300, 1.023360, 1.074591, 1.002170], settlingDuration: 1.4727),
        SpringRow(
            id: "S02", mass: 1, stiffness: 100, damping: 5, velocity: 0,
            progress: [0.112863, 0.392945, 1.310836, 1.036551, 1.084776], settlingDuration: 2.8550),
        SpringRow(
            id: "S03", mass: 1, stiffness: 100, damping: 15, velocity: 0,
            progress: [0.096895, 0.298249, 0.839391, 1.027592, 0.999273], settlingDuration: 1.0221),
        SpringRow(
            id: "S04", mass: 1, stiffness: 100, damping: 20, velocity: 0,
            progress: s04Progress, settlingDuration: 0.9233),
        SpringRow(
            id: "S05", mass: 1, stiffness: 100, damping: 50, velocity: 0, allowsOverdamping: false,
            progress: s04Progress, settlingDuration: 0.9233),
        SpringRow(
            id: "S06", mass: 1, stiffness: 100, damping: 50, velocity: 0, allowsOverdamping: true,
            progress: [0.062214, 0.151784, 0.379508, 0.631761, 0.870307], settlingDuration: 3.3310),
        SpringRow(
            id: "S07", mass: 1, stiffness: 100, damping: 10, velocity: 5,
            progress: [0.293078, 0.607053, 1.160415, 1.030619, 1.004863], settlingDuration: 1.3816),
        SpringRow(
            id: "S08", mass: 1, stiffness: 100, damping: 10, velocity: -5,
            progress: [-0.084267, 0.073546, 0.886305, 1.118562, 0.999477], settlingDuration: 1.5351),
        SpringRow(
            id: "S09", mass: 2, stiffness: 300, damping: 20, velocity: 0,
            progress: [0.155034, 0.490754, 1.225962, 0.960302, 1.001724], settlingDuration: 1.4555),
        SpringRow(
            id: "S10", mass: 1, stiffness: 200, damping: 10, velocity: 0,
            progress: [0.204630, 0.628926, 1.300436, 0.912287, 0.993121], settlingDuration: 1.4457),
    ]

    static func springAnimation(_ configure: (inout SpringAnimation) -> Void = { _ in }) -> SpringAnimation {
        var a = SpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 200
        a.beginTime = 10
        a.duration = 3
        configure(&a)
        return a
    }

    static func progress(of a: SpringAnimation, at t: Double) -> Double {
        let fixture = makeRoot()
        let layer = fixture.layer
        layer.add(a, forKey: "spring")
        return layer.presentation(at: 10 + t).position.x / 200
    }

    @Test("S01 on position.x 0 → 200 shows 204.672 at 0.25 s")
    func s01Reference() {
        let fixture = makeRoot()
        let layer = fixture.layer
        layer.add(Self.springAnimation(), forKey: "spring")
        let x = layer.presentation(at: 10.25).position.x
        // Spring tolerance 1e-4 on progress, i.e. 0.02 pt on a 200 pt move.
        #expect(isClose(x, 204.672, 200 * Tolerance.spring), "position.x = \(x)")
    }

    @Test(arguments: rows)
    func springProgress(_ row: SpringRow) {
        let a = Self.springAnimation { a in
            a.mass = row.mass
            a.stiffness = row.stiffness
            a.damping = row.damping
            a.initialVelocity = row.velocity
            a.allowsOverdamping = row.allowsOverdamping
        }
        for (t, expected) in zip(Self.sampleTimes, row.progress) {
            let p = Self.progress(of: a, at: t)
            #expect(isClose(p, expected, Tolerance.spring), "\(row.id) at t = \(t): progress \(p), expected \(expected)")
        }
    }

    @Test(arguments: rows)
    func settlingDuration(_ row: SpringRow) {
        var a = SpringAnimation(keyPath: "position.x")
        a.mass = row.mass
        a.stiffness = row.stiffness
        a.damping = row.damping
        a.initialVelocity = row.velocity
        a.allowsOverdamping = row.allowsOverdamping
        #expect(
            isClose(a.settlingDuration, row.settlingDuration, Tolerance.spring),
            "\(row.id): settlingDuration \(a.settlingDuration), expected \(row.settlingDuration)")
    }

    @Test("S07/S08: positive initialVelocity moves toward the target faster, negative moves away first")
    func velocitySign() {
        let still = Self.progress(of: Self.springAnimation(), at: 0.05)
        let toward = Self.progress(of: Self.springAnimation { $0.initialVelocity = 5 }, at: 0.05)
        let away = Self.progress(of: Self.springAnimation { $0.initialVelocity = -5 }, at: 0.05)
        #expect(toward > still, "v0 = +5: \(toward), v0 = 0: \(still)")
        #expect(still > 0)
        #expect(away < 0, "v0 = −5 must first move away from the target: \(away)")
    }

    @Test("The spring is cut off at duration: after the end the model shows again")
    func cutOffAtDuration() {
        let fixture = makeRoot()
        let layer = fixture.layer
        layer.add(Self.springAnimation { $0.duration = 0.25 }, forKey: "spring")
        #expect(layer.presentation(at: 10.3).position.x == modelX)
    }

    // MARK: Perceptual duration and bounce

    struct PerceptualRow: CustomTestStringConvertible, Sendable {
        var id: String
        var duration: Double
        var bounce: Double
        var stiffness: Double
        var damping: Double
        /// Progress at t = 0.1, 0.25, 0.5, 1.0 when the row gives it.
        var progress: [Double] = []
        var testDescription: String { id }
    }

    static let perceptualRows: [PerceptualRow] = [
        PerceptualRow(
            id: "W01", duration: 0.5, bounce: 0.3, stiffness: 157.913670, damping: 17.592919,
            progress: [0.423302, 0.984087, 1.014498, 1.000072]),
        PerceptualRow(
            id: "W02", duration: 0.5, bounce: 0, stiffness: 157.913670, damping: 25.132741,
            progress: [0.357740, 0.821026, 0.986399, 0.999953]),
        PerceptualRow(id: "W03", duration: 0.5, bounce: 0.15, stiffness: 157.913670, damping: 21.362830),
        PerceptualRow(
            id: "W04", duration: 1.0, bounce: 0.5, stiffness: 39.478418, damping: 6.283185,
            progress: [0.156782, 0.647328, 1.140700, 0.989822]),
        PerceptualRow(
            id: "W05", duration: 0.5, bounce: -0.5, stiffness: 157.913670, damping: 50.265482,
            progress: [0.231362, 0.535728, 0.799926, 0.962845]),
        PerceptualRow(id: "W06", duration: 0.35, bounce: 0, stiffness: 322.272797, damping: 35.903916),
    ]

    @Test(arguments: perceptualRows)
    func perceptualDurationAndBounce(_ row: PerceptualRow) {
        var a = SpringAnimation(keyPath: "position.x", perceptualDuration: row.duration, bounce: row.bounce)
        #expect(isClose(a.mass, 1, Tolerance.spring))
        #expect(isClose(a.stiffness, row.stiffness, Tolerance.spring), "\(row.id): stiffness \(a.stiffness)")
        #expect(isClose(a.damping, row.damping, Tolerance.spring), "\(row.id): damping \(a.damping)")
        #expect(a.allowsOverdamping, "\(row.id): init(perceptualDuration:bounce:) allows overdamping")
        a.fromValue = 0
        a.toValue = 200
        a.beginTime = 10
        a.duration = 3
        for (t, expected) in zip([0.1, 0.25, 0.5, 1.0], row.progress) {
            let p = Self.progress(of: a, at: t)
            #expect(isClose(p, expected, Tolerance.spring), "\(row.id) at t = \(t): progress \(p), expected \(expected)")
        }
    }
}
