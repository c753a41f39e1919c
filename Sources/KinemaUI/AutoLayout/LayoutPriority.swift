/// How strongly a constraint should hold: 1 to 1000, where 1000 (``required``) must hold and
/// anything lower is optional. A constraint of a higher priority wins over any number of
/// constraints of lower priority. Mirrors `UILayoutPriority`.
///
/// ```swift
/// let width = card.widthAnchor.constraint(equalToConstant: 320)
/// width.priority = .defaultHigh - 1   // 749: gives way to compression resistance
/// ```
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The priority, 1 to 1000 for a constraint the engine accepts.
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: the constraint must hold. The default of every new constraint.
    public static let required = LayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 510: a window drag that can resize the scene.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// 500: the scene prefers to keep its size.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// 490: a window drag that cannot resize the scene.
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    /// 250: the default content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the priority at which ``View/systemLayoutSizeFitting(_:)`` pulls toward its target.
    public static let fittingSizeLevel = LayoutPriority(50)

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }

    /// Whether the engine accepts it: finite and in 1...1000.
    var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
