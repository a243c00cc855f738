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
    pipeline_.setScene(QVariantMap{{"presentations", QVariantList{}}});
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
    QInputMethod *inputMethod = QGuiApplication::inputMethod();
    connect(inputMethod, &QInputMethod::keyboardRectangleChanged, this, &PresentationHost::reportKeyboard);
    connect(inputMethod, &QInputMethod::visibleChanged, this, &PresentationHost::reportKeyboard);
    connect(window, &QWindow::heightChanged, this, &PresentationHost::reportKeyboard);
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

bool PresentationHost::eventFilter(QObject *watched, QEvent *event) {
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
