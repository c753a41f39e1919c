extension DemoScenes {
    /// The Lottie demo: three animations made for Kinema, played by `lottie` views: a like
    /// button's heart burst (eased scale with overshoot, a colour hold, a ring and dots flying
    /// out), a loading spinner (trim paths on a turning arc) and a done badge (a tick drawn by a
    /// trim path, and a shine seen only through the badge, an alpha track matte). 375 × 667 points
    /// at scale 2, 4 seconds.
    ///
    /// The files ship as resources of KinemaScenes (`Resources/Lottie/`); ``document(named:)``
    /// finds them.
    public static let lottie = #"""
        {
          "kinema": 1,
          "size": [375, 667],
          "scale": 2,
          "background": "#F2F2F7",
          "duration": 4,
          "views": [
            { "id": "title", "type": "label", "frame": [20, 44, 335, 36], "text": "Lottie on Kinema", "font": "Sans Bold",
              "fontSize": 28, "textColor": "#1C1C1E", "textAlignment": "center" },
            { "id": "subtitle", "type": "label", "frame": [20, 82, 335, 20], "text": "Bodymovin files drawn as Core Animation layers",
              "fontSize": 13, "textColor": "#6E6E73", "textAlignment": "center" },
            { "id": "card", "frame": [20, 120, 335, 440], "backgroundColor": "#FFFFFF", "cornerRadius": 18,
              "layer": { "shadowOpacity": 0.12, "shadowRadius": 10, "shadowOffset": [0, 4] },
              "subviews": [
                { "id": "heart", "type": "lottie", "frame": [17.5, 24, 140, 140], "animation": "Lottie/heart.json" },
                { "id": "heartCaption", "type": "label", "frame": [17.5, 168, 140, 20], "text": "Like", "fontSize": 15,
                  "textColor": "#1C1C1E", "textAlignment": "center" },
                { "id": "spinner", "type": "lottie", "frame": [177.5, 24, 140, 140], "animation": "Lottie/spinner.json",
                  "loopMode": "loop", "playing": true },
                { "id": "spinnerCaption", "type": "label", "frame": [177.5, 168, 140, 20], "text": "Loading", "fontSize": 15,
                  "textColor": "#1C1C1E", "textAlignment": "center" },
                { "id": "check", "type": "lottie", "frame": [97.5, 224, 140, 140], "animation": "Lottie/check.json" },
                { "id": "checkCaption", "type": "label", "frame": [97.5, 368, 140, 20], "text": "Done", "fontSize": 15,
                  "textColor": "#1C1C1E", "textAlignment": "center" },
                { "id": "note", "type": "label", "frame": [16, 400, 303, 20], "text": "shape layers · trim paths · a track matte",
                  "fontSize": 12, "textColor": "#6E6E73", "textAlignment": "center" } ] }
          ],
          "script": [
            { "at": 0.4, "set": { "view": "heart", "playing": true } },
            { "at": 1.0, "set": { "view": "check", "playing": true } },
            { "at": 2.4, "set": { "view": "heart", "currentProgress": 0, "playing": true } }
          ]
        }
        """#
}
