// The swipe-to-dismiss talk's photo zoom (docs/ported-posts.md) in a live window: tap a photo and
// it zooms out of the grid; drag it down (the mouse is a finger) and it shrinks under the pointer;
// let go far or fast enough and it flies back into its cell with the pointer's speed, otherwise it
// springs back. Needs a display (X11 or Wayland); `q` or closing the window quits.
//
// `photo-zoom --frames DIR` instead plays a scripted session offline (tap, a short drag that
// springs back, a drag that dismisses) and writes its frames to DIR, 30 per second.
import ExampleSupport
import Foundation
import Kinema
import KinemaLive
import PhotoZoom

let window = Window(
    frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2, safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
let grid = GridViewController()
window.rootViewController = grid
window.makeKeyAndVisible()

let arguments = Array(CommandLine.arguments.dropFirst())
if let flag = arguments.firstIndex(of: "--frames") {
    guard flag + 1 < arguments.count else {
        FileHandle.standardError.write(Data("usage: photo-zoom [--frames DIR]\n".utf8))
        exit(64)
    }
    let folder = arguments[flag + 1]
    window.advance(to: 0)
    /// One finger from `from` by `delta` over `duration` s from `start`, 60 moves a second; it
    /// lifts with the last move, still moving.
    func drag(from: Point, by delta: Point, start: Double, duration: Double) -> [TouchInput] {
        let steps = max(1, Int((duration * 60).rounded()))
        var inputs = [TouchInput(identifier: 1, phase: .began, location: from, timestamp: start)]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            inputs.append(
                TouchInput(
                    identifier: 1, phase: i == steps ? .ended : .moved, location: Point(x: from.x + delta.x * f, y: from.y + delta.y * f),
                    timestamp: start + duration * f))
        }
        return inputs
    }
    let cell = grid.cells[5].convert(grid.cells[5].bounds, to: nil)
    let tapAt = Point(x: cell.midX, y: cell.midY)
    var script = [
        TouchInput(identifier: 1, phase: .began, location: tapAt, timestamp: 0.3),
        TouchInput(identifier: 1, phase: .ended, location: tapAt, timestamp: 0.35),
    ]
    script += drag(from: Point(x: 190, y: 360), by: Point(x: 10, y: 40), start: 1.0, duration: 0.5)  // short and slow: springs back
    script += drag(from: Point(x: 190, y: 360), by: Point(x: 30, y: 220), start: 2.2, duration: 0.3)  // far and fast: dismisses
    do {
        let count = try FrameRecorder(window: window, framesPerSecond: 30, directory: URL(fileURLWithPath: folder))
            .record(until: 3.2, touches: script)
        print("wrote \(count) frames to \(folder)")
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

do {
    let stats = try Application.run(window, scale: 2, title: "kinema — photo-zoom")
    print(stats.summary)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(error == .noDisplay ? 2 : 1)
}
