import Foundation
import Glibc
import DismissKit
import Testing
import DismissKitService
@testable import gesturectl

/// `gesturectl run` as a service, on this machine's seat, which has no touchscreen: the run
/// waits for one, and its protocol (replies, `query`, many clients, the socket's rules) is
/// driven through standard input and its socket.
///
/// No check depends on the machine's speed: every wait ends on what it waits for (a line, the
/// end of a stream, the process's exit) and fails only after `stallSeconds` without it.
@Suite(.serialized) struct RunServiceTests {
    static let stallSeconds = 30.0
    static let sheet = #"{"type":"present","presentation":{"id":"compose","style":"sheet","unsavedChanges":true}}"#

    @Test func everyCommandLineGetsOneReplyInOrderAndQueryReturnsTheState() throws {
        let service = try RunningService([])
        try service.waitForStandardError(containing: "waiting for one")
        service.write(Self.sheet + "\n"
            + Self.sheet + "\n"                                             // the id is taken: refused
            + "not json\n"
            + "\n"                                                          // blank: no reply, still counted
            + #"{"type":"dismiss","presentation":"compose"}"# + "\n"        // unsaved work: asks
            + #"{"type":"update","presentation":"compose","contentOffset":12}"# + "\n"
            + #"{"type":"query"}"# + "\n")
        var output = service.output
        #expect(try output.nextLine() == #"{"line":1,"type":"ok"}"#)
        #expect(try output.nextLine() == #"{"line":2,"reason":"presentation \"compose\": the id is already used by a presentation below it","type":"error"}"#)
        #expect(try output.nextLine() == #"{"line":3,"reason":"expected a JSON value, found 'not'","type":"error"}"#)
        #expect(try output.nextLine() == #"{"line":5,"type":"ok"}"#)
        let question = try #require(try output.nextLine())
        #expect(question.hasPrefix(#"{"options":["discard","save","keepEditing"],"presentation":"compose","source":"programmatic","time":"#))
        #expect(try output.nextLine() == #"{"line":6,"type":"ok"}"#)
        let state = try #require(try output.nextLine())
        #expect(state == #"{"gesture":null,"line":7,"openQuestions":[{"presentation":"compose","source":"programmatic"}],"#
            + #""scene":{"compactWidth":600,"presentations":[{"contentOffset":12,"detents":["large"],"dismissible":true,"#
            + #""grabber":false,"headerHeight":56,"id":"compose","modal":true,"passthrough":[],"selectedDetent":"large","#
            + #""style":"sheet","unsavedChanges":true}],"screen":{"height":800,"heightMM":136,"width":1280,"widthMM":217},"#
            + #""topInset":40},"type":"state"}"#)
        // The state's scene reads back as a scene command that changes nothing.
        let scene = try #require(state.range(of: #","scene":"#).map { state[$0.upperBound...] }.map { $0.dropLast(#","type":"state"}"#.count) })
        service.write(#"{"type":"scene","scene":"# + scene + "}\n" + #"{"type":"confirm","presentation":"compose","choice":"discard"}"# + "\n"
            + #"{"type":"query"}"# + "\n")
        #expect(try output.nextLine() == #"{"line":8,"type":"ok"}"#)
        #expect(try output.nextLine() == #"{"line":9,"type":"ok"}"#)
        #expect(try output.nextLine()?.contains(#""resolution":"discarded""#) == true)
        #expect(try output.nextLine()?.hasPrefix(#"{"gesture":null,"line":10,"openQuestions":[],"scene":{"compactWidth":600,"presentations":[],"#) == true)
        let status = try service.stop()
        #expect(status == 0)
        #expect(service.standardError.contains("Error: stdin:2: presentation \"compose\": the id is already used"))
    }

    @Test func threeSocketClientsOneSendingOneListeningOneNotReading() throws {
        let socketPath = RunningService.scratchPath("three.sock")
        let service = try RunningService(["--socket", socketPath, "--client-stall", "1"])
        let sender = try SocketClient(path: socketPath)
        let listener = try SocketClient(path: socketPath)
        let stalled = try SocketClient(path: socketPath)
        // The stalled client floods queries and never reads its replies.
        let flood = [UInt8](String(repeating: #"{"type":"query"}"# + "\n", count: 2_000).utf8)
        try service.waitUntil {
            _ = stalled.sendWhatFits(flood)
            return service.standardError.contains("disconnected: stopped reading")
        }
        // The other two are unaffected: commands answered in order, every intent to both.
        sender.send(Self.sheet + "\n" + Self.sheet + "\n" + #"{"type":"dismiss","presentation":"compose"}"# + "\n"
            + #"{"type":"confirm","presentation":"compose","choice":"save"}"# + "\n")
        #expect(try sender.nextLine() == #"{"line":1,"type":"ok"}"#)
        #expect(try sender.nextLine()?.hasPrefix(#"{"line":2,"reason":"presentation \"compose\""#) == true)
        #expect(try sender.nextLine() == #"{"line":3,"type":"ok"}"#)
        let senderIntents = try [sender.nextLine(), sender.nextLine(), sender.nextLine(), sender.nextLine()]
        #expect(senderIntents[0]?.contains(#""type":"confirmationRequested""#) == true)
        #expect(senderIntents[1] == #"{"line":4,"type":"ok"}"#)
        #expect(senderIntents[2]?.contains(#""type":"save""#) == true)
        #expect(senderIntents[3]?.contains(#""resolution":"saved""#) == true)
        let listened = try [listener.nextLine(), listener.nextLine(), listener.nextLine()]
        #expect(listened == [senderIntents[0], senderIntents[2], senderIntents[3]])
        // Standard output, a pipe here, got the same intents and none of the socket's replies.
        var output = service.output
        #expect(try [output.nextLine(), output.nextLine(), output.nextLine()] == listened)
        #expect(try service.stop() == 0)
    }

    @Test func everyConnectionBeginsWithTheHelloLine() throws {
        let socketPath = RunningService.scratchPath("hello.sock")
        let service = try RunningService(["--socket", socketPath])
        let client = try SocketClient(path: socketPath)
        var raw = LineReader(descriptor: client.descriptor, expectingHello: false)
        #expect(try raw.nextLine() == #"{"protocol":1,"type":"hello","version":"\#(DismissKitVersion.release)"}"#)
        var output = LineReader(descriptor: service.output.descriptor, expectingHello: false)
        #expect(try output.nextLine() == LineReader.hello)
        #expect(try service.stop() == 0)
    }

    /// Three `query`s whose states are each larger than the queue's pause, then 2,000 commands
    /// sent at once and read only once they are all sent: every reply comes, whole and in
    /// order, and nobody is disconnected. The last line has no newline, and the client
    /// half-closes: it is answered too, then the connection ends.
    @Test func aClientThatPipelinesGetsEveryReplyAndALargeStateGetsThrough() throws {
        let socketPath = RunningService.scratchPath("pipeline.sock")
        let service = try RunningService(["--socket", socketPath])
        let client = try SocketClient(path: socketPath)
        let sheets = (0..<1_000).map { #"{"id":"sheet-\#($0)-\#(String(repeating: "x", count: 200))","style":"formSheet"}"# }
        client.send(#"{"type":"scene","scene":{"presentations":["# + sheets.joined(separator: ",") + "]}}\n"
            + String(repeating: #"{"type":"query"}"# + "\n", count: 3))
        #expect(try client.nextLine() == #"{"line":1,"type":"ok"}"#)
        for number in 2...4 {
            let state = try #require(try client.nextLine())
            #expect(state.hasPrefix(#"{"gesture":null,"line":\#(number),"#) && state.hasSuffix(#""type":"state"}"#))
            #expect(state.utf8.count > 256 * 1024, "the state is larger than the pause: \(state.utf8.count) bytes")
        }
        client.send(#"{"type":"scene","scene":{"presentations":[]}}"# + "\n"
            + Array(repeating: #"{"type":"query"}"#, count: 2_000).joined(separator: "\n"))
        shutdown(client.descriptor, Int32(SHUT_WR))
        #expect(try client.nextLine() == #"{"line":5,"type":"ok"}"#)
        for number in 6...2_005 {
            let state = try #require(try client.nextLine(), "reply \(number)")
            #expect(state.hasPrefix(#"{"gesture":null,"line":\#(number),"openQuestions":[],"scene":"#) && state.hasSuffix(#""type":"state"}"#))
        }
        #expect(try client.nextLine() == nil, "closed once answered")
        #expect(!service.standardError.contains("disconnected"), "\(service.standardError)")
        #expect(try service.stop() == 0)
    }

    /// A client that stops reading is disconnected only after it took nothing for the stated
    /// time (`--client-stall`), and never in the middle of a line: what it reads afterwards is
    /// whole lines, then the end.
    @Test func aStalledClientIsDisconnectedAfterTheStallTimeWithoutATornLine() throws {
        let socketPath = RunningService.scratchPath("stall.sock")
        let service = try RunningService(["--socket", socketPath, "--client-stall", "3"])
        let stalled = try SocketClient(path: socketPath)
        let started = Date()
        let queries = [UInt8](String(repeating: #"{"type":"query"}"# + "\n", count: 200).utf8)
        try service.waitUntil {
            _ = stalled.sendWhatFits(queries)
            return service.standardError.contains("disconnected: stopped reading (took none of the bytes waiting for it in 3 s)")
        }
        #expect(Date().timeIntervalSince(started) >= 3)
        var count = 0
        while let line = try stalled.nextLine() {
            #expect(line.hasSuffix(#""type":"state"}"#))
            count += 1
        }
        #expect(count > 0)
        #expect(try service.stop() == 0)
    }

    /// A client that reads, but slower than intents come, is disconnected once more than the
    /// hard cap waits for it, never in the middle of a line; the client that caused them is not.
    /// (The stall time is an hour, so that a slow machine's rounds cannot pass for a stall.)
    @Test func aClientFallingBehindTheIntentsPastTheHardCapIsDisconnectedWithoutATornLine() throws {
        let socketPath = RunningService.scratchPath("cap.sock")
        let service = try RunningService(["--socket", socketPath, "--client-stall", "3600"])
        let sender = try SocketClient(path: socketPath)
        let slow = try SocketClient(path: socketPath)
        let id = String(repeating: "p", count: 240)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var line = 0
        var rounds = 0
        // Each round: 100 sheets, each presented and then dismissed (100 intents of about 300
        // bytes to every client), the sender reading its replies, the slow client taking what
        // it has, up to 16 KiB. One sheet at a time: a stack of 100 makes every command of a
        // debug build some 30 times slower.
        while !service.standardError.contains("socket client 3 (uid 0, pid \(getpid())) disconnected") {
            rounds += 1
            try #require(rounds < 1_000, "no disconnect after \(rounds) rounds: \(service.standardError)")
            let ids = (0..<100).map { "\(id)\(rounds)-\($0)" }
            let commands = ids.flatMap {
                [#"{"type":"present","presentation":{"id":"\#($0)","style":"sheet"}}"#, #"{"type":"dismiss","presentation":"\#($0)"}"#]
            }
            sender.send(commands.joined(separator: "\n") + "\n")
            line += commands.count
            while let reply = try sender.nextLine(), !reply.hasPrefix(#"{"line":\#(line),"#) {}
            let count = recv(slow.descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { received += buffer[..<count] }
        }
        #expect(service.standardError.contains("disconnected: stopped reading (more than \(RunLimits.disconnectBytes) bytes"))
        // Of the socket's clients only the slow one (client 3; 1 was the start's probe) is
        // disconnected: the sender reads. (Standard output, which this test does not read, may be.)
        let notes = service.standardError.split(separator: "\n").filter { $0.contains("socket client") && $0.contains("disconnected") }
        #expect(notes.count == 1 && notes.first?.contains("socket client 3 ") == true, "\(notes)")
        // What the slow client is given after its disconnect ends with a whole line.
        while true {
            let count = read(slow.descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(received.last == 0x0A, "the last line is whole")
        let lines = received.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.first == LineReader.hello)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
        #expect(try service.stop() == 0)
    }

    @Test func aMemberOfMoreThan256GroupsIsLetInByItsLastGroup() throws {
        try #require(geteuid() == 0, "needs root to connect as another user with many groups")
        let socketPath = "/tmp/dk-\(getpid())-groups.sock"
        let service = try RunningService(["--socket", socketPath, "--allow-group", "40300"])
        try #require(chmod(socketPath, 0o666) == 0)
        let groups = (40001...40300).map(String.init).joined(separator: ",")
        let result = try runAs(uid: 65534, groups: groups, connectingTo: socketPath, sending: #"{"type":"query"}"#)
        #expect(result.hasSuffix(#""type":"state"}"#), "\(result)")
        #expect(try service.stop() == 0)
    }

    @Test func sigtermEndsTheRunWhileAClientIsNotReading() throws {
        let socketPath = RunningService.scratchPath("stop.sock")
        let service = try RunningService(["--socket", socketPath])
        let stalled = try SocketClient(path: socketPath)
        // Fill the kernel's buffers towards the stalled client, up to just below the run's own cap.
        let queries = [UInt8](String(repeating: #"{"type":"query"}"# + "\n", count: 200).utf8)
        for _ in 0..<5 { _ = stalled.sendWhatFits(queries); try service.pause() }
        let start = DispatchTime.now()
        let status = try service.stop()
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        print("SIGTERM to exit with a non-reading client connected: \(String(format: "%.1f", milliseconds)) ms")
        #expect(status == 0)
        _ = stalled
    }

    @Test func anOverlongLineIsRefusedAndItsClientDisconnected() throws {
        let socketPath = RunningService.scratchPath("long.sock")
        let service = try RunningService(["--socket", socketPath])
        let client = try SocketClient(path: socketPath)
        let other = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        let peakBefore = try #require(service.peakMemoryKilobytes)
        // 8 MiB without a newline: refused after the first MiB, then the connection ends.
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
        var sent = 0
        try service.waitUntil {
            let count = client.sendWhatFits(chunk)
            sent += max(0, count)
            return count < 0 || sent >= 8 << 20  // the run closed the connection, or took it all
        }
        #expect(try client.nextLine() == #"{"line":2,"reason":"the command is longer than 1048576 bytes","type":"error"}"#)
        #expect(try client.nextLine() == nil)
        #expect(service.standardError.contains("disconnected: sent a command line longer than 1048576 bytes"))
        // Nothing of the line was kept past the cap: the peak grew by a few MiB at most (the line
        // buffer doubling to 2 MiB). Under AddressSanitizer every buffer the doubling freed stays
        // in the allocator's quarantine and counts too, so the bound is twice as wide there;
        // what it catches is a reader that churns memory per byte (170 MB there, once).
        let peakAfter = try #require(service.peakMemoryKilobytes)
        let bound = (isAddressSanitized ? 16 : 8) * 1024
        #expect(peakAfter - peakBefore < bound, "peak \(peakBefore) kB before, \(peakAfter) kB after")
        other.send(#"{"type":"query"}"# + "\n")
        #expect(try other.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try service.stop() == 0)
    }

    @Test func anOverlongLineOnStandardInputClosesTheStandardStreams() throws {
        let service = try RunningService([])
        service.write(#"{"type":"query"}"# + "\n")
        var output = service.output
        #expect(try output.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        // 50 MB without a newline: the writer sees its pipe closed after the first MiB.
        let written = service.writeUntilClosed(byteCount: 50_000_000)
        #expect(written < 50_000_000)
        #expect(try output.nextLine() == #"{"line":2,"reason":"the command is longer than 1048576 bytes","type":"error"}"#)
        #expect(try output.nextLine() == nil)
        #expect(try service.stop() == 0)
    }

    @Test func standardOutputNotReadIsDisconnectedAndTheSocketStillServed() throws {
        let socketPath = RunningService.scratchPath("unread-stdout.sock")
        let service = try RunningService(["--socket", socketPath, "--client-stall", "1"])
        // The host floods queries on standard input and never reads standard output (a pipe).
        let queries = String(repeating: #"{"type":"query"}"# + "\n", count: 500)
        try service.waitUntil {
            service.writeIgnoringFailure(queries)
            return service.standardError.contains("stdin disconnected: stopped reading")
        }
        let client = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try service.stop() == 0)
    }

    /// The host closes its end of standard output (a pipe): the next line written to it is
    /// `EPIPE`, and standard input and output are disconnected; the run goes on for the socket.
    /// (It was ended by SIGPIPE; the input of the `fuzz-protocol` target that found it is
    /// `Fuzz/regressions/protocol/host-closes-its-output`.)
    @Test func aHostThatClosesStandardOutputIsDisconnectedAndTheSocketStillServed() throws {
        let socketPath = RunningService.scratchPath("closed-stdout.sock")
        let service = try RunningService(["--socket", socketPath])
        try service.closeOutput()
        service.write(#"{"type":"query"}"# + "\n")
        try service.waitForStandardError(containing: "gesturectl: stdin disconnected: cannot be written (Broken pipe)")
        let client = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try service.stop() == 0)
    }

    @Test func aLiveSocketIsNeverTakenOverAndAStaleOneIsReplaced() throws {
        let socketPath = RunningService.scratchPath("taken.sock")
        // A stale socket: bound, then its listener gone.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(SocketClient.withAddress(socketPath, { bind(stale, $0, $1) }) == 0)
        close(stale)
        let first = try RunningService(["--socket", socketPath])
        var status = stat()
        try #require(lstat(socketPath, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let second = try runGesturectl(["run", "--socket", socketPath])
        #expect(second.status == 69)
        #expect(second.standardError.contains("Error: '\(socketPath)' is in use: another process answers on it; not taking it over"))
        // The first still serves its socket, which the second left alone.
        let client = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try first.stop() == 0)
        #expect(lstat(socketPath, &status) != 0, "the run removes the socket it created")
    }

    @Test func anotherUserIsRefusedUnlessAllowed() throws {
        try #require(geteuid() == 0, "needs root to connect as another user")
        // In /tmp itself, which the other user can reach.
        let socketPath = "/tmp/dk-\(getpid())-peer.sock"
        for (arguments, refused) in [([String](), true), (["--allow-uid", "65534"], false), (["--allow-group", "65534"], false)] {
            let service = try RunningService(["--socket", socketPath] + arguments)
            // The socket is 0600 and root's: let the other user reach it to be judged by its uid.
            try #require(chmod(socketPath, 0o666) == 0)
            let result = try runAs(uid: 65534, connectingTo: socketPath, sending: #"{"type":"query"}"#)
            if refused {
                #expect(result == #"{"line":0,"reason":"uid 65534 may not connect (allowed: uids 0; see --allow-uid, --allow-group)","type":"error"}"#)
                #expect(service.standardError.contains("refused a socket client (uid 65534, pid "))
            } else {
                #expect(result.hasSuffix(#""type":"state"}"#), "\(result)")
            }
            #expect(try service.stop() == 0)
        }
    }

    @Test func socketActivationServesTheInheritedListener() throws {
        let socketPath = RunningService.scratchPath("activated.sock")
        let service = try RunningService(["-l", socketPath, TestPaths.gesturectl.path, "run"], executable: "/usr/bin/systemd-socket-activate",
                                         waitForSocket: socketPath)
        let client = try SocketClient(path: socketPath)
        client.send(#"{"type":"query"}"# + "\n")
        #expect(try client.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try service.stop() == 0)
    }

    @Test func systemdIsToldReadyThenWatchdogPingsThenStopping() throws {
        let notifyPath = RunningService.scratchPath("notify.sock")
        let systemd = try NotifyListener(path: notifyPath)
        let socketPath = RunningService.scratchPath("notified.sock")
        let service = try RunningService(["NOTIFY_SOCKET=\(notifyPath)", "WATCHDOG_USEC=100000", TestPaths.gesturectl.path,
                                          "run", "--socket", socketPath], executable: "/usr/bin/env", waitForSocket: socketPath)
        #expect(try systemd.nextMessage(from: service) == "READY=1\nSTATUS=Serving the socket and standard input")
        // Half the interval apart, whether or not input arrives.
        #expect(try systemd.nextMessage(from: service) == "WATCHDOG=1")
        #expect(try systemd.nextMessage(from: service) == "WATCHDOG=1")
        #expect(try service.stop() == 0)
        var last = "WATCHDOG=1"
        while last == "WATCHDOG=1" { last = try systemd.nextMessage(from: nil) }
        #expect(last == "STOPPING=1")
    }

    @Test func sighupRereadsTheConfigAndABadOneKeepsTheThresholdsInForce() throws {
        let config = RunningService.scratchPath("reload.json")
        try #"{"dismissFraction": 0.6}"#.write(toFile: config, atomically: true, encoding: .utf8)
        defer { unlink(config) }
        let recording = RunningService.scratchPath("reload.yaml")
        defer { unlink(recording) }
        let service = try RunningService(["--config", config, "--explain", "--record", recording])
        try service.waitForStandardError(containing: #""dismissFraction":0.6,"#)
        try #"{"dismissFraction": 0.8}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(service.process.processIdentifier, SIGHUP)
        try service.waitForStandardError(containing: "gesturectl: SIGHUP: reread \(config); its thresholds apply from the next gesture on")
        try service.waitForStandardError(containing: #""dismissFraction":0.8,"#)
        try "{\n  \"slopMM\": -1\n}".write(toFile: config, atomically: true, encoding: .utf8)
        kill(service.process.processIdentifier, SIGHUP)
        try service.waitForStandardError(containing: "gesturectl: SIGHUP: \(config):2: slopMM: must be a number more than 0, up to 50; the thresholds in force are kept")
        // The run goes on serving its client.
        service.write(#"{"type":"query"}"# + "\n")
        var output = service.output
        #expect(try output.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(try service.stop() == 0)
        // The recording holds the new thresholds where they were given, once, and replays.
        let recorded = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(recorded.components(separatedBy: #""type":"gestures""#).count == 2)
        #expect(recorded.contains(#""dismissFraction":0.8,"#))
        let replay = try runGesturectl(["replay", recording])
        #expect(replay.status == 0, "\(replay.standardError)")
    }

    @Test func aFailingAcceptRestsTheListenerAndServesAgainOnceDescriptorsAreFree() throws {
        let socketPath = RunningService.scratchPath("emfile.sock")
        let service = try RunningService(["--nofile=24:24", TestPaths.gesturectl.path, "run", "--socket", socketPath],
                                         executable: "/usr/bin/prlimit", waitForSocket: socketPath)
        var clients: [SocketClient] = []
        try service.waitUntil {
            if let client = try? SocketClient(path: socketPath) { clients.append(client) }
            return service.standardError.contains("cannot accept a socket client (Too many open files); trying again every 100 ms")
        }
        clients.removeFirst(clients.count / 2)
        let late = try SocketClient(path: socketPath)
        late.send(#"{"type":"query"}"# + "\n")
        #expect(try late.nextLine()?.hasSuffix(#""type":"state"}"#) == true)
        #expect(service.standardError.components(separatedBy: "cannot accept").count == 2, "one note per episode")
        #expect(try service.stop() == 0)
    }

    @Test func figuresAreOneJSONLineOnStandardErrorAtTheEnd() throws {
        let service = try RunningService(["--figures"])
        try service.waitForStandardError(containing: "waiting for one")
        #expect(!service.standardError.contains("figures"), "written only when the run ends")
        #expect(try service.stop() == 0)
        let lines = service.standardError.split(separator: "\n").filter { $0.hasPrefix("gesturectl: figures: ") }
        // No touchscreen here: nothing past the warm-up, so nothing counted; and no counting preload.
        #expect(lines == [#"gesturectl: figures: {"cpuMicrosecondsPerTouchEvent":{"inWakeups":null,"wholeProcess":null},"#
            + #""intents":0,"latencyMicroseconds":{"max":null,"p50":null,"p99":null},"touchEvents":0,"wakeups":0,"#
            + #""warmUpTouchEvents":1000}"#])
    }

    @Test func requireDeviceExits69OnASeatWithoutATouchscreen() throws {
        let result = try runGesturectl(["run", "--require-device"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("no touch device found on seat 'seat0'"))
    }

    /// Connects to `path` as `uid` (through setpriv and Python), sends a line and returns the first line back.
    private func runAs(uid: Int, groups: String? = nil, connectingTo path: String, sending line: String) throws -> String {
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sys.argv[1])
            try:
                s.sendall(sys.argv[2].encode() + b"\\n")
            except BrokenPipeError:
                pass  # refused: the reply is waiting to be read
            replies = s.makefile()
            assert replies.readline().startswith('{"protocol":'), "no hello line"
            print(replies.readline().strip())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid", String(uid), "--regid", String(uid)] + (groups.map { ["--groups", $0] } ?? ["--clear-groups"])
            + ["/usr/bin/python3", "-c", script, path, line]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `gesturectl run` started in the background: its standard input a pipe the test writes,
/// standard output a pipe the test reads line by line, standard error a file.
final class RunningService {
    let process = Process()
    private let input: Pipe
    let output: LineReader
    private let errorPath: String
    private let outputPipe: Pipe

    static func scratchPath(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "dk-\(getpid())-\(name)"
        unlink(path)
        return path
    }

    /// Starts the run and waits until it is ready: its socket answers (when it has one), or
    /// its note about the seat is out.
    init(_ arguments: [String], executable: String? = nil, waitForSocket: String? = nil) throws {
        process.executableURL = executable.map(URL.init(fileURLWithPath:)) ?? TestPaths.gesturectl
        process.arguments = executable == nil ? ["run"] + arguments : arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        input = Pipe()
        outputPipe = Pipe()
        errorPath = RunningService.scratchPath("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        output = LineReader(descriptor: outputPipe.fileHandleForReading.fileDescriptor)
        if let socketPath = waitForSocket ?? arguments.firstIndex(of: "--socket").map({ arguments[$0 + 1] }) {
            try waitUntil { SocketClient.answers(socketPath) }
        } else if executable == nil {
            try waitForStandardError(containing: "gesturectl:")
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        unlink(errorPath)
    }

    /// The run's peak resident memory so far (`VmHWM`), in kilobytes.
    var peakMemoryKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Closes this end of the run's standard output: nobody reads it any more.
    func closeOutput() throws {
        try outputPipe.fileHandleForReading.close()
    }

    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Writes `text` to standard input; a pipe the run has closed takes nothing, and that is no failure.
    func writeIgnoringFailure(_ text: String) {
        signal(SIGPIPE, SIG_IGN)
        let bytes = Array(text.utf8)
        _ = Glibc.write(input.fileHandleForWriting.fileDescriptor, bytes, bytes.count)
    }

    /// Writes `byteCount` bytes without a newline until the pipe closes; returns how many went in.
    func writeUntilClosed(byteCount: Int) -> Int {
        signal(SIGPIPE, SIG_IGN)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 16)
        var written = 0
        while written < byteCount {
            let count = Glibc.write(descriptor, chunk, min(chunk.count, byteCount - written))
            if count <= 0 { break }
            written += count
        }
        return written
    }

    func waitForStandardError(containing text: String) throws {
        try waitUntil { standardError.contains(text) }
    }

    /// Waits until `condition` holds, checking every 10 ms; fails after `stallSeconds` while
    /// the process is running, or at once when it has ended.
    func waitUntil(seconds: Double = RunServiceTests.stallSeconds, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard process.isRunning else { throw ServiceError("gesturectl ended: \(standardError)") }
            guard Date() < deadline else { throw ServiceError("stalled: \(standardError)") }
            try pause()
        }
    }

    func pause() throws {
        usleep(10_000)
        if !process.isRunning { throw ServiceError("gesturectl ended: \(standardError)") }
    }

    /// SIGTERM, then waits for the exit; fails after `stallSeconds`.
    func stop() throws -> Int32 {
        process.terminate()
        let deadline = Date().addingTimeInterval(RunServiceTests.stallSeconds)
        while process.isRunning {
            guard Date() < deadline else { throw ServiceError("no exit after SIGTERM") }
            usleep(1_000)
        }
        return process.terminationStatus
    }
}

/// A stand-in for systemd's notification socket: a Unix datagram socket that the run's
/// `NOTIFY_SOCKET` names.
final class NotifyListener {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard SocketClient.withAddress(path, { bind(descriptor, $0, $1) }) == 0 else {
            throw ServiceError("cannot bind \(path): \(Errno.current)")
        }
    }

    deinit { close(descriptor) }

    /// The next datagram; fails after `stallSeconds` without one, or once `service` has ended
    /// with nothing left to read.
    func nextMessage(from service: RunningService?) throws -> String {
        let deadline = Date().addingTimeInterval(RunServiceTests.stallSeconds)
        var bytes = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &bytes, bytes.count, Int32(MSG_DONTWAIT))
            if count >= 0 { return String(decoding: bytes[..<count], as: UTF8.self) }
            guard Date() < deadline else { throw ServiceError("no notification for \(RunServiceTests.stallSeconds) s") }
            if let service { try service.pause() } else { usleep(10_000) }
        }
    }
}

struct ServiceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Lines read from a descriptor, each wait bounded by `RunServiceTests.stallSeconds`; a
/// protocol connection's first line must be the hello line, which is checked and not returned.
struct LineReader {
    /// The first line of every protocol connection.
    static let hello = #"{"protocol":\#(DismissKitVersion.protocolNumber),"type":"hello","version":"\#(DismissKitVersion.release)"}"#

    let descriptor: Int32
    private var pending: [UInt8] = []
    private var greeted: Bool

    init(descriptor: Int32, expectingHello: Bool = true) {
        self.descriptor = descriptor
        greeted = !expectingHello
    }

    /// The next line, or nil at the end of the stream.
    mutating func nextLine() throws -> String? {
        if !greeted {
            greeted = true
            let first = try nextLine()
            guard first == Self.hello else { throw ServiceError("the connection began with \(first ?? "nothing"), not the hello line") }
        }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 1, Int32(RunServiceTests.stallSeconds * 1000)) == 1 else {
                throw ServiceError("no line within \(RunServiceTests.stallSeconds) s")
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 {
                guard pending.isEmpty else { throw ServiceError("a torn line at the end: \(String(decoding: pending, as: UTF8.self))") }
                return nil
            }
            pending += buffer[..<count]
        }
    }
}

/// A client of the run's socket.
final class SocketClient {
    let descriptor: Int32
    private var lines: LineReader

    init(path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard SocketClient.withAddress(path, { connect(descriptor, $0, $1) }) == 0 else {
            let reason = Errno.current
            close(descriptor)
            throw ServiceError("cannot connect to \(path): \(reason)")
        }
        self.descriptor = descriptor
        lines = LineReader(descriptor: descriptor)
    }

    deinit { close(descriptor) }

    static func answers(_ path: String) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        return withAddress(path, { connect(probe, $0, $1) }) == 0
    }

    static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Sends what the socket takes without waiting: the count, 0 when it is full, -1 when it is closed.
    func sendWhatFits(_ bytes: [UInt8]) -> Int {
        let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        if count >= 0 { return count }
        return Errno.current == .wouldBlock ? 0 : -1
    }

    func nextLine() throws -> String? { try lines.nextLine() }
}

/// Whether this process (and so the gesturectl built beside it) runs under AddressSanitizer.
private let isAddressSanitized = dlsym(nil, "__asan_init") != nil  // nil: RTLD_DEFAULT
