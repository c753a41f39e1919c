import KinemaGeometry

/// A typeface at a size. Mirrors `UIFont` (the parts text layout needs).
///
/// Names are fontconfig family or face names ("DejaVu Sans", "IPAGothic", "Sans Bold"); the
/// system font is fontconfig's "Sans" (DejaVu Sans with the packages the Makefile installs, with
/// IPAGothic for Japanese), so text measures the same on every machine set up that way.
public struct Font: Hashable, Sendable {
    /// The family or face name, in fontconfig syntax.
    public var fontName: String
    /// The size, points. Mirrors `UIFont.pointSize`.
    public var pointSize: Double

    /// The font `name` at `size` points; `nil` when the size is not finite and positive or the
    /// name is empty. Mirrors `UIFont(name:size:)`.
    public init?(name: String, size: Double) {
        guard !name.isEmpty, size.isFinite, size > 0 else { return nil }
        fontName = name
        pointSize = size
    }

    private init(unchecked name: String, size: Double) {
        fontName = name
        pointSize = size.isFinite && size > 0 ? size : Font.labelFontSize
    }

    /// The system font at `size` points (a non-finite or non-positive size gives 17). Mirrors
    /// `UIFont.systemFont(ofSize:)`.
    public static func systemFont(ofSize size: Double) -> Font { Font(unchecked: "Sans", size: size) }

    /// The bold system font at `size` points. Mirrors `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: Double) -> Font { Font(unchecked: "Sans Bold", size: size) }

    /// The same typeface at another size. Mirrors `UIFont.withSize(_:)`.
    public func withSize(_ size: Double) -> Font { Font(unchecked: fontName, size: size) }

    /// The size labels use by default, 17 points. Mirrors `UIFont.labelFontSize`.
    public static let labelFontSize = 17.0
    /// The size of a system button's title, 15 points (`UIButton`'s default title font).
    public static let buttonFontSize = 15.0
}
