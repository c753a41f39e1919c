import KinemaGeometry
import KinemaScenes
import KinemaUI

/// A scene document played live: its script's steps and touches happen at their times, and
/// live input mixes with them. The restart key builds the scene anew from the document.
public final class SceneContent: LiveContent {
    /// The document played (without its scripted touches when those were dropped).
    public let document: SceneDocument
    /// The scene at the current time.
    public private(set) var scene: Scene

    /// Plays `document`; with `scriptedTouches` `false` its scripted touches are dropped, so
    /// that only live input touches the scene.
    public init(document: SceneDocument, scriptedTouches: Bool = true) {
        var document = document
        if !scriptedTouches {
            for i in document.script.indices { document.script[i].touches = [] }
        }
        self.document = document
        self.scene = Scene(document: document)
    }

    public var window: Window { scene.window }
    public var background: Color? { document.background }

    public func advance(to t: Double) {
        scene.advance(to: t)
    }

    public func restarted() -> (any LiveContent)? {
        SceneContent(document: document)
    }
}
