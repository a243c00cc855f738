// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DismissKit",
    products: [
        .library(name: "DismissKit", targets: ["DismissKit"]),
        // The C library, libdismisskit.so (header: Sources/CDismissKit/include/dismisskit.h).
        .library(name: "dismisskit", type: .dynamic, targets: ["DismissKitC"]),
        .executable(name: "gesturectl", targets: ["gesturectl"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "DismissKit", dependencies: ["CLibinput", "CYAML"], exclude: ["Recogniser/GestureRecogniser.md"]),
        // The C interface: its header (and dk_version) in C, its functions in Swift.
        .target(name: "CDismissKit"),
        .target(name: "DismissKitC", dependencies: ["DismissKit", "CDismissKit"]),
        .executableTarget(name: "gesturectl", dependencies: ["DismissKit"]),
        .executableTarget(name: "dismisskit-bench", dependencies: ["DismissKit"]),
        .testTarget(name: "DismissKitTests", dependencies: ["DismissKit", "gesturectl"]),
    ],
    swiftLanguageModes: [.v6]
)
