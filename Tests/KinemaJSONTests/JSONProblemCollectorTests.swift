import KinemaJSON
import Testing

@Suite("JSONProblemCollector")
struct JSONProblemCollectorTests {
    @Test("keeps every problem in the order added, with its path as errors print it")
    func collects() {
        let collector = JSONProblemCollector()
        #expect(collector.problems.isEmpty)
        collector.add(.root.key("size"), "expected [width, height]")
        collector.add(.root, "missing \"kinema\"")
        collector.add(.root.key("layers").index(1).key("my id"), "duplicate id")
        #expect(
            collector.problems == [
                JSONProblem(path: "size", message: "expected [width, height]"),
                JSONProblem(path: "$", message: "missing \"kinema\""),
                JSONProblem(path: #"layers[1]["my id"]"#, message: "duplicate id"),
            ])
        #expect(
            collector.problems.map(\.description) == [
                "size: expected [width, height]", "$: missing \"kinema\"", #"layers[1]["my id"]: duplicate id"#,
            ])
    }

    @Test("a problem describes itself as `path: message`")
    func describes() {
        #expect(JSONProblem(path: "layers[0].opacity", message: "expected a number").description == "layers[0].opacity: expected a number")
    }
}
