// DismissKitQt::Pipeline: a DismissKit pipeline (the C library's dk_pipeline) fed by Qt's touch
// events, with the kiosk's host commands as methods and the intents as typed signals.
//
// Coordinates: the pipeline's screen is the window (points are Qt's logical pixels, from the
// window's top-left corner); its millimetres come from the window's QScreen. Times: Qt's
// millisecond timestamps become microseconds, carried over the wrap of a 32-bit clock; between
// touches that clock is carried on by the monotonic clock (now()), for host commands and ticks.
// With an idle rule (the scene's, or setIdleRule's) the pipeline ticks itself from a timer, only
// while dk_pipeline_next_tick names a time (Docs/gestures.md "Idle").
#pragma once

#include <QEventPoint>
#include <QJsonObject>
#include <QObject>
#include <QPointF>
#include <QScopedPointer>
#include <QSizeF>
#include <QVariant>
#include <QVariantMap>
#include <QWindow>
#include <QtQml/qqmlregistration.h>


#include <cstdint>
#include <functional>

class QPointerEvent;
class QPointingDevice;
struct dk_pipeline;

namespace DismissKitQt {

struct PipelinePrivate;

class Pipeline : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("a pipeline is a DismissArea's")
    // In QML as in C++, an enum's values are named through it: Pipeline.Choice.Discard.
    Q_CLASSINFO("RegisterEnumClassesUnscoped", "false")
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)

public:
    // The closed sets of the intents and commands, numbered as dismisskit.h's enums (dk_choice,
    // dk_drag_origin, ...); Docs/protocol.md "Intents" gives what each means.
    // Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
    // dk_choice: the answers to a confirmationRequested.
    enum class Choice { Discard = 0, Save = 1, KeepEditing = 2 };
    Q_ENUM(Choice)
    // dk_button_role: a presentation's own buttons.
    enum class ButtonRole { Cancel = 0, Done = 1 };
    Q_ENUM(ButtonRole)
    // dk_accessibility_action: an assistive technology's actions.
    enum class AccessibilityAction { Escape = 0, NextDetent = 1, PreviousDetent = 2 };
    Q_ENUM(AccessibilityAction)
    // dk_idle_unsaved: what an idle reset does with unsaved work.
    enum class IdleUnsaved { Save = 0, Discard = 1, Keep = 2 };
    Q_ENUM(IdleUnsaved)
    // dk_drag_origin: where a drag began.
    enum class DragOrigin { TopRegion = 0, ScrolledContent = 1, Grabber = 2 };
    Q_ENUM(DragOrigin)
    // dk_drag_outcome: how a drag ended.
    enum class DragOutcome { DismissAttempt = 0, Settle = 1, Cancel = 2 };
    Q_ENUM(DragOutcome)
    // dk_detent_kind: a detent's kind.
    enum class DetentKind { Medium = 0, Large = 1, Custom = 2 };
    Q_ENUM(DetentKind)
    // dk_detent_cause: why a sheet's detent changed.
    enum class DetentCause {
        GrabberTap = 0, GrabberDrag = 1, Swipe = 2, ScrollExpand = 3, Accessibility = 4, Keyboard = 5
    };
    Q_ENUM(DetentCause)
    // dk_keyboard_hiding_reason: why the on-screen keyboard should hide.
    enum class KeyboardHidingReason { Drag = 0, Question = 1, EscapeKey = 2 };
    Q_ENUM(KeyboardHidingReason)
    // dk_dismissal_source: what asked for a dismissal.
    enum class DismissalSource {
        SwipeFromTop = 0, SwipeScrolledContent = 1, GrabberDrag = 2, TapOutside = 3, EscapeKey = 4, CancelButton = 5,
        DoneButton = 6, AccessibilityEscape = 7, Programmatic = 8, Idle = 9
    };
    Q_ENUM(DismissalSource)
    // dk_dismiss_resolution: how a dismissal was resolved.
    enum class Resolution { Direct = 0, Discarded = 1, Saved = 2, Autosaved = 3 };
    Q_ENUM(Resolution)
    // dk_presentation_style: how a presentation is shown.
    enum class PresentationStyle {
        Sheet = 0, PageSheet = 1, FormSheet = 2, Automatic = 3, Popover = 4, FullScreen = 5, CurrentContext = 6,
        Alert = 7
    };
    Q_ENUM(PresentationStyle)
    // dk_tap_outside: what a tap outside a presentation does.
    enum class TapOutside { Dismiss = 0, Ignore = 1, Passthrough = 2 };
    Q_ENUM(TapOutside)
    // dk_presentation_role: what a presentation is shown as at the current width.
    enum class PresentationRole { Sheet = 0, Popover = 1, FullScreen = 2, Alert = 3 };
    Q_ENUM(PresentationRole)
    // dk_recording_state: what became of a pipeline's recording.
    enum class RecordingState { Off = 0, On = 1, Failed = 2 };
    Q_ENUM(RecordingState)
    // END of what script/protocol writes.

    explicit Pipeline(QObject *parent = nullptr);
    ~Pipeline() override;

    // The scene: a scene file's object (Docs/scene.md "Scene"). Without a "screen", the window's is used
    // (see setWindow). Replaces the pipeline: contacts down are forgotten. False with lastError
    // when the scene is refused.
    Q_INVOKABLE bool setScene(const QVariantMap &scene);
    bool setScene(const QJsonObject &scene);
    bool hasScene() const;

    // The window whose screen the pipeline's screen is: its size in points, its millimetres from
    // its QScreen. Its resizes, its moves to another screen and the screen's rotations and
    // changes of size are sent as "screen" commands.
    void setWindow(QWindow *window);
    QWindow *window() const;
    // The window's screen as a "screen" command's fields (width, height, widthMM, heightMM).
    QVariantMap windowScreen() const;
    // The millimetres a screen of `points` (logical pixels, devicePixelRatio device pixels each)
    // covers: its physical size, turned as the points are; when it reports none, Qt's own
    // default of 100 device pixels an inch.
    static QSizeF millimetres(QSizeF points, QSizeF physicalSize, double devicePixelRatio);
    // The screen the pipeline has: its scene's, or the last "screen" command's.
    QVariantMap currentScreen() const;

    // One touch event (QTouchEvent begin, update, end or cancel) is one frame. A mouse's primary
    // button and a pen on the tablet are one contact each, from press to release, so that a
    // kiosk can be built and tried at a desk (hover decides nothing; a mouse event Qt made from a
    // touch or a pen is left out, as its touch or pen was fed). Positions are in the window's
    // coordinates (the points' scenePosition without a window). True when the event was one of
    // these.
    bool pointerEvent(const QPointerEvent *event);
    // Cancels every contact down (the toolkit took the touches: an ungrab), at the last time.
    void cancelContacts();

    // Host commands (Docs/protocol.md "Host commands"), at now(), through the C
    // library's typed calls: the library writes each command, Qt writes no JSON. False with
    // lastError when refused (nothing changes then).
    //
    // A presentation's fields as a scene file spells them (Docs/scene.md "Presentations"), its
    // "id" included, given to dk_pipeline_present field by field; a field it does not know, or a
    // value of the wrong kind, is refused naming the field.
    Q_INVOKABLE bool present(const QVariantMap &presentation);
    // The fields to change, as present's (dk_pipeline_update): a null tapOutside, frame or anchor
    // removes it, an empty passthrough clears the regions.
    Q_INVOKABLE bool update(const QString &presentation, const QVariantMap &fields);
    Q_INVOKABLE bool confirm(const QString &presentation, DismissKitQt::Pipeline::Choice choice);
    Q_INVOKABLE bool button(const QString &presentation, DismissKitQt::Pipeline::ButtonRole role);
    Q_INVOKABLE bool accessibility(const QString &presentation, DismissKitQt::Pipeline::AccessibilityAction action);
    // The app's own request to close it: dismissed when nothing is unsaved, asked otherwise.
    Q_INVOKABLE bool dismiss(const QString &presentation);
    // The app took it away itself, without asking.
    Q_INVOKABLE bool remove(const QString &presentation);
    Q_INVOKABLE bool setUnsavedChanges(const QString &presentation, bool unsaved);
    // A host-owned scroll view's offset, in points from its top (Docs/gestures.md "Scrolling content").
    Q_INVOKABLE bool reportContentOffset(const QString &presentation, double offset);
    // The Escape key: the topmost presentation's gate.
    Q_INVOKABLE bool escapeKey();
    Q_INVOKABLE bool screen(double width, double height, double widthMM, double heightMM);
    // The on-screen keyboard docked at the bottom is `height` points tall, 0 when hidden
    // (Docs/gestures.md, "The on-screen keyboard").
    Q_INVOKABLE bool keyboard(double height);
    // The scene's idle rule (Docs/gestures.md "Idle"), taken at once whatever is presented: after
    // `after` µs without a touch or command, everything presented is dismissed by `unsaved`, with
    // idleWarning `warning` µs before (after > warning >= 0). The C library writes a scene command
    // of the pipeline's scene as it is, with this rule (dk_pipeline_set_idle_rule); like every
    // command but a tick, it is activity.
    Q_INVOKABLE bool setIdleRule(qint64 after, qint64 warning, DismissKitQt::Pipeline::IdleUnsaved unsaved);
    // Takes the idle rule away (dk_pipeline_clear_idle_rule): nothing is dismissed for want of a
    // touch, and the pipeline stops ticking.
    Q_INVOKABLE bool clearIdleRule();
    // Any host command as its JSON object, for a kiosk's command no typed call above carries;
    // the components never use it.
    Q_INVOKABLE bool command(const QVariantMap &command);

    // Records the session (Docs/tuning.md "Session files") into the file at path, created with mode
    // 0600 (a file that holds something is kept as PATH.1, the first free PATH.N): call it after
    // setScene and before the first touch or command; a new scene is a new pipeline, to record
    // again. False with lastError when refused (a FIFO, a folder, a touch already given).
    Q_INVOKABLE bool record(const QString &path);
    // What became of the recording: "state" (a RecordingState), "bytesWritten" (what is on disk:
    // after a failed write, up to the last whole frame or command) and "failure".
    Q_INVOKABLE QVariantMap recording() const;
    QString lastError() const;
    // Where a presentation is drawn now (dk_pipeline_layout), in the window's points: the
    // figures the pipeline hit-tests with, so that what is drawn is what a touch finds. The keys:
    // "role" (a PresentationRole: a popover in a compact width is a Sheet), "adapted" (true for
    // that adaptation), "frame" (a QRectF: where it is now, moved by the drag that holds it:
    // down the sheet moves, up it grows from its bottom edge), "restingFrame" (at its detent),
    // "dragOffset", "detentHeight" (a sheet's selected detent's; 0 otherwise), "grabber" and
    // "grabberHitTarget" (only when it shows a grabber), "header" (a sheet's top region) and
    // "questionAnchor" (where a question about it is shown). Empty when no presentation has the
    // id. Ask again at layoutsChanged.
    Q_INVOKABLE QVariantMap layout(const QString &presentation) const;
    // The last time given to the pipeline (a touch's, a command's or a tick's), in microseconds.
    qint64 lastTime() const;
    // The time now on the touches' clock, in microseconds: the last touch's time carried on by
    // the monotonic clock since that touch came (from 0 at the pipeline's making before the
    // first touch), never before lastTime(). Host commands and ticks are at this time; a touch
    // stamped earlier than lastTime() is taken at lastTime().
    qint64 now() const;
    // The monotonic clock that carries the touches' clock on, in microseconds: a test's, to drive
    // the time, or with nullptr QElapsedTimer's (the default).
    void setClock(std::function<qint64()> monotonicMicroseconds);
    // A tick at now(): the pipeline's own timer sends it when dk_pipeline_next_tick names a time
    // (at that time, and at least once a second until it), so a host never needs to call it.
    bool tick();
    // Whether the timer waits to tick: dk_pipeline_next_tick named a time after the last call
    // that fed the pipeline (an idle rule, something presented, no finger down,
    // the deadline not met).
    bool tickPending() const;

signals:
    void dragBegan(const QString &id, DismissKitQt::Pipeline::DragOrigin origin);
    void dragChanged(const QString &id, double offset, double velocity);
    // detent: "medium", "large" or a height in points.
    void dragEnded(const QString &id, DismissKitQt::Pipeline::DragOutcome outcome, const QVariant &detent);
    void detentSet(const QString &id, const QVariant &detent, DismissKitQt::Pipeline::DetentCause cause);
    // options: the Choices offered, in order.
    void confirmationRequested(const QString &id, DismissKitQt::Pipeline::DismissalSource source, const QVariantList &options);
    void saved(const QString &id);
    void dismissed(const QString &id, DismissKitQt::Pipeline::DismissalSource source, DismissKitQt::Pipeline::Resolution resolution);
    void cancelled(const QString &id);
    // reason: the pipeline's words, for people (Docs/protocol.md "Intents").
    void rejected(const QString &id, DismissKitQt::Pipeline::DismissalSource source, const QString &reason);
    // Hide the on-screen keyboard (take the focus from the text field) and report keyboard(0):
    // it goes before a drag, a question or an Escape.
    void keyboardHidingRequested(const QString &id, DismissKitQt::Pipeline::KeyboardHidingReason reason);
    // Nobody has touched the kiosk for a while (Docs/gestures.md "Idle"): ask "Are you still
    // there?" with a countdown to deadline (µs on the touches' clock), remaining µs from now.
    void idleWarning(qint64 deadline, qint64 remaining);
    // Someone is there: close the warning.
    void idleCancelled();
    // The idle deadline dismissed everything: show the start screen.
    void idleReset();
    void passthroughTap(const QPointF &point);
    void dragHandedBack(const QString &id);
    void contentScrolled(const QString &id, double offset);
    void lastErrorChanged();
    // What layout() answers may have changed: after a new scene, a command the pipeline took and
    // the touches that gave a drag's intents, setDetent or dismiss (emitted after those intents).
    void layoutsChanged();
    // A write of the recording failed (a full disk): it stopped there, the pipeline goes on.
    // Sent once, with recording()'s failure.
    void recordingFailed(const QString &reason);

private:
    // Makes one of the C library's calls on the pipeline, at the last time, and emits what it
    // decided; false with lastError when it is refused.
    bool call(const std::function<int(dk_pipeline *, int64_t, char **)> &libraryCall);
    // call() for a typed call that names a presentation, refusing an id a C string cannot carry.
    bool callNaming(const QString &presentation, const std::function<int(dk_pipeline *, const char *, int64_t, char **)> &libraryCall);
    void fail(char *error);
    void refuse(const QString &reason);
    // Emits the intents the pipeline has queued, then layoutsChanged when one of them (or the
    // command that was taken, `commanded`) may have moved a presentation.
    void emitIntents(bool commanded = false);
    // Arms the tick timer for dk_pipeline_next_tick's time (at most a second away), or stops it.
    void scheduleTick();
    void followWindow();
    qint64 microseconds(quint64 milliseconds);
    int seatSlot(const QPointingDevice *device, int id);
    void touchEvent(const QPointerEvent *event);
    void singlePointEvent(const QPointerEvent *event, QEventPoint::State state);
    // Feeds `state` for the point `id` of `device` at `at` (no frame).
    void feedPoint(const QPointingDevice *device, int id, QEventPoint::State state, QPointF at, qint64 time);
    QPointF windowPosition(const QEventPoint &point) const;

    // The state, behind a pointer: the class's size and layout stay as the library changes.
    QScopedPointer<PipelinePrivate> d;
};

}  // namespace DismissKitQt
