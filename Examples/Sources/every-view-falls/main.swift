// Renders the every-view-falls post's port (docs/ported-posts.md): every view of the screen falls
// and piles up at the bottom. Frames go to the folder named by the first argument (default
// `out/every-view-falls`), 30 per second.
import Foundation
import Kinema
import ExampleSupport
import EveryViewFalls

let folder = CommandLine.arguments.dropFirst().first ?? "out/every-view-falls"
let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
window.rootViewController = EveryViewFalls.ViewController()
window.makeKeyAndVisible()

do {
    let count = try FrameRecorder(window: window, framesPerSecond: 30, directory: URL(fileURLWithPath: folder)).record(until: 4)
    print("wrote \(count) frames to \(folder)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
