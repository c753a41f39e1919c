import KinemaJSON
import Testing

/// A path built step by step and how errors must print it.
struct PathCase: CustomTestStringConvertible, Sendable {
    enum Step: Sendable {
        case key(String)
        case index(Int)
    }

    let steps: [Step]
    let expected: String
    var testDescription: String { expected }

    init(_ steps: [Step], _ expected: String) {
        self.steps = steps
        self.expected = expected
    }

    var path: JSONPath {
        steps.reduce(JSONPath.root) { path, step in
            switch step {
            case .key(let key): path.key(key)
            case .index(let index): path.index(index)
            }
        }
    }

    static let all: [PathCase] = [
        PathCase([], "$"),
        PathCase([.key("layers")], "layers"),
        PathCase([.key("layers"), .index(0), .key("animations"), .index(1), .key("keyTimes")], "layers[0].animations[1].keyTimes"),
        PathCase([.index(2)], "[2]"),
        PathCase([.index(2), .index(13)], "[2][13]"),
        PathCase([.key("snake_case2")], "snake_case2"),
        PathCase([.key("ks"), .key("3d")], "ks.3d"),
        // Keys that are not only ASCII letters, digits and `_` are quoted JSON strings in brackets.
        PathCase([.key("my view")], #"["my view"]"#),
        PathCase([.key("views"), .key("my view"), .key("frame")], #"views["my view"].frame"#),
        PathCase([.key("a"), .key("b.c")], #"a["b.c"]"#),
        PathCase([.key("a-b")], #"["a-b"]"#),
        PathCase([.key("")], #"[""]"#),
        PathCase([.key("café")], #"["café"]"#),
        PathCase([.key(#"say "hi""#)], #"["say \"hi\""]"#),
        PathCase([.key("tab\there"), .index(0)], #"["tab\there"][0]"#),
    ]
}

@Suite("JSONPath")
struct JSONPathTests {
    @Test("renders as errors print it", arguments: PathCase.all)
    func renders(_ c: PathCase) {
        #expect(c.path.description == c.expected)
    }

    @Test("steps return new paths and leave the original as it was")
    func valueSemantics() {
        let layers = JSONPath.root.key("layers")
        let first = layers.index(0)
        #expect(layers.description == "layers")
        #expect(first.description == "layers[0]")
        #expect(layers != first)
        #expect(first == JSONPath.root.key("layers").index(0))
    }
}
