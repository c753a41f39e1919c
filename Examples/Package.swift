// swift-tools-version: 6.1
// The UIKit code of the posts in docs/ported-posts.md, ported to Kinema as a user would: another
// package that depends on Kinema and imports `Kinema` (with Foundation, as any ported file does).
// `swift run popover-tutorial`, `swift run every-view-falls` and `swift run expanding-cards`
// (a screen written with Auto Layout) render their frames; `swift run
// live-card` and `swift run photo-zoom` (the swipe-to-dismiss talk's grid and zoom-to-dismiss
// detail) open live windows driven by the mouse (`photo-zoom --frames DIR` renders a scripted
// session instead); `swift test` checks that they behave as on iOS. `make test` in the parent
// folder builds and tests this package too.
import PackageDescription

let package = Package(
    name: "KinemaExamples",
    dependencies: [
        // In your own package: .package(url: "<the URL you cloned Kinema from>", branch: "main")
        .package(name: "Kinema", path: "..")
    ],
    targets: [
        .target(name: "ExampleSupport", dependencies: [.product(name: "Kinema", package: "Kinema")]),
        .target(name: "TutorialPopover", dependencies: [.product(name: "Kinema", package: "Kinema"), "ExampleSupport"]),
        .target(name: "EveryViewFalls", dependencies: [.product(name: "Kinema", package: "Kinema"), "ExampleSupport"]),
        .target(name: "LiveCard", dependencies: [.product(name: "Kinema", package: "Kinema")]),
        .target(name: "PhotoZoom", dependencies: [.product(name: "Kinema", package: "Kinema")]),
        .target(name: "ExpandingCards", dependencies: [.product(name: "Kinema", package: "Kinema")]),
        .executableTarget(name: "popover-tutorial", dependencies: ["TutorialPopover", "ExampleSupport"]),
        .executableTarget(name: "every-view-falls", dependencies: ["EveryViewFalls", "ExampleSupport"]),
        .executableTarget(name: "live-card", dependencies: ["LiveCard", .product(name: "KinemaLive", package: "Kinema")]),
        .executableTarget(
            name: "photo-zoom", dependencies: ["PhotoZoom", "ExampleSupport", .product(name: "KinemaLive", package: "Kinema")]),
        .executableTarget(name: "expanding-cards", dependencies: ["ExpandingCards", "ExampleSupport"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["TutorialPopover", "EveryViewFalls", "LiveCard", "PhotoZoom", "ExpandingCards", "ExampleSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
