/// One of `count` equal, consecutive parts of a render's frames, for rendering them on several
/// machines and joining the results (`kinema render --shard K/N`, then `kinema join`).
///
/// Frames are independent and the same on every run and machine, so part `index` of `count`
/// renders frames `⌊(index − 1)·M / count⌋ ..< ⌊index·M / count⌋` of the `M` frames, and the
/// parts together are the whole render:
///
/// ```swift
/// let shard = try Shard("2/3")
/// shard.frames(of: 10)  // 3..<6
/// shard.segmentPath(for: "out/film.mp4")  // "out/film.2-of-3.mp4"
/// ```
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 1 to ``count``.
    public let index: Int
    /// How many parts, at least 1.
    public let count: Int

    /// The most parts a render may be cut into.
    public static let maximumCount = FrameTimes.maximumFrameCount

    /// Part `index` of `count`.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` naming `shard` unless
    ///   1 ≤ `index` ≤ `count` ≤ ``maximumCount``.
    public init(index: Int, count: Int) throws(RenderError) {
        guard count >= 1, count <= Shard.maximumCount, index >= 1, index <= count else {
            throw .invalidArgument(
                name: "shard", expected: "K/N with 1 ≤ K ≤ N ≤ \(Shard.maximumCount) (the K-th of N parts)", got: "\(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, as `--shard` takes it.
    ///
    /// - Throws: ``RenderError/invalidArgument(name:expected:got:)`` naming `shard` for text
    ///   that is not two whole numbers around a slash, or out of range.
    public init(_ text: String) throws(RenderError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw .invalidArgument(name: "shard", expected: "K/N, two whole numbers such as 2/4 (the K-th of N parts)", got: "'\(text)'")
        }
        try self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// The indices of this part's frames among `frameCount`; empty when there are fewer frames
    /// than parts and this one gets none.
    public func frames(of frameCount: Int) -> Range<Int> {
        let m = max(frameCount, 0)
        return (index - 1) * m / count..<index * m / count
    }

    /// The file this part of a video goes to: `output` with `.K-of-N` before its extension
    /// (`film.mp4` → `film.2-of-4.mp4`).
    public func segmentPath(for output: String) -> String {
        let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
        let tag = ".\(index)-of-\(count)"
        guard let dot = output[slash...].lastIndex(of: "."), dot != slash else { return output + tag }
        return String(output[..<dot]) + tag + String(output[dot...])
    }

    /// The part a segment's file name says it holds (`film.2-of-4.mp4` → 2/4), or `nil` when
    /// the name has no `.K-of-N` before its extension.
    public static func ofSegment(_ path: String) -> Shard? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<dot]
        guard let tagDot = stem.lastIndex(of: ".") else { return nil }
        let tag = stem[stem.index(after: tagDot)...].split(separator: "-", omittingEmptySubsequences: false)
        guard tag.count == 3, tag[1] == "of", let k = Int(tag[0]), let n = Int(tag[2]), tag[0].allSatisfy(\.isNumber) else {
            return nil
        }
        return try? Shard(index: k, count: n)
    }
}
