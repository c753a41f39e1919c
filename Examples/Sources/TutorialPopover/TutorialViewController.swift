import Foundation
import Kinema

/// The app's screen, in the shape of the tutorial-popover post's demo: a title bar with a share
/// button in its top-right corner and a grid of photos. When it appears it dims everything but the
/// share button and presents the tutorial popover pointing at it, with the post's custom background
/// class; a tap on the dimmed screen dismisses it.
public final class TutorialViewController: Kinema.ViewController, PopoverPresentationControllerDelegate {
    /// The button the tutorial explains.
    public let shareButton = Button(type: .system)
    /// The popover's content, once presented.
    public private(set) var tutorial: TutorialPopOverViewController?
    private let dimmingView = TutorialDimmingView(frame: .zero)
    private var photos: [View] = []

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(white: 0.96)
        let title = Label(frame: Rect(x: 0, y: 20, width: view.bounds.width, height: 44))
        title.autoresizingMask = [.flexibleWidth]
        title.text = "Photos"
        title.font = .boldSystemFont(ofSize: 17)
        title.textAlignment = .center
        view.addSubview(title)

        shareButton.frame = Rect(x: view.bounds.width - 52, y: 24, width: 44, height: 36)
        shareButton.autoresizingMask = [.flexibleLeftMargin]
        shareButton.setTitle("Share", for: .normal)
        view.addSubview(shareButton)

        for index in 0..<12 {
            let photo = View()
            photo.backgroundColor = Color(hue: Double(index) / 12, saturation: 0.45, brightness: 0.9)
            view.addSubview(photo)
            photos.append(photo)
        }
    }

    // CHANGED (Kinema): a controller's view starts with no size (UIKit's starts with the
    // screen's), so sizes that depend on it are set once it is laid out.
    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let side = (view.bounds.width - 4 * 4) / 3
        for (index, photo) in photos.enumerated() {
            photo.frame = Rect(x: 4 + Double(index % 3) * (side + 4), y: 72 + Double(index / 3) * (side + 4), width: side, height: side)
        }
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        showTutorial()
    }

    /// Dims the screen around the share button and presents the tutorial popover at it.
    public func showTutorial() {
        dimmingView.frame = view.bounds
        dimmingView.highlightedRect = shareButton.frame
        view.addSubview(dimmingView)

        let tutorial = TutorialPopOverViewController()
        tutorial.modalPresentationStyle = .popover
        tutorial.preferredContentSize = Size(width: 250, height: 84)
        let popover = tutorial.popoverPresentationController!
        popover.sourceView = shareButton
        popover.sourceRect = shareButton.bounds
        popover.permittedArrowDirections = .up
        popover.popoverBackgroundViewClass = TutorialPopoverBackgroundView.self
        popover.delegate = self
        // CHANGED (Kinema): Kinema's popovers spring in by themselves; UIKit's fade. The post
        // brings its own spring, so the built-in one is switched off and UIKit's fade remains.
        popover.transitionAnimation = nil
        present(tutorial, animated: true, completion: nil)
        self.tutorial = tutorial
    }

    /// Dismisses the tutorial (what a tap on the dimmed screen does).
    public func hideTutorial() {
        tutorial?.dismiss(animated: true) { [weak self] in self?.dimmingView.removeFromSuperview() }
    }

    public func adaptivePresentationStyle(for controller: PresentationController) -> ModalPresentationStyle {
        .none  // a popover on the phone too
    }

    public func popoverPresentationControllerDidDismissPopover(_ popoverPresentationController: PopoverPresentationController) {
        dimmingView.removeFromSuperview()
    }
}
