import Foundation

extension LottieDecoder {
    /// An image asset (`{id, w, h, u, p, e}`): embedded as a `data:` URL, in the `.lottie`
    /// archive that held the file, or a file beside it (`u` + `p`, relative to the file's
    /// folder). PNG and JPEG images are drawn; others, and files that cannot be found, are
    /// reported.
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
        let bytes: Data?
        var source: String?
        if p.hasPrefix("data:") {
            source = p
            bytes = p.firstIndex(of: ",").flatMap {
                Data(base64Encoded: String(p[p.index(after: $0)...]), options: .ignoreUnknownCharacters)
            }
        } else if let archived = archivedImages[p] ?? archivedImages[Self.joined(u, p)] {
            bytes = archived
            let type = archived.starts(with: [0xFF, 0xD8, 0xFF]) ? "jpeg" : "png"
            source = "data:image/\(type);base64," + archived.base64EncodedString()
        } else if let directory, !p.isEmpty {
            let path = Self.joined(Self.joined(directory, u), p)
            bytes = FileManager.default.contents(atPath: path)
            source = path
            if bytes == nil {
                log.unsupported(asset.path.key("p"), "image asset '\(id)': cannot read '\(path)'; the layer draws nothing")
                return nil
            }
        } else {
            log.unsupported(
                asset.path.key("p"),
                "image asset '\(id)': the file '\(u)\(p)' is not embedded, and the animation was not read from a folder")
            return nil
        }
        guard let bytes, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            log.unsupported(asset.path.key("p"), "image asset '\(id)': only PNG and JPEG images are drawn")
            return nil
        }
        return source.map { LottieImage(width: w, height: h, source: $0) }
    }

    /// `a` and `b` joined by one slash (`b` alone when `a` is empty).
    static func joined(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return b }
        let head = a.hasSuffix("/") ? String(a.dropLast()) : a
        let tail = b.hasPrefix("/") ? String(b.dropFirst()) : b
        return head + "/" + tail
    }
}
