/// A clock that starts at the first event it is given: the one place times are rebased.
///
/// Recordings are replayed on it, so a recording's clock starts at its first event
/// and an evemu file and its `libinput record` conversion give identical times.
struct FirstEventClock {
    private var firstTime: Int64?

    /// `time` in microseconds since the first time given, which is itself 0.
    mutating func sinceFirst(_ time: Int64) -> Int64 {
        let first = firstTime ?? time
        firstTime = first
        return time - first
    }
}
