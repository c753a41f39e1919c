import KinemaGeometry
import KinemaLayers
import KinemaRender
import TestSupport
import Testing

/// Golden images of transitions part way through (`CATransition`; table in
/// docs/animation-notes.md). A card of W = 80 × 40 points at (40, 12) on a 160 × 64 white frame
/// changes from red to blue (with a white dot added at its centre) in one transaction that adds the
/// transition (duration 1 s); the frame is drawn at fraction `f`. Offsets, from that table with u
/// the subtype's direction: push old u·q·W, new −u·(1 − q)·W; moveIn new −u·(1 − q)·W over the
/// static old; reveal old u·q·W over the static new; fade old α 1 − q, new α q.
@Suite("Golden images: transitions")
struct GoldenTransitionTests {
    static let size = Size(width: 160, height: 64)

    /// The stage with the card, the transition added and the frame's snapshot at fraction `f`.
    static func tree(_ type: TransitionType, _ subtype: TransitionSubtype?, at f: Double) -> @Sendable () throws -> RenderNode {
        { @Sendable () throws -> RenderNode in
            let context = LayerContext(time: 1)
            let card = Build.layer(Rect(40, 12, 80, 40), .red)
            let stage = try Build.adding([card], to: Build.layer(Rect(0, 0, 160, 64)))
            context.addRootLayer(stage)
            context.transaction.begin()
            context.transaction.disableActions = true
            card.backgroundColor = .blue
            try card.addSublayer(Build.layer(Rect(36, 16, 8, 8), .white))
            var transition = Transition(type: type, subtype: subtype)
            transition.duration = 1
            card.add(transition, forKey: nil)
            context.transaction.commit()
            context.advance(to: 1 + f)
            return withExtendedLifetime(context) { stage.renderTree(at: 1 + f) }
        }
    }

    static let cases: [GoldenCase] = [
        GoldenCase(
            // q = 0.3: 0.7 red + 0.3 blue; the new white dot at 0.3 over 0.7 red.
            name: "fade", size: size,
            probes: [
                .color(At(50, 20), Color(red: 0.7, green: 0, blue: 0.3)), .color(At(80, 32), Color(red: 1, green: 0.3, blue: 0.3)),
                .untouched(At(38, 32)), .untouched(At(121, 32)),
            ],
            tree: tree(.fade, nil, at: 0.3)),
        GoldenCase(
            // fromRight, q = 0.25: old moves −20 (x 20…100), new enters at +60 (x 100…180).
            name: "pushFromRight", size: size,
            probes: [
                .untouched(At(19, 32)), .color(At(21, 32), .red), .color(At(98, 32), .red), .color(At(102, 32), .blue),
                .color(At(158, 20), .blue), .color(At(140, 32), .white),
            ],
            tree: tree(.push, .fromRight, at: 0.25)),
        GoldenCase(
            // fromLeft, q = 0.5: the new card at −40 (x 0…80) over the static old (x 40…120).
            name: "moveInFromLeft", size: size,
            probes: [.color(At(2, 32), .blue), .color(At(70, 20), .blue), .color(At(40, 32), .white), .color(At(100, 32), .red)],
            tree: tree(.moveIn, .fromLeft, at: 0.5)),
        GoldenCase(
            // fromRight, q = 0.5: the old card slides to −40 (x 0…80) over the static new one.
            name: "revealFromRight", size: size,
            probes: [
                .color(At(2, 32), .red), .color(At(70, 20), .red), .color(At(78, 32), .red), .color(At(100, 32), .blue),
                .untouched(At(121, 32)),
            ],
            tree: tree(.reveal, .fromRight, at: 0.5)),
    ]

    @Test(arguments: cases)
    func transition(_ c: GoldenCase) throws {
        try c.verify(suite: "GoldenTransitionTests", test: "transition")
    }
}
