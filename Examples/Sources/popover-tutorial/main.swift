// Renders the tutorial-popover post's port (docs/ported-posts.md): the screen appears, the tutorial
// popover springs out of its arrow (the post's own `viewWillAppear` code), stays, then shrinks back
// into the tip on dismissal (`viewWillDisappear`). Frames go to the folder named by the first
// argument (default `out/popover-tutorial`), 30 per second.
import Foundation
import Kinema
import ExampleSupport
import TutorialPopover

let folder = CommandLine.arguments.dropFirst().first ?? "out/popover-tutorial"
let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
let screen = TutorialViewController()
window.rootViewController = screen
window.makeKeyAndVisible()

let recorder = FrameRecorder(window: window, framesPerSecond: 30, directory: URL(fileURLWithPath: folder))
do {
    var next = try recorder.record(until: 1.5)
    screen.hideTutorial()
    next = try recorder.record(until: 2.2, firstIndex: next)
    print("wrote \(next) frames to \(folder)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
