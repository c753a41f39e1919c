import Foundation

/// The rubber band of a scroll view's edge: how far content follows a finger that pulls past it.
///
/// A finger `x` points past the edge moves the content `b(x) = (1 − 1/(x·c/d + 1))·d`
/// (equivalently `x·c·d/(d + c·x)`) points past it, where `d` is the dimension (usually the viewport
/// size along the axis, points) and `c` the coefficient (default 0.55). The first points move at
/// `c` (55 %), and the content never gets further than `d` past the edge however far the finger
/// goes. The formula is attributed to Grant Paul (@chpwn) and used by `b3ll/Motion`,
/// `super-ultra/UltraDrawerView` and `ktiays/fluid-scroll`; `antd-mobile` uses it with c = 0.15.
///
/// ```swift
/// RubberBand.banded(100, dimension: 667)                 // 50.81
/// RubberBand.banded(-100, dimension: 667)                // -50.81: the other edge, symmetrically
/// RubberBand.unbanded(50.81, dimension: 667)             // 100.0 (the finger's excess)
/// RubberBand.banded(380, in: 0...300)                    // 338.37: 80 past the end, d = 300
/// RubberBand.banded(-80, in: 0...300, dimension: 667)    // -41.28: 80 before the start, d = 667
/// ```
///
/// Non-finite input never produces NaN or ∞: a NaN offset reads as 0, ±∞ gives the limit ±d, a
/// dimension that is not finite and > 0 leaves nothing to stretch into (the result is 0, or the
/// range's edge), and a coefficient that is not finite and > 0 is replaced by 0.55.
/// UIKit does not publish its constants; this is the formula UIKit-like scroll views use.
public enum RubberBand {
    /// The default coefficient, 0.55: the fraction of the finger's motion that the first points of
    /// overshoot follow.
    public static let defaultCoefficient = 0.55

    /// How far the content moves past an edge, points, when the finger is `excess` points past it.
    ///
    /// `b(x) = (1 − 1/(|x|·c/d + 1))·d`, with the sign of `x`: negative excesses (past the other
    /// edge) band symmetrically. The magnitude of the result is never more than `c·|x|` nor more
    /// than `d`, and grows with `|x|`.
    ///
    /// - Parameters:
    ///   - excess: how far the finger is past the edge, points; negative past the opposite edge.
    ///     NaN reads as 0; ±∞ gives ±`dimension`.
    ///   - dimension: the distance the content can approach but never reach, points, finite and > 0;
    ///     usually the viewport's size along the axis. Anything else gives 0.
    ///   - coefficient: the slope at the edge, finite and > 0, default 0.55; anything else reads as
    ///     0.55.
    public static func banded(_ excess: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension > 0, dimension.isFinite, !excess.isNaN else { return 0 }
        let c = validCoefficient(coefficient)
        let x = abs(excess)
        // 1/(x·c/d + 1) underflows to 0 as x → ∞, so b → d without ever reaching ∞.
        let b = (1 - 1 / (x * c / dimension + 1)) * dimension
        return excess < 0 ? -b : b
    }

    /// The finger's excess, points, that moves the content `offset` points past the edge: the
    /// inverse of ``banded(_:dimension:coefficient:)``.
    ///
    /// `x = d·b/(c·(d − |b|))`, with the sign of `b`. Check: `d = 667`, `b = 50.81` gives 100.0.
    /// An offset of `dimension` or more cannot be reached by any finger; it returns
    /// `±Double.greatestFiniteMagnitude` rather than ∞. NaN reads as 0; a dimension that is not
    /// finite and > 0 gives 0.
    public static func unbanded(_ offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension > 0, dimension.isFinite, !offset.isNaN else { return 0 }
        let c = validCoefficient(coefficient)
        let b = abs(offset)
        let x = b < dimension ? dimension * b / (c * (dimension - b)) : .infinity
        let finite = x.isFinite ? x : .greatestFiniteMagnitude
        return offset < 0 ? -finite : finite
    }

    /// `value` clamped to `range`, except that the part beyond either bound is rubber-banded.
    ///
    /// Inside the range the value is returned unchanged; `x` past the upper bound gives
    /// `upperBound + banded(x − upperBound)`, and symmetrically below the lower bound.
    /// This is the range form of `super-ultra/UltraDrawerView` and `b3ll/Motion`.
    ///
    /// - Parameters:
    ///   - value: the unconstrained position, points (for example content offset plus translation).
    ///     NaN reads as the lower bound; ±∞ gives the bound ± `dimension`.
    ///   - range: where the value may rest. An infinite bound has no edge on that side (a value of
    ///     ±∞ there comes back as `±Double.greatestFiniteMagnitude`).
    ///   - dimension: the `d` of ``banded(_:dimension:coefficient:)``, points. `nil` (the default)
    ///     uses the range's length `upperBound − lowerBound`, as UltraDrawerView does; a zero-length
    ///     range, or a length that is not finite, then clamps hard.
    ///   - coefficient: the slope at the edges, default 0.55.
    public static func banded(
        _ value: Double, in range: ClosedRange<Double>, dimension: Double? = nil, coefficient: Double = defaultCoefficient
    ) -> Double {
        let d = dimension ?? (range.upperBound - range.lowerBound)
        let result: Double
        if value.isNaN {
            result = range.lowerBound
        } else if value > range.upperBound {
            result = range.upperBound + banded(value - range.upperBound, dimension: d, coefficient: coefficient)
        } else if value < range.lowerBound {
            result = range.lowerBound + banded(value - range.lowerBound, dimension: d, coefficient: coefficient)
        } else {
            result = value
        }
        return result.isFinite ? result : (result < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude)
    }

    /// The unconstrained value that ``banded(_:in:dimension:coefficient:)`` maps to `banded`: the
    /// position a finger must be at to show the content at `banded`.
    ///
    /// Use it when a drag starts on content that is already past an edge (caught while bouncing back),
    /// so that the finger picks up the content without a jump. Inside the range the value is returned
    /// unchanged; beyond a bound the excess is ``unbanded(_:dimension:coefficient:)``. NaN reads as
    /// the lower bound, and the result is never NaN or ∞.
    public static func unbanded(
        _ banded: Double, in range: ClosedRange<Double>, dimension: Double? = nil, coefficient: Double = defaultCoefficient
    ) -> Double {
        let d = dimension ?? (range.upperBound - range.lowerBound)
        let result: Double
        if banded.isNaN {
            result = range.lowerBound
        } else if banded > range.upperBound {
            result = range.upperBound + unbanded(banded - range.upperBound, dimension: d, coefficient: coefficient)
        } else if banded < range.lowerBound {
            result = range.lowerBound + unbanded(banded - range.lowerBound, dimension: d, coefficient: coefficient)
        } else {
            result = banded
        }
        return result.isFinite ? result : (result < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude)
    }

    private static func validCoefficient(_ c: Double) -> Double {
        c > 0 && c.isFinite ? c : defaultCoefficient
    }
}
