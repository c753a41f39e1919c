import KinemaGeometry
import KinemaLayers
import KinemaScenes
import KinemaTiming
import KinemaUI
import Testing

/// One constraint string (or object) and the ``ConstraintSpec`` it must decode to, declared by
/// a view `x` of `viewScene` (which also has `card`, `title`, `go` and the layer `box`).
struct ConstraintForm: CustomTestStringConvertible, Sendable {
    let id: String
    /// The element of `x`'s `"constraints"`, as JSON.
    let json: String
    let expected: ConstraintSpec
    var testDescription: String { id }

    static func spec(
        _ first: ConstraintSpec.Item, _ a1: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation = .equal,
        _ second: ConstraintSpec.Item? = nil, _ a2: LayoutConstraint.Attribute = .notAnAttribute, multiplier: Double = 1,
        constant: Double = 0, priority: LayoutPriority = .required, id: String? = nil
    ) -> ConstraintSpec {
        ConstraintSpec(
            id: id, firstItem: first, firstAttribute: a1, relation: relation, secondItem: second, secondAttribute: a2,
            multiplier: multiplier, constant: constant, priority: priority)
    }

    static let all: [ConstraintForm] = [
        ConstraintForm(
            id: "item to item with a constant", json: #""x.top == safeArea.top + 20""#,
            expected: spec(.view("x"), .top, .equal, .safeArea, .top, constant: 20)),
        ConstraintForm(
            id: "multiplier and priority", json: #""x.width == 0.8 * superview.width @750""#,
            expected: spec(.view("x"), .width, .equal, .superview, .width, multiplier: 0.8, priority: 750)),
        ConstraintForm(
            id: "against a constant", json: #""x.height >= 44""#, expected: spec(.view("x"), .height, .greaterThanOrEqual, constant: 44)),
        ConstraintForm(
            id: "against a constant with a priority", json: #""x.width <= 300 @500""#,
            expected: spec(.view("x"), .width, .lessThanOrEqual, constant: 300, priority: 500)),
        ConstraintForm(
            id: "no whitespace, a negative constant", json: #""x.left<=margins.left-8""#,
            expected: spec(.view("x"), .left, .lessThanOrEqual, .margins, .left, constant: -8)),
        ConstraintForm(
            id: "whitespace anywhere between tokens", json: #""  x . centerX ==  card . centerX  -  2.5 ""#,
            expected: spec(.view("x"), .centerX, .equal, .view("card"), .centerX, constant: -2.5)),
        ConstraintForm(
            id: "fraction without a leading zero, fractional priority", json: #""x.centerY == .5*superview.centerY@250.5""#,
            expected: spec(.view("x"), .centerY, .equal, .superview, .centerY, multiplier: 0.5, priority: 250.5)),
        ConstraintForm(
            id: "a multiplier and a constant", json: #""x.height == 2 * card.width + 10 @999""#,
            expected: spec(.view("x"), .height, .equal, .view("card"), .width, multiplier: 2, constant: 10, priority: 999)),
        ConstraintForm(
            id: "another view first, baselines", json: #""title.firstBaseline == x.lastBaseline""#,
            expected: spec(.view("title"), .firstBaseline, .equal, .view("x"), .lastBaseline)),
        ConstraintForm(
            id: "leading and trailing", json: #""x.leading == card.trailing + 4""#,
            expected: spec(.view("x"), .leading, .equal, .view("card"), .trailing, constant: 4)),
        ConstraintForm(
            id: "object form with an id", json: #"{"id": "h", "constraint": "x.height == 80 @999"}"#,
            expected: spec(.view("x"), .height, constant: 80, priority: 999, id: "h")),
        ConstraintForm(
            id: "object form without an id", json: #"{"constraint": "x.bottom <= superview.bottom"}"#,
            expected: spec(.view("x"), .bottom, .lessThanOrEqual, .superview, .bottom)),
    ]
}

/// A constraint (or script) problem: the exact message at the exact path.
struct ConstraintProblem: CustomTestStringConvertible, Sendable {
    let id: String
    let json: String
    let path: String
    let message: String
    var testDescription: String { id }

    /// `viewScene` with a view `x` (views[2]) declaring `constraints` (a JSON array's members).
    static func declaring(_ constraints: String, script: String = "[]") -> String {
        viewScene(#"{"id": "x", "constraints": [\#(constraints)]}"#, script: script)
    }

    /// Where the grammar stops and what it wanted there.
    static func grammar(_ id: String, _ text: String, _ message: String) -> ConstraintProblem {
        ConstraintProblem(id: id, json: declaring(JSONWriter.quoted(text)), path: "views[2].constraints[0]", message: message)
    }

    static let anItem = #"an item (a view id, "superview", "safeArea" or "margins")"#
    static let h = #"{"id": "h", "constraint": "x.height == 80"}"#

    static let all: [ConstraintProblem] = [
        grammar("empty string", "  ", #"expected a constraint such as "card.top == superview.top + 20", got an empty string"#),
        grammar("no item at the start", "== 5", "expected \(anItem) at the start, got \"== 5\""),
        grammar("no dot after the item", "x top == card.top", #"expected "." and an attribute after "x", got "top == card.top""#),
        grammar("no attribute after the dot", "x. == 4", #"expected an attribute after "x.", got "== 4""#),
        grammar(
            "no relation", "x.top safeArea.top", #"expected a relation "==", "<=" or ">=" after "x.top", got "safeArea.top""#),
        grammar("a single equals sign", "x.top = card.top", #"expected a relation "==", "<=" or ">=" after "x.top", got "= card.top""#),
        grammar("nothing after the relation", "x.top ==", "expected a number or \(anItem) after \"x.top ==\", but the string ends there"),
        grammar(
            "no item after the multiplier", "x.width == 0.8 * ", "expected \(anItem) after \"x.width == 0.8 *\", but the string ends there"),
        grammar(
            "a unit after a constant", "x.height == 44 px",
            #"expected "*" and an item, "@" and a priority, or the end after "x.height == 44", got "px""#),
        grammar(
            "no number after the sign", "x.top == card.top + ", #"expected a number after "x.top == card.top +", but the string ends there"#
        ),
        grammar(
            "a constant without a sign", "x.top == card.top 20",
            #"expected "+" or "-" and a constant, "@" and a priority, or the end after "x.top == card.top", got "20""#),
        grammar(
            "something after the constant", "x.top == card.top + 20 px",
            #"expected "@" and a priority, or the end after "x.top == card.top + 20", got "px""#),
        grammar(
            "no priority after the at sign", "x.height == 44 @",
            #"expected a priority (a number from 1 to 1000) after "x.height == 44 @", but the string ends there"#),
        grammar("something after the priority", "x.height == 44 @750 x", #"expected the end after "x.height == 44 @750", got "x""#),
        grammar("unknown view id", "crd.top == superview.top", "unknown view id 'crd' (did you mean 'card'?)"),
        grammar(
            "a layer's id", "x.top == box.bottom", "'box' is a layer, not a view (constraints relate views, and the superview's guides)"),
        grammar(
            "unknown attribute", "x.tops == superview.top",
            "unknown attribute 'tops' (expected one of left, right, top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline); did you mean 'top'?"
        ),
        grammar(
            "a margin attribute", "x.top == superview.topMargin",
            "'topMargin' is not a scene attribute; for the superview's margins write margins.top"),
        grammar(
            "a guide's baseline", "x.lastBaseline == safeArea.lastBaseline - 8",
            "'safeArea' is a layout guide and has no lastBaseline; use its edges"),
        grammar("a size with a position", "x.width == superview.left", "a size cannot be related to a position (width and left)"),
        grammar("positions on different axes", "x.top == card.left", "positions on different axes cannot be related (top and left)"),
        grammar(
            "a position against a constant", "x.top == 20",
            "a position (top) cannot equal a constant; relate it to another item's attribute"),
        grammar("a position times 0", "x.top == 0 * card.top", "a position with a multiplier of 0 would equal a constant"),
        grammar("priority above 1000", "x.height == 44 @1200", "expected a priority from 1 to 1000, got 1200"),
        grammar("priority 0", "x.width == card.width @0", "expected a priority from 1 to 1000, got 0"),
        ConstraintProblem(
            id: "the object form's string", json: declaring(#"{"id": "h", "constraint": "x.top"}"#),
            path: "views[2].constraints[0].constraint",
            message: #"expected a relation "==", "<=" or ">=" after "x.top", but the string ends there"#),
        ConstraintProblem(
            id: "duplicate constraint id", json: declaring(h + ", " + h), path: "views[2].constraints[1].id",
            message: "duplicate constraint id 'h'"),
        ConstraintProblem(
            id: "the object form without its string", json: declaring(#"{"id": "h"}"#), path: "views[2].constraints[0]",
            message: #"missing "constraint" (a string such as "card.top == superview.top + 20")"#),
        ConstraintProblem(
            id: "an unknown key in the object form", json: declaring(#"{"id": "h", "constraint": "x.height == 1", "priority": 5}"#),
            path: "views[2].constraints[0].priority", message: "unknown key 'priority' in a constraint"),
        ConstraintProblem(
            id: "a number instead of a constraint", json: declaring("5"), path: "views[2].constraints[0]",
            message: #"expected a constraint string such as "card.top == superview.top + 20" or {"id": …, "constraint": …}, got a number"#),
        ConstraintProblem(
            id: "a set naming an unknown constraint",
            json: declaring(h, script: #"[{"at": 1, "set": {"constraint": "hh", "constant": 3}}]"#),
            path: "script[0].set.constraint", message: "unknown constraint id 'hh' (did you mean 'h'?)"),
        ConstraintProblem(
            id: "an animation naming an unknown constraint",
            json: declaring(h, script: #"[{"at": 1, "animate": {"duration": 1, "changes": [{"constraint": "height", "constant": 3}]}}]"#),
            path: "script[0].animate.changes[0].constraint", message: "unknown constraint id 'height'"),
        ConstraintProblem(
            id: "a scene without constraint ids",
            json: viewScene(script: #"[{"at": 1, "set": {"constraint": "h", "constant": 3}}]"#), path: "script[0].set.constraint",
            message: #"unknown constraint id 'h' (a constraint gets an id in its view's "constraints": {"id": …, "constraint": …})"#),
        ConstraintProblem(
            id: "a button's tap naming an unknown constraint",
            json: viewScene(
                #"{"id": "b", "type": "button", "onTap": [{"duration": 1, "changes": [{"constraint": "hh", "constant": 1}]}]}, {"id": "x", "constraints": [\#(h)]}"#
            ), path: "views[2].onTap[0].changes[0].constraint", message: "unknown constraint id 'hh' (did you mean 'h'?)"),
        ConstraintProblem(
            id: "a constraint change without a constant", json: declaring(h, script: #"[{"at": 1, "set": {"constraint": "h"}}]"#),
            path: "script[0].set", message: #"missing "constant" (the constraint's new constant, points)"#),
        ConstraintProblem(
            id: "a constraint change with a view setting",
            json: declaring(h, script: #"[{"at": 1, "set": {"constraint": "h", "constant": 1, "alpha": 0}}]"#), path: "script[0].set.alpha",
            message: "unknown key 'alpha' in a constraint change"),
        ConstraintProblem(
            id: "a change naming a view and a constraint",
            json: declaring(
                h, script: #"[{"at": 1, "animate": {"duration": 1, "changes": [{"view": "x", "constraint": "h", "constant": 1}]}}]"#),
            path: "script[0].animate.changes[0]", message: #"give either "view" or "constraint", not both"#),
        ConstraintProblem(
            id: "a set naming a layer and a constraint",
            json: declaring(h, script: #"[{"at": 1, "set": {"layer": "box", "constraint": "h"}}]"#),
            path: "script[0].set", message: #"give either "layer" or "constraint", not both"#),
    ]
}

/// A 375 × 300 scene with a 20-point status bar: a card pinned below the safe area's top and
/// to the margins, its height the constraint `h` (80), a label centred in it, and a footer below
/// it, half its width. `script` and `more` views are added.
func cardScene(script: String = "[]", more: String = "") -> String {
    #"""
    {"kinema": 1, "size": [375, 300], "safeAreaInsets": [20, 0, 0, 0],
     "views": [
       {"id": "footer", "backgroundColor": "#FF9500",
        "constraints": ["footer.top == card.bottom + 10", "footer.leading == card.leading", "footer.width == 0.5 * card.width",
                        "footer.height == 40"]},
       {"id": "card", "backgroundColor": "#FFFFFF",
        "constraints": ["card.top == safeArea.top + 20", "card.leading == margins.leading", "card.trailing == margins.trailing",
                        {"id": "h", "constraint": "card.height == 80"}],
        "subviews": [{"id": "title", "type": "label", "text": "Hello",
                      "constraints": ["title.centerX == superview.centerX", "title.top == superview.top + 8"]}]}\#(more.isEmpty ? "" : ", " + more)],
     "script": \#(script)}
    """#
}

@Suite("Scene constraints")
struct ConstraintSceneTests {
    // MARK: Grammar and decoding

    @Test("each form of the grammar decodes", arguments: ConstraintForm.all)
    func form(_ row: ConstraintForm) throws {
        let json = viewScene(#"{"id": "x", "constraints": [\#(row.json)]}"#)
        let document = try SceneDocument.decode(json)
        let x = try #require(document.views.first { $0.id == "x" })
        #expect(x.constraints == [row.expected])
    }

    @Test("each problem is reported at its path with its message", arguments: ConstraintProblem.all)
    func problem(_ row: ConstraintProblem) {
        let issues = decodeIssues(row.json) ?? []
        #expect(
            issues.map(\.description) == ["\(row.path): \(row.message)"], "\(issues.map(\.description).joined(separator: "\n"))")
    }

    @Test("a label with constraints does not size to fit; its frame comes from layout and may be left out")
    func constrainedLabelSkipsSizeToFit() throws {
        let document = try SceneDocument.decode(cardScene())
        let title = try #require(document.views[1].subviews.first)
        #expect(!title.sizesToFit)
        #expect(document.usesConstraints)
        let plain = try SceneDocument.decode(viewScene(#"{"id": "x", "type": "label", "text": "Hi"}"#))
        #expect(plain.views[2].sizesToFit && !plain.usesConstraints)
    }

    // MARK: Layout

    @Test("the constraints are activated after every view is built and laid out before the first frame")
    func laidOutAtStart() throws {
        let scene = Scene(document: try SceneDocument.decode(cardScene()))
        let card = try view("card", in: scene)
        let footer = try view("footer", in: scene)
        let title = try view("title", in: scene)
        // Before any time is asked for: the safe area's top is 20 and the window's margins 8.
        #expect(card.frame == Rect(x: 8, y: 40, width: 359, height: 80))
        // The footer names the card, declared after it.
        #expect(footer.frame == Rect(x: 8, y: 130, width: 179.5, height: 40))
        #expect(!card.translatesAutoresizingMaskIntoConstraints && !title.translatesAutoresizingMaskIntoConstraints)
        // The label takes its intrinsic size, centred in the card (`superview` is the card).
        let size = title.intrinsicContentSize
        #expect(abs(title.frame.width - size.width) <= 0.5 && abs(title.frame.height - size.height) <= 0.5)
        #expect(abs(title.frame.midX - 179.5) <= 0.5 && title.frame.minY == 8)
        let h = try #require(scene.constraints["h"])
        #expect(h.identifier == "h" && h.isActive && h.constant == 80)
        #expect(scene.constraints.count == 1)
    }

    @Test("an animated step animates the constraint's change with the block's curve, frames that follow it too")
    func animatedConstant() throws {
        let json = cardScene(script: #"[{"at": 1, "animate": {"duration": 0.4, "changes": [{"constraint": "h", "constant": 240}]}}]"#)
        let scene = try playedScene(json, to: 1)
        let card = try view("card", in: scene)
        let footer = try view("footer", in: scene)
        // The model is final at once; the presentation travels on the block's ease-in-ease-out.
        #expect(card.frame.height == 240 && footer.frame.minY == 290)
        for fraction in [0.0, 0.25, 0.5, 1.0] {
            let t = 1 + 0.4 * fraction
            scene.advance(to: t)
            let p = TimingFunction.easeInEaseOut.solve(fraction)
            let shown = card.layer.presentation(at: t)
            #expect(abs(shown.bounds.height - (80 + 160 * p)) < 1e-9, "t = \(t)")
            #expect(abs(shown.position.y - (40 + (80 + 160 * p) / 2)) < 1e-9, "t = \(t)")
            let footerTop = footer.layer.presentation(at: t).position.y - 20
            #expect(abs(footerTop - (130 + 160 * p)) < 1e-9, "t = \(t)")
        }
        scene.advance(to: 2)
        #expect(card.layer.presentation(at: 2).bounds.height == 240)
        #expect(card.layer.animationKeys().isEmpty)
    }

    @Test("a spring block and a keyframe carry the layout pass too")
    func springAndKeyframes() throws {
        let spring = cardScene(
            script: #"[{"at": 1, "animate": {"duration": 0.6, "damping": 0.5, "changes": [{"constraint": "h", "constant": 240}]}}]"#)
        let s = try playedScene(spring, to: 1)
        let card = try view("card", in: s)
        var overshoot = false
        for t in stride(from: 1.0, through: 1.6, by: 0.05) {
            s.advance(to: t)
            overshoot = overshoot || card.layer.presentation(at: t).bounds.height > 240
        }
        #expect(overshoot)
        let keyframes = cardScene(
            script:
                #"[{"at": 1, "animate": {"duration": 1, "curve": "linear", "keyframes": [{"start": 0.5, "duration": 0.5, "changes": [{"constraint": "h", "constant": 180}]}]}}]"#
        )
        let k = try playedScene(keyframes, to: 1)
        let kcard = try view("card", in: k)
        for (t, height) in [(1.25, 80.0), (1.5, 80), (1.75, 130), (2, 180)] {
            k.advance(to: t)
            #expect(abs(kcard.layer.presentation(at: t).bounds.height - height) < 1e-9, "t = \(t)")
        }
    }

    @Test("a set changes the constant at the step's layout pass, without animation")
    func setConstant() throws {
        let json = cardScene(script: #"[{"at": 1, "set": [{"constraint": "h", "constant": 120}, {"view": "card", "alpha": 0.5}]}]"#)
        let scene = try playedScene(json, to: 0.5)
        let card = try view("card", in: scene)
        #expect(card.frame.height == 80)
        scene.advance(to: 1)
        #expect(card.frame.height == 120 && card.alpha == 0.5)
        #expect(card.layer.animationKeys().isEmpty)
        #expect(card.layer.presentation(at: 1).bounds.height == 120)
        #expect(try view("footer", in: scene).frame.minY == 170)
    }

    @Test("hidden toggles on a constrained view: it keeps its place in the layout")
    func hiddenToggles() throws {
        let json = cardScene(
            script: #"""
                [{"at": 1, "set": {"view": "card", "hidden": true}},
                 {"at": 2, "animate": {"duration": 0.5, "changes": [{"view": "card", "hidden": false}, {"constraint": "h", "constant": 100}]}}]
                """#)
        let clock = SceneClock(document: try SceneDocument.decode(json))
        func card(at t: Double) throws -> View { try view("card", in: clock.scene(at: t)) }
        #expect(try !card(at: 0.5).isHidden)
        #expect(try card(at: 1).isHidden && card(at: 1).layer.isHidden)
        #expect(try card(at: 1.5).frame == Rect(x: 8, y: 40, width: 359, height: 80))
        // Shown again at the start of the block, as UIKit changes isHidden; the height animates.
        let shown = try card(at: 2.25)
        #expect(!shown.isHidden && !shown.layer.presentation(at: 2.25).isHidden)
        #expect(abs(shown.layer.presentation(at: 2.25).bounds.height - 90) < 1e-9)
        let inspection = SceneInspector(document: clock.document).inspect(at: 1.5)
        let views = inspection["views"]?.asArray ?? []
        #expect(views.first { $0["id"] == .string("card") }?["hidden"] == .bool(true))
    }

    @Test(
        "a scene with constraints dropped before, during or after an animated change is freed, its constraints too",
        arguments: [0.0, 1.2, 3])
    func freed(at t: Double) throws {
        let json = cardScene(script: #"[{"at": 1, "animate": {"duration": 0.4, "changes": [{"constraint": "h", "constant": 240}]}}]"#)
        let document = try SceneDocument.decode(json)
        #expect(SceneLeakTests.survivors(of: document, droppedAt: t) == [])
        weak var h: LayoutConstraint?
        do {
            let scene = Scene(document: document)
            scene.advance(to: t)
            h = scene.constraints["h"]
            #expect(h != nil)
        }
        #expect(h == nil)
    }

    // MARK: Inspect and validate

    /// A card with two required heights, and a view `loose` with no horizontal constraints.
    static let unsatisfiable = #"""
        {"kinema": 1, "size": [375, 300],
         "views": [
           {"id": "card", "constraints": ["card.top == superview.top + 20", "card.left == superview.left", "card.width == 100",
                                          {"id": "h", "constraint": "card.height == 80"}, {"id": "h2", "constraint": "card.height == 120"}]},
           {"id": "loose", "constraints": ["loose.top == card.bottom", "loose.height == 10"]}]}
        """#

    @Test("inspect reports frames after layout and a layout block naming broken constraints and ambiguous views")
    func inspectLayout() throws {
        let document = try SceneDocument.decode(Self.unsatisfiable)
        let inspector = SceneInspector(document: document)
        let inspection = inspector.inspect(at: 0)
        #expect(inspection.objectKeys == ["time", "hit", "layers", "views", "layout"])
        let layout = try #require(inspection["layout"])
        #expect(layout["brokenConstraints"] == .array([.string("<LayoutConstraint 'h2' View:'card'.height == 120>")]))
        #expect(layout["ambiguousViews"] == .array([.string("loose")]))
        let frames = inspection["views"]?.asArray?.compactMap { $0["frame"]?.asNumbers }
        #expect(frames == [[0, 20, 100, 80], [0, 100, 0, 10]])
        let text = SceneInspector.text(inspection).split(separator: "\n").map(String.init)
        #expect(text.suffix(3) == ["layout", "  broken <LayoutConstraint 'h2' View:'card'.height == 120>", "  ambiguous loose"])
        // A scene whose layout holds says so; one without constraints has no block.
        let good = SceneInspector(document: try SceneDocument.decode(cardScene())).inspect(at: 0)
        #expect(good["layout"] == .object([("brokenConstraints", .array([])), ("ambiguousViews", .array([]))]))
        #expect(SceneInspector.text(good).hasSuffix("\nlayout ok"))
        #expect(SceneInspector(document: try SceneDocument.decode(viewScene())).inspect(at: 0)["layout"] == nil)
    }

    @Test("an unsatisfiable or ambiguous layout is a warning with its path, not an error")
    func warnings() throws {
        let document = try SceneDocument.decode(Self.unsatisfiable)
        #expect(
            document.layoutWarnings().map(\.description) == [
                "views[0].constraints[4]: unsatisfiable: <LayoutConstraint 'h2' View:'card'.height == 120> conflicts with other required constraints; the layout breaks it (ignores it)",
                "views[1].constraints: ambiguous layout: the constraints of 'loose' leave its frame undetermined (they need to fix its position and size on both axes)",
            ])
        #expect(try SceneDocument.decode(cardScene()).layoutWarnings().isEmpty)
        #expect(try SceneDocument.decode(viewScene()).layoutWarnings().isEmpty)
        // The scene still plays, with the broken constraint ignored and reported once.
        let scene = Scene(document: document)
        scene.context.diagnosticHandler = nil
        scene.advance(to: 1)
        #expect(try view("card", in: scene).frame.height == 80)
        #expect(scene.context.diagnostics.filter { $0.message.contains("Unable to simultaneously satisfy") }.count == 1)
    }
}
