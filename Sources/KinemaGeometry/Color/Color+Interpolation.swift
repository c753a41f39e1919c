extension Color {
    /// The colour a fraction of the way from `from` to `to`, interpolated in premultiplied sRGB.
    ///
    /// Each colour's red, green and blue are multiplied by its alpha, the four premultiplied
    /// components are interpolated linearly, and the result is divided by its alpha again (an
    /// alpha of 0 or less gives ``clear``). Fractions outside `0…1` extrapolate, then every
    /// component is clamped to `0…1`. A NaN fraction or `−∞` gives `from`, `+∞` gives `to`.
    ///
    /// - Note: Apple does not document the colour space Core Animation interpolates in; Kinema
    ///   chose premultiplied over straight (non-premultiplied) components. Premultiplied
    ///   interpolation avoids a dark fringe when fading from ``clear`` (transparent
    ///   *black*): fading clear → red passes through half-transparent red, not half-transparent
    ///   dark red. For two opaque colours the two methods give identical results.
    public static func interpolate(from a: Color, to b: Color, fraction t: Double) -> Color {
        guard t.isFinite else { return t == .infinity ? b : a }
        let alpha = lerp(a.alpha, b.alpha, t)
        guard alpha > 0 else { return .clear }
        let r = lerp(a.red * a.alpha, b.red * b.alpha, t) / alpha
        let g = lerp(a.green * a.alpha, b.green * b.alpha, t) / alpha
        let bl = lerp(a.blue * a.alpha, b.blue * b.alpha, t) / alpha
        return Color(red: r, green: g, blue: bl, alpha: alpha)
    }
}
