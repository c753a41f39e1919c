import Foundation
import Kinema

/// The grid of photos, the post's `CollectionViewController`: a title bar, then the photos in
/// 80 × 80 cells as a `UICollectionViewFlowLayout` with 10-point spacing places them (rows
/// spread to the full width). Tapping a photo presents it in a ``DetailViewController`` with
/// the zoom of ``DetailModalTransition``.
///
/// Kinema has no collection view: the cells are views laid out in `viewDidLayoutSubviews`, and a
/// tap recognizer on the grid finds the tapped cell and calls ``didSelectItem(at:)``, the body of
/// the post's `collectionView(_:didSelectItemAt:)`.
public final class GridViewController: Kinema.ViewController {
    /// The cells, in order: left to right, then top to bottom.
    public private(set) var cells: [ImageCell] = []
    /// The photos the cells show.
    public let images: [Image]
    /// The size of a cell, points (the sample's storyboard: 80 × 80).
    public static let itemSize = Size(width: 80, height: 80)
    /// The least space between cells and between rows, points (the storyboard's 10).
    public static let spacing = 10.0
    /// The title bar's height under the status bar, points (a navigation bar's 44).
    public static let barHeight = 44.0

    private let bar = View()
    private let titleLabel = Label()
    private let hintLabel = Label()

    /// A grid of `images` (the ``PhotoLibrary`` photos by default).
    public init(images: [Image] = PhotoLibrary.photos) {
        self.images = images
        super.init()
        title = "Photos"
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        bar.backgroundColor = Color(white: 0.97)
        titleLabel.text = title
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        bar.addSubview(titleLabel)
        view.addSubview(bar)
        for image in images {
            let cell = ImageCell(frame: Rect(origin: .zero, size: Self.itemSize))
            cell.imageView.image = image
            view.addSubview(cell)
            cells.append(cell)
        }
        hintLabel.text = "Tap a photo. Drag it down and let go to close it."
        hintLabel.font = .systemFont(ofSize: 13)
        hintLabel.textColor = .gray
        hintLabel.textAlignment = .center
        view.addSubview(hintLabel)
        view.addGestureRecognizer(TapGestureRecognizer(target: self, action: GridViewController.handleTap))
    }

    // CHANGED (Kinema): no flow layout; the cells are placed here as it would place them.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let top = view.safeAreaInsets.top
        bar.frame = Rect(x: b.minX, y: b.minY, width: b.width, height: top + Self.barHeight)
        titleLabel.frame = Rect(x: 0, y: top, width: b.width, height: Self.barHeight)
        let item = Self.itemSize
        let columns = max(1, Int((b.width + Self.spacing) / (item.width + Self.spacing)))
        let gap = columns > 1 ? (b.width - Double(columns) * item.width) / Double(columns - 1) : 0
        var bottom = bar.frame.maxY
        for (index, cell) in cells.enumerated() {
            let row = index / columns, column = index % columns
            cell.frame = Rect(
                x: b.minX + Double(column) * (item.width + gap), y: bar.frame.maxY + Double(row) * (item.height + Self.spacing),
                width: item.width, height: item.height)
            bottom = cell.frame.maxY
        }
        hintLabel.frame = Rect(x: 0, y: bottom + 16, width: b.width, height: 20)
    }

    /// The tapped cell, if any, is selected.
    func handleTap(_ tap: TapGestureRecognizer) {
        guard tap.state == .ended else { return }
        let point = tap.location(in: view)
        guard let index = cells.firstIndex(where: { $0.frame.contains(point) }) else { return }
        didSelectItem(at: index)
    }

    /// Presents photo `index` zooming out of its cell: the post's
    /// `collectionView(_:didSelectItemAt:)`.
    public func didSelectItem(at index: Int) {
        let cell = cells[index]
        // CHANGED: the post instantiates the detail screen from its storyboard,
        // `storyboard.instantiateViewController(withIdentifier: "DetailViewController") as? DetailViewController`.
        let vc = DetailViewController()
        // The sample: `collectionView.convert(cell.frame, to: collectionView.window)`, captured once.
        vc.parentImageViewRect = view.convert(cell.frame, to: view.window)
        vc.parentImage = cell.imageView.image
        let nav = NavigationController(rootViewController: vc)
        nav.isNavigationBarHidden = true
        nav.modalPresentationStyle = .custom
        nav.transitioningDelegate = vc.modalTransition
        self.present(nav, animated: true)
    }
}
