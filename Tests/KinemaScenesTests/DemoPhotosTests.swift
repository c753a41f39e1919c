import Foundation
import KinemaGraphics
import KinemaScenes
import Testing

/// The demos' drawn photos: the same index gives the same picture, and they are written as PNG
/// files of the documented size.
@Suite("Demo photos")
struct DemoPhotosTests {
    @Test func anIndexAlwaysGivesTheSamePictureAndIndexesDiffer() throws {
        let a = try DemoPhotos.bitmap(index: 7), again = try DemoPhotos.bitmap(index: 7), b = try DemoPhotos.bitmap(index: 8)
        #expect(a.width == 640 && a.height == 960)
        #expect(a.hasSamePixels(as: again))
        #expect(!a.hasSamePixels(as: b))
    }

    @Test func theFilesAreWrittenOnceAndReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-demo-photos-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = try DemoPhotos.write(count: 3, to: folder)
        #expect(paths.map { ($0 as NSString).lastPathComponent } == ["photo-0@2x.png", "photo-1@2x.png", "photo-2@2x.png"])
        let read = try Bitmap(pngFile: paths[1])
        #expect(read.hasSamePixels(as: try DemoPhotos.bitmap(index: 1)))
        // A file already there is kept as it is.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: paths[2]))
        _ = try DemoPhotos.write(count: 3, to: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[2])) == Data("not a png".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3, "no scratch files left")
    }
}
