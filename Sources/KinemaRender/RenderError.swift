import KinemaGraphics

/// What can go wrong while rendering or writing frames; each case says what was wrong and what
/// was expected.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A render size or scale outside what the renderer accepts.
    case invalidArgument(name: String, expected: String, got: String)
    /// An error from the graphics module (bitmap sizes, images, files).
    case graphics(GraphicsError)
    /// An external encoder is missing; `package` is the Debian package that installs it.
    case missingEncoder(command: String, package: String)
    /// The external encoder failed: exited with `status` (0 when it reported success over a
    /// file that does not read back whole), or was killed by a signal.
    case encoderFailed(command: String, status: Int32, message: String)
    /// A feature the renderer does not have yet.
    case notSupported(String)
    /// Drawing `layer` (its ``KinemaLayers/RenderNode/name``, `nil` when it has none) needed a
    /// `width × height`-pixel surface the renderer's memory budget (`budget` bytes, see
    /// ``Renderer/memoryBudget``) has no room for.
    case overMemoryBudget(layer: String?, width: Int, height: Int, budget: Int)

    public var description: String {
        switch self {
        case .invalidArgument(let name, let expected, let got): "\(name): expected \(expected), got \(got)"
        case .graphics(let e): e.description
        case .missingEncoder(let command, let package):
            "\(command) is not installed; it is needed for GIF, MP4 and APNG output (install the Debian package '\(package)': apt-get install \(package))"
        case .encoderFailed(let command, let status, let message):
            // Status 0: the encoder said it succeeded, and what it wrote says otherwise.
            "\(command) failed" + (status == 0 ? "" : " with status \(status)") + (message.isEmpty ? "" : ": \(message)")
        case .overMemoryBudget(let layer, let w, let h, let budget):
            (layer.map { "layer '\($0)'" } ?? "an unnamed layer")
                + " needs a \(w)×\(h)-pixel surface (\(InputFile.describe(bytes: w * h * 4))), which does not fit in the renderer's memory budget of \(InputFile.describe(bytes: budget))"
        case .notSupported(let what): "not supported: \(what)"
        }
    }
}
