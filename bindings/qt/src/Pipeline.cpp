#include "DismissKitQt/Pipeline.h"

#include "PresentationFields.h"

#include <dismisskit.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QMouseEvent>
#include <QPointer>
#include <QPointerEvent>
#include <QRectF>
#include <QScreen>
#include <QTimer>
#include <QWindow>

#include <algorithm>
#include <map>
#include <utility>

namespace DismissKitQt {

// The enums are dismisskit.h's, named in Qt's way: a value passes from one to the other as it is.
// Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
static_assert(int(Pipeline::Choice::Discard) == DK_CHOICE_DISCARD);
static_assert(int(Pipeline::Choice::Save) == DK_CHOICE_SAVE);
static_assert(int(Pipeline::Choice::KeepEditing) == DK_CHOICE_KEEP_EDITING);
static_assert(int(Pipeline::ButtonRole::Cancel) == DK_BUTTON_CANCEL);
static_assert(int(Pipeline::ButtonRole::Done) == DK_BUTTON_DONE);
static_assert(int(Pipeline::AccessibilityAction::Escape) == DK_ACCESSIBILITY_ESCAPE);
static_assert(int(Pipeline::AccessibilityAction::NextDetent) == DK_ACCESSIBILITY_NEXT_DETENT);
static_assert(int(Pipeline::AccessibilityAction::PreviousDetent) == DK_ACCESSIBILITY_PREVIOUS_DETENT);
static_assert(int(Pipeline::IdleUnsaved::Save) == DK_IDLE_UNSAVED_SAVE);
static_assert(int(Pipeline::IdleUnsaved::Discard) == DK_IDLE_UNSAVED_DISCARD);
static_assert(int(Pipeline::IdleUnsaved::Keep) == DK_IDLE_UNSAVED_KEEP);
static_assert(int(Pipeline::DragOrigin::TopRegion) == DK_ORIGIN_TOP_REGION);
static_assert(int(Pipeline::DragOrigin::ScrolledContent) == DK_ORIGIN_SCROLLED_CONTENT);
static_assert(int(Pipeline::DragOrigin::Grabber) == DK_ORIGIN_GRABBER);
static_assert(int(Pipeline::DragOutcome::DismissAttempt) == DK_OUTCOME_DISMISS_ATTEMPT);
static_assert(int(Pipeline::DragOutcome::Settle) == DK_OUTCOME_SETTLE);
static_assert(int(Pipeline::DragOutcome::Cancel) == DK_OUTCOME_CANCEL);
static_assert(int(Pipeline::DetentKind::Medium) == DK_DETENT_MEDIUM);
static_assert(int(Pipeline::DetentKind::Large) == DK_DETENT_LARGE);
static_assert(int(Pipeline::DetentKind::Custom) == DK_DETENT_CUSTOM);
static_assert(int(Pipeline::DetentCause::GrabberTap) == DK_CAUSE_GRABBER_TAP);
static_assert(int(Pipeline::DetentCause::GrabberDrag) == DK_CAUSE_GRABBER_DRAG);
static_assert(int(Pipeline::DetentCause::Swipe) == DK_CAUSE_SWIPE);
static_assert(int(Pipeline::DetentCause::ScrollExpand) == DK_CAUSE_SCROLL_EXPAND);
static_assert(int(Pipeline::DetentCause::Accessibility) == DK_CAUSE_ACCESSIBILITY);
static_assert(int(Pipeline::DetentCause::Keyboard) == DK_CAUSE_KEYBOARD);
static_assert(int(Pipeline::KeyboardHidingReason::Drag) == DK_KEYBOARD_HIDING_DRAG);
static_assert(int(Pipeline::KeyboardHidingReason::Question) == DK_KEYBOARD_HIDING_QUESTION);
static_assert(int(Pipeline::KeyboardHidingReason::EscapeKey) == DK_KEYBOARD_HIDING_ESCAPE_KEY);
static_assert(int(Pipeline::DismissalSource::SwipeFromTop) == DK_SOURCE_SWIPE_FROM_TOP);
static_assert(int(Pipeline::DismissalSource::SwipeScrolledContent) == DK_SOURCE_SWIPE_SCROLLED_CONTENT);
static_assert(int(Pipeline::DismissalSource::GrabberDrag) == DK_SOURCE_GRABBER_DRAG);
static_assert(int(Pipeline::DismissalSource::TapOutside) == DK_SOURCE_TAP_OUTSIDE);
static_assert(int(Pipeline::DismissalSource::EscapeKey) == DK_SOURCE_ESCAPE_KEY);
static_assert(int(Pipeline::DismissalSource::CancelButton) == DK_SOURCE_CANCEL_BUTTON);
static_assert(int(Pipeline::DismissalSource::DoneButton) == DK_SOURCE_DONE_BUTTON);
static_assert(int(Pipeline::DismissalSource::AccessibilityEscape) == DK_SOURCE_ACCESSIBILITY_ESCAPE);
static_assert(int(Pipeline::DismissalSource::Programmatic) == DK_SOURCE_PROGRAMMATIC);
static_assert(int(Pipeline::DismissalSource::Idle) == DK_SOURCE_IDLE);
static_assert(int(Pipeline::Resolution::Direct) == DK_RESOLUTION_DIRECT);
static_assert(int(Pipeline::Resolution::Discarded) == DK_RESOLUTION_DISCARDED);
static_assert(int(Pipeline::Resolution::Saved) == DK_RESOLUTION_SAVED);
static_assert(int(Pipeline::Resolution::Autosaved) == DK_RESOLUTION_AUTOSAVED);
static_assert(int(Pipeline::PresentationStyle::Sheet) == DK_STYLE_SHEET);
static_assert(int(Pipeline::PresentationStyle::PageSheet) == DK_STYLE_PAGE_SHEET);
static_assert(int(Pipeline::PresentationStyle::FormSheet) == DK_STYLE_FORM_SHEET);
static_assert(int(Pipeline::PresentationStyle::Automatic) == DK_STYLE_AUTOMATIC);
static_assert(int(Pipeline::PresentationStyle::Popover) == DK_STYLE_POPOVER);
static_assert(int(Pipeline::PresentationStyle::FullScreen) == DK_STYLE_FULL_SCREEN);
static_assert(int(Pipeline::PresentationStyle::CurrentContext) == DK_STYLE_CURRENT_CONTEXT);
static_assert(int(Pipeline::PresentationStyle::Alert) == DK_STYLE_ALERT);
static_assert(int(Pipeline::TapOutside::Dismiss) == DK_TAP_OUTSIDE_DISMISS);
static_assert(int(Pipeline::TapOutside::Ignore) == DK_TAP_OUTSIDE_IGNORE);
static_assert(int(Pipeline::TapOutside::Passthrough) == DK_TAP_OUTSIDE_PASSTHROUGH);
static_assert(int(Pipeline::PresentationRole::Sheet) == DK_ROLE_SHEET);
static_assert(int(Pipeline::PresentationRole::Popover) == DK_ROLE_POPOVER);
static_assert(int(Pipeline::PresentationRole::FullScreen) == DK_ROLE_FULL_SCREEN);
static_assert(int(Pipeline::PresentationRole::Alert) == DK_ROLE_ALERT);
static_assert(int(Pipeline::RecordingState::Off) == DK_RECORDING_OFF);
static_assert(int(Pipeline::RecordingState::On) == DK_RECORDING_ON);
static_assert(int(Pipeline::RecordingState::Failed) == DK_RECORDING_FAILED);
// END of what script/protocol writes.

struct PipelinePrivate {
    dk_pipeline *pipeline_ = nullptr;
    QPointer<QWindow> window_;
    QPointer<QScreen> screen_;
    QVariantMap screenSent_;
    QString lastError_;
    // (device, Qt's point id) -> seat slot, while the contact is down.
    std::map<std::pair<const QPointingDevice *, int>, int> slots_;
    qint64 lastTime_ = 0;
    // The touches' clock as the last touch that moved it on read it, and the monotonic clock (a
    // test's, or QElapsedTimer's) then: now() carries it on.
    qint64 touchClock_ = 0;
    qint64 touchClockTakenAt_ = 0;
    std::function<qint64()> clock_;
    QElapsedTimer elapsed_;
    qint64 monotonic() const { return clock_ ? clock_() : elapsed_.nsecsElapsed() / 1000; }
    // Fires at the time of the tick the pipeline needs next.
    QTimer tickTimer_;
    quint64 lastMilliseconds_ = 0;
    quint64 wraps_ = 0;
    bool timed_ = false;
    // Whether the pipeline records and a failure is still to be told.
    bool recordingWatched_ = false;
};

Pipeline::Pipeline(QObject *parent) : QObject(parent), d(new PipelinePrivate) {
    d->elapsed_.start();
    d->tickTimer_.setSingleShot(true);
    connect(&d->tickTimer_, &QTimer::timeout, this, &Pipeline::tick);
}

Pipeline::~Pipeline() { dk_pipeline_free(d->pipeline_); }

bool Pipeline::hasScene() const { return d->pipeline_ != nullptr; }
QWindow *Pipeline::window() const { return d->window_; }
QVariantMap Pipeline::currentScreen() const { return d->screenSent_; }
QString Pipeline::lastError() const { return d->lastError_; }
qint64 Pipeline::lastTime() const { return d->lastTime_; }
bool Pipeline::tickPending() const { return d->tickTimer_.isActive(); }

qint64 Pipeline::now() const {
    // Never before the last time given: the pipeline's times only go on.
    return std::max(d->lastTime_, d->touchClock_ + std::max<qint64>(0, d->monotonic() - d->touchClockTakenAt_));
}

void Pipeline::setClock(std::function<qint64()> monotonicMicroseconds) {
    // The touches' clock goes on from where it is, carried on by the new clock.
    d->touchClock_ = now();
    d->clock_ = std::move(monotonicMicroseconds);
    d->touchClockTakenAt_ = d->monotonic();
    scheduleTick();
}

bool Pipeline::setScene(const QVariantMap &scene) { return setScene(QJsonObject::fromVariantMap(scene)); }

bool Pipeline::setScene(const QJsonObject &scene) {
    QJsonObject full = scene;
    if (!full.contains("screen") && d->window_) full["screen"] = QJsonObject::fromVariantMap(windowScreen());
    char *error = nullptr;
    dk_pipeline *created = dk_pipeline_new(QJsonDocument(full).toJson(QJsonDocument::Compact).constData(), &error);
    if (!created) {
        fail(error);
        return false;
    }
    dk_pipeline_free(d->pipeline_);
    d->pipeline_ = created;
    d->recordingWatched_ = false;
    d->slots_.clear();
    d->screenSent_ = full["screen"].toObject().toVariantMap();
    emit layoutsChanged();
    scheduleTick();
    return true;
}

void Pipeline::setWindow(QWindow *window) {
    if (d->window_ == window) return;
    if (d->window_) disconnect(d->window_, nullptr, this, nullptr);
    d->window_ = window;
    if (!window) return;
    connect(window, &QWindow::widthChanged, this, &Pipeline::followWindow);
    connect(window, &QWindow::heightChanged, this, &Pipeline::followWindow);
    connect(window, &QWindow::screenChanged, this, &Pipeline::followWindow);
    followWindow();
}

QSizeF Pipeline::millimetres(QSizeF points, QSizeF physicalSize, double devicePixelRatio) {
    QSizeF mm = physicalSize.isEmpty() ? points * devicePixelRatio * (25.4 / 100) : physicalSize;
    // Some platforms keep the panel's physical size as mounted when the screen is rotated.
    if ((points.width() > points.height()) != (mm.width() > mm.height())) mm.transpose();
    return mm;
}

QVariantMap Pipeline::windowScreen() const {
    const QScreen *screen = d->window_ ? d->window_->screen() : nullptr;
    if (!screen) return {};
    const QSizeF points = screen->size();
    const QSizeF mm = millimetres(points, screen->physicalSize(), screen->devicePixelRatio());
    const double width = d->window_->width(), height = d->window_->height();
    return {{"width", width}, {"height", height}, {"widthMM", width * mm.width() / points.width()},
            {"heightMM", height * mm.height() / points.height()}};
}

void Pipeline::followWindow() {
    if (!d->window_) return;
    if (d->screen_ != d->window_->screen()) {
        if (d->screen_) disconnect(d->screen_, nullptr, this, nullptr);
        d->screen_ = d->window_->screen();
        if (d->screen_) {
            connect(d->screen_, &QScreen::geometryChanged, this, &Pipeline::followWindow);
            connect(d->screen_, &QScreen::physicalSizeChanged, this, &Pipeline::followWindow);
            connect(d->screen_, &QScreen::orientationChanged, this, &Pipeline::followWindow);
        }
    }
    const QVariantMap screen = windowScreen();
    if (!d->pipeline_ || screen.isEmpty() || screen == d->screenSent_ || screen["width"].toDouble() < 1
        || screen["height"].toDouble() < 1) {
        return;
    }
    this->screen(screen["width"].toDouble(), screen["height"].toDouble(), screen["widthMM"].toDouble(),
                 screen["heightMM"].toDouble());
}

qint64 Pipeline::microseconds(quint64 milliseconds) {
    // A 32-bit millisecond clock (X11's, Wayland's) wraps every 2^32 ms (49.7 days): a step back
    // of more than half of that is a wrap, and later times count on from 2^32.
    quint64 wraps = d->wraps_;
    if (d->timed_ && milliseconds < d->lastMilliseconds_ && d->lastMilliseconds_ - milliseconds > 0x80000000ull
        && d->lastMilliseconds_ <= 0xffffffffull) {
        wraps++;
    }
    // A time the pipeline cannot take (beyond 2^53 us) is one bad stamp, not the clock: the event
    // is taken at the last good time, and the clock stays where it was.
    constexpr quint64 largestMilliseconds = (quint64(1) << 53) / 1000;
    if (wraps > 0xfffff || milliseconds > largestMilliseconds || (wraps << 32) + milliseconds > largestMilliseconds) {
        d->lastError_ = QStringLiteral("a touch event stamped %1 ms, beyond the pipeline's time, was taken at the last good time")
                         .arg(milliseconds);
        emit lastErrorChanged();
        return d->lastTime_;
    }
    d->wraps_ = wraps;
    d->timed_ = true;
    d->lastMilliseconds_ = milliseconds;
    // Never before the last time: the pipeline refuses a touch earlier than the previous one. One
    // at that time or later is the touches' clock from now on (the first touch, at 0, too).
    const qint64 time = qint64((d->wraps_ << 32) + milliseconds) * 1000;
    if (time >= d->lastTime_) {
        d->lastTime_ = d->touchClock_ = time;
        d->touchClockTakenAt_ = d->monotonic();
    }
    return d->lastTime_;
}

int Pipeline::seatSlot(const QPointingDevice *device, int id) {
    const auto key = std::make_pair(device, id);
    if (const auto found = d->slots_.find(key); found != d->slots_.end()) return found->second;
    for (int slot = 0; slot < DK_SEAT_SLOTS; slot++) {
        if (std::none_of(d->slots_.begin(), d->slots_.end(), [slot](const auto &entry) { return entry.second == slot; })) {
            d->slots_[key] = slot;
            return slot;
        }
    }
    return -1;  // more contacts than a seat has slots: this one is ignored
}

bool Pipeline::pointerEvent(const QPointerEvent *event) {
    switch (event->type()) {
    case QEvent::TouchBegin:
    case QEvent::TouchUpdate:
    case QEvent::TouchEnd:
    case QEvent::TouchCancel:
        touchEvent(event);
        return true;
    case QEvent::MouseButtonPress:
    case QEvent::MouseMove:
    case QEvent::MouseButtonRelease: {
        // Qt's mouse events made from a touch or a pen carry that touchscreen or tablet.
        if (event->pointingDevice()->type() != QInputDevice::DeviceType::Mouse) return false;
        const auto *mouse = static_cast<const QMouseEvent *>(event);
        const bool primary = mouse->button() == Qt::LeftButton;
        if (event->type() == QEvent::MouseButtonPress && primary) singlePointEvent(event, QEventPoint::Pressed);
        if (event->type() == QEvent::MouseMove && (mouse->buttons() & Qt::LeftButton)) singlePointEvent(event, QEventPoint::Updated);
        if (event->type() == QEvent::MouseButtonRelease && primary) singlePointEvent(event, QEventPoint::Released);
        return true;
    }
    case QEvent::TabletPress:
        singlePointEvent(event, QEventPoint::Pressed);
        return true;
    case QEvent::TabletMove:
        singlePointEvent(event, QEventPoint::Updated);
        return true;
    case QEvent::TabletRelease:
        singlePointEvent(event, QEventPoint::Released);
        return true;
    default:
        return false;
    }
}

QPointF Pipeline::windowPosition(const QEventPoint &point) const {
    // Window coordinates (a widget's scenePosition can include the window's frame).
    return d->window_ ? point.globalPosition() - d->window_->mapToGlobal(QPointF(0, 0)) : point.scenePosition();
}

void Pipeline::feedPoint(const QPointingDevice *device, int id, QEventPoint::State state, QPointF at, qint64 time) {
    const auto key = std::make_pair(device, id);
    switch (state) {
    case QEventPoint::Pressed:
        if (!d->slots_.count(key)) {
            if (const int slot = seatSlot(device, id); slot >= 0) dk_pipeline_touch(d->pipeline_, DK_TOUCH_DOWN, slot, at.x(), at.y(), time);
        }
        break;
    case QEventPoint::Updated:
        if (d->slots_.count(key)) dk_pipeline_touch(d->pipeline_, DK_TOUCH_MOTION, d->slots_[key], at.x(), at.y(), time);
        break;
    case QEventPoint::Released:
        if (d->slots_.count(key)) {
            dk_pipeline_touch(d->pipeline_, DK_TOUCH_UP, d->slots_[key], 0, 0, time);
            d->slots_.erase(key);
        }
        break;
    default:  // stationary: nothing moved
        break;
    }
}

void Pipeline::touchEvent(const QPointerEvent *event) {
    if (!d->pipeline_) return;
    if (event->type() == QEvent::TouchCancel) {  // its timestamp need not be the touches' clock
        cancelContacts();
        return;
    }
    const qint64 time = microseconds(event->timestamp());
    for (const QEventPoint &point : event->points()) {
        feedPoint(event->pointingDevice(), point.id(), point.state(), windowPosition(point), time);
    }
    dk_pipeline_touch(d->pipeline_, DK_TOUCH_FRAME, 0, 0, 0, time);
    emitIntents();
}

void Pipeline::singlePointEvent(const QPointerEvent *event, QEventPoint::State state) {
    if (!d->pipeline_ || event->points().isEmpty()) return;
    const QEventPoint &point = event->points().first();
    // A move with nothing down (a pen hovering, a mouse moved without its button) is nothing.
    if (state == QEventPoint::Updated && !d->slots_.count(std::make_pair(event->pointingDevice(), point.id()))) return;
    const qint64 time = microseconds(event->timestamp());
    feedPoint(event->pointingDevice(), point.id(), state, windowPosition(point), time);
    dk_pipeline_touch(d->pipeline_, DK_TOUCH_FRAME, 0, 0, 0, time);
    emitIntents();
}

void Pipeline::cancelContacts() {
    if (!d->pipeline_ || d->slots_.empty()) return;
    for (const auto &[key, slot] : d->slots_) dk_pipeline_touch(d->pipeline_, DK_TOUCH_CANCEL, slot, 0, 0, d->lastTime_);
    d->slots_.clear();
    dk_pipeline_touch(d->pipeline_, DK_TOUCH_FRAME, 0, 0, 0, d->lastTime_);
    emitIntents();
}

void Pipeline::fail(char *error) {
    refuse(QString::fromUtf8(error ? error : "no pipeline: set a scene first"));
    dk_string_free(error);
}

void Pipeline::refuse(const QString &reason) {
    d->lastError_ = reason;
    emit lastErrorChanged();
}

bool Pipeline::call(const std::function<int(dk_pipeline *, int64_t, char **)> &libraryCall) {
    if (!d->pipeline_) {
        fail(nullptr);
        return false;
    }
    char *error = nullptr;
    d->lastTime_ = now();
    const bool taken = libraryCall(d->pipeline_, d->lastTime_, &error) == 0;
    if (!taken) fail(error);
    emitIntents(taken);
    return taken;
}

bool Pipeline::command(const QVariantMap &command) {
    const QByteArray json = QJsonDocument(QJsonObject::fromVariantMap(command)).toJson(QJsonDocument::Compact);
    return call([&json](dk_pipeline *pipeline, int64_t time, char **error) {
        return dk_pipeline_command(pipeline, json.constData(), time, error);
    });
}

bool Pipeline::present(const QVariantMap &presentation) {
    const QVariant id = presentation.value(QStringLiteral("id"));
    if (id.typeId() != QMetaType::QString) {
        refuse(QStringLiteral("id: expected the presentation's id, a string"));
        return false;
    }
    const PresentationFields fields(presentation);
    if (!fields.error().isEmpty()) {
        refuse(fields.error());
        return false;
    }
    return callNaming(id.toString(), [&fields](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_present(pipeline, id, fields.fields(), time, error);
    });
}

bool Pipeline::update(const QString &presentation, const QVariantMap &fields) {
    const PresentationFields changed(fields);
    if (!changed.error().isEmpty()) {
        refuse(changed.error());
        return false;
    }
    return callNaming(presentation, [&changed](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_update(pipeline, id, changed.fields(), time, error);
    });
}

bool Pipeline::callNaming(const QString &presentation,
                          const std::function<int(dk_pipeline *, const char *, int64_t, char **)> &libraryCall) {
    // A C string ends at U+0000 and UTF-8 has no spelling for a lone surrogate: such an id would
    // reach the library as another presentation's, so it is refused here, changing nothing.
    if (presentation.contains(QChar(0)) || !presentation.isValidUtf16()) {
        refuse(QStringLiteral("the presentation id holds U+0000 or a lone surrogate, which a C string cannot carry"));
        return false;
    }
    const QByteArray id = presentation.toUtf8();
    return call([&](dk_pipeline *pipeline, int64_t time, char **error) { return libraryCall(pipeline, id.constData(), time, error); });
}

bool Pipeline::confirm(const QString &presentation, Choice choice) {
    return callNaming(presentation, [choice](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_confirm(pipeline, id, dk_choice(choice), time, error);
    });
}

bool Pipeline::button(const QString &presentation, ButtonRole role) {
    return callNaming(presentation, [role](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_button(pipeline, id, dk_button_role(role), time, error);
    });
}

bool Pipeline::accessibility(const QString &presentation, AccessibilityAction action) {
    return callNaming(presentation, [action](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_accessibility(pipeline, id, dk_accessibility_action(action), time, error);
    });
}

bool Pipeline::dismiss(const QString &presentation) { return callNaming(presentation, dk_pipeline_dismiss); }

bool Pipeline::remove(const QString &presentation) { return callNaming(presentation, dk_pipeline_remove); }

bool Pipeline::setUnsavedChanges(const QString &presentation, bool unsaved) {
    return callNaming(presentation, [unsaved](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_set_unsaved_changes(pipeline, id, unsaved, time, error);
    });
}

bool Pipeline::reportContentOffset(const QString &presentation, double offset) {
    return callNaming(presentation, [offset](dk_pipeline *pipeline, const char *id, int64_t time, char **error) {
        return dk_pipeline_report_content_offset(pipeline, id, offset, time, error);
    });
}

bool Pipeline::escapeKey() { return call(dk_pipeline_escape_key); }

bool Pipeline::tick() {
    if (!d->pipeline_) {
        fail(nullptr);
        return false;
    }
    char *error = nullptr;
    d->lastTime_ = now();
    const bool taken = dk_pipeline_tick(d->pipeline_, d->lastTime_, &error) == 0;
    if (!taken) fail(error);
    // A tick moves a presentation only by the dismissals it gives.
    emitIntents();
    return taken;
}

void Pipeline::scheduleTick() {
    int64_t next = 0;
    if (!d->pipeline_ || dk_pipeline_next_tick(d->pipeline_, &next) != 1) {
        d->tickTimer_.stop();
        return;
    }
    // At the time named (a time past is now), and at least once a second until it.
    const qint64 wait = std::clamp<qint64>(next - now(), 0, 1000000);
    d->tickTimer_.start(std::chrono::milliseconds((wait + 999) / 1000));
}

bool Pipeline::screen(double width, double height, double widthMM, double heightMM) {
    const bool taken = call([=](dk_pipeline *pipeline, int64_t time, char **error) {
        return dk_pipeline_screen(pipeline, width, height, widthMM, heightMM, time, error);
    });
    if (taken) d->screenSent_ = {{"width", width}, {"height", height}, {"widthMM", widthMM}, {"heightMM", heightMM}};
    return taken;
}

bool Pipeline::keyboard(double height) {
    return call([=](dk_pipeline *pipeline, int64_t time, char **error) { return dk_pipeline_keyboard(pipeline, height, time, error); });
}

bool Pipeline::setIdleRule(qint64 after, qint64 warning, IdleUnsaved unsaved) {
    return call([=](dk_pipeline *pipeline, int64_t time, char **error) {
        return dk_pipeline_set_idle_rule(pipeline, after, warning, dk_idle_unsaved(unsaved), time, error);
    });
}

bool Pipeline::clearIdleRule() { return call(dk_pipeline_clear_idle_rule); }

bool Pipeline::record(const QString &path) {
    if (!d->pipeline_) {
        fail(nullptr);
        return false;
    }
    char *error = nullptr;
    if (dk_pipeline_record(d->pipeline_, QFile::encodeName(path).constData(), &error) != 0) {
        fail(error);
        return false;
    }
    d->recordingWatched_ = true;
    return true;
}

QVariantMap Pipeline::recording() const {
    int64_t bytes = 0;
    char *error = nullptr;
    const dk_recording_state state = d->pipeline_ ? dk_pipeline_recording(d->pipeline_, &bytes, &error) : DK_RECORDING_OFF;
    QVariantMap answer{{"state", QVariant::fromValue(RecordingState(state))}, {"bytesWritten", qint64(bytes)}};
    if (error) answer["failure"] = QString::fromUtf8(error);
    dk_string_free(error);
    return answer;
}

// Whether an intent of this type may move a presentation: the intents after which dismisskit.h
// says to ask dk_pipeline_layout again.
static bool movesPresentation(dk_intent_type type) {
    switch (type) {
    case DK_INTENT_DRAG_BEGAN:
    case DK_INTENT_DRAG_CHANGED:
    case DK_INTENT_DRAG_ENDED:
    case DK_INTENT_DRAG_HANDED_BACK:
    case DK_INTENT_SET_DETENT:
    case DK_INTENT_DISMISS:
        return true;
    default:
        return false;
    }
}

QVariantMap Pipeline::layout(const QString &presentation) const {
    dk_layout layout;
    if (!d->pipeline_ || presentation.contains(QChar(0))
        || dk_pipeline_layout(d->pipeline_, presentation.toUtf8().constData(), &layout) != 1) {
        return {};
    }
    const auto rect = [](const dk_rect &r) { return QRectF(r.x, r.y, r.width, r.height); };
    QVariantMap answer{{"role", QVariant::fromValue(PresentationRole(layout.role))},
                       {"adapted", layout.adapted != 0},
                       {"frame", rect(layout.frame)},
                       {"restingFrame", rect(layout.resting_frame)},
                       {"dragOffset", layout.drag_offset},
                       {"detentHeight", layout.detent_height},
                       {"questionAnchor", rect(layout.question_anchor)}};
    if (layout.has_grabber) {
        answer["grabber"] = rect(layout.grabber);
        answer["grabberHitTarget"] = rect(layout.grabber_hit_target);
    }
    if (layout.has_header) answer["header"] = rect(layout.header);
    return answer;
}

void Pipeline::emitIntents(bool commanded) {
    bool moved = commanded;
    if (d->recordingWatched_ && dk_pipeline_recording(d->pipeline_, nullptr, nullptr) == DK_RECORDING_FAILED) {
        d->recordingWatched_ = false;
        emit recordingFailed(recording()["failure"].toString());
    }
    dk_intent intent;
    // A slot may send a command, whose intents this loop then reads on: the order is kept.
    while (d->pipeline_ && dk_pipeline_next_typed_intent(d->pipeline_, &intent) == 1) {
        const QString id = QString::fromUtf8(intent.presentation);
        const QVariant detent = !intent.detent ? QVariant()
                                : qstrcmp(intent.detent, "custom") == 0 ? QVariant(intent.detent_height)
                                                                        : QVariant(QString::fromUtf8(intent.detent));
        const auto source = DismissalSource(intent.dismissal_source);
        moved = moved || movesPresentation(intent.type);
        switch (intent.type) {
        case DK_INTENT_DRAG_BEGAN: emit dragBegan(id, DragOrigin(intent.drag_origin)); break;
        case DK_INTENT_DRAG_CHANGED: emit dragChanged(id, intent.offset, intent.velocity); break;
        case DK_INTENT_DRAG_ENDED: emit dragEnded(id, DragOutcome(intent.drag_outcome), detent); break;
        case DK_INTENT_DRAG_HANDED_BACK: emit dragHandedBack(id); break;
        case DK_INTENT_CONTENT_SCROLLED: emit contentScrolled(id, intent.offset); break;
        case DK_INTENT_SET_DETENT: emit detentSet(id, detent, DetentCause(intent.detent_cause)); break;
        case DK_INTENT_PASSTHROUGH_TAP: emit passthroughTap(QPointF(intent.x, intent.y)); break;
        case DK_INTENT_CONFIRMATION_REQUESTED: {
            QVariantList options;
            for (int i = 0; i < intent.option_count; i++) options << QVariant::fromValue(Choice(intent.choices[i]));
            emit confirmationRequested(id, source, options);
            break;
        }
        case DK_INTENT_SAVE: emit saved(id); break;
        case DK_INTENT_DISMISS: emit dismissed(id, source, Resolution(intent.dismiss_resolution)); break;
        case DK_INTENT_CANCELLED: emit cancelled(id); break;
        case DK_INTENT_REJECTED: emit rejected(id, source, QString::fromUtf8(intent.reason)); break;
        case DK_INTENT_HIDE_KEYBOARD: emit keyboardHidingRequested(id, KeyboardHidingReason(intent.keyboard_hiding_reason)); break;
        case DK_INTENT_IDLE_WARNING: emit idleWarning(intent.deadline_us, intent.remaining_us); break;
        case DK_INTENT_IDLE_CANCELLED: emit idleCancelled(); break;
        case DK_INTENT_IDLE_RESET: emit idleReset(); break;
        case DK_INTENT_DECISION: break;  // only with dk_pipeline_explain, which this class leaves off
        }
    }
    if (moved && d->pipeline_) emit layoutsChanged();
    scheduleTick();
}

}  // namespace DismissKitQt
