import Testing

@testable import KinemaRender

@Suite("Shards of a render")
struct OutputShardTests {
    /// The N parts of M frames are consecutive, cover every frame once, and differ in size by
    /// at most one frame.
    @Test(arguments: [(10, 3), (300, 4), (7, 7), (5, 1), (3, 4), (100_000, 13)])
    func partsCoverTheFramesOnceInOrder(frames: Int, parts: Int) throws {
        var next = 0
        var sizes: [Int] = []
        for k in 1...parts {
            let range = try Shard(index: k, count: parts).frames(of: frames)
            #expect(range.lowerBound == next, "part \(k) of \(parts) starts at \(range.lowerBound), expected \(next)")
            next = range.upperBound
            sizes.append(range.count)
        }
        #expect(next == frames)
        #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
    }

    @Test func partsParseFromKOverN() throws {
        #expect(try Shard("2/4") == Shard(index: 2, count: 4))
        #expect(try Shard("2/4").frames(of: 300) == 75..<150)
        for bad in ["", "2", "0/4", "5/4", "-1/4", "2/0", "a/4", "2/4/1", " 2/4", "1/100001"] {
            #expect(throws: RenderError.self, "'\(bad)'") { try Shard(bad) }
            do {
                _ = try Shard(bad)
            } catch {
                guard case .invalidArgument(let name, _, _) = error else { Issue.record("\(error)"); continue }
                #expect(name == "shard")
            }
        }
    }

    @Test func segmentsAreNamedAndReadBack() throws {
        let shard = try Shard(index: 3, count: 12)
        #expect(shard.segmentPath(for: "out/film.mp4") == "out/film.3-of-12.mp4")
        #expect(shard.segmentPath(for: "a.b/film") == "a.b/film.3-of-12")
        #expect(Shard.ofSegment("out/film.3-of-12.mp4") == shard)
        #expect(Shard.ofSegment("/x/my.film.10-of-12.mp4") == (try Shard(index: 10, count: 12)))
        for name in ["film.mp4", "film.3-of-2.mp4", "film.3of12.mp4", "film.+3-of-12.mp4", "3-of-12.mp4", "film.a-of-2.mp4"] {
            #expect(Shard.ofSegment(name) == nil, "\(name)")
        }
    }

    /// A shard's PNG frames carry the whole render's numbers and digits.
    @Test func aShardsPNGFramesAreNumberedAsInTheWholeRender() throws {
        let sink = try PNGSink(path: "/tmp/out/film.png", frames: 120..<150, of: 300)
        #expect(sink.frameCount == 30)
        #expect(sink.path(forFrame: 0) == "/tmp/out/film-0120.png")
        #expect(sink.path(forFrame: 29) == "/tmp/out/film-0149.png")
        let long = try PNGSink(path: "f.png", frames: 9_999..<10_001, of: 12_000)
        #expect(long.path(forFrame: 1) == "f-10000.png")
        #expect(long.path(forFrame: 0) == "f-09999.png")
        // One frame of a longer render is still numbered; a one-frame render is the file itself.
        #expect(try PNGSink(path: "f.png", frames: 4..<5, of: 10).path(forFrame: 0) == "f-0004.png")
        #expect(try PNGSink(path: "f.png", frameCount: 1).path(forFrame: 0) == "f.png")
        #expect(throws: RenderError.self) { try PNGSink(path: "f.png", frames: 5..<12, of: 10) }
        #expect(throws: RenderError.self) { try PNGSink(path: "f.png", frames: 3..<3, of: 10) }
        #expect(throws: RenderError.self) { try PNGSink(path: "f.png", frameCount: -1) }
    }
}
