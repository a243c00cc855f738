import DismissKit
import DismissKitFuzzSupport

/// The header and scene lines every input follows, made once.
private let sessionOpening = Array((SessionLines.headerLine + "\n" + SessionLines.sceneLine(Scene(presentations: [
    Presentation(id: "compose", style: .sheet, detents: [.medium, .large], unsavedChanges: true),
]), configuration: GestureConfiguration()) + "\n").utf8)

/// The lines of a session after its header and scene, read twice: through the session line
/// scanner where it can, and by the general JSON parser alone. The two must give the same
/// entries on the same lines, and the same error, or the input is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = sessionOpening + UnsafeBufferPointer(start: data, count: size)
    bytes.withUnsafeBufferPointer { bytes in
        FuzzInput.withFile(bytes) { path in
            let scanned = entries(path: path, scansLines: true)
            let parsed = entries(path: path, scansLines: false)
            guard scanned == parsed else {
                fatalError("the scanner disagrees with the parser:\nscanned: \(scanned)\nparsed: \(parsed)")
            }
        }
    }
    return 0
}

/// Every entry with its line, then the error that ended the reading, if one did.
private func entries(path: String, scansLines: Bool) -> [String] {
    var read: [String] = []
    do {
        let reader = try SessionFile.Reader(path: path, scansLines: scansLines)
        while let entry = try reader.next() { read.append("\(reader.lineOfEntry) \(entry)") }
    } catch {
        read.append("\(error)")
    }
    return read
}
