import DismissKit
import Glibc

/// Benchmarks for DismissKit's pipeline stages. Prints one line per figure.
///
/// USAGE: dismisskit-bench [--events <n>] [--recordings <dir>] [--core-only]
///   --events <n>        synthetic touch events for the core benchmark (default 20,000,000)
///   --recordings <dir>  the real third-party recordings (default Recordings/third-party)
///   --core-only         run only the core, once, and print nothing (for allocation counting)

struct Options {
    var events = 20_000_000
    var recordings = "Recordings/third-party"
    var coreOnly = false

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--events" where index + 1 < arguments.count:
                events = Int(arguments[index + 1]) ?? events
                index += 1
            case "--recordings" where index + 1 < arguments.count:
                recordings = arguments[index + 1]
                index += 1
            case "--core-only":
                coreOnly = true
            default:
                print("usage: dismisskit-bench [--events <n>] [--recordings <dir>] [--core-only]")
                exit(64)
            }
            index += 1
        }
    }
}

/// A kiosk session in touch events: swipes down from a sheet's top region at 120 Hz,
/// half of them far enough to dismiss, on a sheet with unsaved changes.
func syntheticTouches(count: Int) -> [TouchEvent] {
    var events: [TouchEvent] = []
    events.reserveCapacity(count + 256)
    var time: Int64 = 0
    var stroke = 0
    while events.count < count {
        let length = stroke % 2 == 0 ? 120.0 : 420.0
        let samples = 30
        func point(_ y: Double) -> TouchPoint { TouchPoint(xMM: 100, yMM: y / 5.9, x: 640, y: y) }
        events.append(TouchEvent(kind: .down, time: time, slot: 0, seatSlot: 0, point: point(70)))
        events.append(TouchEvent(kind: .frame, time: time))
        for index in 1...samples {
            time += 8_333
            events.append(TouchEvent(kind: .motion, time: time, slot: 0, seatSlot: 0, point: point(70 + length * Double(index) / Double(samples))))
            events.append(TouchEvent(kind: .frame, time: time))
        }
        time += 8_333
        events.append(TouchEvent(kind: .up, time: time, slot: 0, seatSlot: 0))
        events.append(TouchEvent(kind: .frame, time: time))
        time += 500_000
        stroke += 1
    }
    return events
}

let benchScene = Scene(presentations: [
    Presentation(id: "compose", style: .sheet, detents: [.large], unsavedChanges: true),
])

/// Runs the pure core over the events; returns the number of intents (so nothing is optimised away).
func runCore(_ events: [TouchEvent]) -> Int {
    var pipeline = DismissalPipeline(scene: benchScene)
    var intents: [Intent] = []
    intents.reserveCapacity(64)
    var total = 0
    for event in events {
        pipeline.handle(event, into: &intents)
        if !intents.isEmpty {
            total += intents.count
            for intent in intents {
                if case .confirmationRequested(let id, _, _) = intent.kind {
                    var answers: [Intent] = []
                    try? pipeline.apply(.confirm(presentation: id, .keepEditing), time: intent.time, into: &answers)
                }
            }
            intents.removeAll(keepingCapacity: true)
        }
    }
    return total
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func format(_ rate: Double) -> String {
    rate >= 1e6 ? "\(Double(Int(rate / 1e4)) / 100) million" : "\(Int(rate / 1e3)) thousand"
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let touches = syntheticTouches(count: options.events)
if options.coreOnly {
    exit(runCore(touches) > 0 ? 0 : 1)
}

let clock = ContinuousClock()
var intentCount = 0
let coreTime = clock.measure { intentCount = runCore(touches) }
print("core (recogniser + policy): \(format(Double(touches.count) / seconds(coreTime))) touch events/s (\(touches.count) events, \(intentCount) intents)")

/// Reads every event of a recording into memory.
func loadEvents(_ path: String) -> (DeviceDescription, [InputEvent])? {
    guard let reader = try? Recording.open(paths: [path]) else { return nil }
    var events: [InputEvent] = []
    while let recorded = try? reader.next() { events.append(recorded.event) }
    return (reader.device, events)
}

let threeM = options.recordings + "/evemu/3m-microtouch-usb.evemu-data.evemu"
if let (device, events) = loadEvents(threeM), var decoder = try? TouchDecoder(device: device, screen: .standard) {
    let repeats = max(1, 4_000_000 / max(events.count, 1))
    var touchCount = 0
    var output: [TouchEvent] = []
    output.reserveCapacity(256)
    let decodeTime = clock.measure {
        for _ in 0..<repeats {
            var fresh = decoder
            for event in events {
                fresh.decode(event, into: &output)
                touchCount += output.count
                output.removeAll(keepingCapacity: true)
            }
        }
        decoder.decode(InputEvent(time: 0, type: 0, code: 0, value: 0), into: &output)
    }
    print("touch decoder: \(format(Double(events.count * repeats) / seconds(decodeTime))) evdev events/s (3M MicroTouch recording x\(repeats), \(touchCount) touch events)")
} else {
    print("touch decoder: skipped, \(threeM) not found")
}

for (label, path) in [
    ("evemu reader", options.recordings + "/evemu/dell-canvas-advanced-silicon-cooltouch.evemu"),
    ("libinput record YAML reader", options.recordings + "/libinput-record-converted/dell-canvas-advanced-silicon-cooltouch.CONVERTED.yml"),
] {
    var count = 0
    var rounds = 0
    let readTime = clock.measure {
        for _ in 0..<20 {
            guard let reader = try? Recording.open(paths: [path]) else { return }
            while (try? reader.next()) != nil { count += 1 }
            rounds += 1
        }
    }
    if rounds == 0 {
        print("\(label): skipped, \(path) not found")
    } else {
        print("\(label): \(format(Double(count) / seconds(readTime))) events/s (Dell Canvas recording x\(rounds), from disk)")
    }
}
