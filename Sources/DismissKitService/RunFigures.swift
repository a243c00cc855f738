import DismissKit
import Glibc

/// `gesturectl run --figures`: how the live path performed, measured in the process and
/// written as one JSON line when the run ends.
///
/// Counted from the first wakeup after ``warmUpTouchEvents`` touch events (the buffers have
/// reached their working size by then):
/// - latency: from the time libinput stamped on the event behind each intent (the kernel's
///   `CLOCK_MONOTONIC` time of the evdev frame) to the intent's line written to every client
///   that takes it now; p50, p99 and the largest;
/// - CPU time (`getrusage`, user and system) per touch event: in the wakeups that read touch
///   events, from before the `poll(2)` to their intents written; and the whole process's;
/// - heap allocations inside ``LiveDismissalSession/waitForInput(timeout:alsoWatching:waitingToWrite:into:)``,
///   when a counting preload is loaded (`Benchmarks/anchors/alloc-count.c`, which exports the
///   bench's `dk_bench_allocations` and `dk_bench_allocations_by_libinput`): all of them, and
///   those libinput (and the libraries it reads devices with) made, which are libinput's design
///   (it allocates every event it queues), not this project's; the project's own in a wait in
///   which libinput logged a message (a lag note: the line is made of strings) are counted apart.
package struct RunFigures {
    /// The touch events before counting starts.
    package static let warmUpTouchEvents = 1000

    private typealias Counter = @convention(c) () -> Int
    private let allAllocations: Counter?
    private let libinputAllocations: Counter?

    private var touchEventsSeen = 0
    private var counting = false
    private var wakeups = 0
    private var touchEvents = 0
    private var latencies = LatencyHistogram()
    private var wakeupCPUMicroseconds: Int64 = 0
    private var processCPUAtStart: Int64 = 0
    private var allocations = 0
    private var allocationsByLibinput = 0
    /// The project's own allocations in the waits in which libinput logged a message, and those waits.
    private var ownAllocationsWhileLogging = 0
    private var wakeupsWithLogMessages = 0
    /// Readings taken before the wait in progress.
    private var cpuBeforeWait: Int64 = 0
    private var allocationsBeforeWait = (all: 0, libinput: 0)
    private var logMessagesBeforeWait = 0

    package init() {
        allAllocations = Self.counter(named: "dk_bench_allocations")
        libinputAllocations = Self.counter(named: "dk_bench_allocations_by_libinput")
    }

    /// Before the wait: starts counting once the warm-up is over, and takes the readings.
    package mutating func beforeWait() {
        if !counting && touchEventsSeen >= Self.warmUpTouchEvents {
            counting = true
            processCPUAtStart = Self.cpuMicroseconds(Self.wholeProcess)
        }
        guard counting else { return }
        cpuBeforeWait = Self.cpuMicroseconds(Self.thisThread)
        logMessagesBeforeWait = LibinputSource.logMessagesWritten
        allocationsBeforeWait = (allAllocations?() ?? 0, libinputAllocations?() ?? 0)
    }

    /// Right after the wait returned `input`: the allocations it made.
    package mutating func afterWait(_ input: LiveDismissalSession.Input) {
        touchEventsSeen += input.touches.count
        guard counting else { return }
        let all = (allAllocations?() ?? 0) - allocationsBeforeWait.all
        let byLibinput = (libinputAllocations?() ?? 0) - allocationsBeforeWait.libinput
        allocations += all
        allocationsByLibinput += byLibinput
        if LibinputSource.logMessagesWritten != logMessagesBeforeWait {
            wakeupsWithLogMessages += 1
            ownAllocationsWhileLogging += all - byLibinput
        }
        wakeups += 1
        touchEvents += input.touches.count
    }

    /// Once the intents of `input` are written out: their latencies, and the wakeup's CPU time.
    package mutating func afterWrite(_ input: LiveDismissalSession.Input) {
        guard counting else { return }
        let now = Self.monotonicMicroseconds()
        for eventTime in input.intentEventTimes { latencies.record(max(0, now - eventTime)) }
        if !input.touches.isEmpty { wakeupCPUMicroseconds += Self.cpuMicroseconds(Self.thisThread) - cpuBeforeWait }
    }

    /// The figures as one JSON object (Docs/kiosk-setup.md, "`gesturectl run`: a live touchscreen"); null where nothing was counted.
    package var jsonLine: JSONLine {
        var line = JSONLine()
        line.set("warmUpTouchEvents", .integer(Int64(Self.warmUpTouchEvents)))
        line.set("wakeups", .integer(Int64(wakeups)))
        line.set("touchEvents", .integer(Int64(touchEvents)))
        line.set("intents", .integer(Int64(latencies.count)))
        var latency = JSONLine()
        for (name, fraction) in [("p50", 0.5), ("p99", 0.99), ("max", 1.0)] {
            latency.set(name, latencies.percentile(fraction).map { .integer($0) } ?? .null)
        }
        line.set("latencyMicroseconds", .object(latency))
        var cpu = JSONLine()
        let perEvent = { (microseconds: Int64) -> JSONLine.Value in
            self.touchEvents > 0 ? .number(Double(microseconds) / Double(self.touchEvents)) : .null
        }
        cpu.set("inWakeups", perEvent(wakeupCPUMicroseconds))
        cpu.set("wholeProcess", counting ? perEvent(Self.cpuMicroseconds(Self.wholeProcess) - processCPUAtStart) : .null)
        line.set("cpuMicrosecondsPerTouchEvent", .object(cpu))
        if allAllocations != nil {
            var counted = JSONLine()
            let own = allocations - allocationsByLibinput - ownAllocationsWhileLogging
            counted.set("all", .integer(Int64(allocations)))
            if libinputAllocations != nil {
                counted.set("byLibinput", .integer(Int64(allocationsByLibinput)))
                counted.set("own", .integer(Int64(own)))
                counted.set("ownWhileLibinputLogged", .integer(Int64(ownAllocationsWhileLogging)))
                counted.set("wakeupsWithLibinputLog", .integer(Int64(wakeupsWithLogMessages)))
                let quietWakeups = wakeups - wakeupsWithLogMessages
                counted.set("ownPerWakeup", quietWakeups > 0 ? .number(Double(own) / Double(quietWakeups)) : .null)
                counted.set("ownPerTouchEvent", touchEvents > 0 ? .number(Double(own) / Double(touchEvents)) : .null)
            }
            line.set("allocationsInWaitForInput", .object(counted))
        }
        return line
    }

    private static func counter(named name: String) -> Counter? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: Counter.self) }
    }

    /// `getrusage`'s `RUSAGE_SELF`, and Linux's `RUSAGE_THREAD`, which glibc declares only with `_GNU_SOURCE`.
    private static let wholeProcess = __rusage_who_t(RUSAGE_SELF.rawValue)
    private static let thisThread: __rusage_who_t = 1

    private static func cpuMicroseconds(_ who: __rusage_who_t) -> Int64 {
        var usage = rusage()
        getrusage(who, &usage)
        return Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// `CLOCK_MONOTONIC`, libinput's clock, in microseconds.
    private static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}

/// Counts of non-negative values (microseconds) in buckets of a fixed relative width: exact
/// below 64, then 64 buckets per doubling (each under 1.6 % wide). Its storage is made once.
package struct LatencyHistogram {
    private static let subBuckets = 64
    private var counts = [Int](repeating: 0, count: subBuckets * 60)
    package private(set) var count = 0

    package init() {}

    package mutating func record(_ value: Int64) {
        counts[Self.bucket(of: max(0, value))] += 1
        count += 1
    }

    /// The value below which `fraction` of the recorded values lie (the midpoint of the bucket
    /// that holds the one of rank ⌈fraction × count⌉); nil when nothing was recorded.
    package func percentile(_ fraction: Double) -> Int64? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (bucket, bucketCount) in counts.enumerated() {
            seen += bucketCount
            if seen >= rank { return Self.middle(of: bucket) }
        }
        return nil
    }

    private static func bucket(of value: Int64) -> Int {
        if value < Int64(subBuckets) { return Int(value) }
        let shift = (Int64.bitWidth - value.leadingZeroBitCount) - 7  // value >> shift is in 64...127
        return subBuckets * (shift + 1) + Int(value >> shift) - subBuckets
    }

    private static func middle(of bucket: Int) -> Int64 {
        if bucket < subBuckets { return Int64(bucket) }
        let shift = bucket / subBuckets - 1
        let low = Int64(bucket % subBuckets + subBuckets) << shift
        return low + (Int64(1) << shift) / 2
    }
}
