import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers

extension LayerSetting {
    /// Keys a layer object or a `set` step may hold besides animatable properties: the layer's
    /// frame and timing, and every attribute a scene file writes (``LayerAttribute``).
    static let otherKeys: [String] = timingKeys + LayerAttribute.allCases.filter(\.isWritable).map(\.rawValue)

    /// The keys for the layer's frame and timing (a layer's own, not its state's).
    static let timingKeys = ["frame", "beginTime", "speed", "timeOffset"]

    /// Every key a layer of `kind` accepts for settings (animatable properties and the others).
    static func keys(for type: SceneLayerType) -> [String] {
        let properties = LayerProperty.allCases.filter { $0.owningKind == nil || $0.owningKind == type.layerKind }.map(\.rawValue)
        return properties + otherKeys.filter { isOther($0, availableFor: type) }
    }

    static func isOther(_ key: String, availableFor type: SceneLayerType) -> Bool {
        guard let owner = LayerAttribute(rawValue: key)?.owningKind else { return true }
        return owner == type.layerKind
    }

    static func owner(of key: String) -> String? {
        if let p = LayerProperty(rawValue: key.split(separator: ".").first.map(String.init) ?? key), let k = p.owningKind {
            return k.rawValue
        }
        return LayerAttribute(rawValue: key)?.owningKind?.rawValue
    }

    /// Parses one member of a layer object or a `set` step as a setting, or reports it as an
    /// unknown key in `context` with a suggestion among `structuralKeys` and the settings a layer
    /// of `type` accepts.
    static func parseMember(
        key: String, value: JSONValue, type: SceneLayerType, at path: JSONPath, issues: IssueCollector, sceneDirectory: String?,
        context: String, structuralKeys: [String]
    ) -> LayerSetting? {
        guard (try? LayerKeyPath(parsing: key)) != nil || otherKeys.contains(key) else {
            var message = "unknown key '\(key)' in \(context)"
            if let s = suggestion(for: key, among: structuralKeys + keys(for: type)) { message += " (did you mean '\(s)'?)" }
            issues.add(path, message)
            return nil
        }
        return parse(key: key, value: value, type: type, at: path, issues: issues, sceneDirectory: sceneDirectory)
    }

    /// Parses one setting `key: value` for a layer of `type`; `nil` (with an issue reported)
    /// when the key is unknown for that type or the value is bad. `nil` without an issue for
    /// structural keys the caller handles.
    static func parse(
        key: String, value v: JSONValue, type: SceneLayerType, at path: JSONPath, issues: IssueCollector,
        sceneDirectory: String?
    ) -> LayerSetting? {
        let p = ValueParser(issues: issues)
        if let keyPath = try? LayerKeyPath(parsing: key) {
            if let owner = keyPath.property.owningKind, owner != type.layerKind {
                issues.add(
                    path, "'\(keyPath.property.rawValue)' is a property of \(owner.rawValue) layers, not of a \(type.rawValue) layer")
                return nil
            }
            let property = keyPath.property, component = keyPath.component
            let nonNegativeSize = property.requiresNonNegativeSize
            var value: AnimatableValue?
            switch keyPath.valueKind {
            case .rect: value = p.rect(v, at: path, nonNegative: nonNegativeSize && component == nil).map(AnimatableValue.rect)
            case .size where nonNegativeSize: value = p.size(v, at: path, nonNegative: true).map(AnimatableValue.size)
            case .number where nonNegativeSize && [.sizeWidth, .sizeHeight].contains(component):
                value = p.number(v, at: path, min: 0).map(AnimatableValue.number)
            case .number where component == nil && (property.minimumValue != nil || property.maximumValue != nil):
                value = p.number(v, at: path, min: property.minimumValue, max: property.maximumValue).map(AnimatableValue.number)
            default: value = p.value(v, kind: keyPath.valueKind, at: path)
            }
            return value.map { .value(keyPath, $0) }
        }
        guard otherKeys.contains(key) else { return nil }
        guard isOther(key, availableFor: type) else {
            issues.add(path, "'\(key)' is a property of \(owner(of: key) ?? "other") layers, not of a \(type.rawValue) layer")
            return nil
        }
        switch key {
        case "frame": return p.rect(v, at: path, nonNegative: true).map(LayerSetting.frame)
        case "beginTime": return p.number(v, at: path).map(LayerSetting.beginTime)
        case "speed": return p.number(v, at: path).map(LayerSetting.speed)
        case "timeOffset": return p.number(v, at: path).map(LayerSetting.timeOffset)
        default:
            guard let attribute = LayerAttribute(rawValue: key) else { return nil }
            let value = parse(attribute, v, at: path, issues: issues, sceneDirectory: sceneDirectory)
            return value.map { .attribute(attribute, $0) }
        }
    }

    /// Parses the value of a non-animatable `attribute` in the form its declaration gives.
    static func parse(
        _ attribute: LayerAttribute, _ v: JSONValue, at path: JSONPath, issues: IssueCollector, sceneDirectory: String?
    ) -> LayerAttributeValue? {
        let o = SingleValue(value: v, path: path, issues: issues)
        switch attribute.declaration.format {
        case .bool: return o.bool().map(LayerAttributeValue.bool)
        case .string: return o.string().map(LayerAttributeValue.string)
        case .name(let names): return o.name(among: names).map(LayerAttributeValue.string)
        case .names(let names, let noun):
            let list = names.joined(separator: ", ")
            guard case .array(let items) = v else {
                issues.add(path, "expected an array of \(noun) names (\(list))")
                return nil
            }
            var chosen: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item, names.contains(s) else {
                    issues.add(path.index(i), "expected one of \(list)")
                    return nil
                }
                chosen.append(s)
            }
            return .strings(chosen)
        case .file:
            if case .null = v { return .null }
            guard let file = o.string() else { return nil }
            let source = resolve(file, against: sceneDirectory)
            issues.name(file: source)
            if issues.checksFiles, let problem = Self.problem(withImage: file, resolvedTo: source) {
                issues.add(path, problem)
                return nil
            }
            return .string(source)
        case .unwritten: return nil
        }
    }

    static func resolve(_ file: String, against directory: String?) -> String {
        guard !file.hasPrefix("/"), let directory, !directory.isEmpty else { return file }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }

    /// Applies the setting to a layer (through its property setters, so implicit actions run).
    func apply(to layer: Layer) {
        switch self {
        case .value(let keyPath, let value): try? layer.setValue(value, forKeyPath: keyPath)
        case .frame(let r): layer.frame = r
        case .beginTime(let t): layer.beginTime = t
        case .speed(let s): layer.speed = s
        case .timeOffset(let t): layer.timeOffset = t
        case .attribute(let attribute, let value): layer.set(attribute, to: value)
        }
    }
}

extension LayerSetting {
    /// Why the image file a scene names cannot be used (missing, not a regular file, or over
    /// `InputFile.imageSizeLimit`), or `nil` when it can be read.
    static func problem(withImage file: String, resolvedTo source: String) -> String? {
        guard FileManager.default.fileExists(atPath: source) else {
            return "image file not found: '\(file)' (resolved to '\(source)')"
        }
        return InputFile.problem(with: source, limit: InputFile.imageSizeLimit).map {
            "cannot use '\(file)' as an image (resolved to '\(source)'): \($0)"
        }
    }
}
