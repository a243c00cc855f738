import DismissKit
import DismissKitFuzzSupport

/// The whole pipeline fed by the decoder, with host commands between frames, checking the
/// unsaved-content invariant (SPEC 5.5, ``UnsavedWorkChecker``): nothing with unsaved changes is
/// dismissed unless the host answered discard or save, the done button closed it, or a
/// non-modal popover autosaved; and the drag rule (SPEC 4.9, ``DragRuleChecker``): every `dragBegan` is closed exactly once,
/// before any question or rejection for its presentation. The bytes pick a scene, then give
/// frames and commands.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var stream = ByteStream(UnsafeBufferPointer(start: data, count: size))
    let scene = scenes[Int(stream.byte()) % scenes.count]
    var pipeline = DismissalPipeline(scene: scene)
    let axes: [UInt16: AbsoluteAxisInfo] = [
        AbsoluteAxis.multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 3),
        AbsoluteAxis.multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 4339, resolution: 20),
        AbsoluteAxis.multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: 2719, resolution: 20),
        AbsoluteAxis.multitouchToolType: AbsoluteAxisInfo(minimum: 0, maximum: MultitouchTool.palm),
        AbsoluteAxis.multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
    ]
    let device = DeviceDescription(name: "fuzz", codes: [EventType.absolute: Set(axes.keys)], absoluteAxes: axes,
                                   properties: [InputProperty.direct])
    guard var decoder = try? TouchDecoder(device: device, screen: scene.screen) else { return 0 }
    var touches: [TouchEvent] = []
    var intents: [Intent] = []
    var time: Int64 = 0
    var trackingID: Int32 = 1
    var dragRule = DragRuleChecker()
    var unsavedWork = UnsavedWorkChecker(scene: scene)
    while !stream.isEmpty {
        time += Int64(stream.byte()) * 500
        intents.removeAll(keepingCapacity: true)
        switch stream.byte() % 8 {
        case 0:
            let id = ["compose", "share", "alert", "missing"][Int(stream.byte()) % 4]
            let command: HostCommand
            switch stream.byte() % 8 {
            case 0: command = .confirm(presentation: id, .discard)
            case 1: command = .confirm(presentation: id, .save)
            case 2: command = .confirm(presentation: id, .keepEditing)
            case 3: command = .button(presentation: id, .done)
            case 4: command = .button(presentation: id, .cancel)
            case 5: command = .update(presentation: id, PresentationUpdate(unsavedChanges: stream.byte() % 2 == 0))
            case 6: command = .key(.escape)
            default: command = .dismiss(presentation: id)
            }
            // The checker hears a command once the pipeline took it; a refused one decides nothing.
            if (try? pipeline.apply(command, time: time, into: &intents)) != nil { unsavedWork.took(command) }
            checkInvariants()
            continue
        case 1:
            // A finger lifts (or turns into a palm).
            let slot = Int32(stream.byte() % 4)
            let palm = stream.byte() % 4 == 0
            let ending: (UInt16, Int32) = palm ? (AbsoluteAxis.multitouchToolType, MultitouchTool.palm)
                                               : (AbsoluteAxis.multitouchTrackingID, -1)
            feed([(AbsoluteAxis.multitouchSlot, slot), ending])
        default:
            let slot = Int32(stream.byte() % 4)
            var events: [(UInt16, Int32)] = [(AbsoluteAxis.multitouchSlot, slot)]
            if stream.byte() % 6 == 0 {
                events.append((AbsoluteAxis.multitouchTrackingID, trackingID))
                trackingID += 1
            }
            events.append((AbsoluteAxis.multitouchPositionX, Int32(stream.uint16() % 4340)))
            events.append((AbsoluteAxis.multitouchPositionY, Int32(stream.uint16() % 2720)))
            feed(events)
        }
    }
    return 0

    func feed(_ events: [(UInt16, Int32)]) {
        touches.removeAll(keepingCapacity: true)
        for (code, value) in events {
            decoder.decode(InputEvent(time: time, type: EventType.absolute, code: code, value: value), into: &touches)
        }
        decoder.decode(InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0), into: &touches)
        unsavedWork.tookDeviceInput()
        for touch in touches {
            let (scene, count) = (pipeline.scene, intents.count)
            do throws(TouchRefusal) {
                try pipeline.handle(touch, into: &intents)
            } catch {
                // A refused event changes nothing.
                if pipeline.scene != scene || intents.count != count { fatalError("refused \(touch) (\(error)) changed the pipeline") }
            }
        }
        checkInvariants()
    }

    /// Stops the fuzzer on the first intent that breaks the drag rule or the unsaved-content invariant.
    func checkInvariants() {
        for intent in intents {
            dragRule.take(intent)
            unsavedWork.take(intent, names: pipeline.names)
        }
        if let violation = dragRule.violation {
            fatalError("intent \(violation.index) breaks the drag rule: \(violation.reason.description(names: pipeline.names))")
        }
        if let violation = unsavedWork.violation {
            fatalError("intent \(violation.index) breaks the unsaved-content invariant: \(violation.reason)")
        }
    }
}

/// The scenes the bytes choose from: sheets with unsaved work, a popover, an alert, compact widths.
private let scenes: [Scene] = {
    let compose = Presentation(id: "compose", style: .sheet, detents: [.medium, .large], grabber: true, contentOffset: 120,
                               unsavedChanges: true)
    let popover = Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true,
                               frame: Rect(x: 900, y: 60, width: 320, height: 400),
                               anchor: Rect(x: 1180, y: 10, width: 44, height: 44),
                               passthrough: [Rect(x: 1100, y: 10, width: 180, height: 44)])
    let alert = Presentation(id: "alert", style: .alert, unsavedChanges: true)
    let compact = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)
    return [
        Scene(presentations: [compose]),
        Scene(presentations: [compose, popover]),
        Scene(presentations: [compose, alert]),
        Scene(screen: compact, presentations: [compose, popover]),
        Scene(presentations: [Presentation(id: "compose", style: .formSheet, unsavedChanges: true,
                                           frame: Rect(x: 340, y: 200, width: 600, height: 500))]),
    ]
}()
