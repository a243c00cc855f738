// swift-tools-version:6.0
import PackageDescription

/// Where script/setup links the C++ runtime's static archive (libstdc++.a) for a release gesturectl.
let staticCxxDirectory = Context.packageDirectory + "/.build/static-libstdc++"

let package = Package(
    name: "DismissKit",
    products: [
        .library(name: "DismissKit", targets: ["DismissKit"]),
        // The C library, libdismisskit.so (header: Sources/CDismissKit/include/dismisskit.h).
        .library(name: "dismisskit", type: .dynamic, targets: ["DismissKitC"]),
        .executable(name: "gesturectl", targets: ["gesturectl"]),
    ],
    targets: [
        // Functions of a shared library resolved when first called, for the three targets below.
        .target(name: "CLazyLibrary"),
        // libinput and libudev's headers (Debian: libinput-dev, libudev-dev); the libraries are
        // opened when live input is first used, not linked (Sources/CLibinput/lazy.c).
        .target(name: "CLibinput", dependencies: ["CLazyLibrary"]),
        // libyaml's header (Debian: libyaml-dev); the library is opened when YAML is first read,
        // not linked (Sources/CYAML/lazy.c), so that an evemu replay does not load it.
        .target(name: "CYAML", dependencies: ["CLazyLibrary"]),
        // libmtdev's headers (Debian: libmtdev-dev): libinput reads multitouch protocol A devices
        // through it, and replays do too. Opened when such a device is first met (Sources/CMtdev/lazy.c).
        .target(name: "CMtdev", dependencies: ["CLazyLibrary"]),
        // The C library's variadic calls and errno, which Swift reaches through the Glibc module
        // natively and through this header in both builds, Embedded (script/embedded) included.
        .target(name: "CSystemCalls"),
        // The pure core: values, the touch decoder, geometry, the recogniser, the policy and the
        // pipeline. It imports only Swift: no C module, no Glibc, no
        // Foundation, so that its build proves it reads no clock and does no I/O.
        .target(name: "DismissKitCore", exclude: ["Recogniser/GestureRecogniser.md"]),
        // The wire codec: JSON values, scene files, host commands, and the lines of intents, decisions,
        // touches and the protocol. Pure like the core (it imports the core and Swift only, its
        // errors typed), so the native build and the WebAssembly build (script/wasm) compile the
        // same code and write the same bytes.
        .target(name: "DismissKitWire", dependencies: ["DismissKitCore"]),
        // The edges: recording readers, mtdev, live libinput input, files, sessions. Re-exports the
        // core and the wire codec.
        .target(name: "DismissKit", dependencies: ["DismissKitCore", "DismissKitWire", "CLibinput", "CYAML", "CMtdev", "CSystemCalls"]),
        // `gesturectl run`'s protocol service: its clients, the socket, the bounded output queues.
        .target(name: "DismissKitService", dependencies: ["DismissKit", "CSystemCalls"]),
        // `gesturectl plot`'s SVG and HTML pictures of a replay.
        .target(name: "DismissKitPlot", dependencies: ["DismissKit"]),
        // The C interface's header (dismisskit.h); its functions are in Swift (DismissKitC).
        .target(name: "CDismissKit"),
        // The shared object names itself libdismisskit.so.0 (its SONAME): programs linked against it
        // ask for that ABI, and script/install puts the versioned file behind it. It exports the
        // functions of dismisskit.h alone, versioned (dismisskit.map).
        .target(name: "DismissKitC", dependencies: ["DismissKit", "CDismissKit"], exclude: ["dismisskit.map"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libdismisskit.so.0",
                                               "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/DismissKitC/dismisskit.map"])]),
        // A release gesturectl, as the package's (script/package), starts with little for the
        // loader to do: the Swift runtime (-static-stdlib) and the C++ runtime it uses linked in
        // (libstdc++.a, found in the directory script/setup links it into, ahead of the compiler's
        // own with its shared libstdc++), so there is no shared library of theirs to load and
        // relocate; and its relative relocations packed (DT_RELR, glibc 2.36, lld): a few
        // kilobytes for the loader to read instead of a 750 KB table; and libgcc's unwinder, which
        // the C++ runtime calls, linked in too (-static-libgcc), so libgcc_s is not loaded either.
        // (The package's version script names the C library's functions, which gesturectl does
        // not define: allowed.)
        // gesturectl's arguments, kept as it starts, in every build; and the native build's source of
        // `CommandLine.arguments`, in place of the Swift runtime's, which reads /proc/self/maps as
        // every program starts (Sources/CProcessArguments/runtime_arguments.c).
        .target(name: "CProcessArguments"),
        .executableTarget(name: "gesturectl", dependencies: ["DismissKit", "DismissKitService", "DismissKitPlot", "CProcessArguments", "CSystemCalls"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-L", staticCxxDirectory, "-use-ld=lld",
                                                         "-Xclang-linker", "-static-libgcc",
                                                         "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                                         "-Xlinker", "--undefined-version"],
                                                        .when(configuration: .release))]),
        .executableTarget(name: "dismisskit-bench", dependencies: ["DismissKit"]),
        // The kernel's evdev header, for the tests that check the core's copies of its numbers.
        .systemLibrary(name: "CEvdevHeader", path: "Tests/CEvdevHeader"),
        // What both test targets use (a seeded random number generator); it needs nothing, not
        // even the core.
        .target(name: "DismissKitTestSupport", path: "Tests/DismissKitTestSupport"),
        // The pure core's own tests (the recogniser, the decoder, the policy, the pipeline, screen
        // changes): values in, values out. They build with nothing but the core.
        .testTarget(name: "DismissKitCoreTests", dependencies: ["DismissKitCore", "DismissKitTestSupport"]),
        // The edges' tests: files, recordings, the wire codec, the tools, and checks that read the sources.
        .testTarget(name: "DismissKitTests", dependencies: ["DismissKit", "DismissKitWire", "DismissKitService", "DismissKitPlot", "gesturectl", "CEvdevHeader", "DismissKitTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/), built only by script/fuzz, which sets DISMISSKIT_FUZZ and
// builds with `--sanitize=fuzzer --sanitize=address` (libFuzzer brings `main`).
if Context.environment["DISMISSKIT_FUZZ"] != nil {
    package.targets.append(.target(name: "DismissKitFuzzSupport", dependencies: ["DismissKit"], path: "Fuzz/Support"))
    for name in ["evemu", "yaml", "scanner", "session", "decoder", "scene", "command", "pipeline", "protocol"] {
        package.targets.append(.executableTarget(
            name: "fuzz-\(name)", dependencies: ["DismissKit", "DismissKitFuzzSupport"] + (name == "protocol" ? ["DismissKitService"] : []),
            path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: "fuzz-\(name)", targets: ["fuzz-\(name)"]))
    }
}
