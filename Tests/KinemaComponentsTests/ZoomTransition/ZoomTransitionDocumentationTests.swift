import KinemaComponents
import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

/// The example of the ZoomTransition article (KinemaUI.docc/ZoomTransition.md), as written there,
/// with a grid around it.
@Suite struct ZoomTransitionDocumentationTests {
    final class PhotoViewController: ViewController {
        let photo = ImageView()
        override func viewDidLoad() {
            view.backgroundColor = .black
            photo.contentMode = .scaleAspectFit
            view.addSubview(photo)
        }
        override func viewDidLayoutSubviews() {
            photo.frame = view.bounds.inset(by: view.safeAreaInsets)
        }
    }

    final class Cell: View {
        let imageView = ImageView()
    }

    final class Grid: ViewController {
        var cells: [String: Cell] = [:]
        func cell(for id: String) -> Cell? { cells[id] }
        override func viewDidLoad() {
            let cell = Cell(frame: Rect(x: 0, y: 64, width: 80, height: 80))
            cell.imageView.image = Image(source: "photo.png", pixelSize: Size(width: 320, height: 480))
            view.addSubview(cell)
            cells["p1"] = cell
        }
    }

    @Test func articleExample() throws {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        let grid = Grid()
        window.rootViewController = grid
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let photoID = "p1"
        let cell = try #require(grid.cell(for: photoID))

        let options = ViewController.Transition.ZoomOptions()
        options.alignmentRectProvider = { context in
            guard let detail = context.zoomedViewController as? PhotoViewController,
                let image = detail.photo.image
            else { return nil }
            return ZoomGeometry.aspectFitRect(for: image.size, in: detail.photo.frame)
        }
        let detail = PhotoViewController()
        detail.photo.image = cell.imageView.image
        detail.preferredTransition = .zoom(options: options) { [weak grid] _ in
            grid?.cell(for: photoID)  // capture identifiers, not cells: cells are reused
        }
        grid.present(detail, animated: true)

        #expect(cell.isHidden)
        let start = try #require(detail.preferredTransition?.inspection(at: 0).imageFrame)
        #expect(isClose(start, Rect(x: 0, y: 64, width: 80, height: 80), 1e-9))
        window.advance(to: 0.2)
        #expect(detail.preferredTransition?.state == .presented)
        // A flick down puts it back into the cell.
        window.send(TouchInput(identifier: 1, phase: .began, location: Point(x: 187.5, y: 300), timestamp: 1))
        for i in 1...6 {
            window.send(
                TouchInput(identifier: 1, phase: .moved, location: Point(x: 187.5, y: 300 + 15 * Double(i)), timestamp: 1 + Double(i) / 120)
            )
        }
        window.send(TouchInput(identifier: 1, phase: .ended, location: Point(x: 187.5, y: 405), timestamp: 1 + 7.0 / 120))
        #expect(detail.preferredTransition?.state == .dismissing)
        window.advance(to: 2)
        #expect(grid.presentedViewController == nil)
        #expect(!cell.isHidden)
    }
}
