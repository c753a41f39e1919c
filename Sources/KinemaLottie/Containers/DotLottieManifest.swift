import KinemaJSON

/// A dotLottie `manifest.json` (dotlottie.io's structure page): which animation to play, where
/// its files are, and how to play it.
///
/// The animation is `activeAnimationId` when present, else the first of `animations`. Version 1
/// archives keep animations in `animations/` and images in `images/`; from manifest `version` 2
/// on they are `a/` and `i/`, as lottie-ios's `DotLottieFile` reads them.
struct DotLottieManifest {
    /// The major version (`"1.0"` → 1, `"2"` → 2); 1 when the manifest has none.
    var majorVersion: Int
    /// The chosen animation's id and playback settings.
    var settings: DotLottieSettings

    /// The folder of the animations' JSON files, with its trailing `/`.
    var animationFolder: String { majorVersion >= 2 ? "a/" : "animations/" }
    /// The folder of the images, with its trailing `/`.
    var imageFolder: String { majorVersion >= 2 ? "i/" : "images/" }
    /// The chosen animation's JSON file in the archive.
    var animationPath: String { animationFolder + settings.animationID + ".json" }

    static let errorPath = "archive:manifest.json"

    /// Parses `manifest.json`'s bytes.
    ///
    /// - Throws: ``LottieError`` at `archive:manifest.json` naming the member (`$.animations[0].id`)
    ///   and what was expected.
    init(_ bytes: [UInt8]) throws(LottieError) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Self.error("$", "expected JSON text in UTF-8") }
        let root: JSONValue
        do {
            root = try JSONReader.parse(text)
        } catch {
            throw Self.error("$", "not JSON: \(error)")
        }
        guard case .object = root else { throw Self.error("$", "expected an object, found \(root.typeName)") }
        majorVersion = try Self.majorVersion(root["version"])
        guard case .array(let animations)? = root["animations"], !animations.isEmpty else {
            throw Self.error("$.animations", "expected a non-empty array of animations ({\"id\": …})")
        }
        var ids: [String] = []
        for (index, animation) in animations.enumerated() {
            guard case .string(let id)? = animation["id"], !id.isEmpty else {
                throw Self.error("$.animations[\(index)].id", "expected the animation's id, a non-empty string")
            }
            ids.append(id)
        }
        var index = 0
        switch root["activeAnimationId"] {
        case nil, .null?:
            break
        case .string(let active)?:
            guard let found = ids.firstIndex(of: active) else {
                let known = ids.map { "'\($0)'" }.joined(separator: ", ")
                throw Self.error("$.activeAnimationId", "'\(active)' is not among the animations' ids (\(known))")
            }
            index = found
        case let other?:
            throw Self.error("$.activeAnimationId", "expected an animation's id, found \(other.typeName)")
        }
        settings = try Self.settings(animations[index], id: ids[index], path: "$.animations[\(index)]")
    }

    private static func majorVersion(_ value: JSONValue?) throws(LottieError) -> Int {
        switch value {
        case nil, .null?:
            return 1
        case .number(let number)? where number >= 0 && number < 1000:
            return Int(number)
        case .string(let text)?:
            if let major = Int(text.prefix { $0 != "." }), major >= 0 { return major }
        default:
            break
        }
        throw error("$.version", "expected a version such as \"1.0\" or \"2\"")
    }

    private static func settings(_ animation: JSONValue, id: String, path: String) throws(LottieError) -> DotLottieSettings {
        var settings = DotLottieSettings(animationID: id)
        switch animation["speed"] {
        case nil, .null?: break
        case .number(let speed)? where speed.isFinite && speed > 0: settings.speed = speed
        default: throw error("\(path).speed", "expected a positive number")
        }
        switch animation["loop"] {
        case nil, .null?: break
        case .bool(let loop)?: settings.loop = loop
        case .number(let count)? where count >= 0: settings.loop = count > 0
        default: throw error("\(path).loop", "expected true, false or a loop count")
        }
        switch animation["direction"] {
        case nil, .null?: break
        case .number(let direction)? where direction == 1 || direction == -1: settings.direction = Int(direction)
        default: throw error("\(path).direction", "expected 1 (forwards) or -1 (backwards)")
        }
        let modeKey = animation["playMode"] != nil ? "playMode" : "mode"
        switch animation[modeKey] {
        case nil, .null?: break
        case .string(let mode)? where DotLottieSettings.PlayMode(rawValue: mode) != nil:
            settings.playMode = DotLottieSettings.PlayMode(rawValue: mode) ?? .normal
        default: throw error("\(path).\(modeKey)", "expected \"normal\" or \"bounce\"")
        }
        switch animation["autoplay"] {
        case nil, .null?: break
        case .bool(let autoplay)?: settings.autoplay = autoplay
        default: throw error("\(path).autoplay", "expected true or false")
        }
        return settings
    }

    private static func error(_ member: String, _ message: String) -> LottieError {
        LottieError(errorPath, "\(member): \(message)")
    }
}
