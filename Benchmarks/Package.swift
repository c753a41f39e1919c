// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library's dependency graph stays clean.
let package = Package(
    name: "KinemaBenchmarks",
    dependencies: [
        .package(name: "Kinema", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "KinemaBenchmarks",
            dependencies: [.product(name: "Kinema", package: "Kinema")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
