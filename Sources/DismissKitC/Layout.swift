import CDismissKit
import DismissKit

// Where presentations are drawn (dk_layout in dismisskit.h): the core's PresentationLayout, the
// figures the pipeline hit-tests with, as C values.

@c @implementation
public func dk_pipeline_layout(_ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?,
                               _ layout: UnsafeMutablePointer<dk_layout>?) -> Int32 {
    guard let state = PipelineState.from(pipeline), let layout else { return -1 }
    guard case .success(let id) = text(of: presentation, named: "presentation", limit: InputLimits.maximumLineLength) else {
        return -1
    }
    guard let found = state.pointee.hosted.pipeline.layout(of: id) else { return 0 }
    layout.pointee = dk_layout(found)
    return 1
}

extension dk_rect {
    init(_ rect: Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

extension dk_layout {
    /// The C form of `layout`: the optional rectangles with their flags (zero when absent).
    init(_ layout: PresentationLayout) {
        self.init()
        role = switch layout.role {
        case .sheet: DK_ROLE_SHEET
        case .popover: DK_ROLE_POPOVER
        case .fullScreen: DK_ROLE_FULL_SCREEN
        case .alert: DK_ROLE_ALERT
        }
        adapted = layout.isAdapted ? 1 : 0
        frame = dk_rect(layout.frame)
        resting_frame = dk_rect(layout.restingFrame)
        drag_offset = layout.dragOffset
        detent_height = layout.detents.first { $0.detent == layout.selectedDetent }?.height ?? 0
        if let grabber = layout.grabber, let target = layout.grabberHitTarget {
            has_grabber = 1
            self.grabber = dk_rect(grabber)
            grabber_hit_target = dk_rect(target)
        }
        if let header = layout.header {
            has_header = 1
            self.header = dk_rect(header)
        }
        question_anchor = dk_rect(layout.questionAnchor)
    }
}
