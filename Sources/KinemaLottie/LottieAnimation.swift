import Foundation
import KinemaGeometry
import KinemaJSON
import KinemaLayers

/// A Lottie animation (Bodymovin JSON), decoded and ready to build layers. Mirrors lottie-ios's
/// `LottieAnimation`.
///
/// ```swift
/// let animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: "heart.json"))
/// let layer = animation.makeLayer()          // time 0 is the composition's in point
/// let frame = try Renderer().render(layer.renderTree(at: 0.5), size: animation.size, scale: 2)
/// ```
///
/// Features Kinema does not draw are listed in ``unsupportedFeatures`` with their JSON paths;
/// the rest of the file still draws.
public final class LottieAnimation: Sendable {
    let document: LottieDocument
    /// Features of the file that are not drawn (or drawn as lottie-ios draws them, differing from
    /// other players), each at its JSON path, in file order.
    public let unsupportedFeatures: [LottieProblem]

    /// The playback settings of a `.lottie` archive's manifest, or `nil` for other files.
    public let dotLottieSettings: DotLottieSettings?
    /// The files the animation reads besides itself: the image files beside it that its image
    /// assets name (`u` + `p`), each joined to the image directory it was decoded with (so
    /// relative when that is), sorted, each once. Files that cannot be found are listed too;
    /// images embedded in the file or its `.lottie` archive are not files. Empty when the
    /// animation was decoded without an image directory.
    public let files: [String]

    /// Decodes Lottie JSON, a `.lottie` archive (ZIP) or a `.tgs` sticker (gzip), told apart by
    /// their first bytes.
    ///
    /// - Throws: ``LottieError`` listing every problem with its JSON path (`fr: missing; …`),
    ///   or the place where the file passes one of ``LottieLimits``.
    public convenience init(data: Data) throws(LottieError) {
        try self.init(data: data, imageDirectory: nil)
    }

    /// Decodes a Lottie file whose image files (an image asset's `u` + `p`) are found relative
    /// to `imageDirectory` (what lottie-ios's `FilepathImageProvider` does); `nil` draws only
    /// images embedded in the file or its `.lottie` archive.
    public init(data: Data, imageDirectory directory: String?) throws(LottieError) {
        let contents = try LottieContainer.open(data)
        if let list = LottieScan(contents.json).listPassingLayerLimit {
            throw LottieError(list, LottieDecoder.tooManyLayers)
        }
        guard let text = String(data: contents.json, encoding: .utf8) else {
            throw LottieError("$", "expected Lottie JSON text in UTF-8")
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(text)
        } catch {
            throw LottieError("$", "not JSON: \(error)")
        }
        var decoder = LottieDecoder()
        decoder.directory = directory
        decoder.imageSources.archived = contents.archivedImages
        let document = decoder.decodeRoot(LottieNode(value: json, path: .root, log: decoder.log))
        guard let document, decoder.log.errors.problems.isEmpty else {
            throw LottieError(
                problems: decoder.log.errors.problems.isEmpty
                    ? [LottieProblem(path: "$", message: "not a Lottie animation")] : decoder.log.errors.problems)
        }
        // Building once finds what only the builder knows (missing assets, parents) and what
        // the file costs once expanded (LottieLimits).
        _ = LottieLayerBuilder(document: document, log: decoder.log).makeRoot()
        guard decoder.log.errors.problems.isEmpty else { throw LottieError(problems: decoder.log.errors.problems) }
        self.document = document
        self.unsupportedFeatures = decoder.log.unsupportedFeatures
        self.dotLottieSettings = contents.settings
        self.files = Array(Set(decoder.imageSources.files)).sorted()
    }

    /// Reads and decodes a Lottie JSON file.
    ///
    /// - Throws: ``LottieError`` naming the file when it cannot be read, or every problem in it.
    public convenience init(contentsOf url: URL) throws(LottieError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LottieError("$", "cannot read '\(url.path)': \(error.localizedDescription)")
        }
        try self.init(data: data, imageDirectory: url.deletingLastPathComponent().path)
    }

    /// Whether `data` is a Lottie file rather than another JSON document (a Kinema scene): a
    /// ZIP archive (`.lottie`), gzip (`.tgs`), or a JSON object with Lottie's `fr`, `op` and
    /// `layers` and without a scene's `kinema`. Reads the top-level keys without parsing the
    /// document, which the decoder then parses once; JSON that is not well formed is told apart
    /// by the same keys, and its error comes from decoding it.
    public static func isLottie(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x1F, 0x8B]) { return true }
        let scan = LottieScan(data)
        let keys = scan.topLevelKeys
        return scan.isObject && keys.isSuperset(of: ["fr", "op", "layers"]) && !keys.contains("kinema")
    }

    /// A new layer tree playing the animation: the composition's size, its time 0 at
    /// ``startFrame``. Each call builds a separate tree (one per rendering thread).
    public func makeLayer() -> Layer {
        LottieLayerBuilder(document: document, log: LottieLog()).makeRoot()
    }

    /// The first frame (`ip`).
    public var startFrame: Double { document.inPoint }
    /// The frame where playback ends (`op`).
    public var endFrame: Double { document.outPoint }
    /// Frames per second (`fr`).
    public var framerate: Double { document.frameRate }
    /// The length in seconds: (`op` − `ip`) / `fr`.
    public var duration: Double { (endFrame - startFrame) / framerate }
    /// The composition's size in points (`w`, `h`).
    public var size: Size { Size(width: document.width, height: document.height) }
    /// The composition's bounds, at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }
    /// The file's markers.
    public var markers: [LottieMarker] { document.markers }
    /// The markers' names, in file order.
    public var markerNames: [String] { document.markers.map(\.name) }

    /// The frame a fraction `progress` of the way from ``startFrame`` to ``endFrame``.
    public func frameTime(forProgress progress: Double) -> Double { startFrame + (endFrame - startFrame) * progress }
    /// The progress (0 at ``startFrame``, 1 at ``endFrame``) of `frame`.
    public func progressTime(forFrame frame: Double) -> Double { (frame - startFrame) / (endFrame - startFrame) }
    /// The time in seconds from ``startFrame`` of `frame`.
    public func time(forFrame frame: Double) -> Double { (frame - startFrame) / framerate }
    /// The frame at `time` seconds from ``startFrame``.
    public func frameTime(forTime time: Double) -> Double { startFrame + time * framerate }
}

extension LottieDocument: @unchecked Sendable {}
