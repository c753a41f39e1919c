import Foundation
import Testing

/// A scene file's image `contents` must name a file that exists (relative to the scene).
@Suite("kinema validate: image files")
struct ContentsFileTests {
    static let scene =
        #"{"kinema": 1, "size": [100, 100], "layers": [{"id": "pic", "type": "image", "frame": [0, 0, 10, 10], "contents": "pics/cat.png"}]}"#

    @Test("a missing image file is reported with its JSON path")
    func missingImage() throws {
        let files = try SceneFiles()
        let path = try files.write(Self.scene)
        let result = try Kinema.run(["validate", path])
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("layers[0].contents: image file not found: 'pics/cat.png'") }, "\(result)")
    }

    @Test("an existing image file, relative to the scene, validates")
    func presentImage() throws {
        let files = try SceneFiles()
        let path = try files.write(Self.scene)
        try FileManager.default.createDirectory(at: files.directory.appendingPathComponent("pics"), withIntermediateDirectories: true)
        _ = try files.write(Data([0x89, 0x50, 0x4E, 0x47]), as: "pics/cat.png")
        let result = try Kinema.run(["validate", path])
        #expect(result.status == 0 && result.stdout == "ok\n", "\(result)")
    }
}
