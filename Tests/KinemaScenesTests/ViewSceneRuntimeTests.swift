import KinemaGeometry
import KinemaLayers
import KinemaScenes
import KinemaTiming
import KinemaUI
import TestSupport
import Testing

/// One view declared in a scene file and what the built view must show.
struct ViewPropertyCase: CustomTestStringConvertible, Sendable {
    let id: String
    /// The members of a view `v` after `"id": "v"`.
    let members: String
    let check: @Sendable (View) -> Bool
    var testDescription: String { id }

    static let all: [ViewPropertyCase] = [
        ViewPropertyCase(id: "frame", members: #""frame": [10, 20, 30, 40]"#) { $0.frame == Rect(x: 10, y: 20, width: 30, height: 40) },
        ViewPropertyCase(id: "center and bounds", members: #""center": [50, 60], "bounds": [1, 2, 30, 40]"#) {
            $0.center == Point(x: 50, y: 60) && $0.bounds == Rect(x: 1, y: 2, width: 30, height: 40)
        },
        ViewPropertyCase(id: "CSS transform", members: #""frame": [0, 0, 10, 10], "transform": "translate(5px, 7px) scale(2, 3)""#) {
            isClose($0.transform, AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7), 1e-12)
        },
        ViewPropertyCase(id: "16-number transform", members: #""transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 4,6,0,1]"#) {
            $0.transform3D.values[12] == 4 && $0.transform3D.values[13] == 6
        },
        ViewPropertyCase(id: "alpha", members: #""alpha": 0.25"#) { $0.alpha == 0.25 },
        ViewPropertyCase(id: "backgroundColor", members: ##""backgroundColor": "#FF8000""##) {
            $0.backgroundColor.map { isClose($0, Color(red: 1, green: 128.0 / 255, blue: 0), 1e-9) } ?? false
        },
        ViewPropertyCase(id: "hidden", members: #""hidden": true"#) { $0.isHidden && $0.layer.isHidden },
        ViewPropertyCase(id: "clipsToBounds", members: #""clipsToBounds": true"#) { $0.clipsToBounds && $0.layer.masksToBounds },
        ViewPropertyCase(id: "cornerRadius", members: #""cornerRadius": 6"#) { $0.layer.cornerRadius == 6 },
        ViewPropertyCase(id: "tag", members: #""tag": 42"#) { $0.tag == 42 },
        ViewPropertyCase(id: "userInteractionEnabled", members: #""userInteractionEnabled": false"#) { !$0.isUserInteractionEnabled },
        ViewPropertyCase(id: "accessibilityLabel", members: #""accessibilityLabel": "Card""#) { $0.accessibilityLabel == "Card" },
        ViewPropertyCase(id: "contentMode", members: #""contentMode": "bottomRight""#) {
            $0.contentMode == .bottomRight && $0.layer.contentsGravity == .topRight
        },
        ViewPropertyCase(id: "layer settings", members: #""layer": {"borderWidth": 3, "shadowOpacity": 0.5}"#) {
            $0.layer.borderWidth == 3 && $0.layer.shadowOpacity == 0.5
        },
        ViewPropertyCase(
            id: "label text and style",
            members:
                #""type": "label", "frame": [0, 0, 99, 20], "text": "Hello", "font": "DejaVu Serif", "fontSize": 13, "textColor": [0, 0, 1, 1], "textAlignment": "center", "numberOfLines": 3, "lineBreakMode": "byCharWrapping""#
        ) {
            guard let l = $0 as? Label else { return false }
            return l.text == "Hello" && l.font.fontName == "DejaVu Serif" && l.font.pointSize == 13
                && l.textColor == Color(red: 0, green: 0, blue: 1)
                && l.textAlignment == .center && l.numberOfLines == 3 && l.lineBreakMode == .byCharWrapping
                && !l.isUserInteractionEnabled
        },
        ViewPropertyCase(id: "label font size keeps the face", members: #""type": "label", "fontSize": 30"#) {
            ($0 as? Label)?.font == Font.systemFont(ofSize: 30)
        },
        ViewPropertyCase(
            id: "button",
            members:
                #""type": "button", "buttonType": "custom", "title": "Go", "titleColor": [1, 0, 0, 1], "enabled": false, "fontSize": 20"#
        ) {
            guard let b = $0 as? Button else { return false }
            return b.buttonType == .custom && b.title(for: .normal) == "Go"
                && b.titleColor(for: .normal) == Color(red: 1, green: 0, blue: 0)
                && !b.isEnabled && b.titleLabel.font.pointSize == 20 && b.titleLabel.text == "Go"
        },
        ViewPropertyCase(id: "system button by default", members: ##""type": "button", "tintColor": "#FF9500""##) {
            guard let b = $0 as? Button else { return false }
            return b.buttonType == .system && b.tintColor == Color(red: 1, green: 149.0 / 255, blue: 0)
        },
        ViewPropertyCase(id: "image view without a readable image", members: #""type": "imageView", "contentMode": "scaleAspectFit""#) {
            ($0 as? ImageView).map { $0.image == nil && $0.contentMode == .scaleAspectFit } ?? false
        },
    ]
}

@Suite("Scene runtime: views")
struct ViewSceneRuntimeTests {
    @Test("view properties reach the built views", arguments: ViewPropertyCase.all)
    func properties(row: ViewPropertyCase) throws {
        let scene = try playedScene(viewScene(#"{"id": "v", \#(row.members)}"#), to: 0)
        let v = try view("v", in: scene)
        #expect(row.check(v), "view v: frame \(v.frame), alpha \(v.alpha)")
    }

    @Test("views are the window's subviews, in front of the layers, and their layers are registered under their ids")
    func tree() throws {
        let scene = try playedScene(viewScene(), to: 0)
        #expect(scene.rootLayer === scene.window.layer)
        #expect(scene.context === scene.window.layerContext)
        #expect(scene.rootLayer.sublayers.map(\.name) == ["box", "card", "go"])
        #expect(scene.window.subviews.map { $0.layer.name } == ["card", "go"])
        let card = try view("card", in: scene)
        #expect(scene.layers["card"] === card.layer)
        #expect(scene.views["title"]?.superview === card)
        #expect(scene.layers["go.titleLabel"] == nil)
        #expect((scene.views["go"] as? Button)?.titleLabel.layer.name == "go.titleLabel")
        #expect(scene.window.frame == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(scene.window.screenScale == 2)
    }

    @Test("safeAreaInsets reach the window and, through it, every view")
    func safeArea() throws {
        let scene = try playedScene(
            viewScene(#"{"id": "top", "frame": [0, 0, 200, 30]}"#, extra: #""safeAreaInsets": [20, 4, 10, 6]"#), to: 0)
        #expect(scene.document.safeAreaInsets == EdgeInsets(top: 20, left: 4, bottom: 10, right: 6))
        #expect(scene.window.safeAreaInsets == EdgeInsets(top: 20, left: 4, bottom: 10, right: 6))
        // A view along the top edge, 30 points tall: 20 of its points are under the status bar.
        #expect(try view("top", in: scene).safeAreaInsets == EdgeInsets(top: 20, left: 4, bottom: 0, right: 6))
        let plain = try playedScene(viewScene(), to: 0)
        #expect(plain.window.safeAreaInsets == .zero)
    }

    @Test("a label, button or image view without frame or bounds fits its content, keeping its center")
    func sizeToFit() throws {
        let scene = try playedScene(
            viewScene(#"{"id": "fit", "type": "label", "text": "Wide text", "center": [100, 50]}, {"id": "plain", "center": [5, 6]}"#),
            to: 0)
        let fit = try view("fit", in: scene)
        #expect(fit.center == Point(x: 100, y: 50))
        #expect(fit.bounds.size == fit.sizeThatFits(.zero))
        #expect(fit.bounds.width > 40 && fit.bounds.height > 10)
        #expect(try view("plain", in: scene).bounds.size == .zero)
    }

    @Test("a set step changes views at once, without animation")
    func setView() throws {
        let json = viewScene(script: #"[{"at": 1, "set": {"view": "card", "center": [100, 60], "alpha": 0.5}}]"#)
        let scene = try playedScene(json, to: 1)
        let card = try view("card", in: scene)
        #expect(card.center == Point(x: 100, y: 60))
        #expect(card.layer.animationKeys().isEmpty)
        #expect(card.layer.presentation(at: 1).position == Point(x: 100, y: 60))
        #expect(card.layer.presentation(at: 1).opacity == 0.5)
    }

    @Test("a set on the root layer still animates implicitly, as it did before scenes had windows")
    func rootStaysAPlainLayer() throws {
        let json = viewScene(script: #"[{"at": 1, "set": {"layer": "root", "opacity": 0}}]"#)
        let values = try sampledValues(json, layer: "root", key: "opacity", times: [1, 1.125, 1.25])
        expectSamples(values, [1, 1 - CurveValue.defaultAtHalf, 0], times: [1, 1.125, 1.25], tolerance: Tolerance.curve)
    }

    @Test("a linear animate step moves the view from the old center to the new over its duration")
    func linearCurve() throws {
        let json = viewScene(
            script: #"[{"at": 0.5, "animate": {"duration": 1, "curve": "linear", "changes": [{"view": "card", "center": [130, 75]}]}}]"#)
        let times = [0.25, 0.5, 0.75, 1.25, 1.5, 2]
        let x = try sampledValues(json, layer: "card", key: "position.x", times: times)
        let y = try sampledValues(json, layer: "card", key: "position.y", times: times)
        expectSamples(x, [30, 30, 55, 105, 130, 130], times: times, tolerance: Tolerance.timing * 100)
        expectSamples(y, [25, 25, 37.5, 62.5, 75, 75], times: times, tolerance: Tolerance.timing * 100)
    }

    @Test("the default curve is ease-in-ease-out; a delay shows the old value first")
    func curveAndDelay() throws {
        let json = viewScene(
            script: #"[{"at": 1, "animate": {"duration": 2, "delay": 0.5, "changes": [{"view": "card", "alpha": 0}]}}]"#)
        let times = [1.25, 1.5, 2, 3.5]
        let values = try sampledValues(json, layer: "card", key: "opacity", times: times)
        expectSamples(values, [1, 1, 1 - CurveValue.easeInEaseOutAtQuarter, 0], times: times, tolerance: Tolerance.curve)
    }

    @Test("a damping step follows UIKit's duration and damping-ratio spring mapping from the old position to the new")
    func uiKitSpring() throws {
        let json = viewScene(
            script:
                #"[{"at": 1, "animate": {"duration": 0.8, "damping": 0.4, "velocity": 2, "changes": [{"view": "card", "center": [130, 25]}]}}]"#
        )
        let spring = Spring.uiViewSpring(duration: 0.8, dampingRatio: 0.4, initialVelocity: 2)
        let times = [1.0, 1.05, 1.1, 1.2, 1.4, 1.7]
        // Additive: the model is 130 at once and the animation carries old − new = −100 to 0.
        let expected = times.map { 130 - 100 * spring.displacement(at: $0 - 1) }
        let values = try sampledValues(json, layer: "card", key: "position.x", times: times)
        expectSamples(values, expected, times: times, tolerance: Tolerance.spring)
        // It overshoots, so the mapping (not a curve) is in use.
        #expect(values.compactMap(\.asNumber).contains { $0 > 130.5 })
    }

    @Test("a springDuration/bounce step follows the perceptual-duration spring until it settles")
    func perceptualSpring() throws {
        let json = viewScene(
            script: #"[{"at": 0, "animate": {"springDuration": 0.5, "bounce": 0.3, "changes": [{"view": "card", "center": [30, 85]}]}}]"#)
        let spring = Spring(perceptualDuration: 0.5, bounce: 0.3)
        let times = [0.1, 0.25, 0.4, 0.6]
        let expected = times.map { 85 - 60 * spring.displacement(at: $0) }
        let values = try sampledValues(json, layer: "card", key: "position.y", times: times)
        expectSamples(values, expected, times: times, tolerance: Tolerance.spring)
        let settled = try sampledValues(json, layer: "card", key: "animationKeys", times: [spring.settlingDuration + 0.01])
        #expect(settled == [.array([])])
    }

    @Test("keyframes run each change in its own part of the duration")
    func keyframes() throws {
        let json = viewScene(
            script: #"""
                [{"at": 1, "animate": {"duration": 2, "curve": "linear", "keyframes": [
                   {"start": 0, "duration": 0.25, "changes": [{"view": "card", "center": [70, 25]}]},
                   {"start": 0.5, "duration": 0.5, "changes": [{"view": "card", "center": [70, 85]}]}]}}]
                """#)
        let times = [1.25, 1.5, 1.75, 2, 2.5, 3, 3.5]
        let x = try sampledValues(json, layer: "card", key: "position.x", times: times)
        let y = try sampledValues(json, layer: "card", key: "position.y", times: times)
        expectSamples(x, [50, 70, 70, 70, 70, 70, 70], times: times, tolerance: Tolerance.spring)
        expectSamples(y, [25, 25, 25, 25, 55, 85, 85], times: times, tolerance: Tolerance.spring)
    }

    @Test("repeat and autoreverse options run the block back and forth")
    func repeatAutoreverse() throws {
        let json = viewScene(
            script:
                #"[{"at": 0, "animate": {"duration": 1, "curve": "linear", "options": ["repeat", "autoreverse"], "changes": [{"view": "card", "alpha": 0}]}}]"#
        )
        let times = [0.5, 1, 1.5, 2.25, 10.75]
        let values = try sampledValues(json, layer: "card", key: "opacity", times: times)
        expectSamples(values, [0.5, 0, 0.5, 0.75, 0.25], times: times, tolerance: Tolerance.timing * 100)
    }

    /// Start times of a chained block: 0.65 + 1 is 1.65, but 1.65 − 0.65 is just below 1, so the
    /// turn that ends the first block must come a hair after 1.65.
    @Test("then runs exactly when its animation ends, whatever times the scene is asked for", arguments: [0.5, 0.65])
    func thenAtTheEnd(start: Double) throws {
        let json = viewScene(
            script: #"""
                [{"at": \#(start), "animate": {"duration": 1, "curve": "linear", "changes": [{"view": "card", "center": [130, 25]}],
                   "then": {"duration": 0.5, "curve": "linear", "changes": [{"view": "card", "center": [130, 85]}],
                     "then": {"duration": 0, "changes": [{"view": "card", "alpha": 0.5}]}}}}]
                """#)
        let document = try SceneDocument.decode(json)
        let probe = [start + 1.25, start + 1.75]
        var results: [[Double]] = []
        for warmUp in [
            [], [start + 0.1], [start + 0.99, start + 1.01], [start + 1.2], Array(stride(from: 0.0, through: start + 1.2, by: 0.02)),
        ] {
            let scene = Scene(document: document)
            for t in warmUp { scene.advance(to: t) }
            var values: [Double] = []
            for t in probe {
                scene.advance(to: t)
                let card = try view("card", in: scene)
                values += [card.layer.presentation(at: t).position.y, card.alpha]
            }
            results.append(values)
        }
        // The second block starts when the first ends: a quarter second later it is halfway
        // from 25 to 85; the third (no animation) completes with it, setting alpha at once.
        for r in results {
            #expect(r.count == 4 && isClose(r[0], 55, 1e-9) && r[1] == 1 && r[2] == 85 && r[3] == 0.5, "\(r)")
        }
    }

    @Test("a button's onTap runs its animations on touch up inside")
    func onTapActions() throws {
        let json = viewScene(
            #"{"id": "b", "type": "button", "frame": [0, 60, 60, 30], "title": "B", "onTap": [{"duration": 1, "curve": "linear", "changes": [{"view": "card", "alpha": 0}]}]}"#
        )
        let scene = try playedScene(json, to: 1)
        let button = try #require(scene.views["b"] as? Button)
        button.sendActions(for: .touchDown)
        #expect(try view("card", in: scene).alpha == 1)
        button.sendActions(for: .touchUpInside)
        scene.advance(to: 1.5)
        let card = try view("card", in: scene)
        #expect(card.alpha == 0)
        #expect(isClose(card.layer.presentation(at: 1.5).opacity, 0.5, 1e-9))
    }

    @Test("the same document gives bit-identical values whatever order times are asked in")
    func determinism() throws {
        let json = viewScene(
            script: #"""
                [{"at": 0.2, "animate": {"duration": 0.7, "damping": 0.5, "velocity": 1, "changes": [{"view": "card", "center": [150, 60], "alpha": 0.3}],
                   "then": {"springDuration": 0.3, "bounce": 0.4, "changes": [{"view": "card", "center": [40, 40]}]}}},
                 {"at": 0.5, "animate": {"duration": 1, "keyframes": [{"start": 0.2, "duration": 0.5, "changes": [{"view": "go", "transform": "rotate(30deg)"}]}]}}]
                """#)
        let times = [0.35, 1.1, 0.95, 1.6, 0.2, 2.5]
        let a = try SceneInspector(document: SceneDocument.decode(json)).sample(layer: "card", key: "position", times: times)
        let b = try SceneInspector(document: SceneDocument.decode(json)).sample(layer: "card", key: "position", times: times.reversed())
        let ar = a["samples"]?.asArray ?? [], br = Array((b["samples"]?.asArray ?? []).reversed())
        #expect(ar.count == times.count && zip(ar, br).allSatisfy { bitwiseEqual($0, $1) })
        let c = try SceneInspector(document: SceneDocument.decode(json)).sample(layer: "go", key: "transform.rotation.z", times: [1.5])
        #expect(c["samples"]?.asArray?.first?["value"]?.asNumber.map { isClose($0, .pi / 6, 1e-9) } == true)
    }
}
