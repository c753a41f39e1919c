/// Where a popover's arrow points, as a set of permitted directions or the one chosen. Mirrors
/// `UIPopoverArrowDirection` (the arrow *points* up when the bubble sits below its source).
public struct PopoverArrowDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The arrow points up: the bubble is below the source.
    public static let up = PopoverArrowDirection(rawValue: 1 << 0)
    /// The arrow points down: the bubble is above the source.
    public static let down = PopoverArrowDirection(rawValue: 1 << 1)
    /// The arrow points left: the bubble is right of the source.
    public static let left = PopoverArrowDirection(rawValue: 1 << 2)
    /// The arrow points right: the bubble is left of the source.
    public static let right = PopoverArrowDirection(rawValue: 1 << 3)
    /// Every direction.
    public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
    /// No direction chosen (before and after a presentation, or no arrow).
    public static let unknown = PopoverArrowDirection(rawValue: UInt.max)

    /// The four single directions in UIKit's bit order.
    public static let allDirections: [PopoverArrowDirection] = [.up, .down, .left, .right]

    /// The name used in scene files and inspection output: `up`, `down`, `left`, `right`, `any`,
    /// `none` for ``unknown``, or the names joined with `|`.
    public var description: String {
        if self == .unknown { return "none" }
        if self == .any { return "any" }
        let names = zip(Self.allDirections, ["up", "down", "left", "right"]).filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: "|")
    }
}
