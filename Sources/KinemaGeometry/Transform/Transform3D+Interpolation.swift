extension Transform3D.Decomposition {
    /// Interpolates every part: translation, scale, skew and perspective linearly, rotation by
    /// ``Quaternion/slerp(from:to:fraction:)`` along the shorter arc. Fractions outside `0…1`
    /// extrapolate (the rotation angle too).
    public static func interpolate(
        from a: Transform3D.Decomposition, to b: Transform3D.Decomposition, fraction t: Double
    ) -> Transform3D.Decomposition {
        Transform3D.Decomposition(
            translation: a.translation + (b.translation - a.translation) * t,
            scale: a.scale + (b.scale - a.scale) * t,
            skew: a.skew + (b.skew - a.skew) * t,
            perspective: a.perspective + (b.perspective - a.perspective) * t,
            rotation: Quaternion.slerp(from: a.rotation, to: b.rotation, fraction: t))
    }
}

extension Transform3D {
    /// The transform a fraction of the way from `from` to `to`, as Core Animation animates a
    /// `transform`.
    ///
    /// Both matrices are decomposed (``decomposed()``), the parts are interpolated
    /// (``Decomposition/interpolate(from:to:fraction:)``: linear, with a shortest-path quaternion
    /// slerp for the rotation) and recomposed. So an animation from the identity to a rotation
    /// by 2π shows no motion, and a rotation from 0 to 90° about z passes through 45°.
    ///
    /// - Fraction 0 returns `from` and 1 returns `to` exactly. Other values, including those
    ///   outside `0…1` from overshooting curves and springs, extrapolate.
    /// - Singular matrices (when either end cannot be decomposed, for example a zero scale) do not
    ///   animate: the result is `from` while `fraction < 1` and `to` from 1 on. Apple does not
    ///   document this case; WebKit (`GraphicsLayerCA.cpp`) notes that Core Animation cannot
    ///   animate them.
    /// - A NaN fraction gives `from`; `+∞` gives `to` and `−∞` gives `from`.
    public static func interpolate(from: Transform3D, to: Transform3D, fraction t: Double) -> Transform3D {
        guard t.isFinite else { return t == .infinity ? to : from }
        if t == 0 { return from }
        if t == 1 { return to }
        guard let a = from.decomposed(), let b = to.decomposed() else { return t < 1 ? from : to }
        let result = Transform3D(Decomposition.interpolate(from: a, to: b, fraction: t))
        guard result.isFinite else { return t < 1 ? from : to }
        return result
    }
}
