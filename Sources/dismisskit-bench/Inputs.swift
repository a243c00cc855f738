import DismissKit
import Glibc

/// Large recordings made by repeating a real one, each repetition later than the last.
///
/// The Dell Canvas recording (5,363 evdev events, 14 s, up to five fingers) is written again and
/// again with its times moved on by a fixed period, so the result is one long, valid recording:
/// the same device, the same gestures, time that never goes back.
enum BigRecording {
    /// Seconds between the starts of two repetitions (the recording lasts 14 s).
    static let period = 20

    /// Writes an evemu recording of at least `bytes` bytes; returns the number of evdev events.
    static func evemu(from source: String, to path: String, bytes: Int) -> Int? {
        let lines = readText(source).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("E:") }), var file = OutputFile(path: path) else { return nil }
        for line in lines[..<first] { file.append(String(line) + "\n") }
        // "E: <sec>.<usec> <rest>"
        let events: [(seconds: Int, rest: Substring)] = lines[first...].compactMap { line in
            guard line.hasPrefix("E: "), let dot = line.firstIndex(of: ".") else { return nil }
            guard let seconds = Int(line[line.index(line.startIndex, offsetBy: 3)..<dot]) else { return nil }
            return (seconds, line[dot...])
        }
        var count = 0
        var repetition = 0
        while file.size < bytes {
            let offset = repetition * period
            for event in events {
                file.append("E: \(event.seconds + offset)\(event.rest)\n")
            }
            count += events.count
            repetition += 1
        }
        file.close()
        return count
    }

    /// Writes a `libinput record` YAML recording of at least `bytes` bytes; returns the number of evdev events.
    static func yaml(from source: String, to path: String, bytes: Int) -> Int? {
        let lines = readText(source).split(separator: "\n", omittingEmptySubsequences: false)
        guard let eventsKey = lines.firstIndex(where: { $0.trimmingSpaces == "events:" }),
            var file = OutputFile(path: path)
        else { return nil }
        for line in lines[...eventsKey] { file.append(String(line) + "\n") }
        // Items are "  - evdev:" lines and "    - [ <sec>, <usec>, <type>, <code>, <value>] # comment" lines.
        let body: [(prefix: Substring, seconds: Int?, rest: Substring)] = lines[(eventsKey + 1)...].compactMap { line in
            guard !line.trimmingSpaces.isEmpty else { return nil }
            guard let bracket = line.firstIndex(of: "["), let comma = line[bracket...].firstIndex(of: ",") else {
                return (line, nil, "")
            }
            let number = line[line.index(after: bracket)..<comma].trimmingSpaces
            guard let seconds = Int(number) else { return (line, nil, "") }
            return (line[...bracket], seconds, line[comma...])
        }
        var count = 0
        var repetition = 0
        while file.size < bytes {
            let offset = repetition * period
            for item in body {
                if let seconds = item.seconds {
                    file.append("\(item.prefix) \(seconds + offset)\(item.rest)\n")
                    count += 1
                } else {
                    file.append(String(item.prefix) + "\n")
                }
            }
            repetition += 1
        }
        file.close()
        return count
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

/// A recording's touch events, as a replay gives them.
enum RecordedTouches {
    /// The touch events of the recording at `path` on `screen`; nil when it cannot be read.
    static func once(_ path: String, screen: ScreenSize) -> [TouchEvent]? {
        guard let reader = try? Recording.open(paths: [path]) else { return nil }
        var events: [TouchEvent] = []
        guard (try? Replay.touchEvents(from: reader, screen: screen) { events.append($0) }) != nil else { return nil }
        return events
    }
}

/// A session file an embedding host would record: a recording's touches given to a pipeline on
/// a scene again and again (each time a second after the last ended), the intents read as they
/// come and each question answered `keepEditing`, written by the recorder the C library uses.
enum BigSession {
    /// Writes a session of at least `bytes` bytes to `path`; returns its touch events.
    static func write(from recording: String, scene: SceneFile, to path: String, bytes: Int) -> Int? {
        guard let once = RecordedTouches.once(recording, screen: scene.scene.screen),
              let first = once.first?.time, let last = once.last?.time else { return nil }
        unlink(path)
        guard let recorder = try? SessionRecorder(path: path, scene: scene.scene, configuration: scene.configuration) else { return nil }
        var hosted = HostedPipeline(scene: scene.scene, configuration: scene.configuration)
        let answer = #"{"type":"confirm","presentation":"compose","choice":"keepEditing"}"#
        var count = 0
        var offset: Int64 = 0
        while recorder.bytesWritten < bytes {
            for recorded in once {
                let point = recorded.point ?? TouchPoint(xMM: 0, yMM: 0, x: 0, y: 0)
                let event = TouchEvent(recorded.kind, seatSlot: recorded.seatSlot, x: point.x, y: point.y, time: recorded.time + offset,
                                       on: scene.scene.screen)
                hosted.touch(event)
                recorder.record(touch: event)
                recorder.record(intents: hosted.latestDecided, names: hosted.pipeline.names)
                while let entry = hosted.next() {
                    guard case .intent(let intent) = entry, case .confirmationRequested = intent.kind else { continue }
                    try? hosted.command(answer, time: event.time)
                    recorder.record(command: answer, time: event.time)
                    recorder.record(intents: hosted.latestDecided, names: hosted.pipeline.names)
                }
                if event.kind == .frame { recorder.flush() }
                count += 1
            }
            offset += last - first + 1_000_000
        }
        recorder.flush()
        return recorder.failure == nil ? count : nil
    }
}
