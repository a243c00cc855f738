#include "PresentationHost.h"

#include "Presentation.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QInputMethod>
#include <QKeyEvent>
#include <QtGui/private/qhighdpiscaling_p.h>
#include <qpa/qwindowsysteminterface.h>
#include <QQuickWindow>

#include <algorithm>

namespace DismissKitQt {

PresentationHost::PresentationHost(QQuickWindow *window) : QObject(window), window_(window) {
    setObjectName(QStringLiteral("DismissKitPresentationHost"));
    pipeline_.setWindow(window);
    // The scene's compactWidth and topInset are the pipeline's defaults: the components draw
    // where the pipeline lays them out (Pipeline::layout), so they never read them.
    makeScene();
    window->installEventFilter(this);

    Pipeline *p = &pipeline_;
    connect(p, &Pipeline::dragBegan, this, [this](const QString &id, Pipeline::DragOrigin origin) {
        if (Presentation *to = presentation(id)) {
            to->takeDrag(true, 0);
            emit to->dragBegan(origin);
        }
    });
    connect(p, &Pipeline::dragChanged, this, [this](const QString &id, double offset, double) {
        if (Presentation *to = presentation(id)) to->takeDrag(true, offset);
    });
    connect(p, &Pipeline::dragEnded, this, [this](const QString &id, Pipeline::DragOutcome outcome, const QVariant &detent) {
        if (Presentation *to = presentation(id)) {
            to->takeDrag(false, 0);
            emit to->dragEnded(outcome, detent);
        }
    });
    connect(p, &Pipeline::dragHandedBack, this, [this](const QString &id) {
        if (Presentation *to = presentation(id)) to->takeDrag(false, 0);
    });
    connect(p, &Pipeline::detentSet, this, [this](const QString &id, const QVariant &detent, Pipeline::DetentCause cause) {
        if (Presentation *to = presentation(id)) {
            to->takeDetent(detent);
            emit to->detentSet(detent, cause);
        }
    });
    connect(p, &Pipeline::contentScrolled, this, [this](const QString &id, double offset) {
        if (Presentation *to = presentation(id)) to->takeContentOffset(offset);
    });
    connect(p, &Pipeline::confirmationRequested, this, [this](const QString &id, Pipeline::DismissalSource source, const QVariantList &options) {
        // The rule `keep` kept unsaved work at the deadline: its question replaces the warning.
        if (source == Pipeline::DismissalSource::Idle) askIdle(false);
        if (Presentation *to = presentation(id)) {
            to->takeDrag(false, 0);
            to->takeQuestion(options);
            emit to->confirmationRequested(source, options);
        }
    });
    connect(p, &Pipeline::saved, this, [this](const QString &id) {
        if (Presentation *to = presentation(id)) emit to->saveRequested();
    });
    connect(p, &Pipeline::cancelled, this, [this](const QString &id) {
        if (Presentation *to = presentation(id)) {
            to->takeQuestion({});
            emit to->cancelled();
        }
    });
    connect(p, &Pipeline::rejected, this, [this](const QString &id, Pipeline::DismissalSource source, const QString &reason) {
        if (Presentation *to = presentation(id)) emit to->rejected(source, reason);
    });
    connect(p, &Pipeline::dismissed, this, [this](const QString &id, Pipeline::DismissalSource source, Pipeline::Resolution resolution) {
        if (Presentation *to = presentation(id)) {
            to->end();
            emit to->dismissed(source, resolution);
        }
    });
    connect(p, &Pipeline::layoutsChanged, this, [this] {
        // A copy: a component may close (and forget) a presentation when its layout changes.
        const QList<QPointer<Presentation>> presented = presentations_.values();
        for (const QPointer<Presentation> &each : presented) {
            if (each) each->takeLayout();
        }
    });
    // After the dismissal that came before it has closed the popover (its handlers run first).
    // The keyboard goes first: it hides, and its height 0 is reported when the input method
    // says it has gone.
    connect(p, &Pipeline::keyboardHidingRequested, this, [this](const QString &id, Pipeline::KeyboardHidingReason reason) {
        // Told before the keyboard hides: its height 0 is a command, whose intents come after.
        if (Presentation *to = presentation(id)) emit to->keyboardHidingRequested(reason);
        hideKeyboard();
    });
    connect(p, &Pipeline::idleWarning, this, [this](qint64 deadline, qint64) { askIdle(true, deadline); });
    connect(p, &Pipeline::idleCancelled, this, [this] { askIdle(false); });
    connect(p, &Pipeline::idleReset, this, [this] {
        askIdle(false);
        emit idleReset();
    });
    QInputMethod *inputMethod = QGuiApplication::inputMethod();
    connect(inputMethod, &QInputMethod::keyboardRectangleChanged, this, &PresentationHost::reportKeyboard);
    connect(inputMethod, &QInputMethod::visibleChanged, this, &PresentationHost::reportKeyboard);
    connect(window, &QWindow::heightChanged, this, &PresentationHost::reportKeyboard);
    connect(window, &QWindow::widthChanged, this, &PresentationHost::makeScene);
    connect(window, &QWindow::heightChanged, this, &PresentationHost::makeScene);
    reportKeyboard();
    connect(p, &Pipeline::passthroughTap, this, [this](const QPointF &point) {
        QMetaObject::invokeMethod(this, [this, point] { deliverTap(point); }, Qt::QueuedConnection);
    });
}

PresentationHost *PresentationHost::of(QQuickWindow *window) {
    if (auto *host = window->findChild<PresentationHost *>(QStringLiteral("DismissKitPresentationHost"), Qt::FindDirectChildrenOnly)) {
        return host;
    }
    return new PresentationHost(window);
}

bool PresentationHost::present(Presentation *presentation, const QVariantMap &fields) {
    if (!pipeline_.present(fields)) return false;
    presentations_[fields["id"].toString()] = presentation;
    return true;
}

void PresentationHost::forget(const QString &id) { presentations_.remove(id); }

QVariantMap PresentationHost::emptyScene() const {
    QVariantMap scene{{"presentations", QVariantList{}}};
    if (reportedKeyboard_ > 0) scene["keyboard"] = QVariantMap{{"height", reportedKeyboard_}};
    return scene;
}

// Sets the rule, or clears it, on `pipeline`.
static bool giveIdleRule(Pipeline &pipeline, const std::optional<IdleRuleFields> &rule) {
    return rule ? pipeline.setIdleRule(rule->after, rule->warning, rule->unsaved) : pipeline.clearIdleRule();
}

bool PresentationHost::setIdleRule(const std::optional<IdleRuleFields> &rule, QString *error) {
    if (rule == idleRule_) return true;
    // Before the window has a size the pipeline has no scene: the rule is checked on a pipeline
    // of its own (on a screen of its own) and given after the window's first scene.
    Pipeline check;
    Pipeline *target = &pipeline_;
    if (!pipeline_.hasScene()) {
        check.setScene(QVariantMap{{"screen", QVariantMap{{"width", 1000}, {"height", 1000}, {"widthMM", 200}, {"heightMM", 200}}},
                                   {"presentations", QVariantList{}}});
        target = &check;
    }
    if (!giveIdleRule(*target, rule)) {
        *error = target->lastError();
        return false;
    }
    idleRule_ = rule;
    if (!rule) askIdle(false);  // no rule, no question
    return true;
}

void PresentationHost::makeScene() {
    // The scene's screen is the window's: a host made before its window is shown has none until
    // the window has a size.
    if (pipeline_.hasScene() || !window_ || window_->width() < 1 || window_->height() < 1) return;
    if (!pipeline_.setScene(emptyScene()) || (idleRule_ && !giveIdleRule(pipeline_, idleRule_))) {
        qWarning("DismissKit: the window's scene was refused: %s", qPrintable(pipeline_.lastError()));
    }
}

void PresentationHost::askIdle(bool asking, qint64 deadline) {
    if (asking == askingIdle_ && deadline == idleDeadline_) return;
    askingIdle_ = asking;
    idleDeadline_ = asking ? deadline : 0;
    emit idleQuestionChanged();
}

bool PresentationHost::stay() {
    for (auto each = presentations_.cbegin(); each != presentations_.cend(); ++each) {
        if (each.value() && each.value()->presented()) return pipeline_.update(each.key(), {});
    }
    return false;
}

QString PresentationHost::freeId(const QString &base) const {
    QString id = base;
    for (int number = 2; presentations_.contains(id); number++) id = QStringLiteral("%1-%2").arg(base).arg(number);
    return id;
}

void PresentationHost::deliverTap(QPointF point) {
    if (!window_) return;
    // Through QPA, as a display server's click comes (in its native pixels): Qt Quick's items
    // take a QMouseEvent sent to the window directly as a stray one, without Qt's pointer state.
    const QPointF local = QHighDpi::toNativeLocalPosition(point, window_.data());
    const QPointF global = QHighDpi::toNativeGlobalPosition(window_->mapToGlobal(point), window_.data());
    delivering_ = true;
    QWindowSystemInterface::handleMouseEvent<QWindowSystemInterface::SynchronousDelivery>(
        window_, local, global, Qt::LeftButton, Qt::LeftButton, QEvent::MouseButtonPress);
    QWindowSystemInterface::handleMouseEvent<QWindowSystemInterface::SynchronousDelivery>(
        window_, local, global, Qt::NoButton, Qt::LeftButton, QEvent::MouseButtonRelease);
    delivering_ = false;
}

double PresentationHost::keyboardHeight() const {
    const QInputMethod *inputMethod = QGuiApplication::inputMethod();
    if (!window_ || !inputMethod->isVisible()) return 0;
    // QInputMethod gives the keyboard in the window's coordinates: Qt's logical pixels, points.
    const QRectF keyboard = inputMethod->keyboardRectangle();
    const double bottom = window_->height();
    if (keyboard.isEmpty() || keyboard.bottom() < bottom - 0.5) return 0;
    return std::clamp(bottom - keyboard.top(), 0.0, bottom);
}

void PresentationHost::reportKeyboard() {
    const double height = keyboardHeight();
    if (height == reportedKeyboard_) return;
    if (pipeline_.keyboard(height)) {
        reportedKeyboard_ = height;
        emit keyboardReported();
    } else {
        qWarning("DismissKit: the keyboard's height %g was refused: %s", height, qPrintable(pipeline_.lastError()));
    }
}

void PresentationHost::hideKeyboard() {
    // The text item loses the focus (to its focus scope), so the input method has nothing to type into.
    if (QQuickItem *focused = window_ ? window_->activeFocusItem() : nullptr) {
        if (focused->flags() & QQuickItem::ItemAcceptsInputMethod) focused->setFocus(false);
    }
    QGuiApplication::inputMethod()->hide();
}

bool PresentationHost::answersIdleQuestion(QEvent *event) {
    const auto *pointer = static_cast<QPointerEvent *>(event);
    if (!answeringIdle_) {
        if (!askingIdle_ || !pointer->isBeginEvent()) return false;
        answeringIdle_ = true;
        stay();
    }
    // Taken until its last contact lifts: Qt Quick never sees a press there, nor makes a click of it.
    if (pointer->isEndEvent() || event->type() == QEvent::TouchCancel) answeringIdle_ = false;
    event->accept();
    return true;
}

bool PresentationHost::eventFilter(QObject *watched, QEvent *event) {
    // The question "Are you still there?" is modal: a touch there, or anywhere, answers it and
    // does nothing else (a tap outside a sheet would dismiss it).
    if (event->isPointerEvent() && !delivering_ && answersIdleQuestion(event)) return true;
    if (event->type() == QEvent::KeyPress && askingIdle_) {
        stay();
        return true;
    }
    if (event->isPointerEvent() && !delivering_) {
        pipeline_.pointerEvent(static_cast<QPointerEvent *>(event));
    } else if (event->type() == QEvent::KeyPress && !presentations_.isEmpty()) {
        const auto *key = static_cast<QKeyEvent *>(event);
        // Escape reaches the topmost presentation's gate, as a swipe does; it is not the focus item's.
        if (key->key() == Qt::Key_Escape && !key->isAutoRepeat()) {
            pipeline_.escapeKey();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace DismissKitQt
