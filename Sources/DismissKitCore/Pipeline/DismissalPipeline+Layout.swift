extension DismissalPipeline {
    /// Every presentation's layout on the current screen, bottom to top: what the host draws, from
    /// the layout the pipeline hit-tests with (``PresentationLayout``). The topmost is moved by the
    /// drag that holds it, if any.
    public func layouts() -> [PresentationLayout] {
        var layouts: [PresentationLayout] = []
        layouts.reserveCapacity(scene.presentations.count)
        for index in scene.presentations.indices {
            layouts.append(layout(at: index))
        }
        return layouts
    }

    /// The layout of the presentation `presentation` names, or nil when it is not in the stack.
    public func layout(of presentation: PresentationID) -> PresentationLayout? {
        scene.index(ofPresentation: presentation).map { layout(at: $0) }
    }

    /// The layout of the presentation whose id is `id`, or nil when it is not in the stack.
    public func layout(of id: String) -> PresentationLayout? {
        scene.index(ofPresentation: id).map { layout(at: $0) }
    }

    /// The layout of the presentation at `index` in the stack, with the offset of the drag that
    /// holds it (gestures act on the topmost only).
    private func layout(at index: Int) -> PresentationLayout {
        let presentation = scene.presentations[index]
        var offset = 0.0
        if index == scene.presentations.count - 1, let held = recogniser.heldSheet, held.presentation == presentation.presentationID {
            offset = held.offset
        }
        return PresentationLayout(of: presentation, in: scene, configuration: recogniser.configuration, dragOffset: offset)
    }
}
