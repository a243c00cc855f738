// The layouts of the C types DismissKit's sources use, as the Swift compiler imports them: built by
// script/embedded with the flags of the build itself, and compared by layouts.c with what the
// architecture's C compiler says. The Embedded build reads the target's glibc headers through the
// frontend's -clang-target, an unofficial pairing with the bare-metal standard library: this
// fails the build at once when a toolchain changes what that pairing gives.
import CMtdev
import Glibc

/// Writes each type's size and alignment, then the offsets of fields the sources read (stored
/// ones: a field of an anonymous union, such as rusage's, is imported as a computed property), in
/// the order layouts.c lists them.
@_cdecl("swift_layouts")
func swiftLayouts(_ values: UnsafeMutablePointer<Int>) -> Int {
    var count = 0
    func put(_ value: Int) {
        values[count] = value
        count += 1
    }
    func layout<T>(_: T.Type) {
        put(MemoryLayout<T>.size)
        put(MemoryLayout<T>.alignment)
    }
    func offset<Base, Field>(_ base: UnsafeMutablePointer<Base>, _ field: UnsafeMutablePointer<Field>) -> Int {
        UnsafeRawPointer(field) - UnsafeRawPointer(base)
    }
    layout(Int.self)
    layout(stat.self)
    layout(timespec.self)
    layout(sockaddr_un.self)
    layout(rusage.self)
    layout(utsname.self)
    layout(sigset_t.self)
    layout(pthread_t.self)
    layout(pthread_mutex_t.self)
    layout(pollfd.self)
    layout(input_event.self)
    layout(off_t.self)
    layout(time_t.self)
    var status = stat()
    withUnsafeMutablePointer(to: &status) { put(offset($0, &$0.pointee.st_mode)) }
    withUnsafeMutablePointer(to: &status) { put(offset($0, &$0.pointee.st_size)) }
    withUnsafeMutablePointer(to: &status) { put(offset($0, &$0.pointee.st_rdev)) }
    withUnsafeMutablePointer(to: &status) { put(offset($0, &$0.pointee.st_mtim)) }
    var event = input_event()
    withUnsafeMutablePointer(to: &event) { put(offset($0, &$0.pointee.type)) }
    withUnsafeMutablePointer(to: &event) { put(offset($0, &$0.pointee.value)) }
    return count
}
