import Kinema

/// A view with a fixed intrinsic size, as a label or an image view of known content has.
final class IntrinsicBox: View {
    let size: Size

    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: Size { size }
}

/// The layout benchmark's nested stack views (cases a and b), in a 375 × 667 window (scale 2):
/// - a vertical `StackView` (the column: fill distribution, fill alignment, spacing 8) pinned by
///   three constraints to the window: top to top, leading to leading (constant 0, the constraint
///   case b edits) and trailing to trailing;
/// - in it 100 horizontal `StackView`s (the rows: fill distribution, centre alignment, spacing 4);
/// - in each row 9 ``IntrinsicBox``es, box `j` of row `r` of intrinsic size
///   (20 + 2j + r mod 5) × (20 + 4 (j mod 3)) points, with UIKit's default hugging (250) and
///   compression resistance (750).
///
/// 1,001 views (the column, 100 rows, 900 boxes). Each row's boxes and gaps take 284 to 320
/// points of the 375, so the last box of each row (the fill distribution's tie-break) stretches,
/// and each row is as tall as its tallest box (28 points): the column is 3,592 points tall.
final class LayoutStackTree {
    static let rowCount = 100
    static let boxesPerRow = 9

    let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 2)
    let column = StackView()
    private(set) var rows: [StackView] = []
    private(set) var boxes: [IntrinsicBox] = []
    /// `column.leading == window.leading + constant`: case b sets its constant.
    let leading: LayoutConstraint

    /// Every view of the tree, the window's subviews first.
    var viewCount: Int { 1 + rows.count + boxes.count }

    init() {
        column.axis = .vertical
        column.spacing = 8
        for r in 0..<Self.rowCount {
            let row = StackView()
            row.axis = .horizontal
            row.alignment = .center
            row.spacing = 4
            for j in 0..<Self.boxesPerRow {
                let box = IntrinsicBox(Double(20 + 2 * j + r % 5), Double(20 + 4 * (j % 3)))
                row.addArrangedSubview(box)
                boxes.append(box)
            }
            column.addArrangedSubview(row)
            rows.append(row)
        }
        column.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(column)
        leading = column.leadingAnchor.constraint(equalTo: window.leadingAnchor)
        LayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: window.topAnchor), leading,
            column.trailingAnchor.constraint(equalTo: window.trailingAnchor),
        ])
    }
}
