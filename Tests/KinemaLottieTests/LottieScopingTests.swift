import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import Testing

/// Which fills and strokes paint which paths. lottie-ios's Core Animation engine departs from
/// the Lottie specification's model (a style paints every shape before it in its group): a
/// fill paints only the paths since the previous fill; a stroke paints every path before it and
/// the paths after it up to the next fill; the styles that follow a nested group in its parent
/// reach into it, with an inherited stroke keeping the parent's width.
@Suite struct LottieScopingTests {
    typealias J = LottieJSON

    private func render(_ items: [String]) throws -> Bitmap {
        try renderLottie(J.animation([J.shapes([J.group(items)])]), frame: 0)
    }

    /// [A, fill red 50 %, B, fill blue]: lottie-ios paints A red only (the Lottie specification would
    /// put blue under A too), B blue. A (x 25…55) is on top where they overlap (x 45…55).
    @Test func fillPaintsOnlyThePathsSinceThePreviousFillAsLottieIOS() throws {
        let frame = try render([
            J.rect(p: [40, 50], s: [30, 30]), J.fill([1, 0, 0], opacity: 50), J.rect(p: [60, 50], s: [30, 30]), J.fill([0, 0, 1]),
        ])
        expectColor(frame, 30, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5), "A alone: no blue under it")
        expectColor(frame, 70, 50, .blue, "B alone")
        expectColor(frame, 50, 50, Color(red: 0.5, green: 0, blue: 0.5), "red at 50 % over B's blue")
    }

    /// [A, fill red, stroke green, B, fill blue]: the stroke paints A and, in lottie-ios, B
    /// too, which comes after it but before the next fill.
    @Test func strokeAlsoPaintsLaterPathsUntilTheNextFillAsLottieIOS() throws {
        let frame = try render([
            J.rect(p: [30, 30], s: [20, 20]), J.fill([1, 0, 0]), J.strokeItem([0, 1, 0], width: 4), J.rect(p: [70, 70], s: [20, 20]),
            J.fill([0, 0, 1]),
        ])
        expectColor(frame, 18, 30, .green, "A's stroke, outside its fill")
        expectColor(frame, 58, 70, .green, "B's stroke, outside its fill")
        expectColor(frame, 30, 30, .red)
        expectColor(frame, 70, 70, .blue)
    }

    /// [A, stroke, B] with no fill: both are stroked.
    @Test func strokeWithoutFillsPaintsPathsOnBothSides() throws {
        let frame = try render([J.rect(p: [30, 30], s: [20, 20]), J.strokeItem([0, 1, 0], width: 4), J.rect(p: [70, 70], s: [20, 20])])
        expectColor(frame, 20, 30, .green)
        expectColor(frame, 60, 70, .green)
        expectClear(frame, 30, 30, "no fill")
    }

    /// [A, stroke, fill red, B, fill blue]: the stroke reaches the paths up to the next fill
    /// only, so B, after that fill, is not stroked.
    @Test func strokeStopsAtTheNextFill() throws {
        let frame = try render([
            J.rect(p: [30, 30], s: [20, 20]), J.strokeItem([0, 1, 0], width: 4), J.fill([1, 0, 0]), J.rect(p: [70, 70], s: [20, 20]),
            J.fill([0, 0, 1]),
        ])
        expectColor(frame, 18, 30, .green)
        expectClear(frame, 58, 70, "B has no stroke")
        expectColor(frame, 70, 70, .blue)
    }

    /// A fill after a nested group paints the group's paths.
    @Test func fillAfterANestedGroupPaintsIt() throws {
        let frame = try render([J.group([J.rect(p: [50, 50], s: [20, 20])]), J.fill([1, 0, 0])])
        expectColor(frame, 50, 50, .red)
    }

    /// A stroke after a nested group strokes the group's paths.
    @Test func strokeAfterANestedGroupStrokesIt() throws {
        let frame = try render([J.group([J.rect(p: [50, 50], s: [20, 20]), J.fill([0, 0, 1])]), J.strokeItem([0, 1, 0], width: 4)])
        expectColor(frame, 50, 50, .blue)
        expectColor(frame, 38, 50, .green, "the stroke on the square's left side")
    }

    /// The styles after several nested groups paint every one of them.
    @Test func fillAfterSeveralNestedGroupsPaintsAll() throws {
        let frame = try render([
            J.group([J.rect(p: [30, 50], s: [20, 20])]), J.group([J.rect(p: [70, 50], s: [20, 20])]), J.fill([1, 0, 0]),
        ])
        expectColor(frame, 30, 50, .red)
        expectColor(frame, 70, 50, .red)
    }

    /// A nested group's own fill wins over a fill after it in the parent (which finds no
    /// unpainted paths in the group).
    @Test func nestedGroupsOwnFillWins() throws {
        let frame = try render([J.group([J.rect(p: [50, 50], s: [20, 20]), J.fill([0, 0, 1])]), J.fill([1, 0, 0])])
        expectColor(frame, 50, 50, .blue)
    }

    /// Styles reach through two levels of nesting.
    @Test func fillReachesIntoGroupsNestedTwice() throws {
        let frame = try render([J.group([J.group([J.rect(p: [50, 50], s: [20, 20])])]), J.fill([0, 1, 0])])
        expectColor(frame, 50, 50, .green)
    }

    /// A nested group's transform applies to its paths under an inherited fill: the group
    /// moves its square 30 to the right.
    @Test func inheritedFillFollowsTheNestedGroupsTransform() throws {
        let inner = J.group([J.rect(p: [20, 50], s: [20, 20])], transform: J.groupTransform(p: J.value([30, 0])))
        let frame = try render([inner, J.fill([1, 0, 0])])
        expectColor(frame, 50, 50, .red)
        expectClear(frame, 20, 50)
    }

    /// An inherited stroke belongs to the parent group: lottie-ios divides its width by the
    /// nested group's scale, so it keeps the width it has in the parent (as the Lottie specification's
    /// model draws it too). A line scaled 200 % in the nested group, stroked 4 by the parent,
    /// is 4 wide on screen, not 8.
    @Test func inheritedStrokeKeepsItsWidthInAScaledGroupAsLottieIOS() throws {
        let inner = J.group(
            [J.line([30, 50], [70, 50])], transform: J.groupTransform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.value([200, 200])))
        let frame = try render([inner, J.strokeItem([0, 0, 1], width: 4)])
        expectColor(frame, 50, 49, .blue)
        expectClear(frame, 50, 53)
        expectNear(frame.inkHeight(column: 50), 4, 0.2)
        expectNear(frame.inkWidth(row: 50), 80, 0.5, "the line itself is scaled")
    }
}
