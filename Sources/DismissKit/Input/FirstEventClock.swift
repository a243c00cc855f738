/// A clock that starts at the first event it is given: the one place times are rebased.
///
/// Recordings are replayed on it, so a recording's clock starts at its first event
/// and an evemu file and its `libinput record` conversion give identical times.
struct FirstEventClock {
    private var firstTime: Int64?
    private var latestTime = Int64.min

    /// `time` in microseconds since the first time given, which is itself 0.
    mutating func sinceFirst(_ time: Int64) -> Int64 {
        let first = firstTime ?? time
        firstTime = first
        latestTime = max(latestTime, time)
        return time &- first
    }

    /// ``sinceFirst(_:)`` for a recording, whose clock never runs backwards: nil when `time`
    /// is earlier than a time given before.
    mutating func sinceFirst(inOrder time: Int64) -> Int64? {
        time < latestTime ? nil : sinceFirst(time)
    }
}
