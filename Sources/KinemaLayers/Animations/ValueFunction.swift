import KinemaGeometry

/// Turns interpolated numbers into a transform. Mirrors `CAValueFunction`.
///
/// The animation interpolates plain numbers (so `rotateZ` from 0 to 2π turns once), and the
/// function builds the transform each frame. Rotations take one number in radians; `scale` and
/// `translate` take three; the single-axis forms take one. Given fewer numbers, `scale` treats one
/// number as a uniform scale and pads a missing z with 1, and `translate` pads with 0.
public enum ValueFunction: String, Hashable, Sendable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// How many numbers the function takes.
    public var arity: Int {
        switch self {
        case .scale, .translate: 3
        default: 1
        }
    }

    /// The value that leaves a layer unchanged (0 for rotations and translations, 1 for scales).
    var identityValue: AnimatableValue {
        switch self {
        case .scale: .numbers([1, 1, 1])
        case .translate: .numbers([0, 0, 0])
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// Builds the transform for an interpolated value (a number, or numbers for `scale`/`translate`).
    public func transform(for value: AnimatableValue) -> Transform3D {
        let numbers: [Double]
        switch value {
        case .number(let v): numbers = [v]
        case .numbers(let vs): numbers = vs
        default: return .identity
        }
        func n(_ i: Int, _ fallback: Double) -> Double { i < numbers.count ? numbers[i] : fallback }
        switch self {
        case .rotateX: return .makeRotation(n(0, 0), 1, 0, 0)
        case .rotateY: return .makeRotation(n(0, 0), 0, 1, 0)
        case .rotateZ: return .makeRotation(n(0, 0), 0, 0, 1)
        case .scale: return .makeScale(n(0, 1), n(1, n(0, 1)), n(2, numbers.count == 1 ? n(0, 1) : 1))
        case .scaleX: return .makeScale(n(0, 1), 1, 1)
        case .scaleY: return .makeScale(1, n(0, 1), 1)
        case .scaleZ: return .makeScale(1, 1, n(0, 1))
        case .translate: return .makeTranslation(n(0, 0), n(1, 0), n(2, 0))
        case .translateX: return .makeTranslation(n(0, 0), 0, 0)
        case .translateY: return .makeTranslation(0, n(0, 0), 0)
        case .translateZ: return .makeTranslation(0, 0, n(0, 0))
        }
    }
}
