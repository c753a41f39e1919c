import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaLottie
import KinemaRender
import Testing

/// Image layers: embedded (`data:` URLs), beside the file, scaled to the asset's size.
@Suite struct LottieImageTests {
    /// A PNG `side` pixels square in four quadrants: red, green over blue, white (top-left,
    /// top-right, bottom-left, bottom-right).
    static func quadrantsPNG(side: Int = 2) throws -> [UInt8] {
        let half = Double(side) / 2
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 2 * half, height: 2 * half)
        root.anchorPoint = .zero
        let colors: [Color] = [
            Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1), .white,
        ]
        for (i, color) in colors.enumerated() {
            let quadrant = Layer()
            quadrant.frame = Rect(x: Double(i % 2) * half, y: Double(i / 2) * half, width: half, height: half)
            quadrant.backgroundColor = color
            try root.addSublayer(quadrant)
        }
        return try Renderer().render(root.renderTree(at: 0), size: Size(width: 2 * half, height: 2 * half)).pngData()
    }

    /// A 100 × 100 composition with one image layer showing asset `img` (100 × 100) from `p`.
    static func animation(p: String, u: String = "") -> String {
        let asset = #"{"id": "img", "w": 100, "h": 100, "u": "\#(u)", "p": "\#(p)", "e": \#(p.hasPrefix("data:") ? 1 : 0)}"#
        return LottieJSON.animation([LottieJSON.layer(ty: 2, extra: #""refId": "img""#)], assets: [asset])
    }

    static func expectQuadrants(_ frame: Bitmap, sourceLocation: SourceLocation = #_sourceLocation) {
        let probes: [(Double, Double, (Double, Double, Double))] = [
            (20, 20, (1, 0, 0)), (80, 20, (0, 1, 0)), (20, 80, (0, 0, 1)), (80, 80, (1, 1, 1)),
        ]
        for (x, y, rgb) in probes {
            let c = frame.probe(x, y)
            #expect(
                abs(c.red - rgb.0) < 0.02 && abs(c.green - rgb.1) < 0.02 && abs(c.blue - rgb.2) < 0.02 && c.alpha > 0.99,
                "(\(x), \(y)): \(c)", sourceLocation: sourceLocation)
        }
    }

    @Test func embeddedImagesAreDrawnAtTheAssetsSize() throws {
        let url = "data:image/png;base64," + Data(try Self.quadrantsPNG()).base64EncodedString()
        Self.expectQuadrants(try renderLottie(Self.animation(p: url), frame: 0))
    }

    @Test func imagesBesideTheFileAreFoundFromItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-lottie-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try Self.quadrantsPNG()).write(to: folder.appendingPathComponent("images/img_0.png"))
        let file = folder.appendingPathComponent("anim.json")
        try Data(Self.animation(p: "img_0.png", u: "images/").utf8).write(to: file)
        let animation = try LottieAnimation(contentsOf: file)
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        let layer = animation.makeLayer()
        Self.expectQuadrants(try Renderer().render(layer.renderTree(at: 0), size: animation.size))
    }

    @Test func aFileNameWithoutAFolderIsReported() throws {
        let animation = try LottieAnimation(data: Data(Self.animation(p: "img_0.png", u: "images/").utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "assets[0].p" && $0.message.contains("not embedded") })
    }

    @Test func imagesThatAreNeitherPNGNorJPEGAreReported() throws {
        // The start of a WebP file.
        let webp = "data:image/webp;base64," + Data(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)).base64EncodedString()
        let animation = try LottieAnimation(data: Data(Self.animation(p: webp).utf8))
        #expect(animation.unsupportedFeatures.contains { $0.path == "assets[0].p" && $0.message.contains("only PNG and JPEG") })
        #expect(try renderLottie(Self.animation(p: webp), frame: 0).probe(50, 50).alpha == 0)
    }

    /// The quadrants as a 16 × 16 JPEG (ffmpeg, 4:4:4 so that the colours stay apart).
    static func quadrantsJPEG(in folder: URL) throws -> URL {
        let png = folder.appendingPathComponent("q.png"), jpeg = folder.appendingPathComponent("q.jpg")
        try Data(try quadrantsPNG(side: 16)).write(to: png)
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-loglevel", "error", "-y", "-i", png.path, "-pix_fmt", "yuvj444p", "-q:v", "1", jpeg.path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        try #require(ffmpeg.terminationStatus == 0, "ffmpeg made the JPEG")
        return jpeg
    }

    @Test func jpegImagesAreDrawnEmbeddedAndBesideTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-lottie-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = try Self.quadrantsJPEG(in: folder)
        let bytes = try Data(contentsOf: jpeg)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        func expectQuadrantsRoughly(_ frame: Bitmap) {
            let probes: [(Double, Double, (Double, Double, Double))] = [
                (20, 20, (1, 0, 0)), (80, 20, (0, 1, 0)), (20, 80, (0, 0, 1)), (80, 80, (1, 1, 1)),
            ]
            for (x, y, rgb) in probes {
                let c = frame.probe(x, y)
                #expect(
                    abs(c.red - rgb.0) < 0.1 && abs(c.green - rgb.1) < 0.1 && abs(c.blue - rgb.2) < 0.1 && c.alpha > 0.99,
                    "(\(x), \(y)): \(c)")
            }
        }
        let embedded = "data:image/jpeg;base64," + bytes.base64EncodedString()
        expectQuadrantsRoughly(try renderLottie(Self.animation(p: embedded), frame: 0))
        let file = folder.appendingPathComponent("anim.json")
        try Data(Self.animation(p: "q.jpg").utf8).write(to: file)
        let animation = try LottieAnimation(contentsOf: file)
        #expect(animation.unsupportedFeatures.isEmpty, "\(animation.unsupportedFeatures)")
        expectQuadrantsRoughly(try Renderer().render(animation.makeLayer().renderTree(at: 0), size: animation.size))
    }

    @Test func aBrokenJPEGFailsTheFrameWithLibjpegsMessageNotTheProcess() throws {
        // A JPEG start-of-image marker and nothing after it.
        let broken = "data:image/jpeg;base64," + Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).base64EncodedString()
        #expect(throws: (any Error).self) { try renderLottie(Self.animation(p: broken), frame: 0) }
    }
}
