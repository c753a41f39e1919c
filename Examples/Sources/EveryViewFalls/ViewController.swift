import Foundation
import Kinema

/// The every-view-falls post's screen: a few labels, buttons and boxes, every one of which falls to
/// the bottom of the screen and piles up as soon as the screen loads.
public class ViewController: Kinema.ViewController {  // CHANGED: a class named `ViewController` names Kinema's as `Kinema.ViewController`

    //アニメーション中は保持する必要があります
    var animator : SORDynamicAnimator?

    public override func viewDidLoad() {  // CHANGED: public, for the example's executable and tests
        super.viewDidLoad()
        // CHANGED: the post lays its views out in a storyboard; Kinema has no nibs, so code does.
        self.addScreenContents()
        // アニメータ初期化
        self.animator = SORDynamicAnimator(referenceView: self.view)
        self.animator?.start()
    }

    /// The views a storyboard would hold: a title, a paragraph, three buttons, two coloured
    /// boxes and a card with a label and a badge inside it (nested views fall too).
    func addScreenContents() {
        view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        view.backgroundColor = .white
        let title = Label(frame: Rect(x: 24, y: 60, width: 327, height: 36))
        title.text = "ええい！"
        title.font = .boldSystemFont(ofSize: 28)
        view.addSubview(title)

        let body = Label(frame: Rect(x: 24, y: 104, width: 300, height: 60))
        body.text = "Every view on this screen falls under UIKit Dynamics."
        body.numberOfLines = 0
        view.addSubview(body)

        for (index, name) in ["Play", "Share", "Delete"].enumerated() {
            let button = Button(type: .system)
            button.frame = Rect(x: 24 + Double(index) * 112, y: 190, width: 100, height: 40)
            button.setTitle(name, for: .normal)
            button.backgroundColor = Color(white: 0.92)
            view.addSubview(button)
        }

        let colours = [Color(red: 0.95, green: 0.4, blue: 0.3), Color(red: 0.3, green: 0.6, blue: 0.95)]
        for (index, colour) in colours.enumerated() {
            let box = View(frame: Rect(x: 60 + Double(index) * 160, y: 260 + Double(index) * 30, width: 90, height: 70))
            box.backgroundColor = colour
            view.addSubview(box)
        }

        let card = View(frame: Rect(x: 40, y: 390, width: 240, height: 110))
        card.backgroundColor = Color(red: 1, green: 0.85, blue: 0.4)
        let caption = Label(frame: Rect(x: 16, y: 16, width: 160, height: 24))
        caption.text = "A card"
        card.addSubview(caption)
        let badge = View(frame: Rect(x: 190, y: 12, width: 36, height: 36))
        badge.backgroundColor = Color(red: 0.2, green: 0.7, blue: 0.4)
        badge.layer.cornerRadius = 18
        card.addSubview(badge)
        view.addSubview(card)
    }
}
