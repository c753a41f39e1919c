/// An sRGB colour with straight (not premultiplied) alpha.
///
/// Mirrors the role of `CGColor` / `UIColor` for layer properties such as `backgroundColor`.
/// Every component is a fraction in `0…1`; the initializers clamp out-of-range values and turn
/// NaN into 0, so a `Color` built through them is always valid.
///
/// ```swift
/// let accent = try Color(hex: "#FF8000")     // (1, 0.502, 0, 1)
/// let faded = accent.withAlpha(0.5)
/// let mid = Color.interpolate(from: .clear, to: accent, fraction: 0.5)
/// // mid == (1, 0.502, 0, 0.5): fading in from clear keeps the hue
/// ```
public struct Color: Hashable, Sendable {
    /// The red component in `0…1`.
    public var red: Double
    /// The green component in `0…1`.
    public var green: Double
    /// The blue component in `0…1`.
    public var blue: Double
    /// The opacity in `0…1` (0 transparent, 1 opaque). Default 1.
    public var alpha: Double

    /// Creates a colour from sRGB components in `0…1` (clamped; NaN becomes 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = clamp(red, 0, 1)
        self.green = clamp(green, 0, 1)
        self.blue = clamp(blue, 0, 1)
        self.alpha = clamp(alpha, 0, 1)
    }

    /// Creates a grey: `white` 0 is black, 1 is white (both clamped to `0…1`, NaN becomes 0).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with a different alpha (clamped to `0…1`).
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether `alpha` is 1.
    public var isOpaque: Bool { alpha >= 1 }

    /// Transparent black, `(0, 0, 0, 0)`.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// `(0, 0, 0)`.
    public static let black = Color(white: 0)
    /// `(1/3, 1/3, 1/3)`, as `UIColor.darkGray`.
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// `(0.5, 0.5, 0.5)`, as `UIColor.gray`.
    public static let gray = Color(white: 0.5)
    /// `(2/3, 2/3, 2/3)`, as `UIColor.lightGray`.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// `(1, 1, 1)`.
    public static let white = Color(white: 1)
    /// `(1, 0, 0)`.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// `(0, 1, 0)`.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// `(0, 0, 1)`.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// `(0, 1, 1)`.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// `(1, 1, 0)`.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// `(1, 0, 1)`.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// `(1, 0.5, 0)`, as `UIColor.orange`.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// `(0.5, 0, 0.5)`, as `UIColor.purple`.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// `(0.6, 0.4, 0.2)`, as `UIColor.brown`.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
}

extension Color: Codable {
    private enum CodingKeys: String, CodingKey { case red, green, blue, alpha }

    /// Decodes `{"red": …, "green": …, "blue": …, "alpha": …}` (alpha optional, default 1),
    /// clamping each component to `0…1` like the initializer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try c.decode(Double.self, forKey: .red),
            green: try c.decode(Double.self, forKey: .green),
            blue: try c.decode(Double.self, forKey: .blue),
            alpha: try c.decodeIfPresent(Double.self, forKey: .alpha) ?? 1)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(red, forKey: .red)
        try c.encode(green, forKey: .green)
        try c.encode(blue, forKey: .blue)
        try c.encode(alpha, forKey: .alpha)
    }
}

extension Color: CustomStringConvertible {
    public var description: String { "(\(red), \(green), \(blue), \(alpha))" }
}
