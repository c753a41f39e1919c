// swift-tools-version: 6.1
// Fuzz targets for Kinema, built with libFuzzer and AddressSanitizer, Kinema's modules instrumented
// for coverage (`make fuzz` runs scripts/fuzz.sh, which builds and runs them all):
//   swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address \
//     -Xswiftc -sanitize=fuzzer,address
// Each target is an executable whose `main` is libFuzzer's; run one on a copy of its seed corpus
// (Corpus/<folder>, listed with the target in scripts/fuzz.sh).
import PackageDescription

/// A libFuzzer target: one file under Sources/<name>, linked with the Kinema products it feeds.
func fuzzTarget(_ name: String, _ products: [String], input: Bool = false) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: "Kinema") } + (input ? ["FuzzInput"] : []),
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "KinemaFuzz",
    dependencies: [.package(name: "Kinema", path: "..")],
    targets: [
        fuzzTarget("FuzzSceneDecoder", ["KinemaScenes", "KinemaRender"]),
        fuzzTarget("FuzzSVGPath", ["KinemaGeometry"]),
        fuzzTarget("FuzzCSSTransform", ["KinemaGeometry"]),
        fuzzTarget("FuzzPNG", ["KinemaGraphics"]),
        fuzzTarget("FuzzTiming", ["KinemaGeometry", "KinemaTiming", "KinemaLayers"], input: true),
        fuzzTarget("FuzzPopoverPlacement", ["KinemaGeometry", "KinemaUI"], input: true),
        fuzzTarget("FuzzLottie", ["KinemaLottie", "KinemaRender"]),
        // The reader the two targets fed arbitrary numbers share.
        .target(name: "FuzzInput"),
    ]
)
