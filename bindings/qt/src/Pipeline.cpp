#include "DismissKitQt/Pipeline.h"

#include <dismisskit.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMouseEvent>
#include <QPointerEvent>
#include <QScreen>
#include <QWindow>

#include <algorithm>

namespace DismissKitQt {

Pipeline::Pipeline(QObject *parent) : QObject(parent) {}

Pipeline::~Pipeline() { dk_pipeline_free(pipeline_); }

bool Pipeline::setScene(const QVariantMap &scene) { return setScene(QJsonObject::fromVariantMap(scene)); }

bool Pipeline::setScene(const QJsonObject &scene) {
    QJsonObject full = scene;
    if (!full.contains("screen") && window_) full["screen"] = QJsonObject::fromVariantMap(windowScreen());
    char *error = nullptr;
    dk_pipeline *created = dk_pipeline_new(QJsonDocument(full).toJson(QJsonDocument::Compact).constData(), &error);
    if (!created) {
        fail(error);
        return false;
    }
    dk_pipeline_free(pipeline_);
    pipeline_ = created;
    recordingWatched_ = false;
    slots_.clear();
    screenSent_ = full["screen"].toObject().toVariantMap();
    return true;
}

void Pipeline::setWindow(QWindow *window) {
    if (window_ == window) return;
    if (window_) disconnect(window_, nullptr, this, nullptr);
    window_ = window;
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
    const QScreen *screen = window_ ? window_->screen() : nullptr;
    if (!screen) return {};
    const QSizeF points = screen->size();
    const QSizeF mm = millimetres(points, screen->physicalSize(), screen->devicePixelRatio());
    const double width = window_->width(), height = window_->height();
    return {{"width", width}, {"height", height}, {"widthMM", width * mm.width() / points.width()},
            {"heightMM", height * mm.height() / points.height()}};
}

void Pipeline::followWindow() {
    if (!window_) return;
    if (screen_ != window_->screen()) {
        if (screen_) disconnect(screen_, nullptr, this, nullptr);
        screen_ = window_->screen();
        if (screen_) {
            connect(screen_, &QScreen::geometryChanged, this, &Pipeline::followWindow);
            connect(screen_, &QScreen::physicalSizeChanged, this, &Pipeline::followWindow);
            connect(screen_, &QScreen::orientationChanged, this, &Pipeline::followWindow);
        }
    }
    const QVariantMap screen = windowScreen();
    if (!pipeline_ || screen.isEmpty() || screen == screenSent_ || screen["width"].toDouble() < 1
        || screen["height"].toDouble() < 1) {
        return;
    }
    QVariantMap command = screen;
    command["type"] = "screen";
    if (this->command(command)) screenSent_ = screen;
}

qint64 Pipeline::microseconds(quint64 milliseconds) {
    // A 32-bit millisecond clock (X11's, Wayland's) wraps every 2^32 ms (49.7 days): a step back
    // of more than half of that is a wrap, and later times count on from 2^32.
    quint64 wraps = wraps_;
    if (timed_ && milliseconds < lastMilliseconds_ && lastMilliseconds_ - milliseconds > 0x80000000ull
        && lastMilliseconds_ <= 0xffffffffull) {
        wraps++;
    }
    // A time the pipeline cannot take (beyond 2^53 us) is one bad stamp, not the clock: the event
    // is taken at the last good time, and the clock stays where it was.
    constexpr quint64 largestMilliseconds = (quint64(1) << 53) / 1000;
    if (wraps > 0xfffff || milliseconds > largestMilliseconds || (wraps << 32) + milliseconds > largestMilliseconds) {
        lastError_ = QStringLiteral("a touch event stamped %1 ms, beyond the pipeline's time, was taken at the last good time")
                         .arg(milliseconds);
        emit lastErrorChanged();
        return lastTime_;
    }
    wraps_ = wraps;
    timed_ = true;
    lastMilliseconds_ = milliseconds;
    // Never before the last time: the pipeline refuses a touch earlier than the previous one.
    lastTime_ = std::max(lastTime_, qint64((wraps_ << 32) + milliseconds) * 1000);
    return lastTime_;
}

int Pipeline::seatSlot(const QPointingDevice *device, int id) {
    const auto key = std::make_pair(device, id);
    if (const auto found = slots_.find(key); found != slots_.end()) return found->second;
    for (int slot = 0; slot < DK_SEAT_SLOTS; slot++) {
        if (std::none_of(slots_.begin(), slots_.end(), [slot](const auto &entry) { return entry.second == slot; })) {
            slots_[key] = slot;
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
    return window_ ? point.globalPosition() - window_->mapToGlobal(QPointF(0, 0)) : point.scenePosition();
}

void Pipeline::feedPoint(const QPointingDevice *device, int id, QEventPoint::State state, QPointF at, qint64 time) {
    const auto key = std::make_pair(device, id);
    switch (state) {
    case QEventPoint::Pressed:
        if (!slots_.count(key)) {
            if (const int slot = seatSlot(device, id); slot >= 0) dk_pipeline_touch(pipeline_, DK_TOUCH_DOWN, slot, at.x(), at.y(), time);
        }
        break;
    case QEventPoint::Updated:
        if (slots_.count(key)) dk_pipeline_touch(pipeline_, DK_TOUCH_MOTION, slots_[key], at.x(), at.y(), time);
        break;
    case QEventPoint::Released:
        if (slots_.count(key)) {
            dk_pipeline_touch(pipeline_, DK_TOUCH_UP, slots_[key], 0, 0, time);
            slots_.erase(key);
        }
        break;
    default:  // stationary: nothing moved
        break;
    }
}

void Pipeline::touchEvent(const QPointerEvent *event) {
    if (!pipeline_) return;
    if (event->type() == QEvent::TouchCancel) {  // its timestamp need not be the touches' clock
        cancelContacts();
        return;
    }
    const qint64 time = microseconds(event->timestamp());
    for (const QEventPoint &point : event->points()) {
        feedPoint(event->pointingDevice(), point.id(), point.state(), windowPosition(point), time);
    }
    dk_pipeline_touch(pipeline_, DK_TOUCH_FRAME, 0, 0, 0, time);
    emitIntents();
}

void Pipeline::singlePointEvent(const QPointerEvent *event, QEventPoint::State state) {
    if (!pipeline_ || event->points().isEmpty()) return;
    const QEventPoint &point = event->points().first();
    // A move with nothing down (a pen hovering, a mouse moved without its button) is nothing.
    if (state == QEventPoint::Updated && !slots_.count(std::make_pair(event->pointingDevice(), point.id()))) return;
    const qint64 time = microseconds(event->timestamp());
    feedPoint(event->pointingDevice(), point.id(), state, windowPosition(point), time);
    dk_pipeline_touch(pipeline_, DK_TOUCH_FRAME, 0, 0, 0, time);
    emitIntents();
}

void Pipeline::cancelContacts() {
    if (!pipeline_ || slots_.empty()) return;
    for (const auto &[key, slot] : slots_) dk_pipeline_touch(pipeline_, DK_TOUCH_CANCEL, slot, 0, 0, lastTime_);
    slots_.clear();
    dk_pipeline_touch(pipeline_, DK_TOUCH_FRAME, 0, 0, 0, lastTime_);
    emitIntents();
}

void Pipeline::fail(char *error) {
    lastError_ = QString::fromUtf8(error ? error : "no pipeline: set a scene first");
    dk_string_free(error);
    emit lastErrorChanged();
}

bool Pipeline::run(const QJsonObject &command) {
    if (!pipeline_) {
        fail(nullptr);
        return false;
    }
    char *error = nullptr;
    const QByteArray json = QJsonDocument(command).toJson(QJsonDocument::Compact);
    const bool taken = dk_pipeline_command(pipeline_, json.constData(), lastTime_, &error) == 0;
    if (!taken) fail(error);
    emitIntents();
    return taken;
}

bool Pipeline::command(const QVariantMap &command) { return run(QJsonObject::fromVariantMap(command)); }

bool Pipeline::present(const QVariantMap &presentation) {
    return run({{"type", "present"}, {"presentation", QJsonObject::fromVariantMap(presentation)}});
}

bool Pipeline::update(const QString &presentation, const QVariantMap &fields) {
    QJsonObject command = QJsonObject::fromVariantMap(fields);
    command["type"] = "update";
    command["presentation"] = presentation;
    return run(command);
}

bool Pipeline::confirm(const QString &presentation, const QString &choice) {
    return run({{"type", "confirm"}, {"presentation", presentation}, {"choice", choice}});
}

bool Pipeline::button(const QString &presentation, const QString &role) {
    return run({{"type", "button"}, {"presentation", presentation}, {"role", role}});
}

bool Pipeline::key(const QString &key) { return run({{"type", "key"}, {"key", key}}); }

bool Pipeline::screen(double width, double height, double widthMM, double heightMM) {
    const bool taken = run({{"type", "screen"}, {"width", width}, {"height", height}, {"widthMM", widthMM},
                            {"heightMM", heightMM}});
    if (taken) screenSent_ = {{"width", width}, {"height", height}, {"widthMM", widthMM}, {"heightMM", heightMM}};
    return taken;
}

bool Pipeline::record(const QString &path) {
    if (!pipeline_) {
        fail(nullptr);
        return false;
    }
    char *error = nullptr;
    if (dk_pipeline_record(pipeline_, QFile::encodeName(path).constData(), &error) != 0) {
        fail(error);
        return false;
    }
    recordingWatched_ = true;
    return true;
}

QVariantMap Pipeline::recording() const {
    int64_t bytes = 0;
    char *error = nullptr;
    const dk_recording_state state = pipeline_ ? dk_pipeline_recording(pipeline_, &bytes, &error) : DK_RECORDING_OFF;
    QVariantMap answer{{"state", state == DK_RECORDING_ON ? "on" : state == DK_RECORDING_FAILED ? "failed" : "off"},
                       {"bytesWritten", qint64(bytes)}};
    if (error) answer["failure"] = QString::fromUtf8(error);
    dk_string_free(error);
    return answer;
}

void Pipeline::emitIntents() {
    if (recordingWatched_ && dk_pipeline_recording(pipeline_, nullptr, nullptr) == DK_RECORDING_FAILED) {
        recordingWatched_ = false;
        emit recordingFailed(recording()["failure"].toString());
    }
    dk_intent intent;
    // A slot may send a command, whose intents this loop then reads on: the order is kept.
    while (pipeline_ && dk_pipeline_next_typed_intent(pipeline_, &intent) == 1) {
        const QString id = QString::fromUtf8(intent.presentation);
        const QVariant detent = !intent.detent ? QVariant()
                                : qstrcmp(intent.detent, "custom") == 0 ? QVariant(intent.detent_height)
                                                                        : QVariant(QString::fromUtf8(intent.detent));
        switch (intent.type) {
        case DK_INTENT_DRAG_BEGAN: emit dragBegan(id, QString::fromUtf8(intent.origin)); break;
        case DK_INTENT_DRAG_CHANGED: emit dragChanged(id, intent.offset, intent.velocity); break;
        case DK_INTENT_DRAG_ENDED: emit dragEnded(id, QString::fromUtf8(intent.outcome), detent); break;
        case DK_INTENT_DRAG_HANDED_BACK: emit dragHandedBack(id); break;
        case DK_INTENT_CONTENT_SCROLLED: emit contentScrolled(id, intent.offset); break;
        case DK_INTENT_SET_DETENT: emit detentChanged(id, detent, QString::fromUtf8(intent.cause)); break;
        case DK_INTENT_PASSTHROUGH_TAP: emit passthroughTap(QPointF(intent.x, intent.y)); break;
        case DK_INTENT_CONFIRMATION_REQUESTED: {
            QStringList options;
            for (int i = 0; i < intent.option_count; i++) options << QString::fromUtf8(intent.options[i]);
            emit confirmationRequested(id, QString::fromUtf8(intent.source), options);
            break;
        }
        case DK_INTENT_SAVE: emit saved(id); break;
        case DK_INTENT_DISMISS:
            emit dismissed(id, QString::fromUtf8(intent.source), QString::fromUtf8(intent.resolution));
            break;
        case DK_INTENT_CANCELLED: emit cancelled(id); break;
        case DK_INTENT_REJECTED:
            emit rejected(id, QString::fromUtf8(intent.source), QString::fromUtf8(intent.reason));
            break;
        case DK_INTENT_DECISION: break;  // only with dk_pipeline_explain, which this class leaves off
        }
    }
}

}  // namespace DismissKitQt
