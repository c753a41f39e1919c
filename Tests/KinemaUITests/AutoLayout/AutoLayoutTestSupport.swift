import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaUI

/// A 375 × 667 window (scale 2, no safe area) with a root container filling it, and the
/// diagnostics its context reports.
final class LayoutStage {
    let window: Window
    let root: View
    var diagnostics: [String] { window.layerContext.diagnostics.map(\.message) }

    init(safeArea: EdgeInsets = .zero, scale: Double = 2) {
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: scale, safeAreaInsets: safeArea)
        root = View(frame: window.bounds)
        window.addSubview(root)
        window.advance(to: 0)
    }

    /// A subview of `parent` (the root by default) placed by constraints.
    func constrained(in parent: View? = nil) -> View {
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        (parent ?? root).addSubview(view)
        return view
    }
}

/// A view with a fixed intrinsic size.
final class SizedView: View {
    var size: Size
    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }
    override var intrinsicContentSize: Size { size }
}

/// The first baseline of a label's text, measured in the text itself (Pango).
enum TextLayoutProbe {
    static func firstBaseline(of label: Label) -> Double {
        TextLayout(text: label.text ?? "", style: label.textStyle, width: nil).firstBaseline
    }

    /// Where a laid-out label's first baseline is drawn, in its superview: the label centres its
    /// text vertically, so the text's top is half the spare height below the frame's top.
    static func drawnBaseline(of label: Label) -> Double {
        label.frame.minY + (label.frame.height - label.intrinsicContentSize.height) / 2 + firstBaseline(of: label)
    }
}
