import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaLottie
import KinemaRender
import Testing

/// Image assets within the limits every image has: files read only up to their header before
/// the render, sizes checked from the header, one copy of an image however many assets name it,
/// and the files an animation reads listed.
@Suite struct LottieImageLimitTests {
    /// A folder of its own, removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-lottie-limits-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        @discardableResult func write(_ bytes: [UInt8], as name: String) throws -> String {
            try Data(bytes).write(to: url.appendingPathComponent(name))
            return path(name)
        }
    }

    /// The start of a PNG declaring `width × height` pixels: the signature and the IHDR chunk.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(v >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// The start of a JPEG declaring `width × height` pixels: SOI, an APP1 segment of
    /// `metadata` bytes, then a baseline frame header.
    static func jpegHeader(width: Int, height: Int, metadata: Int = 16) -> [UInt8] {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let app1 = [0xFF, 0xE1] + be16(metadata + 2) + [UInt8](repeating: 0x45, count: metadata)
        let sof0 = [0xFF, 0xC0] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8] + app1 + sof0
    }

    /// An animation with one image layer for each of `assets` (`"u"` and `"p"` of each).
    static func animation(assets: [(u: String, p: String)]) -> String {
        let list = assets.enumerated().map { i, a in
            #"{"id": "img\#(i)", "w": 100, "h": 100, "u": "\#(a.u)", "p": "\#(a.p)", "e": \#(a.p.hasPrefix("data:") ? 1 : 0)}"#
        }
        let layers = assets.indices.map { LottieJSON.layer(ty: 2, extra: #""refId": "img\#($0)""#) }
        return LottieJSON.animation(layers, assets: list)
    }

    /// The problems decoding `json` (read from `folder` when given) is refused with.
    static func problems(_ json: String, in folder: Folder? = nil) -> [LottieProblem] {
        do {
            if let folder {
                let file = folder.url.appendingPathComponent("anim.json")
                try Data(json.utf8).write(to: file)
                _ = try LottieAnimation(contentsOf: file)
            } else {
                _ = try LottieAnimation(data: Data(json.utf8))
            }
            return []
        } catch let error as LottieError {
            return error.problems
        } catch {
            return [LottieProblem(path: "?", message: "\(error)")]
        }
    }

    /// Every layer of `root`'s tree that shows an image.
    static func imageContents(_ root: Layer) -> [LayerContents] {
        (root.contents.map { [$0] } ?? []) + root.sublayers.flatMap(imageContents)
    }

    @Test func anImageFileOverTheSizeLimitIsRefusedWithoutBeingRead() throws {
        let folder = try Folder()
        // A sparse file: a PNG header declaring a small image, then a hole to one byte past the limit.
        let image = try folder.write(Self.pngHeader(width: 10, height: 10), as: "img_0.png")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: image))
        try handle.truncate(atOffset: UInt64(InputFile.imageSizeLimit + 1))
        try handle.close()
        let problems = Self.problems(Self.animation(assets: [("", "img_0.png")]), in: folder)
        #expect(problems.map(\.path) == ["assets[0].p"], "\(problems)")
        #expect(problems.first?.message.contains("over the limit of 256 MiB") == true, "\(problems)")
        #expect(problems.first?.message.contains(image) == true, "names the file: \(problems)")
    }

    @Test(arguments: [
        ("png", 9000, 9000, "the image is 9000×9000 pixels; expected at most 64 megapixels"),
        ("jpg", 9000, 9000, "the image is 9000×9000 pixels; expected at most 64 megapixels"),
        // A frame header after 40,000 bytes of metadata.
        ("jpg-exif", 20000, 10, "the image is 20000×10 pixels; expected 1 to 16384"),
        ("png", 0, 10, "the image is 0×10 pixels; expected 1 to 16384"),
    ])
    func imagesOverThePixelLimitsAreRefusedFromTheirHeader(kind: String, width: Int, height: Int, message: String) throws {
        let header =
            kind == "png"
            ? Self.pngHeader(width: width, height: height)
            : Self.jpegHeader(width: width, height: height, metadata: kind == "jpg-exif" ? 40000 : 16)
        let type = kind == "png" ? "png" : "jpg"
        let folder = try Folder()
        try folder.write(header, as: "big.\(type)")
        let beside = Self.problems(Self.animation(assets: [("", "big.\(type)")]), in: folder)
        #expect(beside.map(\.path) == ["assets[0].p"], "\(beside)")
        #expect(beside.first?.message.contains(message) == true, "\(beside)")
        let mime = type == "png" ? "png" : "jpeg"
        let url = "data:image/\(mime);base64," + Data(header).base64EncodedString()
        let embedded = Self.problems(Self.animation(assets: [("", "img.png"), ("", url)]))
        #expect(embedded.map(\.path) == ["assets[1].p"], "\(embedded)")
        #expect(embedded.first?.message.contains(message) == true, "\(embedded)")
    }

    @Test func aFolderNamedAsAnImageIsAnError() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path("img_0.png"), withIntermediateDirectories: false)
        let problems = Self.problems(Self.animation(assets: [("", "img_0.png")]), in: folder)
        #expect(problems.map(\.path) == ["assets[0].p"], "\(problems)")
        #expect(problems.first?.message.contains("it is a directory, not a file") == true, "\(problems)")
    }

    @Test func threeHundredAssetsNamingOneArchivedImageShareOneCopy() throws {
        let png = try LottieImageTests.quadrantsPNG(side: 8)
        var zip = ZipBuilder()
        zip.add("manifest.json", #"{"animations": [{"id": "a"}]}"#)
        zip.add("animations/a.json", Self.animation(assets: Array(repeating: ("images/", "img_0.png"), count: 300)))
        zip.add("images/img_0.png", png)
        let animation = try LottieAnimation(data: Data(zip.bytes()))
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let root = animation.makeLayer()
        let contents = Self.imageContents(root)
        #expect(contents.count == 300)
        let first = try #require(contents.first?.encoded)
        #expect(first.bytes == png)
        #expect(contents.allSatisfy { $0.encoded === first }, "one EncodedImage for every asset")
        #expect(contents.allSatisfy { !$0.source.contains("base64") && $0.source.utf8.count < 100 }, "\(contents.first!.source)")
        #expect(animation.files.isEmpty, "an archived image is not a file")
        LottieImageTests.expectQuadrants(try Renderer().render(root.renderTree(at: 0), size: animation.size))
    }

    @Test func identicalEmbeddedImagesAreDecodedFromBase64Once() throws {
        let url = "data:image/png;base64," + Data(try LottieImageTests.quadrantsPNG()).base64EncodedString()
        let other = "data:image/png;base64," + Data(try LottieImageTests.quadrantsPNG(side: 4)).base64EncodedString()
        let animation = try LottieAnimation(data: Data(Self.animation(assets: [("", url), ("", other), ("", url)]).utf8))
        let contents = Self.imageContents(animation.makeLayer())
        #expect(contents.count == 3)
        let encoded = contents.compactMap(\.encoded)
        #expect(encoded.count == 3)
        #expect(encoded[0] === encoded[2] && encoded[0] !== encoded[1])
        #expect(contents.allSatisfy { !$0.source.contains("base64") }, "the source only names the image")
    }

    @Test func filesListsTheImageFilesBesideTheAnimation() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path("images"), withIntermediateDirectories: false)
        let png = try LottieImageTests.quadrantsPNG()
        try folder.write(png, as: "images/img_0.png")
        let embedded = "data:image/png;base64," + Data(png).base64EncodedString()
        let json = Self.animation(assets: [
            ("images/", "img_0.png"), ("", embedded), ("images/", "missing.png"), ("images/./", "img_0.png"), ("images", "img_0.png"),
        ])
        let file = folder.url.appendingPathComponent("anim.json")
        try Data(json.utf8).write(to: file)
        let animation = try LottieAnimation(contentsOf: file)
        #expect(
            animation.files
                == [folder.path("images/./img_0.png"), folder.path("images/img_0.png"), folder.path("images/missing.png")].sorted(),
            "\(animation.files)")
        #expect(animation.unsupportedFeatures.map(\.path) == ["assets[2].p", "layers[2].refId"], "\(animation.unsupportedFeatures)")
        // Two names of one file draw it by the first name: one file for the renderer to decode.
        let sources = Set(Self.imageContents(animation.makeLayer()).filter { $0.encoded == nil }.map(\.source))
        #expect(sources == [folder.path("images/img_0.png")])
        #expect(try LottieAnimation(data: Data(json.utf8)).files.isEmpty, "no folder, no files")
    }
}
