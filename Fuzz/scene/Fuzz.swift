import DismissKit

/// Scene files: JSON with the scene, its presentations and a timeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    _ = try? SceneFile.parse(text, path: "scene.json")
    return 0
}
