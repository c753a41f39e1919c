import Foundation
import KinemaGeometry
import KinemaPhysics

// The force laws. With d the item's offset from the field's position, r = |d|, the effective
// strength is S = strength · (max(r, minimumRadius) / 100 pt)^(−falloff), and (y down, so
// counter-clockwise on screen turns +x towards −y):
//
//   linearGravity  F = m · 1000 pt/s² · S · direction
//   radialGravity  F = −m · 1000 pt/s² · S · d/r                      (towards the position)
//   velocity       v ← S · direction, pt/s                            (an override, not a force)
//   noise          F = m · 1000 pt/s² · S · n(d, t)                    (same acceleration for any mass)
//   turbulence     F = m · 1000 pt/s² · S · n(d, t) · |v| / (100 pt/s)
//   spring         F = −10 s⁻² · S · d                                 (mass units; period grows with mass)
//   electric       F = q · 1000 · S · d/r                              (away from the position for q·S > 0)
//   magnetic       F = q · v × B, B = S out of the screen              (B in mass/(charge·s))
//   drag           F = −S · v                                          (S in mass/s)
//   vortex         F = m · 1000 pt/s² · S · (max(r, minimumRadius)/100 pt) · t̂, t̂ counter-clockwise
//   custom         F = block(p, v, m, q, Δt)                           (FieldBehavior's block × 100: UIKit force units)
//
// Magnetic and drag are integrated exactly over the step: the force given is the one that turns
// the velocity by q·B·Δt/m (speed kept) or scales it by exp(−S·Δt/m), so neither gains energy nor
// overshoots at 1/120 s.

extension FieldModel {
    /// What the field does to an item whose centre is at `point` (reference points) moving at
    /// `velocity` (pt/s), with `mass`, `charge`, at animator time `time` (seconds), for a step of
    /// `deltaTime` seconds. Outside ``region`` (tested at `point`) the answer is exactly `.none`;
    /// a law that would give a non-finite value also gives `.none`.
    func evaluate(
        at point: Point, velocity: Vector, mass: Double, charge: Double, time: Double, deltaTime: Double
    ) -> FieldEffect {
        guard point.x.isFinite, point.y.isFinite, velocity.isFinite else { return .none }
        let d = Vec2(point.x - position.x, point.y - position.y)
        guard region.isInfinite || region.contains(Point(x: d.x, y: d.y)) else { return .none }
        let r = d.length
        let s = effectiveStrength(atDistance: r)
        let v = Vec2(velocity)
        let g = Self.accelerationUnit
        let effect: FieldEffect
        switch kind {
        case .linearGravity:
            effect = .force((mass * g * s * Vec2(direction)).vector)
        case .radialGravity:
            effect = .force((-mass * g * s * Self.unit(d, r)).vector)
        case .velocity:
            effect = .velocity((s * Vec2(direction)).vector)
        case .noise:
            effect = .force((mass * g * s * noiseVector(at: d, time: time)).vector)
        case .turbulence:
            let speedScale = v.length / Self.referenceSpeed
            effect = .force((mass * g * s * speedScale * noiseVector(at: d, time: time)).vector)
        case .spring:
            effect = .force((-(g / Self.referenceLength) * s * d).vector)
        case .electric:
            guard charge != 0 else { return .none }
            effect = .force((charge * g * s * Self.unit(d, r)).vector)
        case .magnetic:
            guard charge != 0 else { return .none }
            effect = .force(magneticForce(velocity: v, b: s, mass: mass, charge: charge, deltaTime: deltaTime).vector)
        case .drag:
            effect = .force(dragForce(velocity: v, coefficient: s, mass: mass, deltaTime: deltaTime).vector)
        case .vortex:
            let lever = max(r, minimumRadius) / Self.referenceLength
            let tangent = Self.unit(d, r).rightPerp  // (y, −x): counter-clockwise on a y-down screen
            effect = .force((mass * g * s * lever * tangent).vector)
        case .custom(let block):
            effect = .force(block(point, velocity, mass, charge, deltaTime))
        }
        switch effect {
        case .force(let f): return f.isFinite ? effect : .none
        case .velocity(let u): return u.isFinite ? effect : .none
        case .none: return .none
        }
    }

    /// strength · (max(r, minimumRadius) / 100 pt)^(−falloff): constant inside the minimum radius.
    func effectiveStrength(atDistance r: Double) -> Double {
        guard falloff != 0 else { return strength }
        let clamped = max(r, minimumRadius) / Self.referenceLength
        return strength * pow(clamped, -falloff)
    }

    /// `d / r`, or zero at the field's position (no direction there).
    @inline(__always) static func unit(_ d: Vec2, _ r: Double) -> Vec2 {
        r > 0 ? (1 / r) * d : .zero
    }

    /// q·v × B with B = `b` out of the screen: counter-clockwise circling on screen for q·B > 0.
    /// With a mass and a step, the force that turns v by exactly −q·B·Δt/m radians (positive
    /// angles turn +x towards +y, clockwise on screen), so speed is conserved.
    func magneticForce(velocity v: Vec2, b: Double, mass: Double, charge: Double, deltaTime: Double) -> Vec2 {
        guard mass > 0, deltaTime > 0 else { return charge * b * v.rightPerp }
        let turned = Rot(angle: -charge * b * deltaTime / mass).rotate(v)
        return (mass / deltaTime) * (turned - v)
    }

    /// −c·v, or with a mass and a step, the force that scales v by exp(−c·Δt/m) over the step.
    func dragForce(velocity v: Vec2, coefficient c: Double, mass: Double, deltaTime: Double) -> Vec2 {
        guard mass > 0, deltaTime > 0 else { return -c * v }
        return (mass / deltaTime) * (exp(-c * deltaTime / mass) - 1) * v
    }
}
