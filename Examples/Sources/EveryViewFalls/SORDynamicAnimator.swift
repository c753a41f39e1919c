import Foundation
import Kinema

// The every-view-falls post ("make every view fall", a 2015 Qiita post; docs/ported-posts.md)
// ported to Kinema: the post's two classes stand as printed, with the `UI` prefixes dropped; every
// other change is marked `// CHANGED:` with the reason. Swift 2's spellings become today's Swift,
// as in any port to a current SDK.

class SORDynamicAnimator: NSObject {

    let referenceView : View

    private var items : [AnyObject] = []

    private var animator : DynamicAnimator? //これをアニメーション中保持しておく必要あり！

    init(referenceView : View) {
        self.referenceView = referenceView
    }

    func start() {
        if self.animator == nil {
            let view : View = self.referenceView
            var items : [any DynamicItem] = []  // CHANGED: Swift 2 bridged `[AnyObject]` to `[UIDynamicItem]`; Swift 3+ needs the element type

            //レイアウトを強制的に更新
            view.layoutIfNeeded()

            //全てのsubViewを抽出
            self.allSubviews(view)

            //全てのsubViewからUILayoutSupportを省く
            for item in self.items {
                // CHANGED: `if item is UILayoutSupport { continue }` skipped the layout guides
                // (`topLayoutGuide`); Kinema has no layout guides, so there is nothing to skip.
                if let item = item as? any DynamicItem {  // CHANGED: `is` then the bridged append (Swift 2)
                    items.append(item)
                }
            }

            //アニメータ作成
            let animator = DynamicAnimator(referenceView: view)

            //重力設定
            let gravityBeahvior = GravityBehavior(items: items)
            animator.addBehavior(gravityBeahvior)

            //衝突設定
            let collisionBehavior = CollisionBehavior(items: items)
            collisionBehavior.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collisionBehavior)

            self.animator = animator
        }
    }

    private func allSubviews(_ view : View) -> () {  // CHANGED: `_` keeps Swift 2's unlabelled first argument
        for subview in view.subviews {
            // CHANGED: `if subview is UIView` and `subview as! UIView` were needed when
            // `subviews` was `[AnyObject]`; today they are always true and warn.
            self.items.append(subview)
            self.allSubviews(subview)
        }
    }
}
