import Foundation
import KinemaPhysics

// Noise and turbulence fields read a 2-D vector of gradient noise n(d, t), each component in
// about [−1, 1]:
// * space: d is the item's offset from the field's position, so moving the field moves the
//   pattern. The coarsest feature is 20 pt · 25^smoothness wide (20 pt at smoothness 0, 500 pt
//   at 1), and finer octaves (each half the size and half the amplitude) are added as the field
//   gets noisier: 4 octaves at smoothness 0, 1 at smoothness 1.
// * time: the third noise coordinate is time × animationSpeed, so the pattern changes about
//   animationSpeed times a second, and animationSpeed 0 freezes it.
// * the y component is the same noise read at a fixed, distant offset.

extension FieldModel {
    /// Feature size at smoothness 0 and the growth factor up to smoothness 1.
    static let noiseFinestFeature = 20.0
    static let noiseFeatureGrowth = 25.0

    /// n(d, t): the noise vector at offset `d` from the field's position at `time` seconds.
    func noiseVector(at d: Vec2, time: Double) -> Vec2 {
        let smooth = smoothness.isFinite ? min(max(smoothness, 0), 1) : 0
        let feature = Self.noiseFinestFeature * pow(Self.noiseFeatureGrowth, smooth)
        let octaves = 1 + Int(((1 - smooth) * 3).rounded())
        let z = animationSpeed == 0 ? 0 : time * animationSpeed
        let noise = GradientNoise.fields
        var sum = Vec2.zero
        var amplitude = 1.0
        var total = 0.0
        var frequency = 1 / feature
        for octave in 0..<octaves {
            let x = d.x * frequency
            let y = d.y * frequency
            let w = z + 19.19 * Double(octave)
            sum.x += amplitude * noise.value(x, y, w)
            sum.y += amplitude * noise.value(x + 101.7, y + 53.3, w + 71.9)
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return (1 / total) * sum
    }
}
