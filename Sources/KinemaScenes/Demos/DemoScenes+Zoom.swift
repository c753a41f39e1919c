import Foundation
import KinemaGeometry

extension DemoScenes {
    /// How many photos the zoom demo's grid shows.
    static let zoomPhotoCount = 30

    /// The folder the zoom demo's photos are written to (``DemoPhotos``): `kinema-demo-photos` in
    /// the temporary directory.
    static var zoomPhotoDirectory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinema-demo-photos").path
    }

    /// The zoom demo: a Photos-like screen (a status bar, a translucent navigation bar over a
    /// 3-column grid of 30 photos in a scroll view) and the swipe-to-dismiss zoom. The script
    /// flings the grid (it decelerates and rubber-bands at the end), flings it back, taps a photo
    /// that zooms in, drags it a little and lets go (it springs back), flicks it down (it flies
    /// into its cell with the finger's speed), opens another, flicks it and catches it in flight
    /// and drags it again, pinches it to zoom in, pans the zoomed photo, pinches back out, and
    /// dismisses it after the grid has scrolled under it (it lands on its cell's new place).
    /// 375 × 667 points at scale 2, 14 seconds.
    public static var zoom: String {
        let side = (375.0 - 4) / 3, pitch = side + 2
        let rows = (zoomPhotoCount + 2) / 3
        let height = Double(rows) * pitch - 2
        func n(_ x: Double) -> String { JSONWriter.number((x * 1000).rounded() / 1000) }
        let cells = (0..<zoomPhotoCount).map { i -> String in
            let x = Double(i % 3) * pitch, y = Double(i / 3) * pitch
            return
                #"{ "id": "p\#(i)", "type": "imageView", "frame": [\#(n(x)), \#(n(y)), \#(n(side)), \#(n(side))], "image": "\#(DemoPhotos.fileName(index: i))", "contentMode": "scaleAspectFill", "clipsToBounds": true }"#
        }
        let transitions = (0..<zoomPhotoCount).map { i in
            ##"{ "type": "zoom", "id": "zoom\##(i)", "source": "p\##(i)", "options": { "background": "#000000" } }"##
        }
        return ##"""
            {
              "kinema": 1,
              "size": [375, 667],
              "scale": 2,
              "background": "#FFFFFF",
              "safeAreaInsets": [20, 0, 0, 0],
              "duration": 14,
              "views": [
                { "id": "grid", "type": "scrollView", "frame": [0, 0, 375, 667], "contentSize": [375, \##(n(height))],
                  "contentInset": [44, 0, 0, 0], "contentOffset": [0, -64], "alwaysBounceVertical": true,
                  "subviews": [
                    \##(cells.joined(separator: ",\n                    "))
                  ] },
                { "id": "navBar", "frame": [0, 0, 375, 64], "backgroundColor": "#F8F8F8EE",
                  "subviews": [
                    { "id": "clock", "type": "label", "frame": [0, 3, 375, 16], "text": "9:41", "font": "Sans Bold", "fontSize": 12,
                      "textColor": "#000000", "textAlignment": "center" },
                    { "id": "navTitle", "type": "label", "frame": [0, 31, 375, 22], "text": "Photos", "font": "Sans Bold", "fontSize": 17,
                      "textColor": "#000000", "textAlignment": "center" },
                    { "id": "navSelect", "type": "label", "frame": [295, 31, 68, 22], "text": "Select", "fontSize": 17,
                      "textColor": "#007AFF", "textAlignment": "right" },
                    { "id": "navHairline", "frame": [0, 63.5, 375, 0.5], "backgroundColor": "#0000004D" } ] }
              ],
              "transitions": [
                \##(transitions.joined(separator: ",\n                "))
              ],
              "script": [
                { "at": 0.6, "drag": { "from": [187, 560], "to": [187, 300], "duration": 0.12 } },
                { "at": 2.6, "drag": { "from": [187, 200], "to": [187, 420], "duration": 0.15 } },
                { "at": 4.2, "tap": { "point": [187.5, 251.5], "duration": 0.08 } },
                { "at": 4.9, "drag": { "from": [187, 330], "to": [187, 372], "duration": 0.5, "holdBeforeRelease": 0.15 } },
                { "at": 6.1, "drag": { "from": [187, 330], "to": [187, 440], "duration": 0.1 } },
                { "at": 7.0, "tap": { "point": [187.5, 377.2], "duration": 0.08 } },
                { "at": 7.7, "drag": { "from": [187, 330], "to": [187, 450], "duration": 0.1 } },
                { "at": 7.9, "drag": { "from": [187, 400], "to": [187, 230], "duration": 0.35 } },
                { "at": 9.3, "drag": { "id": 1, "from": [160, 330], "to": [100, 250], "duration": 0.4 } },
                { "at": 9.3, "drag": { "id": 2, "from": [215, 360], "to": [275, 440], "duration": 0.4 } },
                { "at": 10.3, "drag": { "from": [187, 330], "to": [120, 262], "duration": 0.4, "holdBeforeRelease": 0.1 } },
                { "at": 11.1, "drag": { "id": 1, "from": [110, 250], "to": [170, 310], "duration": 0.35 } },
                { "at": 11.1, "drag": { "id": 2, "from": [265, 440], "to": [205, 380], "duration": 0.35 } },
                { "at": 12.0, "animate": { "duration": 0.35, "changes": [ { "view": "grid", "contentOffset": [0, 62] } ] } },
                { "at": 12.7, "drag": { "from": [187, 330], "to": [187, 440], "duration": 0.1 } }
              ]
            }
            """##
    }

    /// The zoom demo decoded, its photos written to ``zoomPhotoDirectory`` first (each only if
    /// it is missing).
    static func zoomDocument() throws(SceneError) -> SceneDocument {
        let folder = zoomPhotoDirectory
        do {
            _ = try DemoPhotos.write(count: zoomPhotoCount, to: folder)
        } catch {
            throw SceneError(issues: [
                SceneIssue(path: "$", message: "the zoom demo's photos could not be written to '\(folder)': \(error)")
            ])
        }
        return try SceneDocument.decode(zoom, directory: folder, checkingFiles: true)
    }
}
