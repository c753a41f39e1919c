import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaLottie
import KinemaScenes

/// What `render`, `inspect` and `validate` read: a Kinema scene, or a Lottie animation (Bodymovin
/// JSON, a `.lottie` archive or a `.tgs` sticker), told apart by content.
enum RenderSource {
    case scene(SceneDocument)
    case lottie(LottieAnimation)

    /// The frame's size in points (a Lottie composition's pixels).
    var size: Size {
        switch self {
        case .scene(let document): document.size
        case .lottie(let animation): animation.size
        }
    }

    /// Pixels per point when `--scale` is not given: the scene's, or 1 for Lottie.
    var defaultScale: Double {
        switch self {
        case .scene(let document): document.scale
        case .lottie: 1
        }
    }

    /// The length of a render without `--to`, seconds.
    var duration: Double {
        switch self {
        case .scene(let document): document.duration
        case .lottie(let animation): animation.duration
        }
    }

    /// The files the source reads besides itself (a scene's images, a Lottie animation's image
    /// files).
    var files: [String] {
        switch self {
        case .scene(let document): document.files
        case .lottie(let animation): animation.files
        }
    }

    /// A function that gives the layer tree to draw at a time; one per rendering thread, as each
    /// keeps its own layers.
    func makeTreeSource() -> (Double) -> RenderNode {
        switch self {
        case .scene(let document):
            let scene = Scene(document: document)
            return { t in
                scene.advance(to: t)
                return scene.rootLayer.renderTree(at: t)
            }
        case .lottie(let animation):
            let root = animation.makeLayer()
            return { t in root.renderTree(at: t) }
        }
    }

    /// The scene, for commands that only play scenes; an error naming `command` for Lottie.
    func sceneDocument(for command: String) throws -> SceneDocument {
        guard case .scene(let document) = self else {
            throw CommandFailure(
                message: "error: `kinema \(command)` plays scene files; Lottie files work with render, inspect and validate")
        }
        return document
    }
}
