// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Kinema",
    products: [
        .library(name: "Kinema", targets: ["Kinema"]),
        .library(name: "KinemaGeometry", targets: ["KinemaGeometry"]),
        .library(name: "KinemaTiming", targets: ["KinemaTiming"]),
        .library(name: "KinemaLayers", targets: ["KinemaLayers"]),
        .library(name: "KinemaGraphics", targets: ["KinemaGraphics"]),
        .library(name: "KinemaRender", targets: ["KinemaRender"]),
        .library(name: "KinemaDynamics", targets: ["KinemaDynamics"]),
        .library(name: "KinemaUI", targets: ["KinemaUI"]),
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
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .target(name: "KinemaGraphics", dependencies: ["KinemaGeometry", "CCairo", "CPangoCairo"]),
        .target(name: "CKinemaSampler"),
        .target(
            name: "KinemaRender", dependencies: ["KinemaGeometry", "KinemaLayers", "KinemaGraphics", "CPixman", "CKinemaSampler"]),
        .target(name: "KinemaDynamics", dependencies: ["KinemaGeometry"]),
        .target(name: "KinemaUI", dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaDynamics"]),
        .target(
            name: "KinemaScenes",
            dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaDynamics", "KinemaUI"],
            exclude: ["Demos/ship.json"], resources: [.copy("Resources/ship@2x.png")]),
        .target(
            name: "Kinema",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaRender", "KinemaDynamics", "KinemaUI",
                "KinemaScenes",
            ]),
        .executableTarget(
            name: "kinema",
            dependencies: [
                "KinemaScenes",
                "KinemaRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "TestSupport", dependencies: ["KinemaGeometry", "KinemaGraphics"]),
        .testTarget(name: "KinemaGeometryTests", dependencies: ["KinemaGeometry", "TestSupport"]),
        .testTarget(name: "KinemaTimingTests", dependencies: ["KinemaTiming", "TestSupport"]),
        .testTarget(name: "KinemaLayersTests", dependencies: ["KinemaLayers", "TestSupport"]),
        .testTarget(name: "KinemaGraphicsTests", dependencies: ["KinemaGraphics", "TestSupport"]),
        .testTarget(name: "KinemaRenderTests", dependencies: ["KinemaRender", "KinemaScenes", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "KinemaDynamicsTests", dependencies: ["KinemaDynamics", "TestSupport"]),
        .testTarget(name: "KinemaUITests", dependencies: ["KinemaUI", "KinemaRender", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "KinemaScenesTests", dependencies: ["KinemaScenes", "KinemaUI", "TestSupport"]),
        .testTarget(name: "KinemaCLITests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
