import Foundation

extension DemoScenes {
    /// The views demo: a phone screen with labels, an image and buttons; scripted taps on the
    /// buttons run a UIKit spring and a keyframe animation, and a scripted drag pulls a buoy that
    /// springs back when released. 375 × 667 points at scale 2, 7.5 seconds.
    ///
    /// The ship image, `ship@2x.png`, ships as a resource of KinemaScenes (rendered from
    /// `Sources/KinemaScenes/Demos/ship.json` by `kinema render`); ``document(named:)`` finds it.
    public static let views = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 7.5,
          "layers": [
            { "id": "home", "type": "shape", "frame": [143.5, 492, 88, 88], "path": { "ellipse": [0, 0, 88, 88] },
              "fillColor": null, "strokeColor": "#C7C7CC", "lineWidth": 2, "lineDashPattern": [6, 5] }
          ],
          "views": [
            { "id": "title", "type": "label", "frame": [20, 44, 335, 36], "text": "Views & gestures", "font": "Sans Bold",
              "fontSize": 28, "textColor": "#1C1C1E", "textAlignment": "center" },
            { "id": "subtitle", "type": "label", "frame": [20, 82, 335, 20], "text": "Scripted taps and a drag, played by kinema",
              "fontSize": 13, "textColor": "#6E6E73", "textAlignment": "center" },
            { "id": "card", "frame": [20, 116, 335, 230], "backgroundColor": "#FFFFFF", "cornerRadius": 18,
              "layer": { "shadowOpacity": 0.12, "shadowRadius": 10, "shadowOffset": [0, 4] },
              "subviews": [
                { "id": "ship", "type": "imageView", "frame": [119.5, 34, 96, 96], "image": "ship@2x.png",
                  "contentMode": "scaleAspectFit", "accessibilityLabel": "A sailing ship" },
                { "id": "caption", "type": "label", "frame": [0, 150, 335, 28], "text": "Ahoy!", "font": "Sans Bold",
                  "fontSize": 22, "textColor": "#1C3D5A", "textAlignment": "center" },
                { "id": "status", "type": "label", "frame": [0, 184, 335, 20], "text": "Tap a button below", "fontSize": 14,
                  "textColor": "#6E6E73", "textAlignment": "center" } ] },
            { "id": "springButton", "type": "button", "frame": [20, 366, 160, 48], "title": "Spring", "titleColor": "#FFFFFF",
              "font": "Sans Bold", "fontSize": 17, "backgroundColor": "#007AFF", "cornerRadius": 12,
              "onTap": [
                { "duration": 1.0, "damping": 0.35, "velocity": 0,
                  "changes": [ { "view": "ship", "transform": "translate(0px, -10px) scale(1.45)" },
                               { "view": "status", "text": "Spring: damping 0.35, 1 s" } ],
                  "then": { "duration": 0.9, "damping": 0.6,
                            "changes": [ { "view": "ship", "transform": "none" } ] } } ] },
            { "id": "keyframesButton", "type": "button", "frame": [195, 366, 160, 48], "title": "Keyframes",
              "titleColor": "#FFFFFF", "font": "Sans Bold", "fontSize": 17, "backgroundColor": "#AF52DE", "cornerRadius": 12,
              "onTap": [
                { "duration": 2.2, "calculationMode": "cubic",
                  "changes": [ { "view": "status", "text": "Keyframes: sail and rock, 2.2 s" } ],
                  "keyframes": [
                    { "start": 0, "duration": 0.3,
                      "changes": [ { "view": "ship", "center": [262, 82], "transform": "rotate(10deg)" } ] },
                    { "start": 0.3, "duration": 0.4,
                      "changes": [ { "view": "ship", "center": [73, 82], "transform": "rotate(-10deg)" } ] },
                    { "start": 0.7, "duration": 0.3,
                      "changes": [ { "view": "ship", "center": [167.5, 82], "transform": "none" } ] } ] } ] },
            { "id": "dragCaption", "type": "label", "frame": [20, 450, 335, 20], "text": "Drag the buoy: it springs back home",
              "fontSize": 14, "textColor": "#6E6E73", "textAlignment": "center" },
            { "id": "buoy", "frame": [151.5, 500, 72, 72], "backgroundColor": "#FF9500", "cornerRadius": 36,
              "layer": { "borderWidth": 4, "borderColor": "#FFFFFF", "shadowOpacity": 0.2, "shadowRadius": 6, "shadowOffset": [0, 3] },
              "subviews": [
                { "id": "buoyLabel", "type": "label", "frame": [0, 24, 72, 24], "text": "Drag", "font": "Sans Bold", "fontSize": 16,
                  "textColor": "#FFFFFF", "textAlignment": "center" } ],
              "gestures": [
                { "id": "buoyPan", "type": "pan", "drags": true,
                  "onRecognized": [ { "duration": 0.2, "curve": "easeOut", "options": ["allowUserInteraction"],
                                      "changes": [ { "view": "buoy", "transform": "scale(1.15)" } ] } ],
                  "onEnded": [ { "springDuration": 0.7, "bounce": 0.45, "options": ["allowUserInteraction"],
                                 "changes": [ { "view": "buoy", "center": [187.5, 536], "transform": "none" } ] } ] } ] },
            { "id": "footer", "type": "label", "frame": [20, 626, 335, 18], "text": "kinema demo views", "fontSize": 11,
              "textColor": "#AEAEB2", "textAlignment": "center" }
          ],
          "script": [
            { "at": 0.5, "tap": { "point": [100, 390], "duration": 0.15 } },
            { "at": 2.6, "tap": { "point": [275, 390], "duration": 0.15 } },
            { "at": 4.9, "drag": { "from": [187.5, 536], "to": [300, 450], "duration": 0.5, "holdBeforeRelease": 0.2 } }
          ]
        }
        """#

    /// The name of the resource bundle SwiftPM builds for KinemaScenes, next to the executable.
    static let resourceBundleName = "Kinema_KinemaScenes.resources"

    /// The folder holding the demos' image files (KinemaScenes' resource bundle), or `nil` when
    /// it cannot be found. SwiftPM puts the bundle next to the executable that links KinemaScenes
    /// (`.build/debug/Kinema_KinemaScenes.resources` beside `.build/debug/kinema`); the folder of
    /// the running executable is searched, then the main bundle's.
    public static var resourceDirectory: String? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL)
        for folder in candidates {
            let bundle = folder.appendingPathComponent(resourceBundleName)
            if FileManager.default.fileExists(atPath: bundle.appendingPathComponent("ship@2x.png").path) { return bundle.path }
        }
        return nil
    }
}
