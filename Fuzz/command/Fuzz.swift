import DismissKit

/// Host commands, one per line, parsed and applied to a pipeline whose scene stacks a sheet
/// with unsaved work under a popover, as `gesturectl run` applies what a host sends; a
/// `query` is answered with the state line, and every reply line is written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommand(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var pipeline = DismissalPipeline(scene: Scene(presentations: [
        Presentation(id: "compose", style: .sheet, detents: [.medium, .large], grabber: true, unsavedChanges: true),
        Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true,
                     frame: Rect(x: 900, y: 60, width: 320, height: 400)),
    ]))
    var intents: [Intent] = []
    var time: Int64 = 0
    for line in UnsafeBufferPointer(start: data, count: size).split(separator: UInt8(ascii: "\n")) {
        guard let text = String(validating: line, as: UTF8.self) else { continue }
        var reply: [UInt8] = []
        let request: HostRequest
        do {
            request = try HostCommandParser.parseRequest(text)
        } catch {
            HostReply.error(line: 1, reason: error.reason).appendJSONLine(to: &reply)
            continue
        }
        time += 1000
        switch request {
        case .query:
            _ = pipeline.stateJSONLine.text
        case .command(let command):
            do {
                try pipeline.apply(command, time: time, into: &intents)
                HostReply.ok(line: 1).appendJSONLine(to: &reply)
            } catch {
                HostReply.error(line: 1, reason: error.reason).appendJSONLine(to: &reply)
            }
        }
        for intent in intents { _ = intent.jsonLine(explain: true, names: pipeline.names) }
        intents.removeAll(keepingCapacity: true)
    }
    return 0
}
