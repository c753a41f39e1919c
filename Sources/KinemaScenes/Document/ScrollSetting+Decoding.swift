import KinemaGeometry
import KinemaTiming
import KinemaUI

extension ScrollSetting {
    /// The scene keys of a scroll view, named as `UIScrollView`'s properties.
    static let keys = [
        "contentSize", "contentOffset", "contentInset", "contentInsetAdjustmentBehavior", "bounces", "alwaysBounceVertical",
        "alwaysBounceHorizontal", "isScrollEnabled", "isPagingEnabled", "isDirectionalLockEnabled", "decelerationRate",
        "showsVerticalScrollIndicator", "showsHorizontalScrollIndicator", "minimumZoomScale", "maximumZoomScale", "zoomScale",
        "bouncesZoom",
    ]

    /// The largest zoom scale a scene may ask for: past it a photo's pixels are far below the
    /// screen's, and the zooming view's backing store would be huge.
    static let maximumScale = 100.0

    /// Parses the scroll-view setting `key` (one of ``keys``), or `nil` with an issue.
    static func parse(key: String, value v: JSONValue, at path: JSONPath, issues: IssueCollector) -> ScrollSetting? {
        let p = ValueParser(issues: issues)
        let single = SingleValue(value: v, path: path, issues: issues)
        switch key {
        case "contentSize": return p.size(v, at: path, nonNegative: true).map(ScrollSetting.contentSize)
        case "contentOffset": return p.point(v, at: path).map(ScrollSetting.contentOffset)
        case "contentInset":
            return p.numbers(v, at: path, count: 4, what: "numbers [top, left, bottom, right]").map {
                .contentInset(EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]))
            }
        case "contentInsetAdjustmentBehavior":
            return single.enumeration(AdjustmentName.self).map { .contentInsetAdjustmentBehavior($0.behavior) }
        case "decelerationRate": return decelerationRate(v, at: path, issues: issues).map(ScrollSetting.decelerationRate)
        case "minimumZoomScale": return p.number(v, at: path, above: 0, max: maximumScale).map(ScrollSetting.minimumZoomScale)
        case "maximumZoomScale": return p.number(v, at: path, above: 0, max: maximumScale).map(ScrollSetting.maximumZoomScale)
        case "zoomScale": return p.number(v, at: path, above: 0, max: maximumScale).map(ScrollSetting.zoomScale)
        default: return single.bool().map { flag(key, $0) }
        }
    }

    /// The names of `contentInsetAdjustmentBehavior`'s values.
    enum AdjustmentName: String, CaseIterable {
        case automatic, scrollableAxes, never, always

        var behavior: ScrollView.ContentInsetAdjustmentBehavior {
            switch self {
            case .automatic: .automatic
            case .scrollableAxes: .scrollableAxes
            case .never: .never
            case .always: .always
            }
        }
    }

    /// The Boolean setting `key`.
    private static func flag(_ key: String, _ b: Bool) -> ScrollSetting {
        switch key {
        case "bounces": .bounces(b)
        case "alwaysBounceVertical": .alwaysBounceVertical(b)
        case "alwaysBounceHorizontal": .alwaysBounceHorizontal(b)
        case "isScrollEnabled": .isScrollEnabled(b)
        case "isPagingEnabled": .isPagingEnabled(b)
        case "isDirectionalLockEnabled": .isDirectionalLockEnabled(b)
        case "showsVerticalScrollIndicator": .showsVerticalScrollIndicator(b)
        case "showsHorizontalScrollIndicator": .showsHorizontalScrollIndicator(b)
        default: .bouncesZoom(b)
        }
    }

    /// `"normal"` (0.998), `"fast"` (0.99) or a number above 0 and below 1: the fraction of its
    /// velocity a flick keeps per millisecond.
    static func decelerationRate(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> Double? {
        switch v {
        case .string("normal"): return DecelerationRate.normal.rawValue
        case .string("fast"): return DecelerationRate.fast.rawValue
        case .number(let n) where n > 0 && n < 1: return n
        default:
            issues.add(
                path, "expected \"normal\", \"fast\" or a number above 0 and below 1 (kept per millisecond), got \(JSONWriter.compact(v))")
            return nil
        }
    }

    /// Reports a `minimumZoomScale` above the `maximumZoomScale` given with it.
    static func checkZoomScales(_ settings: [ViewSetting], in o: ObjectReader, issues: IssueCollector) {
        var minimum = 1.0, maximum = 1.0
        for case .scroll(let s) in settings {
            if case .minimumZoomScale(let m) = s { minimum = m }
            if case .maximumZoomScale(let m) = s { maximum = m }
        }
        if minimum > maximum {
            issues.add(
                o.path.key(o.has("maximumZoomScale") ? "maximumZoomScale" : "minimumZoomScale"),
                "expected maximumZoomScale ≥ minimumZoomScale, got \(JSONWriter.number(maximum)) < \(JSONWriter.number(minimum))")
        }
    }
}
