// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library's dependency graph stays clean.
let package = Package(
    name: "KinemaBenchmarks",
    dependencies: [
        .package(name: "Kinema", path: "..")
    ],
    targets: [
        // pixman itself, for the raw-pixman peer of the compositing benchmark.
        .systemLibrary(name: "CPixmanBench", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // Chipmunk 7 (Debian's libchipmunk-dev ships no .pc file), a peer of the dynamics benchmark.
        .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),
        // rlottie (Debian's librlottie-dev), the Lottie benchmark's peer, through its C API.
        .systemLibrary(name: "CRlottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        // A small C API over Debian's Box2D 2.4.1 (C++), the other peer of the dynamics benchmark.
        .target(name: "CBox2DShim", linkerSettings: [.linkedLibrary("box2d")]),
        // The presentation benchmark's floor: the same curves in a plain C loop over flat arrays.
        .target(name: "CPresentationFloor"),
        // Counts heap allocations (malloc and friends, interposed by the executable).
        .target(name: "CMallocCounter"),
        .executableTarget(
            name: "KinemaBenchmarks",
            dependencies: [
                .product(name: "Kinema", package: "Kinema"), "CPixmanBench", "CChipmunk", "CBox2DShim", "CMallocCounter",
                "CPresentationFloor", "CRlottie",
            ],
            // The Lottie benchmark's animation (LottieBenchmark.swift).
            resources: [.copy("Resources/lottie-benchmark.json")]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
