import Foundation
import KinemaGraphics
import KinemaLayers

/// The images a decoder has met, so that each is read once however many assets name it: one
/// ``EncodedImage`` per archived file and per distinct embedded image, one path per file beside
/// the animation (two names of one file give the first name).
final class LottieImageSources {
    /// Images that came with the file (a `.lottie` archive's), by their name in its images folder.
    var archived: [String: EncodedImage] = [:]
    /// Embedded images by the base64 text of their `data:` URL.
    private var embedded: [Substring: EncodedImage] = [:]
    /// The first path naming each file beside the animation, by device and inode.
    private var pathsByFile: [[UInt64]: String] = [:]
    /// The paths of the files beside the animation that image assets name, in file order.
    private(set) var files: [String] = []

    /// How many bytes an image file's start is read to find its size: a JPEG's frame header
    /// follows its metadata (EXIF, ICC profile), rarely more than 64 KiB of it.
    static let headerBytes = 64 << 10

    /// The image in `base64` (a `data:` URL's text after the comma), decoded the first time.
    func embeddedImage(_ base64: Substring) -> EncodedImage? {
        if let known = embedded[base64] { return known }
        guard let data = Data(base64Encoded: String(base64), options: .ignoreUnknownCharacters) else { return nil }
        let image = EncodedImage(bytes: [UInt8](data))
        embedded[base64] = image
        return image
    }

    /// Notes that an asset names the file at `path` (whether or not it can be read).
    func named(_ path: String) { files.append(path) }

    /// The path to draw the file `head` was read from by: the first path that named that file.
    func path(for head: InputFile.Head, at path: String) -> String {
        let key = [head.device, head.inode]
        if let first = pathsByFile[key] { return first }
        pathsByFile[key] = path
        return path
    }
}

extension LottieDecoder {
    /// An image asset (`{id, w, h, u, p, e}`): embedded as a `data:` URL, in the `.lottie`
    /// archive that held the file, or a file beside it (`u` + `p`, relative to the file's
    /// folder). PNG and JPEG images are drawn; others, and files that cannot be found, are
    /// reported.
    ///
    /// Only an image's header is read here: its size is checked against the limits every image
    /// has (``InputFile/imageSizeLimit`` bytes for a file, at most
    /// ``GraphicsError/maximumImagePixels`` pixels and ``GraphicsError/maximumDimension`` on a
    /// side), and an image over them is an error at the asset's `p`. The renderer decodes the
    /// pixels once per image, however many assets and layers show it.
    func decodeImage(_ asset: LottieNode, id: String) -> LottieImage? {
        guard let p = asset.string("p") else {
            log.unsupported(asset.path, "asset '\(id)' is neither a precomposition (layers) nor an image (p)")
            return nil
        }
        let w = asset.optionalNumber("w") ?? 0, h = asset.optionalNumber("h") ?? 0
        guard w > 0, h > 0, w <= 16384, h <= 16384 else {
            log.error(asset.path.key("w"), "expected the image's width and height in (0, 16384] pixels, got \(w) × \(h)")
            return nil
        }
        let u = asset.string("u") ?? ""
        let path = asset.path.key("p")
        let limit = InputFile.describe(bytes: InputFile.imageSizeLimit)
        let header: [UInt8]
        let image: LottieImage
        if p.hasPrefix("data:") {
            let base64 = p.firstIndex(of: ",").map { p[p.index(after: $0)...] } ?? ""
            // Base64 is 4 characters for every 3 bytes.
            guard base64.utf8.count / 4 * 3 <= InputFile.imageSizeLimit else {
                log.error(path, "image asset '\(id)': the data: URL holds more than the \(limit) an image may have")
                return nil
            }
            guard let encoded = imageSources.embeddedImage(base64) else {
                log.unsupported(path, "image asset '\(id)': expected a base64 data: URL (data:image/png;base64,…)")
                return nil
            }
            header = encoded.bytes
            image = LottieImage(width: w, height: h, source: "the data: URL at \(path)", encoded: encoded)
        } else if let archived = imageSources.archived[p] ?? imageSources.archived[Self.joined(u, p)] {
            let name = imageSources.archived[p] != nil ? p : Self.joined(u, p)
            header = archived.bytes
            image = LottieImage(width: w, height: h, source: "\(name) in the .lottie archive", encoded: archived)
        } else if let directory, !p.isEmpty {
            let file = Self.joined(Self.joined(directory, u), p)
            imageSources.named(file)
            guard FileManager.default.fileExists(atPath: file) else {
                log.unsupported(path, "image asset '\(id)': cannot read '\(file)'; the layer draws nothing")
                return nil
            }
            let head: InputFile.Head
            do {
                head = try InputFile.readHead(file, count: LottieImageSources.headerBytes, limit: InputFile.imageSizeLimit)
            } catch {
                log.error(path, "image asset '\(id)': \(error)")
                return nil
            }
            header = head.bytes
            image = LottieImage(width: w, height: h, source: imageSources.path(for: head, at: file), encoded: nil)
        } else {
            log.unsupported(
                path, "image asset '\(id)': the file '\(u)\(p)' is not embedded, and the animation was not read from a folder")
            return nil
        }
        guard header.starts(with: [0x89, 0x50, 0x4E, 0x47]) || Bitmap.looksLikeJPEG(header) else {
            log.unsupported(path, "image asset '\(id)': only PNG and JPEG images are drawn")
            return nil
        }
        do {
            _ = try Bitmap.imageSize(header: header, name: image.source)
        } catch {
            log.error(path, "image asset '\(id)': \(error)")
            return nil
        }
        return image
    }

    /// `a` and `b` joined by one slash (`b` alone when `a` is empty).
    static func joined(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return b }
        let head = a.hasSuffix("/") ? String(a.dropLast()) : a
        let tail = b.hasPrefix("/") ? String(b.dropFirst()) : b
        return head + "/" + tail
    }
}
