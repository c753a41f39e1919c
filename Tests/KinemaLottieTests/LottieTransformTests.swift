import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Layer transforms (`ks`: anchor `a`, position `p`, scale `s`, rotation `r`, opacity `o`),
/// split positions, parenting through `parent`, and null layers. A layer maps a point q to
/// T(p)·R(r)·S(s)·(q − a), rotation clockwise on screen (y down); a child's world transform is
/// its parent's times its own; a parent's opacity is not inherited (the Lottie specification
/// at lottie.github.io, and lottie-ios, which wraps a child in transform-only copies of its
/// ancestors).
@Suite struct LottieTransformTests {
    typealias J = LottieJSON

    /// A layer with one red `size` rectangle centred on `at`, transformed by `ks`.
    private func layer(
        _ ks: String, at: [Double], size: [Double] = [10, 10], color: [Double] = [1, 0, 0], ind: Int = 1, parent: Int? = nil
    )
        -> String
    {
        J.shapes([J.group([J.rect(p: at, s: size), J.fill(color)])], ind: ind, parent: parent, ks: ks)
    }

    /// The ink's centre at `frame`.
    private func centre(_ layers: [String], frame: Double = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> Point {
        try #require(try renderLottie(J.animation(layers), frame: frame).inkCentroid, sourceLocation: sourceLocation)
    }

    /// The anchor point lands on the position: a [30, 30], p [50, 50] draws (30, 30) at (50, 50).
    @Test func anchorLandsOnPosition() throws {
        let c = try centre([layer(J.transform(a: J.value([30, 30]), p: J.value([50, 50])), at: [30, 30])])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 50, 0.05)
    }

    /// A 40 × 20 rectangle turned 90° about its centre (a = p = [50, 50]) is 20 × 40:
    /// (50, 32) inside, (32, 50) outside.
    @Test func rotationTurnsAboutTheAnchor() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), r: J.value(90))
        let frame = try renderLottie(J.animation([layer(ks, at: [50, 50], size: [40, 20])]), frame: 0)
        expectColor(frame, 50, 32, .red)
        expectClear(frame, 32, 50)
        expectNear(frame.inkWidth(row: 50), 20, 0.1)
        expectNear(frame.inkHeight(column: 50), 40, 0.1)
    }

    /// Positive rotation is clockwise on screen: a square 20 to the right of the anchor ends
    /// up 20 below it at r 90 (above it would be counter-clockwise).
    @Test func positiveRotationIsClockwiseOnScreen() throws {
        let c = try centre([layer(J.transform(a: J.value([50, 50]), p: J.value([50, 50]), r: J.value(90)), at: [70, 50])])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 70, 0.05)
    }

    /// Scale is a percentage about the anchor: s [200, 50] makes 40 × 20 into 80 × 10.
    @Test func scaleIsPercentAboutTheAnchor() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.value([200, 50]))
        let frame = try renderLottie(J.animation([layer(ks, at: [50, 50], size: [40, 20])]), frame: 0)
        expectNear(frame.inkWidth(row: 50), 80, 0.1)
        expectNear(frame.inkHeight(column: 50), 10, 0.1)
        expectColor(frame, 16, 50, .red)
        expectClear(frame, 50, 43)
    }

    /// The order is T(p)·R(r)·S(s)·T(−a): scaled first to 10 × 40, then turned to 40 × 10. The
    /// other order would give 5 × 80.
    @Test func scaleAppliesBeforeRotation() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), s: J.value([25, 200]), r: J.value(90))
        let frame = try renderLottie(J.animation([layer(ks, at: [50, 50], size: [40, 20])]), frame: 0)
        expectColor(frame, 35, 50, .red)
        expectClear(frame, 50, 40)
        expectClear(frame, 50, 25)
        expectNear(frame.inkWidth(row: 50), 40, 0.2)
        expectNear(frame.inkHeight(column: 50), 10, 0.2)
    }

    /// Layer opacity `o` (0–100) fades the whole layer.
    @Test func layerOpacityFadesTheLayer() throws {
        let frame = try renderLottie(J.animation([layer(J.transform(o: J.value(25)), at: [50, 50], size: [40, 40])]), frame: 0)
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.25))
    }

    /// A layer's opacity fades its groups as one: two overlapping opaque groups in a 50 % layer
    /// give alpha 0.5 where they overlap, not 0.75.
    @Test func layerOpacityFadesOverlapsOnce() throws {
        let shapes = J.shapes(
            [
                J.group([J.rect(p: [40, 50], s: [40, 40]), J.fill([1, 0, 0])]),
                J.group([J.rect(p: [60, 50], s: [40, 40]), J.fill([1, 0, 0])]),
            ], ks: J.transform(o: J.value(50)))
        let frame = try renderLottie(J.animation([shapes]), frame: 0)
        expectColor(frame, 50, 50, Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    /// A split position (`p: {s: true, x, y}`) places the layer at (x, y).
    @Test func splitPositionPlacesTheLayer() throws {
        let p = #"{"s": true, "x": {"a": 0, "k": 30}, "y": {"a": 0, "k": 70}}"#
        let c = try centre([layer(J.transform(p: p), at: [0, 0])])
        expectNear(c.x, 30, 0.05)
        expectNear(c.y, 70, 0.05)
    }

    /// The two halves of a split position animate on their own keyframes and easing: x eased
    /// in and out 20 → 80 is 27.75 at frame 7.5 while y, linear 20 → 80, is 35.
    @Test func splitPositionAnimatesEachAxisOnItsOwn() throws {
        let x = J.animated([J.keyframe(0, [20], o: (0.42, 0), i: (0.58, 1)), J.keyframe(30, [80])])
        let y = J.linear([(0, [20]), (30, [80])])
        let p = "{\"s\": true, \"x\": \(x), \"y\": \(y)}"
        let c = try centre([layer(J.transform(p: p), at: [0, 0])], frame: 7.5)
        expectNear(c.x, 27.750, 0.1)
        expectNear(c.y, 35, 0.1)
    }

    /// A 3D layer writes its z rotation as `rz` instead of `r`; it turns the layer the same way.
    @Test func rzRotatesLikeR() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), extra: ["\"rz\": \(J.value(90))"])
        let c = try centre([layer(ks, at: [70, 50])])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 70, 0.05)
    }

    /// lottie-ios ignores skew on layers (it skews group transforms only): the layer draws
    /// unskewed and the skew is listed at `layers[0].ks.sk`.
    @Test func layerSkewIsIgnoredAndReportedAsLottieIOS() throws {
        let ks = J.transform(a: J.value([50, 50]), p: J.value([50, 50]), sk: J.value(45), sa: J.value(0))
        let json = J.animation([layer(ks, at: [50, 50], size: [20, 20])])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].ks.sk"])
        let frame = try renderLottie(json, frame: 0)
        expectClear(frame, 65, 41)
        expectColor(frame, 41, 41, .red)
    }

    /// A child moves with its null parent: parent p [30, 10], child square at (20, 40) → (50, 50).
    @Test func childOfANullParentMovesWithIt() throws {
        let parent = J.null(ind: 1, ks: J.transform(p: J.value([30, 10])))
        let c = try centre([parent, layer("{}", at: [20, 40], ind: 2, parent: 1)])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 50, 0.05)
    }

    /// The parent's rotation turns the child about the parent's anchor: parent at (50, 50)
    /// turned 90°, child square at (20, 0) in the parent's space → (50, 70).
    @Test func parentRotationTurnsTheChild() throws {
        let parent = J.null(ind: 1, ks: J.transform(p: J.value([50, 50]), r: J.value(90)))
        let c = try centre([parent, layer("{}", at: [20, 0], ind: 2, parent: 1)])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 70, 0.05)
    }

    /// The parent's scale scales the child: 200 % makes a 10 × 10 square at (25, 25) a
    /// 20 × 20 square at (50, 50).
    @Test func parentScaleScalesTheChild() throws {
        let parent = J.null(ind: 1, ks: J.transform(s: J.value([200, 200])))
        let frame = try renderLottie(J.animation([parent, layer("{}", at: [25, 25], ind: 2, parent: 1)]), frame: 0)
        let c = try #require(frame.inkCentroid)
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 50, 0.05)
        expectNear(frame.inkWidth(row: 50), 20, 0.1)
    }

    /// Parents chain: child → null B (p [10, 0]) → null A (p [10, 0]) moves the child by 20.
    @Test func grandparentsChain() throws {
        let a = J.null(ind: 1, ks: J.transform(p: J.value([10, 0])))
        let b = J.null(ind: 2, parent: 1, ks: J.transform(p: J.value([10, 0])))
        let c = try centre([layer("{}", at: [30, 50], ind: 3, parent: 2), b, a])
        expectNear(c.x, 50, 0.05)
        expectNear(c.y, 50, 0.05)
    }

    /// The child follows its parent's animation: the parent slides 0 → 40 over frames 0…30,
    /// so at frame 15 a child square at (30, 50) is at (50, 50).
    @Test func childFollowsAnAnimatedParent() throws {
        let parent = J.null(ind: 1, ks: J.transform(p: J.linear([(0, [0, 0]), (30, [40, 0])])))
        let c = try centre([parent, layer("{}", at: [30, 50], ind: 2, parent: 1)], frame: 15)
        expectNear(c.x, 50, 0.1)
        expectNear(c.y, 50, 0.05)
    }

    /// The parent's own anchor offsets its children: parent a [10, 0] p [0, 0] moves the child
    /// 10 to the left.
    @Test func parentAnchorOffsetsTheChild() throws {
        let parent = J.null(ind: 1, ks: J.transform(a: J.value([10, 0])))
        let c = try centre([parent, layer("{}", at: [60, 50], ind: 2, parent: 1)])
        expectNear(c.x, 50, 0.05)
    }

    /// A parent's opacity is not inherited: a 50 % parent draws at half alpha, its child at
    /// full alpha (lottie-ios copies only the parent's transform around the child).
    @Test func parentOpacityIsNotInherited() throws {
        let parent = layer(J.transform(o: J.value(50)), at: [25, 25], size: [20, 20], ind: 1)
        let child = layer("{}", at: [75, 75], size: [20, 20], color: [0, 0, 1], ind: 2, parent: 1)
        let frame = try renderLottie(J.animation([parent, child]), frame: 0)
        expectColor(frame, 25, 25, Color(red: 1, green: 0, blue: 0, alpha: 0.5), "the parent itself")
        expectColor(frame, 75, 75, .blue, "the child, not dimmed")
    }

    /// A hidden layer (`hd`) is not drawn but still moves its children.
    @Test func hiddenLayerStillParents() throws {
        let parent = J.shapes(
            [J.group([J.rect(p: [20, 20], s: [10, 10]), J.fill([1, 0, 0])])], ind: 1, ks: J.transform(p: J.value([30, 0])),
            hidden: true)
        let frame = try renderLottie(J.animation([parent, layer("{}", at: [20, 50], color: [0, 0, 1], ind: 2, parent: 1)]), frame: 0)
        expectClear(frame, 50, 20, "the hidden parent")
        expectColor(frame, 50, 50, .blue, "the child, moved by the parent")
    }

    /// A child is shown by its own in and out points, not its parent's (parenting links
    /// transforms only): the parent ends at frame 10, the child still draws at frame 20.
    @Test func childIsVisibleOutsideItsParentsInAndOutPoints() throws {
        let parent = J.shapes(
            [J.group([J.rect(p: [20, 20], s: [10, 10]), J.fill([1, 0, 0])])], ind: 1, ks: J.transform(p: J.value([30, 0])), op: 10)
        let frame = try renderLottie(J.animation([parent, layer("{}", at: [20, 50], color: [0, 0, 1], ind: 2, parent: 1)]), frame: 20)
        expectClear(frame, 50, 20, "the parent is past its out point")
        expectColor(frame, 50, 50, .blue, "the child still draws, moved by the parent")
    }

    /// A parent `ind` that no layer has is reported; the child draws without it.
    @Test func missingParentIsReportedAndIgnored() throws {
        let json = J.animation([layer("{}", at: [50, 50], ind: 1, parent: 7)])
        let animation = try #require(decodeLottie(json))
        #expect(jsonPaths(animation.unsupportedFeatures) == ["layers[0].parent"])
        let c = try #require(try renderLottie(json, frame: 0).inkCentroid)
        expectNear(c.x, 50, 0.05)
    }

    /// The anchor animates too: a [0, 0] → [−40, 0] moves the content right by 20 at frame 15.
    @Test func animatedAnchorMovesTheContent() throws {
        let ks = J.transform(a: J.linear([(0, [0, 0]), (30, [-40, 0])]))
        let c = try centre([layer(ks, at: [10, 50])], frame: 15)
        expectNear(c.x, 30, 0.1)
    }
}
