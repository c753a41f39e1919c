import Foundation
import KinemaJSON
import KinemaLottie

extension SceneDocument {
    /// A scene that plays the Lottie file at `path` in a `lottie` view filling the frame, looping
    /// and starting at once, on `background`: what `kinema play ANIM.json` shows. The scene is the
    /// composition's size at one pixel per point and lasts one loop.
    ///
    /// - Throws: ``SceneError`` naming the file when it cannot be read or played.
    public static func playing(lottieFile path: String, background: String = "#FFFFFF") throws(SceneError) -> SceneDocument {
        let animation: LottieAnimation
        do {
            animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SceneError(issues: error.problems)
        }
        let size = animation.size
        let view: JSONValue = .object([
            ("id", .string("animation")), ("type", .string("lottie")),
            ("frame", .array([.number(0), .number(0), .number(size.width), .number(size.height)])),
            ("animation", .string(URL(fileURLWithPath: path).lastPathComponent)), ("loopMode", .string("loop")), ("playing", .bool(true)),
        ])
        let scene: JSONValue = .object([
            ("kinema", .number(1)), ("size", .array([.number(size.width), .number(size.height)])), ("scale", .number(1)),
            ("background", .string(background)), ("duration", .number(max(animation.duration, 0.01))), ("views", .array([view])),
        ])
        let folder = (path as NSString).deletingLastPathComponent
        return try decode(JSONWriter.compact(scene), directory: folder.isEmpty ? "." : folder, checkingFiles: true)
    }
}
