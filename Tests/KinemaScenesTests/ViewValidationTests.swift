import Foundation
import KinemaScenes
import KinemaUI
import Testing

extension InvalidScene {
    /// A scene (see `viewScene`) whose only script step is `step` (the members after `"at": 1`).
    static func step(_ step: String, views more: String = "") -> String {
        viewScene(more, script: #"[{"at": 1, \#(step)}]"#)
    }

    /// A scene whose script animates with the ANIMATE object `animate`.
    static func animate(_ animate: String) -> String {
        step(#""animate": {\#(animate)}"#)
    }

    static let views: [InvalidScene] = [
        // Declarations
        InvalidScene(id: "views is not an array", json: sceneJSON(extra: #""views": {}"#), path: "views", fragments: ["array"]),
        InvalidScene(id: "view without id", json: viewScene(#"{"alpha": 1}"#), path: "views[2]", fragments: ["id"]),
        InvalidScene(
            id: "view id taken by a layer", json: viewScene(#"{"id": "box"}"#), path: "views[2].id", fragments: ["duplicate id 'box'"]),
        InvalidScene(id: "view id root", json: viewScene(#"{"id": "root"}"#), path: "views[2].id", fragments: ["duplicate", "root"]),
        InvalidScene(
            id: "duplicate subview id", json: viewScene(#"{"id": "x", "subviews": [{"id": "title"}]}"#), path: "views[2].subviews[0].id",
            fragments: ["duplicate id 'title'"]),
        InvalidScene(
            id: "unknown view type with suggestion", json: viewScene(#"{"id": "x", "type": "lable"}"#), path: "views[2].type",
            fragments: ["did you mean 'label'"]),
        InvalidScene(
            id: "unknown view key with suggestion", json: viewScene(##"{"id": "x", "backgroundColour": "#FFFFFF"}"##),
            path: "views[2].backgroundColour", fragments: ["unknown key", "did you mean 'backgroundColor'"]),
        InvalidScene(
            id: "label key on a button", json: viewScene(#"{"id": "x", "type": "button", "text": "Go"}"#), path: "views[2].text",
            fragments: [], message: "'text' is a property of labels, not of a button"),
        InvalidScene(
            id: "button key on a plain view", json: viewScene(#"{"id": "x", "title": "Go"}"#), path: "views[2].title",
            fragments: [], message: "'title' is a property of buttons, not of a view"),
        InvalidScene(
            id: "image on a label", json: viewScene(#"{"id": "x", "type": "label", "image": "a.png"}"#), path: "views[2].image",
            fragments: ["image views and buttons"]),
        InvalidScene(
            id: "onTap on a label", json: viewScene(#"{"id": "x", "type": "label", "onTap": []}"#), path: "views[2].onTap",
            fragments: ["buttons", "label"]),
        InvalidScene(
            id: "buttonType typo", json: viewScene(#"{"id": "x", "type": "button", "buttonType": "sytem"}"#),
            path: "views[2].buttonType", fragments: ["did you mean 'system'"]),
        InvalidScene(id: "alpha above 1", json: viewScene(#"{"id": "x", "alpha": 1.5}"#), path: "views[2].alpha", fragments: ["≤ 1"]),
        InvalidScene(
            id: "infinite center", json: viewScene(#"{"id": "x", "center": [1e999, 0]}"#), path: "views[2].center[0]",
            fragments: ["finite"]),
        InvalidScene(
            id: "frame with center", json: viewScene(#"{"id": "x", "frame": [0, 0, 1, 1], "center": [3, 4]}"#), path: "views[2].frame",
            fragments: ["not both"]),
        InvalidScene(
            id: "negative bounds", json: viewScene(#"{"id": "x", "bounds": [0, 0, -4, 2]}"#), path: "views[2].bounds",
            fragments: ["negative"]),
        InvalidScene(
            id: "tag not a whole number", json: viewScene(#"{"id": "x", "tag": 1.5}"#), path: "views[2].tag",
            fragments: ["whole number"]),
        InvalidScene(
            id: "negative numberOfLines", json: viewScene(#"{"id": "x", "type": "label", "numberOfLines": -1}"#),
            path: "views[2].numberOfLines", fragments: ["whole number from 0"]),
        InvalidScene(
            id: "contentMode typo", json: viewScene(#"{"id": "x", "contentMode": "scaleAspectFitt"}"#), path: "views[2].contentMode",
            fragments: ["did you mean 'scaleAspectFit'"]),
        InvalidScene(
            id: "lineBreakMode typo", json: viewScene(#"{"id": "x", "type": "label", "lineBreakMode": "byWordWraping"}"#),
            path: "views[2].lineBreakMode", fragments: ["did you mean 'byWordWrapping'"]),
        InvalidScene(
            id: "textAlignment typo", json: viewScene(#"{"id": "x", "type": "label", "textAlignment": "centre"}"#),
            path: "views[2].textAlignment", fragments: ["did you mean 'center'"]),
        InvalidScene(
            id: "fontSize zero", json: viewScene(#"{"id": "x", "type": "label", "fontSize": 0}"#), path: "views[2].fontSize",
            fragments: ["> 0"]),
        InvalidScene(
            id: "hidden as a string", json: viewScene(#"{"id": "x", "hidden": "yes"}"#), path: "views[2].hidden",
            fragments: ["true or false"]),
        InvalidScene(
            id: "unknown CSS transform function", json: viewScene(#"{"id": "x", "transform": "spin(3deg)"}"#),
            path: "views[2].transform", fragments: ["spin"]),
        InvalidScene(
            id: "unknown key in the view's layer", json: viewScene(#"{"id": "x", "layer": {"shadowOpactiy": 1}}"#),
            path: "views[2].layer.shadowOpactiy", fragments: ["did you mean 'shadowOpacity'"]),
        InvalidScene(
            id: "subviews is not an array", json: viewScene(#"{"id": "x", "subviews": {"id": "y"}}"#), path: "views[2].subviews",
            fragments: ["array"]),
        // Gestures
        InvalidScene(
            id: "gesture without type", json: viewScene(#"{"id": "x", "gestures": [{"id": "g"}]}"#), path: "views[2].gestures[0]",
            fragments: ["type", "tap, doubleTap"]),
        InvalidScene(
            id: "gesture type typo", json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "swip"}]}"#),
            path: "views[2].gestures[0].type", fragments: ["did you mean 'swipe'"]),
        InvalidScene(
            id: "gesture without id", json: viewScene(#"{"id": "x", "gestures": [{"type": "tap"}]}"#), path: "views[2].gestures[0]",
            fragments: ["id"]),
        InvalidScene(
            id: "duplicate gesture id",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "tap"}, {"id": "g", "type": "pan"}]}"#),
            path: "views[2].gestures[1].id", fragments: ["duplicate gesture id 'g'"]),
        InvalidScene(
            id: "pan parameter on a tap", json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "tap", "drags": true}]}"#),
            path: "views[2].gestures[0].drags", fragments: [], message: "'drags' is a parameter of pan gestures, not of a tap gesture"),
        InvalidScene(
            id: "unknown gesture key", json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "tap", "numberOfTapRequired": 2}]}"#),
            path: "views[2].gestures[0].numberOfTapRequired", fragments: ["did you mean 'numberOfTapsRequired'"]),
        InvalidScene(
            id: "long-press parameter on a swipe",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "swipe", "allowableMovement": 3}]}"#),
            path: "views[2].gestures[0].allowableMovement",
            fragments: [], message: "'allowableMovement' is a parameter of tap, doubleTap and longPress gestures, not of a swipe gesture"),
        InvalidScene(
            id: "requireToFail names an unknown gesture",
            json: viewScene(
                #"{"id": "x", "gestures": [{"id": "single", "type": "tap", "requireToFail": "dubble"}, {"id": "double", "type": "doubleTap"}]}"#
            ),
            path: "views[2].gestures[0].requireToFail", fragments: ["unknown gesture id 'dubble'", "did you mean 'double'"]),
        InvalidScene(
            id: "requireToFail names itself",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "single", "type": "tap", "requireToFail": "single"}]}"#),
            path: "views[2].gestures[0].requireToFail", fragments: ["itself"]),
        InvalidScene(
            id: "maximumAngle above pi",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "swipe", "maximumAngle": 4}]}"#),
            path: "views[2].gestures[0].maximumAngle", fragments: ["≤ 3.14"]),
        InvalidScene(
            id: "swipe direction typo",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "swipe", "direction": ["left", "upp"]}]}"#),
            path: "views[2].gestures[0].direction[1]", fragments: ["did you mean 'up'"]),
        InvalidScene(
            id: "negative long-press duration",
            json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "longPress", "minimumPressDuration": -1}]}"#),
            path: "views[2].gestures[0].minimumPressDuration", fragments: ["≥ 0"]),
        InvalidScene(
            id: "pan maximum below minimum",
            json: viewScene(
                #"{"id": "x", "gestures": [{"id": "g", "type": "pan", "minimumNumberOfTouches": 2, "maximumNumberOfTouches": 1}]}"#),
            path: "views[2].gestures[0].maximumNumberOfTouches", fragments: ["≥ minimumNumberOfTouches (2)"]),
        InvalidScene(
            id: "zero taps", json: viewScene(#"{"id": "x", "gestures": [{"id": "g", "type": "tap", "numberOfTapsRequired": 0}]}"#),
            path: "views[2].gestures[0].numberOfTapsRequired", fragments: ["whole number from 1"]),
        InvalidScene(
            id: "gesture animation with an unknown view",
            json: viewScene(
                #"{"id": "x", "gestures": [{"id": "g", "type": "tap", "onRecognized": [{"duration": 1, "changes": [{"view": "crad"}]}]}]}"#),
            path: "views[2].gestures[0].onRecognized[0].changes[0].view", fragments: ["unknown view id 'crad'", "did you mean 'card'"]),
        InvalidScene(
            id: "onTap animation with a negative duration",
            json: viewScene(#"{"id": "x", "type": "button", "onTap": [{"duration": -1, "changes": []}]}"#),
            path: "views[2].onTap[0].duration", fragments: ["≥ 0"]),
        InvalidScene(
            id: "onTap is not an array", json: viewScene(#"{"id": "x", "type": "button", "onTap": {"duration": 1, "changes": []}}"#),
            path: "views[2].onTap", fragments: ["array of animations"]),
        // animate steps
        InvalidScene(
            id: "animate an unknown view", json: animate(#""duration": 1, "changes": [{"view": "crd", "alpha": 0}]"#),
            path: "script[0].animate.changes[0].view", fragments: ["unknown view id 'crd'", "did you mean 'card'"]),
        InvalidScene(
            id: "animate a layer as a view", json: animate(#""duration": 1, "changes": [{"view": "box", "alpha": 0}]"#),
            path: "script[0].animate.changes[0].view", fragments: ["'box' is a layer, not a view"]),
        InvalidScene(
            id: "animate without duration", json: animate(#""changes": [{"view": "card", "alpha": 0}]"#), path: "script[0].animate",
            fragments: ["missing \"duration\""]),
        InvalidScene(
            id: "negative duration", json: animate(#""duration": -0.5, "changes": []"#), path: "script[0].animate.duration",
            fragments: ["≥ 0", "-0.5"]),
        InvalidScene(
            id: "negative delay", json: animate(#""duration": 1, "delay": -1, "changes": []"#), path: "script[0].animate.delay",
            fragments: ["≥ 0"]),
        InvalidScene(
            id: "infinite duration", json: animate(#""duration": 1e999, "changes": []"#), path: "script[0].animate.duration",
            fragments: ["finite"]),
        InvalidScene(
            id: "curve typo", json: animate(#""duration": 1, "curve": "easeInOout", "changes": []"#), path: "script[0].animate.curve",
            fragments: ["did you mean 'easeInOut'"]),
        InvalidScene(
            id: "curve with damping", json: animate(#""duration": 1, "damping": 0.5, "curve": "linear", "changes": []"#),
            path: "script[0].animate.curve", fragments: ["spring", "not both"]),
        InvalidScene(
            id: "velocity without a spring", json: animate(#""duration": 1, "velocity": 2, "changes": []"#),
            path: "script[0].animate.velocity", fragments: ["needs a spring"]),
        InvalidScene(
            id: "damping above 1", json: animate(#""duration": 1, "damping": 1.5, "changes": []"#), path: "script[0].animate.damping",
            fragments: ["≤ 1"]),
        InvalidScene(
            id: "damping zero", json: animate(#""duration": 1, "damping": 0, "changes": []"#), path: "script[0].animate.damping",
            fragments: ["> 0"]),
        InvalidScene(
            id: "springDuration with duration", json: animate(#""duration": 1, "springDuration": 0.5, "changes": []"#),
            path: "script[0].animate.duration", fragments: ["not both"]),
        InvalidScene(
            id: "bounce out of range", json: animate(#""springDuration": 0.5, "bounce": 2, "changes": []"#),
            path: "script[0].animate.bounce", fragments: ["≤ 1"]),
        InvalidScene(
            id: "damping with springDuration", json: animate(#""springDuration": 0.5, "damping": 0.5, "changes": []"#),
            path: "script[0].animate.damping", fragments: ["not both"]),
        InvalidScene(
            id: "unknown option with suggestion", json: animate(#""duration": 1, "options": ["autoreverses"], "changes": []"#),
            path: "script[0].animate.options[0]", fragments: ["unknown option", "did you mean 'autoreverse'"]),
        InvalidScene(
            id: "curve given as an option", json: animate(#""duration": 1, "options": ["curveEaseIn"], "changes": []"#),
            path: "script[0].animate.options[0]", fragments: ["\"curve\""]),
        InvalidScene(
            id: "option that keyframes lack",
            json: animate(#""duration": 1, "options": ["overrideInheritedCurve"], "keyframes": []"#),
            path: "script[0].animate.options[0]", fragments: ["not an option of keyframe animations"]),
        InvalidScene(
            id: "options is not an array", json: animate(#""duration": 1, "options": "repeat", "changes": []"#),
            path: "script[0].animate.options", fragments: ["array"]),
        InvalidScene(
            id: "no changes", json: animate(#""duration": 1"#), path: "script[0].animate", fragments: ["\"changes\""]),
        InvalidScene(
            id: "change without a view", json: animate(#""duration": 1, "changes": [{"alpha": 0}]"#),
            path: "script[0].animate.changes[0]", fragments: ["missing \"view\""]),
        InvalidScene(
            id: "label property of a plain view", json: animate(#""duration": 1, "changes": [{"view": "card", "text": "x"}]"#),
            path: "script[0].animate.changes[0].text", fragments: ["labels"]),
        InvalidScene(
            id: "unknown change key", json: animate(#""duration": 1, "changes": [{"view": "card", "centre": [1, 2]}]"#),
            path: "script[0].animate.changes[0].centre", fragments: ["did you mean 'center'"]),
        InvalidScene(
            id: "unknown animate key", json: animate(#""duration": 1, "chnages": []"#), path: "script[0].animate.chnages",
            fragments: ["did you mean 'changes'"]),
        InvalidScene(
            id: "keyframe past the end", json: animate(#""duration": 1, "keyframes": [{"start": 0.5, "duration": 0.75, "changes": []}]"#),
            path: "script[0].animate.keyframes[0].duration", fragments: ["start + duration ≤ 1", "1.25"]),
        InvalidScene(
            id: "keyframe start above 1", json: animate(#""duration": 1, "keyframes": [{"start": 2, "duration": 0, "changes": []}]"#),
            path: "script[0].animate.keyframes[0].start", fragments: ["≤ 1"]),
        InvalidScene(
            id: "keyframe without start", json: animate(#""duration": 1, "keyframes": [{"duration": 0.5, "changes": []}]"#),
            path: "script[0].animate.keyframes[0]", fragments: ["start"]),
        InvalidScene(
            id: "keyframe change with an unknown view",
            json: animate(#""duration": 1, "keyframes": [{"start": 0, "duration": 1, "changes": [{"view": "tilte", "alpha": 0}]}]"#),
            path: "script[0].animate.keyframes[0].changes[0].view", fragments: ["did you mean 'title'"]),
        InvalidScene(
            id: "calculationMode without keyframes", json: animate(#""duration": 1, "calculationMode": "cubic", "changes": []"#),
            path: "script[0].animate.calculationMode", fragments: ["needs \"keyframes\""]),
        InvalidScene(
            id: "calculationMode typo", json: animate(#""duration": 1, "calculationMode": "cubicpaced", "keyframes": []"#),
            path: "script[0].animate.calculationMode", fragments: ["did you mean 'cubicPaced'"]),
        InvalidScene(
            id: "keyframes with a spring", json: animate(#""duration": 1, "damping": 0.5, "keyframes": []"#),
            path: "script[0].animate.keyframes", fragments: ["curve"]),
        InvalidScene(
            id: "problem inside then",
            json: animate(#""duration": 1, "changes": [], "then": {"duration": 1, "changes": [{"view": "gone", "alpha": 0}]}"#),
            path: "script[0].animate.then.changes[0].view", fragments: ["unknown view id 'gone'"]),
        // set steps
        InvalidScene(
            id: "set an unknown view", json: step(#""set": {"view": "crad", "alpha": 0}"#), path: "script[0].set.view",
            fragments: ["did you mean 'card'"]),
        InvalidScene(
            id: "set with both layer and view", json: step(#""set": {"view": "card", "layer": "card", "alpha": 0}"#),
            path: "script[0].set", fragments: ["not both"]),
        InvalidScene(
            id: "set without layer or view", json: step(#""set": {"alpha": 0}"#), path: "script[0].set",
            fragments: ["\"layer\", \"view\" or \"constraint\""]),
        InvalidScene(
            id: "set a view with a bad value",
            json: step(#""set": [{"view": "card", "alpha": 0}, {"view": "title", "numberOfLines": "2"}]"#),
            path: "script[0].set[1].numberOfLines", fragments: ["number"]),
        InvalidScene(
            id: "removeLayer of a view's layer", json: step(#""removeLayer": "card""#), path: "script[0].removeLayer",
            fragments: ["view"]),
        // Touches
        InvalidScene(
            id: "drag with a zero duration", json: step(#""drag": {"from": [0, 0], "to": [10, 0], "duration": 0}"#),
            path: "script[0].drag.duration", fragments: [], message: "expected a number > 0.0, got 0.0"),
        InvalidScene(
            id: "drag with a negative duration", json: step(#""drag": {"from": [0, 0], "to": [10, 0], "duration": -0.3}"#),
            path: "script[0].drag.duration", fragments: ["> 0"]),
        InvalidScene(
            id: "drag without duration", json: step(#""drag": {"from": [0, 0], "to": [10, 0]}"#), path: "script[0].drag",
            fragments: ["duration"]),
        InvalidScene(
            id: "drag without to", json: step(#""drag": {"from": [0, 0], "duration": 0.3}"#), path: "script[0].drag",
            fragments: ["missing \"to\""]),
        InvalidScene(
            id: "drag with a negative hold",
            json: step(#""drag": {"from": [0, 0], "to": [1, 1], "duration": 0.3, "holdBeforeRelease": -1}"#),
            path: "script[0].drag.holdBeforeRelease", fragments: ["≥ 0"]),
        InvalidScene(
            id: "drag key typo", json: step(#""drag": {"from": [0, 0], "to": [1, 1], "duration": 0.3, "holdBeforeRelase": 1}"#),
            path: "script[0].drag.holdBeforeRelase", fragments: ["did you mean 'holdBeforeRelease'"]),
        InvalidScene(id: "tap with three numbers", json: step(#""tap": [1, 2, 3]"#), path: "script[0].tap", fragments: ["got 3"]),
        InvalidScene(id: "tap at infinity", json: step(#""tap": [1e999, 2]"#), path: "script[0].tap[0]", fragments: ["finite"]),
        InvalidScene(id: "tap as a string", json: step(#""tap": "go""#), path: "script[0].tap", fragments: ["[x, y]"]),
        InvalidScene(
            id: "touch phase typo", json: step(#""touch": {"id": 1, "phase": "begin", "point": [1, 2]}"#),
            path: "script[0].touch.phase", fragments: ["did you mean 'began'"]),
        InvalidScene(
            id: "touch without id", json: step(#""touch": {"phase": "began", "point": [1, 2]}"#), path: "script[0].touch",
            fragments: ["\"id\""]),
        InvalidScene(
            id: "touch id not a whole number", json: step(#""touch": {"id": 1.5, "phase": "began", "point": [1, 2]}"#),
            path: "script[0].touch.id", fragments: ["whole number"]),
        InvalidScene(
            id: "touch moves before it began", json: step(#""touch": {"id": 3, "phase": "moved", "point": [1, 2]}"#),
            path: "script[0].touch.phase", fragments: [], message: "touch 3 moves at 1.0 s but is not down (it needs \"began\" first)"),
        InvalidScene(
            id: "touch begins twice",
            json: viewScene(
                script: #"""
                    [{"at": 1, "touch": {"id": 2, "phase": "began", "point": [1, 2]}},
                     {"at": 2, "touch": {"id": 2, "phase": "began", "point": [1, 2]}}]
                    """#),
            path: "script[1].touch.phase", fragments: ["touch 2 begins at 2.0 s while it is already down (since 1.0 s)"]),
        InvalidScene(
            id: "touch ends after its tap ended",
            json: viewScene(script: #"[{"at": 1, "tap": [5, 5]}, {"at": 2, "touch": {"id": 1, "phase": "ended", "point": [5, 5]}}]"#),
            path: "script[1].touch.phase", fragments: ["touch 1 ends at 2.0 s but is not down"]),
        InvalidScene(
            id: "tap while the same finger is down",
            json: viewScene(script: #"[{"at": 1, "touch": {"id": 1, "phase": "began", "point": [1, 2]}}, {"at": 2, "tap": [5, 5]}]"#),
            path: "script[1].tap", fragments: ["already down"]),
        InvalidScene(
            id: "overlapping drags of one finger",
            json: viewScene(
                script: #"""
                    [{"at": 1, "drag": {"from": [0, 0], "to": [50, 0], "duration": 1}},
                     {"at": 1.5, "drag": {"from": [0, 10], "to": [50, 10], "duration": 1}}]
                    """#),
            path: "script[1].drag", fragments: ["touch 1 begins at 1.5 s while it is already down (since 1.0 s)"]),
        InvalidScene(
            id: "phases are checked in time order, not file order",
            json: viewScene(
                script: #"""
                    [{"at": 2, "touch": {"id": 4, "phase": "ended", "point": [1, 2]}},
                     {"at": 3, "touch": {"id": 4, "phase": "began", "point": [1, 2]}}]
                    """#),
            path: "script[0].touch.phase", fragments: ["not down"]),
        InvalidScene(
            id: "step needs an action lists the view actions", json: viewScene(script: #"[{"at": 1}]"#), path: "script[0]",
            fragments: ["animate", "touch", "tap", "drag"]),
        InvalidScene(
            id: "unknown step key suggests tap", json: viewScene(script: #"[{"at": 1, "tapp": [1, 2]}]"#), path: "script[0].tapp",
            fragments: ["did you mean 'tap'"]),
    ]
}

extension ValidScene {
    static let views: [ValidScene] = [
        ValidScene(id: "the view scene", json: viewScene()),
        ValidScene(
            id: "every view property",
            json: viewScene(
                #"""
                {"id": "all", "center": [50, 40], "bounds": [0, 0, 30, 20], "transform": "rotate(45deg) scale(1.5)",
                 "alpha": 0.5, "backgroundColor": null, "hidden": false, "clipsToBounds": true, "cornerRadius": 4, "tag": -7,
                 "userInteractionEnabled": false, "accessibilityLabel": "All", "contentMode": "center",
                 "layer": {"borderWidth": 2, "shadowOpacity": 0.3}},
                {"id": "l", "type": "label", "text": null, "font": "DejaVu Sans", "fontSize": 12, "textColor": "#333333",
                 "textAlignment": "right", "numberOfLines": 0, "lineBreakMode": "byWordWrapping"},
                {"id": "i", "type": "imageView", "image": null, "contentMode": "scaleAspectFill"},
                {"id": "b", "type": "button", "buttonType": "custom", "title": null, "titleColor": [1, 1, 1, 1], "image": null,
                 "font": "Sans Bold", "fontSize": 20, "tintColor": "#FF9500", "enabled": false}
                """#)),
        ValidScene(id: "transform as 16 numbers", json: viewScene(#"{"id": "m", "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 5,6,0,1]}"#)),
        ValidScene(
            id: "every gesture kind",
            json: viewScene(
                #"""
                {"id": "g", "frame": [0, 0, 50, 50], "gestures": [
                  {"id": "t", "type": "tap", "numberOfTapsRequired": 3, "numberOfTouchesRequired": 1, "enabled": true,
                   "cancelsTouchesInView": false, "delaysTouchesEnded": false, "allowableMovement": 20,
                   "maximumIntervalBetweenSuccessiveTaps": 0.5, "requireToFail": "d",
                   "onRecognized": [{"duration": 0.2, "changes": [{"view": "g", "alpha": 0.5}]}]},
                  {"id": "d", "type": "doubleTap", "numberOfTouchesRequired": 2},
                  {"id": "l", "type": "longPress", "minimumPressDuration": 0.5, "allowableMovement": 10, "onEnded": []},
                  {"id": "p", "type": "pan", "minimumNumberOfTouches": 1, "maximumNumberOfTouches": 2, "hysteresis": 5, "drags": true,
                   "onEnded": [{"springDuration": 0.4, "bounce": 0.2, "changes": [{"view": "g", "center": [25, 25]}]}]},
                  {"id": "s", "type": "swipe", "direction": ["left", "right"], "numberOfTouchesRequired": 1, "minimumDistance": 30,
                   "minimumSpeed": 100, "maximumAngle": 0.5},
                  {"id": "s2", "type": "swipe", "direction": "up"}]},
                {"id": "h", "gestures": [{"id": "later", "type": "tap", "requireToFail": "p"}]}
                """#)),
        ValidScene(
            id: "every animate form",
            json: viewScene(
                script: #"""
                    [{"at": 0, "animate": {"duration": 0.5, "delay": 0.1, "curve": "linear", "options": ["repeat", "autoreverse",
                       "beginFromCurrentState", "allowUserInteraction", "layoutSubviews"], "changes": [{"view": "card", "alpha": 0.5}]}},
                     {"at": 1, "animate": {"duration": 0.5, "damping": 0.7, "velocity": 1, "changes": [{"view": "card", "center": [60, 40]}]}},
                     {"at": 2, "animate": {"springDuration": 0.4, "bounce": 0.3, "velocity": -1, "changes": [{"view": "go", "frame": [0, 0, 20, 20]}]}},
                     {"at": 3, "animate": {"duration": 1, "curve": "easeIn", "calculationMode": "cubic", "options": ["repeat"],
                       "changes": [{"view": "card", "backgroundColor": "#FF0000"}],
                       "keyframes": [{"start": 0, "duration": 0.5, "changes": [{"view": "card", "transform": "rotate(90deg)"}]},
                                     {"start": 0.5, "duration": 0.5, "changes": [{"view": "title", "text": "Bye", "alpha": 0}]}]}},
                     {"at": 4, "animate": {"duration": 0, "changes": [], "then": {"duration": 1, "changes": [{"view": "card", "hidden": true}]}}}]
                    """#)),
        ValidScene(
            id: "set views and layers in one step",
            json: viewScene(
                script:
                    #"[{"at": 1, "set": [{"view": "card", "center": [1, 2]}, {"layer": "card", "shadowOpacity": 1}, {"layer": "box", "opacity": 0}]}]"#
            )),
        ValidScene(
            id: "sublayer added to a view's layer",
            json: viewScene(script: #"[{"at": 1, "addLayer": {"parent": "card", "layer": {"id": "spot", "frame": [1, 1, 2, 2]}}}]"#)),
        ValidScene(
            id: "touch sequences, taps and drags with their own fingers",
            json: viewScene(
                script: #"""
                    [{"at": 0.5, "touch": {"id": 7, "phase": "began", "point": [1, 2]}},
                     {"at": 0.6, "touch": {"id": 7, "phase": "moved", "point": [3, 4]}},
                     {"at": 0.7, "touch": {"id": 7, "phase": "stationary", "point": [3, 4]}},
                     {"at": 0.8, "tap": [5, 5]},
                     {"at": 0.9, "drag": {"from": [0, 0], "to": [9, 9], "duration": 0.2, "id": 2, "holdBeforeRelease": 0.5}},
                     {"at": 1, "tap": {"point": [5, 5], "duration": 0.1}},
                     {"at": 1.2, "touch": {"id": 7, "phase": "cancelled", "point": [3, 4]}},
                     {"at": 1.3, "touch": {"id": 7, "phase": "began", "point": [3, 4]}}]
                    """#)),
        ValidScene(
            id: "a finger that begins in a later step written first",
            json: viewScene(
                script: #"""
                    [{"at": 2, "touch": {"id": 4, "phase": "ended", "point": [1, 2]}},
                     {"at": 1, "touch": {"id": 4, "phase": "began", "point": [1, 2]}}]
                    """#)),
        ValidScene(
            id: "a drag that ends as the next begins",
            json: viewScene(
                script: #"""
                    [{"at": 1, "drag": {"from": [0, 0], "to": [50, 0], "duration": 0.5}},
                     {"at": 1.5, "drag": {"from": [0, 10], "to": [50, 10], "duration": 0.5}}]
                    """#)),
    ]
}

@Suite("Scene validation: views, animations and touches")
struct ViewValidationTests {
    @Test("each problem is reported at its JSON path", arguments: InvalidScene.views)
    func invalid(row: InvalidScene) {
        SceneValidationTests().invalid(row: row)
    }

    @Test("valid view scenes decode", arguments: ValidScene.views)
    func valid(row: ValidScene) {
        SceneValidationTests().valid(row: row)
    }

    @Test("an image file that is missing or not a PNG is reported when files are checked")
    func imageFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-view-images-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a png".utf8).write(to: directory.appendingPathComponent("text.png"))
        let json = viewScene(
            #"""
            {"id": "missing", "type": "imageView", "image": "pics/none.png"},
            {"id": "text", "type": "button", "image": "text.png"}
            """#)
        do {
            _ = try SceneDocument.decode(json, directory: directory.path, checkingFiles: true)
            Issue.record("decoded")
        } catch {
            #expect(error.issues.map(\.path) == ["views[2].image", "views[3].image"])
            #expect(
                error.issues.first?.message == "image file not found: 'pics/none.png' (resolved to '\(directory.path)/pics/none.png')")
            #expect(error.issues.last?.message.contains("cannot read 'text.png' as a PNG image") == true)
        }
        // Decoded from text alone, files are not checked and unreadable images show nothing.
        let document = try SceneDocument.decode(json, directory: directory.path)
        let scene = Scene(document: document)
        #expect((scene.views["missing"] as? ImageView)?.image == nil)
    }

    @Test("problems in views and script come in one report, in document order")
    func severalProblems() {
        let json = viewScene(
            #"{"id": "x", "alpha": 2, "gestures": [{"id": "g", "type": "tapp"}]}"#,
            script:
                #"[{"at": 1, "animate": {"duration": -1, "changes": [{"view": "y"}]}}, {"at": 2, "drag": {"from": [0, 0], "to": [1, 1], "duration": 0}}]"#
        )
        let issues = decodeIssues(json) ?? []
        #expect(
            issues.map(\.path) == [
                "views[2].alpha", "views[2].gestures[0].type", "script[0].animate.duration", "script[0].animate.changes[0].view",
                "script[1].drag.duration",
            ], "\(issues.map(\.description).joined(separator: "\n"))")
    }
}
