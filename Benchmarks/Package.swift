// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library's dependency graph stays clean.
let package = Package(
    name: "KinemaBenchmarks",
    dependencies: [
        .package(name: "Kinema", path: ".."),
    ],
    targets: [
        // pixman itself, for the raw-pixman peer of the compositing benchmark.
        .systemLibrary(name: "CPixmanBench", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .executableTarget(
            name: "KinemaBenchmarks",
            dependencies: [.product(name: "Kinema", package: "Kinema"), "CPixmanBench"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
