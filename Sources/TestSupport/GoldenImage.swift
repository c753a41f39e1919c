import Foundation
import KinemaGraphics

/// How far a rendered image may differ from its golden image: no pixel channel (premultiplied,
/// 0–255) may differ by more than `maxChannelDifference`, except at most `allowedFraction` of
/// the pixels, which may differ by any amount.
public struct ImageTolerance: Sendable, CustomStringConvertible {
    /// The largest allowed difference of any channel of a pixel, in 8-bit steps.
    public var maxChannelDifference: Int
    /// The fraction of pixels (0…1) allowed to exceed `maxChannelDifference`.
    public var allowedFraction: Double

    public init(maxChannelDifference: Int, allowedFraction: Double) {
        self.maxChannelDifference = maxChannelDifference
        self.allowedFraction = allowedFraction
    }

    /// Pixel-exact.
    public static let exact = ImageTolerance(maxChannelDifference: 0, allowedFraction: 0)
    /// For frames with text and antialiased edges: a channel may be off by 3, and 0.5 % of the
    /// pixels by more (font rasteriser and pixman versions move edge pixels slightly).
    public static let rendering = ImageTolerance(maxChannelDifference: 3, allowedFraction: 0.005)

    public var description: String { "max channel difference \(maxChannelDifference), \(allowedFraction * 100) % of pixels exempt" }
}

/// The result of comparing an image with its golden file.
public enum GoldenResult: Equatable, Sendable {
    /// Within tolerance.
    case matches
    /// Recording was requested: the file was (re)written, and the check must fail.
    case recorded(path: String)
    /// No golden file, and recording was not requested.
    case missing(path: String)
    /// Outside tolerance: what differed, and where the actual and difference images went.
    case differs(String)
}

/// Golden images under `Tests/<Target>/__Snapshots__/<Suite>/<name>.png`, compared with a stated
/// tolerance. Set `KINEMA_RECORD_GOLDENS=1` to (re)record them; a recording run fails each check
/// it records, so it cannot pass silently. On a mismatch the actual image and a difference image
/// (red where a pixel is outside tolerance) are written to `.build/golden-failures/`.
public enum GoldenImage {
    /// Whether this run records goldens.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["KINEMA_RECORD_GOLDENS"] == "1" }

    /// Compares `image` with the golden `name` of `suite`, for a test in the file at `filePath`.
    public static func check(
        _ image: Bitmap, suite: String, name: String, tolerance: ImageTolerance, filePath: String = #filePath
    ) -> GoldenResult {
        let testsDir = targetDirectory(containing: filePath)
        let dir = testsDir.appendingPathComponent("__Snapshots__").appendingPathComponent(suite)
        let path = dir.appendingPathComponent(name + ".png").path
        if isRecording {
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            do { try image.writePNG(to: path) } catch { return .differs("could not record \(path): \(error)") }
            return .recorded(path: path)
        }
        guard FileManager.default.fileExists(atPath: path) else { return .missing(path: path) }
        let golden: Bitmap
        do { golden = try Bitmap(pngFile: path) } catch { return .differs("unreadable golden \(path): \(error)") }
        guard golden.width == image.width, golden.height == image.height else {
            return .differs("size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)")
        }
        let comparison = compare(image, golden, tolerance: tolerance)
        guard comparison.outside > Int(Double(image.width * image.height) * tolerance.allowedFraction) else { return .matches }
        let failures = testsDir.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/golden-failures/\(suite)")
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualPath = failures.appendingPathComponent(name + ".actual.png").path
        let diffPath = failures.appendingPathComponent(name + ".diff.png").path
        try? image.writePNG(to: actualPath)
        try? comparison.diff.writePNG(to: diffPath)
        return .differs(
            "\(comparison.outside) pixels outside tolerance (\(tolerance)); largest difference \(comparison.largest); "
                + "actual: \(actualPath), difference: \(diffPath)")
    }

    /// The test target's folder (`Tests/<Target>/`) of the test file at `filePath`, which may lie
    /// in a subfolder of it (`Tests/KinemaUITests/Gestures/…`): the folder whose parent is `Tests`.
    static func targetDirectory(containing filePath: String) -> URL {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        var candidate = folder
        while candidate.pathComponents.count > 1 {
            if candidate.deletingLastPathComponent().lastPathComponent == "Tests" { return candidate }
            candidate = candidate.deletingLastPathComponent()
        }
        return folder
    }

    /// Counts pixels whose largest channel difference exceeds the tolerance, and draws them red.
    static func compare(_ a: Bitmap, _ b: Bitmap, tolerance: ImageTolerance) -> (outside: Int, largest: Int, diff: Bitmap) {
        let diff = a.copy()
        var outside = 0, largest = 0
        for y in 0..<a.height {
            let ra = a.row(y), rb = b.row(y), rd = diff.row(y)
            for x in 0..<a.width {
                var d = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    d = max(d, abs(Int((ra[x] >> shift) & 0xff) - Int((rb[x] >> shift) & 0xff)))
                }
                largest = max(largest, d)
                if d > tolerance.maxChannelDifference {
                    outside += 1
                    rd[x] = 0xffff_0000
                } else {
                    // Faded actual pixel for context.
                    rd[x] = (ra[x] >> 2) & 0x3f3f_3f3f
                }
            }
        }
        return (outside, largest, diff)
    }
}
