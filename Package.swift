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
        .library(name: "KinemaPhysics", targets: ["KinemaPhysics"]),
        .library(name: "KinemaLayoutSolver", targets: ["KinemaLayoutSolver"]),
        .library(name: "KinemaDynamics", targets: ["KinemaDynamics"]),
        .library(name: "KinemaUI", targets: ["KinemaUI"]),
        .library(name: "KinemaComponents", targets: ["KinemaComponents"]),
        .library(name: "KinemaJSON", targets: ["KinemaJSON"]),
        .library(name: "KinemaScenes", targets: ["KinemaScenes"]),
        .library(name: "KinemaLottie", targets: ["KinemaLottie"]),
        .library(name: "KinemaLottieUI", targets: ["KinemaLottieUI"]),
        .library(name: "KinemaLive", targets: ["KinemaLive"]),
        .executable(name: "kinema", targets: ["kinema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(name: "KinemaGeometry"),
        .target(name: "KinemaTiming", dependencies: ["KinemaGeometry"]),
        .target(name: "CKinemaPrefetch"),
        .target(name: "KinemaLayers", dependencies: ["KinemaGeometry", "KinemaTiming", "CKinemaPrefetch"]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // JPEG decoding (Debian's libjpeg62-turbo-dev), for Lottie files' images.
        .target(name: "CKinemaJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "KinemaGraphics", dependencies: ["KinemaGeometry", "CCairo", "CPangoCairo", "CKinemaJPEG", "CZlib"]),
        .target(name: "CKinemaSampler"),
        .target(
            name: "KinemaRender", dependencies: ["KinemaGeometry", "KinemaLayers", "KinemaGraphics", "CPixman", "CKinemaSampler"]),
        // The rigid-body engine (bodies, shapes, joints, contacts, islands): no views, no UIKit names.
        .target(name: "KinemaPhysics", dependencies: ["KinemaGeometry"]),
        // The Cassowary linear-constraint solver Auto Layout is built on: no views, no imports.
        .target(name: "KinemaLayoutSolver"),
        // UIKit Dynamics (the animator, behaviours, items) over the engine.
        .target(name: "KinemaDynamics", dependencies: ["KinemaGeometry", "KinemaPhysics"]),
        .target(name: "KinemaJSON"),
        // UIKit's own classes: views, touches, gestures, view animations, controllers, popovers,
        // scroll views, views as dynamic items.
        .target(
            name: "KinemaUI",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaDynamics", "KinemaLayoutSolver",
            ]),
        // Kinema's components built on UIKit's classes: tooltips, tutorials, the zoom transition.
        .target(
            name: "KinemaComponents", dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaUI"]),
        .target(
            name: "KinemaScenes",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaDynamics", "KinemaUI", "KinemaComponents",
                "KinemaJSON", "KinemaLottie", "KinemaLottieUI",
            ],
            exclude: ["Demos/ship.json"], resources: [.copy("Resources/ship@2x.png"), .copy("Resources/Lottie")]),
        // Lottie (Bodymovin JSON, .lottie, .tgs) decoded into layers and Core Animation animations.
        .target(
            name: "KinemaLottie",
            dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaJSON", "CZlib"]),
        // LottieAnimationView: a Lottie animation as a view among others.
        .target(name: "KinemaLottieUI", dependencies: ["KinemaGeometry", "KinemaLayers", "KinemaLottie", "KinemaUI"]),
        .target(
            name: "Kinema",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaRender", "KinemaPhysics", "KinemaDynamics",
                "KinemaUI", "KinemaComponents", "KinemaScenes", "KinemaLottie", "KinemaLottieUI", "KinemaLayoutSolver",
            ]),
        .executableTarget(
            name: "kinema",
            dependencies: [
                "KinemaGeometry",
                "KinemaLayers",
                "KinemaGraphics",
                "KinemaScenes",
                "KinemaLottie",
                "KinemaRender",
                "KinemaLive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live window: SDL2 (Debian's libsdl2-dev). Only KinemaLive and the tool import it, so
        // the model, UI and render modules (and the `Kinema` umbrella) build without it.
        // No pkgConfig: SDL's headers are under /usr/include/SDL2 and include each other by
        // quoted names, so no flag is needed (and sdl2.pc's -D_REENTRANT would only warn).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // SDL's X11 events, apart because Xlib's names clash with Kinema's (SDLWindow only).
        .systemLibrary(name: "CSDL2SysWM", providers: [.apt(["libsdl2-dev"])]),
        .target(
            name: "KinemaLive",
            dependencies: ["KinemaGeometry", "KinemaGraphics", "KinemaRender", "KinemaUI", "KinemaScenes", "CSDL2", "CSDL2SysWM"]),
        .target(name: "TestSupport", dependencies: ["KinemaGeometry", "KinemaGraphics"]),
        // Scripted fingers for a Window, shared by the UI and components suites.
        .target(name: "UITestSupport", dependencies: ["KinemaGeometry", "KinemaLayers", "KinemaUI"]),
        .testTarget(name: "KinemaGeometryTests", dependencies: ["KinemaGeometry", "TestSupport"]),
        .testTarget(name: "KinemaTimingTests", dependencies: ["KinemaGeometry", "KinemaTiming", "TestSupport"]),
        .testTarget(name: "KinemaLayersTests", dependencies: ["KinemaGeometry", "KinemaTiming", "KinemaLayers", "TestSupport"]),
        .testTarget(name: "KinemaGraphicsTests", dependencies: ["KinemaGeometry", "KinemaGraphics", "TestSupport"]),
        .testTarget(
            name: "KinemaRenderTests",
            dependencies: [
                "KinemaGeometry", "KinemaLayers", "KinemaGraphics", "KinemaRender", "KinemaUI", "KinemaComponents", "KinemaScenes",
                "TestSupport",
            ], exclude: ["__Snapshots__"]),
        .testTarget(name: "KinemaPhysicsTests", dependencies: ["KinemaGeometry", "KinemaPhysics", "TestSupport"]),
        .testTarget(name: "KinemaLayoutSolverTests", dependencies: ["KinemaLayoutSolver", "TestSupport"]),
        .testTarget(name: "KinemaDynamicsTests", dependencies: ["KinemaGeometry", "KinemaPhysics", "KinemaDynamics", "TestSupport"]),
        .testTarget(
            name: "KinemaUITests",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaDynamics", "KinemaUI", "KinemaRender",
                "TestSupport", "UITestSupport",
            ]),
        .testTarget(
            name: "KinemaComponentsTests",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaUI", "KinemaComponents", "KinemaRender",
                "TestSupport", "UITestSupport",
            ], exclude: ["__Snapshots__"]),
        .testTarget(
            name: "KinemaScenesTests",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaUI", "KinemaComponents", "KinemaScenes",
                "KinemaLottie", "KinemaLottieUI", "TestSupport",
            ]),
        .testTarget(
            name: "KinemaLottieTests",
            dependencies: [
                "KinemaGeometry", "KinemaTiming", "KinemaLayers", "KinemaGraphics", "KinemaRender", "KinemaJSON", "KinemaLottie",
                "KinemaLottieUI", "TestSupport", "CZlib",
            ], exclude: ["__Snapshots__", "Corpus"]),
        .testTarget(name: "KinemaJSONTests", dependencies: ["KinemaJSON"]),
        .testTarget(name: "KinemaCLITests", dependencies: ["KinemaGraphics"]),
        .testTarget(
            name: "KinemaLiveTests",
            dependencies: [
                "KinemaGeometry", "KinemaLayers", "KinemaGraphics", "KinemaRender", "KinemaUI", "KinemaScenes", "KinemaLive", "CSDL2",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
