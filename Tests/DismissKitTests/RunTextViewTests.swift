import DismissKit
import DismissKitService
import Testing

/// `gesturectl run --format text`: standard output is for a person, in the lines of
/// `replay --format text`, while the socket's clients still speak the protocol.
@Suite(.serialized) struct RunTextViewTests {
    static let base = "Recordings/gesture-gated-swipe-confirm-discard"

    /// A live wait's touches, decisions and intents come in separate lists; put back in order,
    /// they print as the replay of the same recording prints them (its commands aside).
    @Test func aLiveWaitsStepsPrintAsTheReplayPrintsThem() throws {
        let sceneFile = try SceneFile.load(path: "\(Self.base).scene.json")
        let reader = try Recording.open(paths: ["\(Self.base).evemu"])
        var replayed: [Replay.Step] = []
        try Replay.steps(from: reader, scene: sceneFile, scenePath: "\(Self.base).scene.json") { step, _ in
            if case .command = step { return }
            replayed.append(step)
        }
        var (touches, decisions, intents): ([TouchEvent], [GestureDecision], [Intent]) = ([], [], [])
        for step in replayed {
            switch step {
            case .touch(let touch): touches.append(touch)
            case .decision(let decision): decisions.append(decision)
            case .intent(let intent): intents.append(intent)
            case .command: break
            }
        }
        try #require(!decisions.isEmpty && !intents.isEmpty)
        let view = StepText(colour: false)
        let names = PresentationNames()
        let live = ProtocolService.steps(touches: touches, decisions: decisions, intents: intents).compactMap { view.line($0, names: names) }
        #expect(live == replayed.compactMap { view.line($0, names: names) })
    }

    /// On this machine's seat, which has no touchscreen, the host's commands cause the intents:
    /// they are printed as text, a refused line is on standard error, and the socket's client
    /// gets the same intent as JSON.
    @Test func standardOutputIsTheTextViewAndTheSocketStillSpeaksJSON() throws {
        let socketPath = RunningService.scratchPath("text.sock")
        let service = try RunningService(["--socket", socketPath, "--format", "text"])
        let client = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")  // served before the host's commands come
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        service.write(RunServiceTests.sheet + "\n" + "not json\n" + #"{"type":"dismiss","presentation":"compose"}"# + "\n")
        var output = LineReader(descriptor: service.output.descriptor, expectingHello: false)
        let line = try #require(try output.nextLine())
        #expect(line.dropFirst(12).hasPrefix("intent    confirmationRequested(compose"), "\(line)")
        #expect(!line.contains("\u{1B}["), "no colour off a terminal")
        #expect(try client.nextLine()?.contains(#""type":"confirmationRequested""#) == true)
        try service.waitForStandardError(containing: "Error: stdin:2: expected a JSON value, found 'not'")
        #expect(try service.stop() == 0)
    }

    /// The host's `query` is answered in the text view, as a `state` line with the protocol's
    /// state; an answer of keepEditing reads as kept editing.
    @Test func aQueryAndAnAnswerShowInTheTextView() throws {
        let service = try RunningService(["--format", "text"])
        service.write(RunServiceTests.sheet + "\n" + #"{"type":"dismiss","presentation":"compose"}"# + "\n"
            + #"{"type":"query"}"# + "\n" + #"{"type":"confirm","presentation":"compose","choice":"keepEditing"}"# + "\n")
        var output = LineReader(descriptor: service.output.descriptor, expectingHello: false)
        let asked = try #require(try output.nextLine())
        #expect(asked.hasSuffix("asks: discard, save, keepEditing"), "\(asked)")
        let state = try #require(try output.nextLine())
        #expect(state.hasPrefix(String(repeating: " ", count: 12) + "state     {"), "\(state)")
        #expect(state.contains(#""openQuestions":[{"presentation":"compose","source":"programmatic"}]"#), "\(state)")
        let kept = try #require(try output.nextLine())
        #expect(kept.dropFirst(12).hasPrefix("intent    cancelled(compose)  kept editing"), "\(kept)")
        #expect(try service.stop() == 0)
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try runGesturectl(["run", "--format", "xml"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--format' is json or text, got 'xml'"))
    }
}
