/// A build of `gesturectl` and the C library, measured beside the other in the same run: the
/// native build (`--gesturectl`, `--c-library`) and the Embedded one (`--embedded`).
struct MeasuredBuild {
    /// Ends the ids of its figures: "" for the native build, `-embedded` for the Embedded one.
    let idSuffix: String
    /// Ends the labels of its figures.
    let labelSuffix: String
    let embedded: Bool
    /// Its `gesturectl`'s whole-process runs.
    let whole: WholeProcess
    /// How `Benchmarks/anchors/c-api.c` is built against its C library (the header's directory,
    /// the library, its run path), or nil and why there is none.
    let cLibraryFlags: (flags: [String]?, reason: String)

    var gesturectl: String { whole.gesturectl }

    /// The native build: the C library installed in `root` (its usr/include and usr/lib/<triplet>).
    static func native(_ whole: WholeProcess, cLibraryRoot root: String?) -> MeasuredBuild {
        let flags: (flags: [String]?, reason: String)
        if let root, let directory = ["x86_64-linux-gnu", "aarch64-linux-gnu", ""].map({ root + "/usr/lib/" + $0 })
            .first(where: { fileSize($0 + "/libdismisskit.so.0") > 0 }) {
            flags = (["-I", root + "/usr/include", "-L", directory, "-ldismisskit", "-Wl,-rpath," + directory], "")
        } else {
            flags = (nil, "no installed C library (--c-library; script/bench unpacks the packages')")
        }
        return MeasuredBuild(idSuffix: "", labelSuffix: "", embedded: false, whole: whole, cLibraryFlags: flags)
    }

    /// The Embedded build in `directory` (as script/embedded writes it: gesturectl and
    /// libdismisskit.so.0), the C library with the project's header, which is the one it is built from.
    static func embedded(_ whole: WholeProcess, directory: String, project: String) -> MeasuredBuild {
        let library = directory + "/libdismisskit.so.0"
        let flags: (flags: [String]?, reason: String) = fileSize(library) > 0
            ? (["-I", project + "/Sources/CDismissKit/include", library, "-Wl,-rpath," + directory], "")
            : (nil, "no \(library) (script/embedded --arch amd64 --output \(directory))")
        return MeasuredBuild(idSuffix: "-embedded", labelSuffix: ", Embedded build", embedded: true, whole: whole, cLibraryFlags: flags)
    }
}
