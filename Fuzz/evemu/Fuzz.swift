import DismissKitFuzzSupport

/// evemu recordings (and whatever format detection makes of the bytes), read and decoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzInput.withFile(UnsafeBufferPointer(start: data, count: size)) { FuzzInput.replay(path: $0) }
    return 0
}
