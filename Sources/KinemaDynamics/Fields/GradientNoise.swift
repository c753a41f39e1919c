import Foundation
import KinemaPhysics

/// Three-dimensional gradient noise, after Ken Perlin's "Improving Noise" (SIGGRAPH 2002): a
/// lattice of pseudo-random gradients (the 12 cube-edge directions) picked by a permutation
/// table, blended with the quintic fade 6t⁵ − 15t⁴ + 10t³.
///
/// The permutation is shuffled from a fixed seed with SplitMix64, so the noise is the same on
/// every run and platform. Values lie in about [−1, 1], are 0 at every lattice point, and repeat
/// every 256 units on each axis.
struct GradientNoise: Sendable {
    /// 512 entries: the 256-entry permutation twice, so `perm[i + 1]` never needs wrapping.
    private let perm: [Int]

    init(seed: UInt64) {
        var table = Array(0..<256)
        var state = seed
        for i in stride(from: 255, to: 0, by: -1) {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            table.swapAt(i, Int(z % UInt64(i + 1)))
        }
        perm = table + table
    }

    /// The noise Kinema's fields use.
    static let fields = GradientNoise(seed: 0x4B49_4E45_4D41_4649)

    /// The noise at (x, y, z), lattice units. 0 for non-finite input.
    func value(_ x: Double, _ y: Double, _ z: Double) -> Double {
        guard x.isFinite, y.isFinite, z.isFinite else { return 0 }
        return perm.withUnsafeBufferPointer { Self.value(x, y, z, $0) }
    }

    /// Evaluates the noise over the table `p` (512 entries of 0…255, so every index below stays
    /// under 512 and the unchecked reads are in bounds).
    @inline(__always) private static func value(_ x: Double, _ y: Double, _ z: Double, _ p: UnsafeBufferPointer<Int>) -> Double {
        let fx = floor(x)
        let fy = floor(y)
        let fz = floor(z)
        let X = cell(fx)
        let Y = cell(fy)
        let Z = cell(fz)
        let x = x - fx
        let y = y - fy
        let z = z - fz
        let u = fade(x)
        let v = fade(y)
        let w = fade(z)
        let a = p[X] + Y
        let aa = p[a] + Z
        let ab = p[a + 1] + Z
        let b = p[X + 1] + Y
        let ba = p[b] + Z
        let bb = p[b + 1] + Z
        let x0 = lerp(
            lerp(grad(p[aa], x, y, z), grad(p[ba], x - 1, y, z), u),
            lerp(grad(p[ab], x, y - 1, z), grad(p[bb], x - 1, y - 1, z), u),
            v)
        let x1 = lerp(
            lerp(grad(p[aa + 1], x, y, z - 1), grad(p[ba + 1], x - 1, y, z - 1), u),
            lerp(grad(p[ab + 1], x, y - 1, z - 1), grad(p[bb + 1], x - 1, y - 1, z - 1), u),
            v)
        return lerp(x0, x1, w)
    }

    /// The lattice cell index modulo 256 (no integer overflow for huge coordinates).
    @inline(__always) private static func cell(_ floored: Double) -> Int {
        let wrapped = floored - 256 * floor(floored / 256)
        return Int(wrapped) & 255
    }

    @inline(__always) private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    /// `a` at `t = 0`, `b` at `t = 1`: `a + t·(b − a)`, in the argument order of every `lerp` in
    /// Kinema (`KinemaTiming`'s public `lerp(_:_:_:)`), without its exact `b` at `t == 1`, so the
    /// noise stays Perlin's reference arithmetic bit for bit.
    @inline(__always) private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

    /// The dot product of (x, y, z) with one of the 12 cube-edge gradients (4 repeated to fill 16).
    @inline(__always) private static func grad(_ hash: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let h = hash & 15
        let u = h < 8 ? x : y
        let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
        return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v)
    }
}
