extension Color {
    /// Creates a colour from hue, saturation and brightness (the HSB, or HSV, model), each in
    /// `0…1` (clamped; NaN becomes 0; a hue of 1 is red again). Mirrors
    /// `UIColor(hue:saturation:brightness:alpha:)`.
    ///
    /// ```swift
    /// Color(hue: 1.0 / 3, saturation: 1, brightness: 1)    // (0, 1, 0, 1), green
    /// Color(hue: 0, saturation: 0, brightness: 0.5)        // (0.5, 0.5, 0.5, 1), grey
    /// ```
    public init(hue: Double, saturation: Double, brightness: Double, alpha: Double = 1) {
        let h = clamp(hue, 0, 1) * 6
        let s = clamp(saturation, 0, 1)
        let v = clamp(brightness, 0, 1)
        let sector = min(Int(h), 5)  // hue 1 reads as the last sector's end, which is red
        let f = h - Double(sector)
        let p = v * (1 - s)
        let q = v * (1 - s * f)
        let t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
}
