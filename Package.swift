// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Kinema",
    products: [
        .library(name: "Kinema", targets: ["Kinema"]),
        .library(name: "KinemaGeometry", targets: ["KinemaGeometry"]),
        .library(name: "KinemaTiming", targets: ["KinemaTiming"]),
        .library(name: "KinemaLayers", targets: ["KinemaLayers"]),
        .library(name: "KinemaScenes", targets: ["KinemaScenes"]),
        .executable(name: "kinema", targets: ["kinema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(name: "KinemaGeometry"),
        .target(name: "KinemaTiming", dependencies: ["KinemaGeometry"]),
        .target(name: "KinemaLayers", dependencies: ["KinemaGeometry", "KinemaTiming"]),
        .target(name: "KinemaScenes", dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers"]),
        .target(name: "Kinema", dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaScenes"]),
        .executableTarget(
            name: "kinema",
            dependencies: [
                "KinemaScenes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "TestSupport", dependencies: ["KinemaGeometry"]),
        .testTarget(name: "KinemaGeometryTests", dependencies: ["KinemaGeometry", "TestSupport"]),
        .testTarget(name: "KinemaTimingTests", dependencies: ["KinemaTiming", "TestSupport"]),
        .testTarget(name: "KinemaLayersTests", dependencies: ["KinemaLayers", "TestSupport"]),
        .testTarget(name: "KinemaScenesTests", dependencies: ["KinemaScenes", "TestSupport"]),
        .testTarget(name: "KinemaCLITests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
