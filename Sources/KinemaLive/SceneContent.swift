import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaScenes
import KinemaUI

/// A scene document played live: its script's steps and touches happen at their times, and
/// live input mixes with them. The restart key builds the scene anew from the document. Made
/// from a file, it watches the file and the image files it names: a valid save replaces the
/// scene (the player carries on at the same scene time), an invalid one, or one caught
/// half-written, keeps the last good scene.
public final class SceneContent: LiveContent {
    /// The document played (without its scripted touches when those were dropped).
    public let document: SceneDocument
    /// The scene at the current time.
    public private(set) var scene: Scene
    /// The scene file, when the document came from one.
    public let path: String?
    private let scriptedTouches: Bool
    private var lastSeen: Data?
    /// The size and modification time of each image file the scene names, when last looked at.
    private var imageStamps: [String: FileStamp]

    /// Plays `document`; with `scriptedTouches` `false` its scripted touches are dropped, so
    /// that only live input touches the scene.
    public convenience init(document: SceneDocument, scriptedTouches: Bool = true) {
        self.init(document: document, path: nil, data: nil, scriptedTouches: scriptedTouches)
    }

    /// Plays the scene file at `path` and watches it for changes.
    ///
    /// - Throws: `SceneError` with every problem, as `kinema validate` reports them.
    public convenience init(path: String, scriptedTouches: Bool = true) throws(SceneError) {
        let document = try SceneDocument.load(path: path)
        let data = Self.read(path)
        self.init(document: document, path: path, data: data, scriptedTouches: scriptedTouches)
    }

    private init(document: SceneDocument, path: String?, data: Data?, scriptedTouches: Bool) {
        self.document = Self.prepared(document, scriptedTouches: scriptedTouches)
        self.scene = Scene(document: self.document)
        self.path = path
        self.scriptedTouches = scriptedTouches
        self.lastSeen = data
        self.imageStamps = path == nil ? [:] : FileStamp.of(document.files)
    }

    private static func prepared(_ document: SceneDocument, scriptedTouches: Bool) -> SceneDocument {
        var document = document
        if !scriptedTouches {
            for i in document.script.indices { document.script[i].touches = [] }
        }
        return document
    }

    public var window: Window { scene.window }
    public var background: Color? { document.background }

    public func advance(to t: Double) {
        scene.advance(to: t)
    }

    public func restarted() -> (any LiveContent)? {
        // `document` has its scripted touches dropped already, if they were.
        SceneContent(document: document, path: path, data: lastSeen, scriptedTouches: true)
    }

    /// The scene file's bytes, read as `SceneDocument.load` reads it (a regular file within the
    /// size limit), or `nil`.
    private static func read(_ path: String) -> Data? {
        (try? InputFile.read(path, limit: InputFile.sceneSizeLimit)).map { Data($0) }
    }

    /// Reads the file again and looks at the images it names; reports a change in the file's
    /// bytes, or in an image's size or modification time (an image that appears, disappears or
    /// is saved again). A scene file that cannot be read right now (an editor between deleting
    /// and writing it) counts as unchanged.
    public func reloadIfChanged() -> LiveReload? {
        guard let path, let data = Self.read(path) else { return nil }
        guard data != lastSeen || FileStamp.of(Array(imageStamps.keys)) != imageStamps else { return nil }
        lastSeen = data
        do {
            // Decoded from the bytes just compared, so a save landing in between is seen next time.
            let document = try Self.decode(data, path: path)
            return .reloaded(SceneContent(document: document, path: path, data: data, scriptedTouches: scriptedTouches))
        } catch {
            // Look at the images again only when the scene changes, or they are fixed.
            imageStamps = FileStamp.of(Array(imageStamps.keys))
            return .failed(problems: error.issues.map(\.description))
        }
    }

    private static func decode(_ data: Data, path: String) throws(SceneError) -> SceneDocument {
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(issues: [SceneIssue(path: "$", message: "the scene file is not UTF-8 text")])
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try SceneDocument.decode(text, directory: directory.isEmpty ? "." : directory, checkingFiles: true)
    }
}

/// What is cheaply known of a file without reading it: its size and modification time; `nil`
/// fields for a file that is not there.
struct FileStamp: Equatable {
    var size: Int?
    var modified: Date?

    /// The stamp of each file in `paths`.
    static func of(_ paths: [String]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            stamps[path] = FileStamp(
                size: (attributes?[.size] as? NSNumber)?.intValue, modified: attributes?[.modificationDate] as? Date)
        }
        return stamps
    }
}
