/// What a live session measured: frames presented and dropped, and the work each frame took.
public struct FrameStatistics: Hashable, Sendable {
    /// Frames shown.
    public private(set) var framesPresented = 0
    /// 60 Hz frames that passed without a new picture (a frame's work, or the machine, ran late).
    public private(set) var framesDropped = 0
    /// Each presented frame's work (events, advance, render, copy to the window's surface; not
    /// sending it to the display), seconds.
    public private(set) var workTimes: [Double] = []
    /// The signal that ended the session (with ``LiveSession/stopsOnSignals``), or `nil`.
    public internal(set) var stopSignal: Int32?

    /// The refresh interval dropped frames are counted against: 1/60 s.
    public static let interval = 1.0 / 60

    public init() {}

    /// Records a presented frame whose work took `work` seconds and that followed the previous
    /// one after `gap` seconds of wall time (`nil` for the first).
    public mutating func record(work: Double, gap: Double?) {
        framesPresented += 1
        if work.isFinite { workTimes.append(max(0, work)) }
        if let gap, gap.isFinite, gap > 1.5 * Self.interval {
            framesDropped += Int((gap / Self.interval).rounded()) - 1
        }
    }

    /// The `p`-quantile (0…1) of the frames' work, seconds; 0 without frames. The nearest-rank
    /// method: the smallest time at least `p` of the frames do not exceed.
    public func workQuantile(_ p: Double) -> Double {
        guard !workTimes.isEmpty else { return 0 }
        let sorted = workTimes.sorted()
        let rank = Int((min(max(p, 0), 1) * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// One line for `--stats`: frames presented and dropped, p50 and p99 work in ms.
    public var summary: String {
        let p50 = workQuantile(0.5) * 1000, p99 = workQuantile(0.99) * 1000
        return "frames presented \(framesPresented), dropped \(framesDropped), work p50 \(format(p50)) ms, p99 \(format(p99)) ms"
    }

    private func format(_ ms: Double) -> String {
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
