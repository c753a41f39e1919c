import Foundation
import KinemaGeometry
import TestSupport
import Testing

@testable import KinemaDynamics

/// Noise and turbulence fields: deterministic, frozen at animation speed 0, smoother with
/// smoothness, mass-independent acceleration.
@Suite struct FieldNoiseTests {
    func acceleration(_ model: FieldModel, at p: Point, time: Double, velocity: Vector = .zero, mass: Double = 1) -> Vector {
        guard case .force(let f) = model.evaluate(at: p, velocity: velocity, mass: mass, charge: 0, time: time, deltaTime: 1.0 / 120)
        else { return Vector(dx: .nan, dy: .nan) }
        return Vector(dx: f.dx / mass, dy: f.dy / mass)
    }

    func noise(smoothness: Double, speed: Double) -> FieldModel {
        var model = FieldModel(kind: .noise)
        model.smoothness = smoothness
        model.animationSpeed = speed
        return model
    }

    /// A spread of sample points (not lattice-aligned).
    static let samples: [Point] = {
        var rng = SeededGenerator(seed: 6)
        return (0..<64).map { _ in Point(x: .random(in: -800...800, using: &rng), y: .random(in: -600...600, using: &rng)) }
    }()

    @Test func noiseWithAnimationSpeedZeroIsTimeInvariant() {
        let model = noise(smoothness: 0.3, speed: 0)
        var anyNonZero = false
        for p in Self.samples {
            let a = acceleration(model, at: p, time: 0)
            #expect(acceleration(model, at: p, time: 7.25) == a)
            #expect(acceleration(model, at: p, time: 1234.5) == a)
            if a.length > 1 { anyNonZero = true }
        }
        #expect(anyNonZero)
    }

    @Test func animatedNoiseChangesOverTime() {
        let model = noise(smoothness: 0.3, speed: 2)
        var changed = 0
        for p in Self.samples where acceleration(model, at: p, time: 0.1) != acceleration(model, at: p, time: 0.6) { changed += 1 }
        #expect(changed == Self.samples.count)
    }

    @Test func noiseIsDeterministic() {
        // Two separately built fields (and noise tables) give the same bits.
        let a = noise(smoothness: 0.5, speed: 1.5)
        let b = noise(smoothness: 0.5, speed: 1.5)
        let fresh = GradientNoise(seed: 0x4B49_4E45_4D41_4649)
        for p in Self.samples {
            #expect(acceleration(a, at: p, time: 3.3) == acceleration(b, at: p, time: 3.3))
            #expect(fresh.value(p.x / 37, p.y / 37, 0.5) == GradientNoise.fields.value(p.x / 37, p.y / 37, 0.5))
        }
    }

    @Test func gradientNoiseIsZeroOnTheLatticeAndBounded() {
        let n = GradientNoise.fields
        #expect(n.value(3, -7, 12) == 0)
        var largest = 0.0
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<5000 {
            let v = n.value(.random(in: -300...300, using: &rng), .random(in: -300...300, using: &rng), .random(in: 0...50, using: &rng))
            largest = max(largest, abs(v))
        }
        #expect(largest > 0.3)
        #expect(largest <= 1.1)
        #expect(n.value(1e300, -1e300, .nan) == 0)
        #expect(n.value(1e300, -1e300, 0.5).isFinite)
    }

    @Test func smootherNoiseVariesLessOverShortDistances() {
        /// Mean change of the acceleration over a 4 pt step.
        func roughness(_ smoothness: Double) -> Double {
            let model = noise(smoothness: smoothness, speed: 0)
            var total = 0.0
            for p in Self.samples {
                let a = acceleration(model, at: p, time: 0)
                let b = acceleration(model, at: Point(x: p.x + 4, y: p.y), time: 0)
                total += (a - b).length
            }
            return total / Double(Self.samples.count)
        }
        let noisy = roughness(0)
        let middle = roughness(0.5)
        let smooth = roughness(1)
        #expect(noisy > 2 * middle)
        #expect(middle > 2 * smooth)
    }

    @Test func noiseIgnoresMass() {
        var model = noise(smoothness: 0.2, speed: 1)
        model.strength = 0.7
        for p in Self.samples.prefix(8) {
            let light = acceleration(model, at: p, time: 2, mass: 0.25)
            let heavy = acceleration(model, at: p, time: 2, mass: 9)
            #expect(isClose(light.dx, heavy.dx, 1e-9) && isClose(light.dy, heavy.dy, 1e-9))
        }
    }

    @Test func turbulenceScalesWithTheItemsSpeed() {
        var turbulence = FieldModel(kind: .turbulence)
        turbulence.smoothness = 0.4
        turbulence.animationSpeed = 1
        var plain = FieldModel(kind: .noise)
        plain.smoothness = 0.4
        plain.animationSpeed = 1
        for p in Self.samples.prefix(8) {
            #expect(acceleration(turbulence, at: p, time: 1) == .zero)
            let base = acceleration(plain, at: p, time: 1)
            // 100 pt/s is the reference speed; 250 pt/s is 2.5 times the noise.
            let at100 = acceleration(turbulence, at: p, time: 1, velocity: Vector(dx: 60, dy: -80))
            let at250 = acceleration(turbulence, at: p, time: 1, velocity: Vector(dx: 0, dy: 250))
            #expect(isClose(at100.dx, base.dx, 1e-9) && isClose(at100.dy, base.dy, 1e-9))
            #expect(isClose(at250.dx, 2.5 * base.dx, 1e-9) && isClose(at250.dy, 2.5 * base.dy, 1e-9))
        }
    }
}
