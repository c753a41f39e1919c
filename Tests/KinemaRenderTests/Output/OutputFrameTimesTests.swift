import KinemaRender
import Testing

/// A frame range and the frame count worked out by hand.
struct FrameTimesCase: CustomTestStringConvertible, Sendable {
    let id: String
    let from: Double
    let to: Double
    let fps: Double
    let count: Int
    /// Frame indices and their exact times.
    var spots: [(Int, Double)] = []
    var testDescription: String { id }

    static let all: [FrameTimesCase] = [
        FrameTimesCase(id: "3 s at 60 fps", from: 0, to: 3, fps: 60, count: 180, spots: [(0, 0), (60, 1), (179, 179.0 / 60)]),
        FrameTimesCase(id: "0.5 s at 10 fps, times from the index", from: 0, to: 0.5, fps: 10, count: 5, spots: [(3, 0.3), (4, 0.4)]),
        FrameTimesCase(id: "from 1 to 2 at 24 fps", from: 1, to: 2, fps: 24, count: 24, spots: [(0, 1), (12, 1.5)]),
        FrameTimesCase(id: "a range that is not a whole number of frames", from: 0.25, to: 1, fps: 30, count: 23, spots: [(0, 0.25)]),
        FrameTimesCase(id: "fractional fps 29.97 over 1 s", from: 0, to: 1, fps: 29.97, count: 30),
        FrameTimesCase(id: "fractional fps 7.5 over 0.5 s", from: 0, to: 0.5, fps: 7.5, count: 4),
        // (0.1 − 0) · 30 is 3.0000000000000004 in doubles; frame 3 would be at exactly 0.1, excluded.
        FrameTimesCase(id: "a product that rounds up", from: 0, to: 0.1, fps: 30, count: 3),
        FrameTimesCase(id: "a range shorter than one frame", from: 2, to: 2.001, fps: 60, count: 1, spots: [(0, 2)]),
        FrameTimesCase(id: "negative start", from: -1, to: 0, fps: 2, count: 2, spots: [(1, -0.5)]),
        FrameTimesCase(id: "1000 fps, the limit", from: 0, to: 0.01, fps: 1000, count: 10),
        FrameTimesCase(id: "100000 frames, the limit", from: 0, to: 100, fps: 1000, count: 100_000),
    ]
}

/// A range `FrameTimes` refuses, and the argument the error must name.
struct BadFrameTimes: CustomTestStringConvertible, Sendable {
    let id: String
    let from: Double
    let to: Double
    let fps: Double
    let name: String
    var testDescription: String { id }

    static let all: [BadFrameTimes] = [
        BadFrameTimes(id: "fps 0", from: 0, to: 1, fps: 0, name: "fps"),
        BadFrameTimes(id: "negative fps", from: 0, to: 1, fps: -30, name: "fps"),
        BadFrameTimes(id: "fps above 1000", from: 0, to: 1, fps: 1000.5, name: "fps"),
        BadFrameTimes(id: "fps NaN", from: 0, to: 1, fps: .nan, name: "fps"),
        BadFrameTimes(id: "fps infinite", from: 0, to: 1, fps: .infinity, name: "fps"),
        BadFrameTimes(id: "from NaN", from: .nan, to: 1, fps: 30, name: "from"),
        BadFrameTimes(id: "from −∞", from: -.infinity, to: 1, fps: 30, name: "from"),
        BadFrameTimes(id: "to ∞", from: 0, to: .infinity, fps: 30, name: "to"),
        BadFrameTimes(id: "to equal to from", from: 1, to: 1, fps: 30, name: "to"),
        BadFrameTimes(id: "to before from", from: 2, to: 1, fps: 30, name: "to"),
        BadFrameTimes(id: "100001 frames", from: 0, to: 100.001, fps: 1000, name: "frames"),
        BadFrameTimes(id: "a range too long to count", from: -1e308, to: 1e308, fps: 1000, name: "frames"),
    ]
}

@Suite("Output: frame times")
struct OutputFrameTimesTests {
    @Test("frames from the start, before the end, at i / fps", arguments: FrameTimesCase.all)
    func frames(row: FrameTimesCase) throws {
        let times = try FrameTimes(from: row.from, to: row.to, framesPerSecond: row.fps)
        #expect(times.count == row.count)
        #expect(Array(times).count == row.count)
        #expect(times.first == row.from)
        if let last = times.last {
            #expect(last < row.to, "the last frame \(last) is not before the end")
            #expect(row.from + Double(times.count) / row.fps >= row.to, "a frame before the end is missing")
        }
        for (index, time) in row.spots {
            #expect(times[index] == time, "frame \(index)")
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("bad ranges throw an error naming the argument", arguments: BadFrameTimes.all)
    func badRanges(row: BadFrameTimes) {
        #expect {
            _ = try FrameTimes(from: row.from, to: row.to, framesPerSecond: row.fps)
        } throws: { error in
            guard case .invalidArgument(let name, _, _) = error as? RenderError else { return false }
            return name == row.name
        }
    }
}
