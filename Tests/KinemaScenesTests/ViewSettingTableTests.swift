import Testing

@testable import KinemaScenes

/// View settings are one row per key (``ViewSettingKey/declaration``): the view types that have
/// it and how its value is read. The keys a type accepts and the messages for the others come
/// from the rows.
@Suite("View setting table")
struct ViewSettingTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let key: ViewSettingKey
        let type: SceneViewType
        var testDescription: String { "\(key.rawValue) on \(type.rawValue)" }
    }

    static let cases = ViewSettingKey.allCases.flatMap { key in SceneViewType.allCases.map { Case(key: key, type: $0) } }

    /// The issues parsing `{key: value}` as the settings of a `type` view gives.
    static func issues(_ key: String, _ value: JSONValue, type: SceneViewType) throws -> [String] {
        let issues = IssueCollector()
        let o = try #require(ObjectReader(.object([(key, value)]), at: .root, issues: issues))
        _ = ViewSetting.parseMembers(o, structural: [], type: type, context: "a view", issues: issues, directory: nil)
        return issues.issues.map(\.message)
    }

    @Test("a key is read for the view types its row names, and names them for any other", arguments: cases)
    func availability(c: Case) throws {
        let types = c.key.declaration.types
        let messages = try Self.issues(c.key.rawValue, .null, type: c.type)
        if types?.contains(c.type) ?? true {
            #expect(!messages.contains { $0.contains("is a property of") || $0.hasPrefix("unknown key") })
        } else {
            let owners = try #require(types).map(\.traits.plural).joined(separator: " and ")
            #expect(messages == ["'\(c.key.rawValue)' is a property of \(owners), not of \(c.type.phrase)"])
        }
    }

    /// The keys each type accepts, in the order suggestions are made from, as the format lists
    /// them.
    @Test(
        "each view type accepts the keys the scene format lists, in order",
        arguments: [
            (SceneViewType.view, []),
            (.label, ["text", "font", "fontSize", "textColor", "textAlignment", "numberOfLines", "lineBreakMode"]),
            (.imageView, ["image"]),
            (.button, ["title", "titleColor", "image", "font", "fontSize", "tintColor", "enabled"]),
            (.scrollView, ScrollSetting.keys),
            (.lottie, ["animation", "loopMode", "animationSpeed", "currentProgress", "playing"]),
        ] as [(SceneViewType, [String])])
    func keys(type: SceneViewType, own: [String]) {
        let common = [
            "frame", "center", "bounds", "transform", "alpha", "backgroundColor", "hidden", "clipsToBounds", "cornerRadius", "tag",
            "userInteractionEnabled", "accessibilityLabel", "contentMode", "layer",
        ]
        #expect(ViewSetting.keys(for: type) == common + own)
    }
}
