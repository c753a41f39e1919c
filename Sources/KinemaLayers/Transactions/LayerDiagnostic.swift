import Foundation

/// A use of the layer tree that Core Animation accepts silently but that cannot do what was
/// meant, such as an animation whose key path names no property of its layer.
///
/// Core Animation runs such an animation for its duration and animates nothing. Kinema does the
/// same (delegates still hear start and stop), and also reports it: to the context's
/// ``LayerContext/diagnosticHandler`` and its ``LayerContext/diagnostics`` list.
public struct LayerDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The layer's ``Layer/name``, if it has one.
    public var layerName: String?
    /// What was wrong and what was expected.
    public var message: String

    public var description: String {
        "kinema: " + (layerName.map { "layer '\($0)': " } ?? "") + message
    }

    /// Writes the diagnostic to standard error, as lottie-ios's default logger and Apple's
    /// frameworks' console messages do.
    public static func printToStandardError(_ diagnostic: LayerDiagnostic) {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}

extension Layer {
    /// Reports `message` to this layer's context now, or when the layer is first attached.
    package func report(_ message: String) {
        let diagnostic = LayerDiagnostic(layerName: name, message: message)
        if let context {
            context.report(diagnostic)
        } else {
            whenAttached { $0.report(diagnostic) }
        }
    }

    /// The problem with animating `keyPath` on this layer, or `nil` when it names one of its
    /// properties.
    func problem(animating keyPath: LayerKeyPath) -> String? {
        guard keyPath.isValid else {
            return "'\(keyPath.string)' is not an animatable key path; the animation animates nothing"
        }
        guard model.value(at: keyPath) == nil else { return nil }
        return "a \(kind.rawValue) layer has no '\(keyPath.string)'; the animation animates nothing"
    }
}

extension LayerContext {
    func report(_ diagnostic: LayerDiagnostic) {
        diagnostics.append(diagnostic)
        diagnosticHandler?(diagnostic)
    }
}
