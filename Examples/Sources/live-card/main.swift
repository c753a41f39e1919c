// A card to drag in a live window: it springs home with the finger's speed when let go, and a
// tap shows a tooltip. Needs a display (X11 or Wayland); `q` or closing the window quits.
import Foundation
import Kinema
import KinemaLive
import LiveCard

let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
window.rootViewController = CardViewController()
window.makeKeyAndVisible()
do {
    let stats = try Application.run(window, scale: 2, title: "kinema — live card")
    print(stats.summary)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(error == .noDisplay ? 2 : 1)
}
