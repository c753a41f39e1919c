import KinemaGeometry
import KinemaTiming
import KinemaUI

/// The delegate of a scene's scroll views. A scene has no code to name the view that zooms, so
/// a scroll view whose `maximumZoomScale` is above its `minimumZoomScale` zooms its first
/// subview from the scene file (the photo of a photo viewer, the page of a document), as the usual
/// `viewForZooming(in:)` does.
final class SceneScrollViewDelegate: ScrollViewDelegate {
    func viewForZooming(in scrollView: ScrollView) -> View? {
        // The scene's views are named after their ids; the scroll indicators are not.
        scrollView.maximumZoomScale > scrollView.minimumZoomScale ? scrollView.subviews.first { $0.layer.name != nil } : nil
    }
}

extension ScrollSetting {
    /// Sets the property on `scrollView` (without animation).
    func apply(to scrollView: ScrollView) {
        switch self {
        case .contentSize(let s): scrollView.contentSize = s
        case .contentOffset(let p): scrollView.contentOffset = p
        case .contentInset(let i): scrollView.contentInset = i
        case .contentInsetAdjustmentBehavior(let b): scrollView.contentInsetAdjustmentBehavior = b
        case .bounces(let b): scrollView.bounces = b
        case .alwaysBounceVertical(let b): scrollView.alwaysBounceVertical = b
        case .alwaysBounceHorizontal(let b): scrollView.alwaysBounceHorizontal = b
        case .isScrollEnabled(let b): scrollView.isScrollEnabled = b
        case .isPagingEnabled(let b): scrollView.isPagingEnabled = b
        case .isDirectionalLockEnabled(let b): scrollView.isDirectionalLockEnabled = b
        case .decelerationRate(let r): scrollView.decelerationRate = DecelerationRate(rawValue: r)
        case .showsVerticalScrollIndicator(let b): scrollView.showsVerticalScrollIndicator = b
        case .showsHorizontalScrollIndicator(let b): scrollView.showsHorizontalScrollIndicator = b
        case .minimumZoomScale(let s): scrollView.minimumZoomScale = s
        case .maximumZoomScale(let s): scrollView.maximumZoomScale = s
        case .zoomScale(let s): scrollView.zoomScale = s
        case .bouncesZoom(let b): scrollView.bouncesZoom = b
        }
    }
}
