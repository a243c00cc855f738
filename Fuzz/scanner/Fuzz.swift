import DismissKit
import DismissKitFuzzSupport

/// `libinput record` YAML read twice, with the event-line scanner and by libyaml alone: the two
/// must agree (`LibinputRecordDifferential`), or the input is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let chunkSizes = [65_536, 61, 1]
    FuzzInput.withFile(UnsafeBufferPointer(start: data, count: size)) { path in
        let chunkSize = chunkSizes[size % chunkSizes.count]
        let alone = LibinputRecordDifferential.read(path: path, scansEventLines: false, readChunkSize: chunkSize)
        let scanned = LibinputRecordDifferential.read(path: path, scansEventLines: true, readChunkSize: chunkSize)
        guard scanned.agrees(with: alone) else {
            fatalError("the scanner disagrees with libyaml alone:\nscanned: \(scanned)\nlibyaml: \(alone)")
        }
    }
    return 0
}
