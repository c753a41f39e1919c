import KinemaGeometry
import Testing

@testable import KinemaLive

@Suite struct LetterboxTests {
    @Test func atItsOwnSizeThePictureFillsTheWindowPixelForPixel() {
        let box = Letterbox(pictureWidth: 750, pictureHeight: 1334, windowWidth: 750, windowHeight: 1334)
        #expect(box.zoom == 1)
        #expect(box.pictureRect == (0, 0, 750, 1334))
        #expect(box.picturePixel(atWindow: Point(x: 12.5, y: 700)) == Point(x: 12.5, y: 700))
    }

    /// Wider than the picture: bars left and right; taller: bars above and below.
    @Test(arguments: [
        // window, picture rect (x, y, width, height)
        ((400, 300), (100, 0, 200, 300)),
        ((200, 600), (0, 150, 200, 300)),
        ((100, 100), (16, 0, 67, 100)),
        ((200, 300), (0, 0, 200, 300)),
    ])
    func thePictureKeepsItsAspectRatioCentred(window: (Int, Int), rect: (Int, Int, Int, Int)) {
        let box = Letterbox(pictureWidth: 200, pictureHeight: 300, windowWidth: window.0, windowHeight: window.1)
        #expect(box.pictureRect == rect)
    }

    @Test func windowPixelsMapToThePicturePixelsUnderThem() {
        // A 200 × 300 picture doubled in a 600 × 600 window: 400 × 600 at x 100.
        let box = Letterbox(pictureWidth: 200, pictureHeight: 300, windowWidth: 600, windowHeight: 600)
        #expect(box.zoom == 2)
        #expect(box.picturePixel(atWindow: Point(x: 100, y: 0)) == Point(x: 0, y: 0))
        #expect(box.picturePixel(atWindow: Point(x: 300, y: 300)) == Point(x: 100, y: 150))
        #expect(box.picturePixel(atWindow: Point(x: 500, y: 600)) == Point(x: 200, y: 300))
        // In the bars: outside the picture, so a drag that leaves it keeps going.
        #expect(box.picturePixel(atWindow: Point(x: 50, y: 10)) == Point(x: -25, y: 5))
    }

    @Test func degenerateSizesCountAsOnePixel() {
        let box = Letterbox(pictureWidth: 0, pictureHeight: -3, windowWidth: 0, windowHeight: 0)
        #expect(box.pictureRect == (0, 0, 1, 1))
        #expect(box.picturePixel(atWindow: Point(x: 0, y: 0)).x.isFinite)
    }
}
