// Renders the expanding-cards screen (an Auto Layout port): the list appears, the second card
// opens with a spring as the tip row collapses, then closes again. Frames go to the folder
// named by the first argument (default `out/expanding-cards`), 30 per second.
import ExampleSupport
import ExpandingCards
import Foundation
import Kinema

let folder = CommandLine.arguments.dropFirst().first ?? "out/expanding-cards"
let window = Window(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
let screen = ExpandingCardsViewController()
window.rootViewController = screen
window.makeKeyAndVisible()

let recorder = FrameRecorder(window: window, framesPerSecond: 30, directory: URL(fileURLWithPath: folder))
do {
    var next = try recorder.record(until: 0.5)
    screen.toggle(screen.cards[1])
    next = try recorder.record(until: 1.8, firstIndex: next)
    screen.toggle(screen.cards[1])
    next = try recorder.record(until: 3, firstIndex: next)
    print("wrote \(next) frames to \(folder)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
