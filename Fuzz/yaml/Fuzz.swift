import DismissKitFuzzSupport

/// `libinput record` YAML recordings, read through libyaml and decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.withFile(UnsafeBufferPointer(start: data, count: size)) { FuzzInput.replay(path: $0) }
    return 0
}
