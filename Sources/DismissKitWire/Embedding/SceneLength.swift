import DismissKitCore

extension Scene {
    /// Refuses a scene a state would spell (``jsonLine``) in more than
    /// ``InputLimits/maximumSceneLength`` bytes: a host could not send it back in a `scene`
    /// command. Its defaults spelled out, a scene can be longer than the text it was read from.
    public func checkSpelledLength() throws(HostCommandError) {
        // Spelled only when its bound, from its counts, leaves room for doubt.
        guard spelledLengthBound > InputLimits.maximumSceneLength else { return }
        let length = jsonLine.text.utf8.count
        guard length <= InputLimits.maximumSceneLength else {
            throw HostCommandError(reason: "the scene would be spelled in \(length) bytes with every field, more than the "
                + "\(InputLimits.maximumSceneLength) a scene command can carry back")
        }
    }
}

extension Scene {
    /// At most how many bytes ``jsonLine`` spells the scene in, reckoned from its counts alone,
    /// with no text made: each number at its longest (25 bytes, such as
    /// `-2.2250738585072014e-308`), each byte of an id escaped (6 bytes, `\u001f`), every
    /// optional field there (the keyboard and the idle rule too), and room to spare for the keys.
    var spelledLengthBound: Int {
        presentations.reduce(500) { $0 + $1.spelledLengthBound }
    }
}

extension Presentation {
    /// At most how many bytes ``jsonLine`` spells the presentation in (``Scene/spelledLengthBound``):
    /// its keys, booleans, names and single numbers (about 600 bytes, frame and anchor included)
    /// in 1,000, then its id, detents and pass-through rectangles by their counts.
    var spelledLengthBound: Int {
        1_000 + 6 * id.utf8.count + Self.detentBound * detents.count + Self.rectangleBound * passthrough.count
    }

    /// A detent in a list: a number at its longest and a comma.
    static let detentBound = 32
    /// A rectangle in a list: four keys, four numbers at their longest, braces and commas.
    static let rectangleBound = 160
}

extension DismissalPipeline {
    /// Applies a host command as every host's path does (the service, the C and WebAssembly
    /// libraries, replays): as ``DismissalPipeline/apply(_:time:into:)``, but a command after
    /// which the scene could not be sent back (``Scene/checkSpelledLength()``) is refused,
    /// changing nothing. So whatever scene a state gives, a `scene` command takes again.
    public mutating func applyHostCommand(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        switch command {
        case .scene, .present, .update, .screen:
            // Far from the limit, as a scene nearly always is, nothing is spelled or kept aside.
            guard spelledLengthBound(after: command) > InputLimits.maximumSceneLength else {
                try apply(command, time: time, into: &intents)
                return
            }
            let (before, decided) = (self, intents.count)
            try apply(command, time: time, into: &intents)
            do {
                try scene.checkSpelledLength()
            } catch {
                self = before
                intents.removeSubrange(decided...)
                throw error
            }
        case .remove, .confirm, .button, .accessibility, .dismiss, .key, .keyboard, .tick:
            try apply(command, time: time, into: &intents)
        }
    }

    /// At most how many bytes the scene is spelled in once `command` is applied
    /// (``Scene/spelledLengthBound``): a command adds presentations, detents and rectangles,
    /// or replaces the scene; anything else it changes is reckoned at its longest already.
    private func spelledLengthBound(after command: HostCommand) -> Int {
        switch command {
        case .scene(let scene):
            scene.spelledLengthBound
        case .present(let presentation):
            scene.spelledLengthBound + presentation.spelledLengthBound
        case .update(_, let update):
            scene.spelledLengthBound + Presentation.detentBound * (update.detents?.count ?? 0)
                + Presentation.rectangleBound * (update.passthrough?.count ?? 0)
        case .remove, .confirm, .button, .accessibility, .dismiss, .key, .screen, .keyboard, .tick:
            scene.spelledLengthBound
        }
    }
}
