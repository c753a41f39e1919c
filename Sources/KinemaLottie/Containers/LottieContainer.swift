import Foundation
import KinemaLayers

/// The three ways Lottie animations are stored, told apart by their first bytes:
///
/// * a `.lottie` file (dotLottie) is a ZIP archive, starting with a local file header `PK\3\4`,
///   with a `manifest.json`, the animations' JSON and their images;
/// * a `.tgs` file (a Telegram sticker) is gzip-compressed Lottie JSON, starting `1f 8b`;
/// * anything else is taken to be Lottie JSON itself.
///
/// ```swift
/// let contents = try LottieContainer.open(Data(contentsOf: url))
/// // contents.json: the animation's JSON; contents.images["img_0.png"]: an image's bytes
/// ```
///
/// Everything is read from memory; nothing is written to disk, so archive entry names never
/// become file paths. Unsafe or oversized archives are refused (see ``open(_:)``).
public enum LottieContainer {
    /// Which container the data was in.
    public enum Kind: Hashable, Sendable {
        /// Plain Lottie JSON.
        case json
        /// A `.lottie` ZIP archive.
        case dotLottie
        /// A `.tgs` Telegram sticker: gzip of Lottie JSON.
        case telegramSticker
    }

    /// What a container holds.
    public struct Contents: Equatable, Sendable {
        /// Which container it was.
        public var kind: Kind
        /// The animation's Lottie JSON (for plain JSON, the data unchanged).
        public var json: Data
        /// The images a dotLottie archive carries beside the animation, keyed by their path
        /// inside its image folder (`img_0.png`), which is what image assets' `p` names. Empty for
        /// the other kinds. Each read makes copies of the bytes; the animation shares one.
        public var images: [String: Data] {
            get { archivedImages.mapValues { Data($0.bytes) } }
            set { archivedImages = newValue.mapValues { EncodedImage(bytes: [UInt8]($0)) } }
        }
        /// How the dotLottie manifest asks for the animation to be played; `nil` for the other kinds.
        public var settings: DotLottieSettings?
        /// The images, each held once, as the animation's layers share them.
        var archivedImages: [String: EncodedImage]

        init(kind: Kind, json: Data, images: [String: EncodedImage], settings: DotLottieSettings?) {
            self.kind = kind
            self.json = json
            self.archivedImages = images
            self.settings = settings
        }

        /// Equal when of the same kind with the same JSON, image bytes and settings.
        public static func == (a: Contents, b: Contents) -> Bool {
            a.kind == b.kind && a.json == b.json && a.settings == b.settings && a.archivedImages.count == b.archivedImages.count
                && a.archivedImages.allSatisfy { name, image in b.archivedImages[name]?.bytes == image.bytes }
        }
    }

    /// Unpacks `data`, detecting its container by its first bytes.
    ///
    /// A dotLottie's animation is the manifest's `activeAnimationId`, else its first animation.
    /// Archives are refused when they are truncated or corrupt, use ZIP64, encryption or a
    /// compression method other than stored or Deflate, hold entries named with `..`, an
    /// absolute path or backslashes, or symbolic links, or when a file declares more than
    /// 64 MiB uncompressed, all together more than 256 MiB, or inflates to another size than
    /// it declares. A `.tgs` may inflate to at most 64 MiB.
    ///
    /// - Throws: ``LottieError`` at `archive` or `archive:NAME` (the entry) saying what was
    ///   expected. Plain JSON is never checked here: decoding it reports its problems.
    public static func open(_ data: Data) throws(LottieError) -> Contents {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return try openDotLottie([UInt8](data))
        }
        if data.starts(with: GzipMember.magic) {
            let json = try GzipMember.decompress([UInt8](data))
            return Contents(kind: .telegramSticker, json: Data(json), images: [:], settings: nil)
        }
        return Contents(kind: .json, json: data, images: [:], settings: nil)
    }

    private static func openDotLottie(_ bytes: [UInt8]) throws(LottieError) -> Contents {
        let archive = try ZipArchive(bytes)
        guard let manifestEntry = archive.entry(named: "manifest.json") else {
            throw LottieError("archive", "expected manifest.json at the root of the dotLottie archive")
        }
        let manifest = try DotLottieManifest(archive.contents(of: manifestEntry))
        guard let animationEntry = archive.entry(named: manifest.animationPath) else {
            throw LottieError(
                "archive:\(manifest.animationPath)",
                "missing: the manifest (version \(manifest.majorVersion)) names animation '\(manifest.settings.animationID)', "
                    + "expected at \(manifest.animationPath)")
        }
        let json = try archive.contents(of: animationEntry)
        var images: [String: EncodedImage] = [:]
        for entry in archive.entries where entry.name.hasPrefix(manifest.imageFolder) && !entry.isFolder {
            images[String(entry.name.dropFirst(manifest.imageFolder.count))] = EncodedImage(bytes: try archive.contents(of: entry))
        }
        return Contents(kind: .dotLottie, json: Data(json), images: images, settings: manifest.settings)
    }
}
