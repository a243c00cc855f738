import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct IntentJSONTests {
    /// One intent of every type and its line, written by hand from SPEC section 6.
    static let lines: [(name: String, intent: Intent, text: String)] = [
        ("dragBegan", Intent(time: 1, kind: .dragBegan(presentation: "compose", origin: .topRegion)),
         #"{"origin":"topRegion","presentation":"compose","time":1,"type":"dragBegan"}"#),
        ("dragChanged", Intent(time: 2, kind: .dragChanged(presentation: "compose", offset: 12.3456, velocity: -250)),
         #"{"offset":12.346,"presentation":"compose","time":2,"type":"dragChanged","velocity":-250}"#),
        ("dragEnded medium", Intent(time: 3, kind: .dragEnded(presentation: "compose", outcome: .settle, detent: .medium)),
         #"{"detent":"medium","outcome":"settle","presentation":"compose","time":3,"type":"dragEnded"}"#),
        ("dragEnded custom", Intent(time: 3, kind: .dragEnded(presentation: "c", outcome: .dismissAttempt, detent: .custom(320.5))),
         #"{"detent":320.5,"outcome":"dismissAttempt","presentation":"c","time":3,"type":"dragEnded"}"#),
        ("setDetent", Intent(time: 4, kind: .setDetent(presentation: "compose", detent: .large, cause: .grabberTap)),
         #"{"cause":"grabberTap","detent":"large","presentation":"compose","time":4,"type":"setDetent"}"#),
        ("passthroughTap", Intent(time: 5, kind: .passthroughTap(x: 1150, y: 32.25)),
         #"{"time":5,"type":"passthroughTap","x":1150,"y":32.25}"#),
        ("confirmationRequested", Intent(time: 6, kind: .confirmationRequested(presentation: "compose", source: .swipeFromTop, options: [.discard, .save, .keepEditing])),
         #"{"options":["discard","save","keepEditing"],"presentation":"compose","source":"swipeFromTop","time":6,"type":"confirmationRequested"}"#),
        ("save", Intent(time: 7, kind: .save(presentation: "share")),
         #"{"presentation":"share","time":7,"type":"save"}"#),
        ("dismiss", Intent(time: 2_500_000, kind: .dismiss(presentation: "compose", source: .swipeFromTop, resolution: .discarded)),
         #"{"presentation":"compose","resolution":"discarded","source":"swipeFromTop","time":2500000,"type":"dismiss"}"#),
        ("cancelled", Intent(time: 8, kind: .cancelled(presentation: "compose")),
         #"{"presentation":"compose","time":8,"type":"cancelled"}"#),
        ("rejected", Intent(time: 9, kind: .rejected(presentation: "alert \"1\"", source: .tapOutside, reason: .tapOutsideIgnored)),
         #"{"presentation":"alert \"1\"","reason":"a tap outside is ignored","source":"tapOutside","time":9,"type":"rejected"}"#),
    ]

    @Test(arguments: lines.map(\.name))
    func writesTheSpecFields(name: String) throws {
        let example = try #require(Self.lines.first { $0.name == name })
        #expect(example.intent.jsonLine(explain: false, names: PresentationNames()).text == example.text)
        // Without an explanation, --explain adds nothing, but to a rejection its policy rule.
        if case .rejected(_, _, let reason) = example.intent.kind {
            #expect(example.intent.jsonLine(explain: true, names: PresentationNames()).text
                == #"{"explain":{"rule":"\#(reason.policyRule)"},"# + example.text.dropFirst())
        } else {
            #expect(example.intent.jsonLine(explain: true, names: PresentationNames()).text == example.text)
        }
    }

    @Test func explainAddsTheFiguresOnlyWhenAsked() {
        let intent = Intent(
            time: 10,
            kind: .dragEnded(presentation: "compose", outcome: .dismissAttempt, detent: .large),
            explanation: Explanation(projectedOffset: 412.0004, threshold: 380, velocity: 1200.5, margin: 32.0004)
        )
        #expect(intent.jsonLine(explain: false, names: PresentationNames()).text
            == #"{"detent":"large","outcome":"dismissAttempt","presentation":"compose","time":10,"type":"dragEnded"}"#)
        #expect(intent.jsonLine(explain: true, names: PresentationNames()).text
            == #"{"detent":"large","explain":{"margin":32,"projectedOffset":412,"threshold":380,"velocity":1200.5},"#
            + #""outcome":"dismissAttempt","presentation":"compose","time":10,"type":"dragEnded"}"#)
    }

    @Test func everyLineParsesBackWithItsType() throws {
        for example in Self.lines {
            let value = try JSONValue(parsing: example.intent.jsonLine(explain: false, names: PresentationNames()).text)
            var reader = try JSONObjectReader(value, path: "")
            let type = try reader.string("type")
            #expect(example.name.hasPrefix(type))
        }
    }

    @Test func anExplainedRejectionNamesItsRule() {
        let intent = Intent(time: 5, kind: .rejected(presentation: "base", source: .programmatic, reason: .coveredBy("top")))
        #expect(intent.jsonLine(explain: false, names: PresentationNames()).text == #"{"presentation":"base","reason":"covered by \"top\"","source":"programmatic","time":5,"type":"rejected"}"#)
        let explained = #"{"explain":{"rule":"rule 3: only the topmost presentation can be dismissed; the host closes what is above it first"},"#
            + #""presentation":"base","reason":"covered by \"top\"","source":"programmatic","time":5,"type":"rejected"}"#
        #expect(intent.jsonLine(explain: true, names: PresentationNames()).text == explained)
        var bytes: [UInt8] = []
        intent.appendJSONLine(to: &bytes, explain: true, names: PresentationNames())
        #expect(String(decoding: bytes, as: UTF8.self) == explained + "\n")
    }
}
