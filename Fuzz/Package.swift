// swift-tools-version: 6.1
// Fuzz targets for Kinema, built with libFuzzer and AddressSanitizer, Kinema's modules instrumented
// for coverage (`make fuzz` runs scripts/fuzz.sh, which builds and runs them all):
//   swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address \
//     -Xswiftc -sanitize=fuzzer,address
// Each target is an executable whose `main` is libFuzzer's; run one on a copy of its seed corpus.
import PackageDescription

let package = Package(
    name: "KinemaFuzz",
    dependencies: [.package(name: "Kinema", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzSceneDecoder",
            dependencies: [.product(name: "KinemaScenes", package: "Kinema")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ]
)
