import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// Strokes (`st`): width, colour and opacity, caps `lc` (1 butt, 2 round, 3 square), joins `lj`
/// (1 miter, 2 round, 3 bevel) with miter limit `ml`, and dashes `d` (dash and gap alternate
/// starting with a dash, an odd count repeats with the roles swapped, the offset `o` shifts
/// the pattern; a negative entry or an all-zero pattern draws solid), as the Lottie
/// specification describes them and lottie-ios maps them onto `CAShapeLayer`.
@Suite struct LottieStrokeTests {
    typealias J = LottieJSON

    /// One group: `items` in a 100 × 100 composition.
    private func render(_ items: [String], transform tr: String = "{\"ty\": \"tr\"}", frame: Double = 0) throws -> Bitmap {
        try renderLottie(J.animation([J.shapes([J.group(items, transform: tr)])]), frame: frame)
    }

    /// The horizontal line (10, 50) → (90, 50) stroked `width` wide.
    private func line(_ stroke: String) throws -> Bitmap {
        try render([J.line([10, 50], [90, 50]), stroke])
    }

    /// A stroke is centred on its path: width 10 covers y 45…55.
    @Test func strokeIsCentredOnThePath() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10))
        expectColor(frame, 50, 45, .blue)
        expectColor(frame, 50, 54, .blue)
        expectClear(frame, 50, 43)
        expectClear(frame, 50, 56)
        expectNear(frame.inkHeight(column: 50), 10, 0.05)
    }

    /// Butt caps (`lc` 1) end at the end points: 3 points past (90, 50) is clear.
    @Test func buttCapEndsAtTheEndPoint() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, cap: 1))
        expectColor(frame, 88, 50, .blue)
        expectClear(frame, 92, 50)
        expectClear(frame, 7, 50)
        expectNear(frame.inkWidth(row: 50), 80, 0.05)
    }

    /// Square caps (`lc` 3) extend half the width: 3 points past the end is drawn, corners too.
    @Test func squareCapExtendsHalfTheWidth() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, cap: 3))
        expectColor(frame, 92, 50, .blue)
        expectColor(frame, 94, 54, .blue, "the cap's corner")
        expectClear(frame, 96, 50)
        expectNear(frame.inkWidth(row: 50), 90, 0.05)
    }

    /// Round caps (`lc` 2) are half discs: 3 points past the end is drawn, the corner of a
    /// square cap is not.
    @Test func roundCapIsAHalfDisc() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, cap: 2))
        expectColor(frame, 92, 50, .blue)
        expectClear(frame, 94, 54, "outside the half disc")
        expectClear(frame, 96, 50)
    }

    /// Without `lc` and `lj` lottie-ios draws round caps and joins.
    @Test func missingCapAndJoinAreRoundAsLottieIOS() throws {
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}}"#
        let frame = try line(stroke)
        expectColor(frame, 92, 50, .blue, "a round cap reaches past the end")
        expectClear(frame, 94, 54, "but not into a square cap's corner")
    }

    /// The corner (20, 80) → (20, 20) → (80, 20) stroked 10 wide with join `join`.
    private func corner(join: Int, miterLimit: Double? = nil) throws -> Bitmap {
        try render([
            J.path([[20, 80], [20, 20], [80, 20]], closed: false), J.strokeItem([0, 0, 1], width: 10, join: join, miterLimit: miterLimit),
        ])
    }

    /// A miter join (`lj` 1) fills the outer corner up to (15, 15).
    @Test func miterJoinFillsTheCorner() throws {
        let frame = try corner(join: 1)
        expectColor(frame, 15, 15, .blue)
        expectColor(frame, 16, 16, .blue)
    }

    /// A bevel join (`lj` 3) cuts the corner along (15, 20)–(20, 15).
    @Test func bevelJoinCutsTheCorner() throws {
        let frame = try corner(join: 3)
        expectClear(frame, 15, 15)
        expectClear(frame, 16, 16)
        expectColor(frame, 15, 22, .blue)
        expectColor(frame, 22, 15, .blue)
    }

    /// A round join (`lj` 2) rounds the corner with radius 5 about (20, 20).
    @Test func roundJoinRoundsTheCorner() throws {
        let frame = try corner(join: 2)
        expectClear(frame, 15, 15)
        expectColor(frame, 17, 17, .blue)
    }

    /// The miter limit `ml` is a ratio of miter length to width: a right angle's is √2, so
    /// `ml` 1 turns the miter into a bevel while the default 4 keeps it.
    @Test func miterLimitBevelsSharpCorners() throws {
        expectClear(try corner(join: 1, miterLimit: 1), 15, 15, "limit 1 < √2")
        expectColor(try corner(join: 1, miterLimit: 2), 15, 15, .blue, "limit 2 > √2")
    }

    /// Dashes [10 dash, 10 gap] from x = 10: dashes over 10…20, 30…40…, gaps over 20…30….
    @Test func dashAndGapAlternate() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 10), ("g", 10)]))
        expectColor(frame, 15, 50, .blue)
        expectClear(frame, 25, 50)
        expectColor(frame, 35, 50, .blue)
        expectClear(frame, 45, 50)
        expectColor(frame, 75, 50, .blue)
        expectClear(frame, 85, 50, "the last 10 points are a gap")
        expectNear(frame.inkWidth(row: 50), 40, 0.1, "four dashes of 10")
    }

    /// An odd count repeats with the roles swapped: [10, 5, 5] runs dash 10, gap 5, dash 5,
    /// gap 10, dash 5, gap 5, then again: dashes over 10…20, 25…30, 40…45, 50…60.
    @Test func oddDashCountRepeatsWithRolesSwapped() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 10), ("g", 5), ("d", 5)]))
        expectColor(frame, 15, 50, .blue)
        expectClear(frame, 22, 50)
        expectColor(frame, 27, 50, .blue)
        expectClear(frame, 35, 50, "the second round's gap of 10")
        expectColor(frame, 42, 50, .blue, "the second round's dash of 5")
        expectClear(frame, 47, 50)
        expectColor(frame, 55, 50, .blue)
    }

    /// The offset `o` starts the pattern that far into it: [10, 10] with offset 5 has dashes
    /// over 10…15 and 25…35.
    @Test func dashOffsetShiftsThePattern() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 10), ("g", 10), ("o", 5)]))
        expectColor(frame, 12, 50, .blue)
        expectClear(frame, 17, 50)
        expectClear(frame, 22, 50)
        expectColor(frame, 30, 50, .blue)
        expectClear(frame, 37, 50)
    }

    /// The dash offset animates: 0 → 10 over frames 0…30 is 5 at frame 15.
    @Test func animatedDashOffset() throws {
        let stroke = J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 10), ("g", 10)], dashOffset: J.linear([(0, [0]), (30, [10])]))
        let items = [J.line([10, 50], [90, 50]), stroke]
        let start = try render(items, frame: 0)
        expectColor(start, 17, 50, .blue)
        let middle = try render(items, frame: 15)
        expectClear(middle, 17, 50)
        expectColor(middle, 30, 50, .blue)
    }

    /// Zero-length dashes with round caps are dots (lottie-ios draws them 0.01 long): [0, 20]
    /// puts a dot of radius 5 every 20 points from x = 10.
    @Test func zeroLengthDashesWithRoundCapsAreDots() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, cap: 2, dashes: [("d", 0), ("g", 20)]))
        expectColor(frame, 30, 50, .blue)
        expectColor(frame, 50, 50, .blue)
        expectClear(frame, 40, 50)
        expectClear(frame, 30, 44)
    }

    /// A negative entry disables dashing: the line is solid.
    @Test func negativeDashDrawsSolid() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 10), ("g", -5)]))
        expectColor(frame, 25, 50, .blue)
        expectNear(frame.inkWidth(row: 50), 80, 0.1)
    }

    /// An all-zero pattern disables dashing: the line is solid.
    @Test func allZeroDashesDrawSolid() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, dashes: [("d", 0), ("g", 0)]))
        expectColor(frame, 25, 50, .blue)
        expectNear(frame.inkWidth(row: 50), 80, 0.1)
    }

    /// A stroke's opacity `o` is its alpha.
    @Test func strokeOpacityIsItsAlpha() throws {
        let frame = try line(J.strokeItem([0, 0, 1], width: 10, opacity: 50))
        expectColor(frame, 50, 50, Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    /// The width animates: 2 → 10 over frames 0…30 is 6 at frame 15.
    @Test func animatedStrokeWidth() throws {
        let stroke = J.strokeItem([0, 0, 1], width: 0, widthProperty: J.linear([(0, [2]), (30, [10])]))
        let frame = try render([J.line([10, 50], [90, 50]), stroke], frame: 15)
        expectNear(frame.inkHeight(column: 50), 6, 0.1)
        expectColor(frame, 50, 47, .blue)
        expectClear(frame, 50, 45)
    }

    /// The stroke colour animates: red → blue is (0.5, 0, 0.5) half way.
    @Test func animatedStrokeColor() throws {
        let stroke = J.strokeItem([0, 0, 0], width: 10, colorProperty: J.linear([(0, [1, 0, 0]), (30, [0, 0, 1])]))
        let frame = try render([J.line([10, 50], [90, 50]), stroke], frame: 15)
        expectColor(frame, 50, 50, Color(red: 0.5, green: 0, blue: 0.5))
    }

    /// A stroke is drawn in its group's space, so the group's scale scales its width: 4 at
    /// 200 % is 8 on screen.
    @Test func groupScaleScalesTheStrokeWidth() throws {
        let tr = J.groupTransform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.value([200, 200]))
        let frame = try render([J.line([30, 50], [70, 50]), J.strokeItem([0, 0, 1], width: 4)], transform: tr)
        expectNear(frame.inkHeight(column: 50), 8, 0.2)
        expectColor(frame, 50, 47, .blue)
        expectClear(frame, 50, 43)
    }

    /// A path without `c` is closed (lottie-ios reads a missing `c` as closed): its closing
    /// side (80, 80) → (20, 20) is stroked; with `c` false it is not.
    @Test func pathWithoutClosedFlagIsClosedAsLottieIOS() throws {
        let stroke = J.strokeItem([0, 0, 1], width: 6)
        let closed = try render([J.path([[20, 20], [80, 20], [80, 80]], closed: nil), stroke])
        expectColor(closed, 50, 50, .blue, "on the closing diagonal")
        let open = try render([J.path([[20, 20], [80, 20], [80, 80]], closed: false), stroke])
        expectClear(open, 50, 50)
        expectColor(open, 50, 20, .blue)
    }

    /// Styles stack like items: one listed earlier is drawn on top. A fill listed before the
    /// stroke hides the stroke's inner half; a stroke listed before the fill covers the fill's
    /// edge.
    @Test func earlierStyleIsDrawnOverLaterStyle() throws {
        let fillFirst = try render([J.rect(p: [50, 50], s: [40, 40]), J.fill([1, 0, 0]), J.strokeItem([0, 0, 1], width: 10)])
        expectColor(fillFirst, 31, 50, .red, "the stroke's inner half is under the fill")
        expectColor(fillFirst, 27, 50, .blue, "its outer half shows")
        let strokeFirst = try render([J.rect(p: [50, 50], s: [40, 40]), J.strokeItem([0, 0, 1], width: 10), J.fill([1, 0, 0])])
        expectColor(strokeFirst, 31, 50, .blue, "the stroke's inner half is over the fill")
        expectColor(strokeFirst, 27, 50, .blue)
        expectColor(strokeFirst, 50, 50, .red)
    }
}
