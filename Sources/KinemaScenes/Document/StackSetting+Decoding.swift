import KinemaUI

extension StackSetting {
    /// The scene keys of a stack view, named as `UIStackView`'s properties.
    static let keys = ["axis", "distribution", "alignment", "spacing", "isLayoutMarginsRelativeArrangement"]

    /// Parses the stack-view setting `key` (one of ``keys``), or `nil` with an issue.
    static func parse(key: String, value v: JSONValue, at path: JSONPath, issues: IssueCollector) -> StackSetting? {
        let single = SingleValue(value: v, path: path, issues: issues)
        switch key {
        case "axis": return single.enumeration(AxisName.self).map { .axis($0 == .horizontal ? .horizontal : .vertical) }
        case "distribution": return single.enumeration(DistributionName.self).map { .distribution($0.value) }
        case "alignment": return single.enumeration(AlignmentName.self).map { .alignment($0.value) }
        case "spacing": return ValueParser(issues: issues).number(v, at: path).map(StackSetting.spacing)
        default: return single.bool().map(StackSetting.isLayoutMarginsRelativeArrangement)
        }
    }

    enum AxisName: String, CaseIterable { case horizontal, vertical }

    enum DistributionName: String, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering

        var value: StackView.Distribution {
            switch self {
            case .fill: .fill
            case .fillEqually: .fillEqually
            case .fillProportionally: .fillProportionally
            case .equalSpacing: .equalSpacing
            case .equalCentering: .equalCentering
            }
        }
    }

    enum AlignmentName: String, CaseIterable {
        case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline

        var value: StackView.Alignment {
            switch self {
            case .fill: .fill
            case .leading, .top: .leading
            case .firstBaseline: .firstBaseline
            case .center: .center
            case .trailing, .bottom: .trailing
            case .lastBaseline: .lastBaseline
            }
        }
    }

    /// Sets the property on `stack`.
    func apply(to stack: StackView) {
        switch self {
        case .axis(let a): stack.axis = a
        case .distribution(let d): stack.distribution = d
        case .alignment(let a): stack.alignment = a
        case .spacing(let s): stack.spacing = s
        case .isLayoutMarginsRelativeArrangement(let b): stack.isLayoutMarginsRelativeArrangement = b
        }
    }
}
