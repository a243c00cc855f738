import DismissKit
import Glibc

/// What the fuzz targets share: the bytes libFuzzer hands over, as a recording file or as
/// text, and a way to turn them into numbers for the generated inputs.
public enum FuzzInput {
    /// Runs `body` with the bytes as the content of a file, so the readers read them as they
    /// read a recording: one unlinked file in /dev/shm, rewritten for each input and opened
    /// again by its `/proc/self/fd` path.
    public static func withFile(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (String) -> Void) {
        let descriptor = scratchFile
        guard ftruncate(descriptor, 0) == 0 else { fatalError("ftruncate failed: \(errno)") }
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t(offset))
            guard written > 0 else { fatalError("write to the scratch file failed: \(errno)") }
            offset += written
        }
        body("/proc/self/fd/\(descriptor)")
    }

    private static let scratchFile: Int32 = {
        let path = "/dev/shm/dismisskit-fuzz-\(getpid())"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot create \(path): \(errno)") }
        unlink(path)
        return descriptor
    }()

    /// Opens the recording, reads every event through the touch decoder, and, when `scene` is
    /// given, runs the intents through the pipeline. Errors are expected; only a crash is a finding.
    public static func replay(path: String, scene: SceneFile? = nil) {
        guard let reader = try? Recording.open(paths: [path]) else { return }
        if let scene {
            _ = try? Replay.intents(from: reader, scene: scene, scenePath: "scene") { _, _ in }
        } else {
            _ = try? Replay.touchEvents(from: reader, screen: .standard) { _ in }
        }
    }
}

/// Reads numbers off the front of the fuzzer's bytes; zero once they run out.
public struct ByteStream {
    private var bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    public var isEmpty: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    public mutating func int32() -> Int32 {
        Int32(bitPattern: UInt32(uint16()) | UInt32(uint16()) << 16)
    }

    /// The rest of the bytes.
    public mutating func rest() -> UnsafeBufferPointer<UInt8> {
        guard index < bytes.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        defer { index = bytes.count }
        return UnsafeBufferPointer(rebasing: bytes[index...])
    }
}
