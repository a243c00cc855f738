import DismissKitCore

extension Scene {
    /// Refuses a scene a state would spell (``jsonLine``) in more than
    /// ``InputLimits/maximumSceneLength`` bytes: a host could not send it back in a `scene`
    /// command. Its defaults spelled out, a scene can be longer than the text it was read from.
    public func checkSpelledLength() throws(HostCommandError) {
        let length = jsonLine.text.utf8.count
        guard length <= InputLimits.maximumSceneLength else {
            throw HostCommandError(reason: "the scene would be spelled in \(length) bytes with every field, more than the "
                + "\(InputLimits.maximumSceneLength) a scene command can carry back")
        }
    }
}

extension DismissalPipeline {
    /// Applies a host command as every host's path does (the service, the C and WebAssembly
    /// libraries, replays): as ``DismissalPipeline/apply(_:time:into:)``, but a command after
    /// which the scene could not be sent back (``Scene/checkSpelledLength()``) is refused,
    /// changing nothing. So whatever scene a state gives, a `scene` command takes again.
    public mutating func applyHostCommand(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        switch command {
        case .scene, .present, .update, .screen:
            let (before, decided) = (self, intents.count)
            try apply(command, time: time, into: &intents)
            do {
                try scene.checkSpelledLength()
            } catch {
                self = before
                intents.removeSubrange(decided...)
                throw error
            }
        case .remove, .confirm, .button, .accessibility, .dismiss, .key:
            try apply(command, time: time, into: &intents)
        }
    }
}
