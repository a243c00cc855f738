// PresentationHost: the one pipeline of a Qt Quick window that the DismissKit components
// (Sheet, Popover, Alert) present themselves to. It watches the window's events before Qt
// Quick delivers them, without taking any: touches, the mouse's primary button and pens feed
// the pipeline (Docs/embedding-qt.md "Embedding in Qt"), Escape is the pipeline's Escape key; it
// reports the on-screen keyboard (QInputMethod) and hides it when the pipeline asks; and it
// gives each intent to the Presentation of its presentation.
#pragma once

#include "DismissKitQt/Pipeline.h"

#include <QHash>
#include <QPointer>

class QQuickWindow;

namespace DismissKitQt {

class Presentation;

class PresentationHost : public QObject {
    Q_OBJECT

public:
    // The window's host, made with an empty scene on the window's screen at the first call.
    static PresentationHost *of(QQuickWindow *window);

    Pipeline *pipeline() { return &pipeline_; }
    // Presents `fields` (a scene file's presentation, its id included) for `presentation`; false
    // with the pipeline's lastError when the scene cannot take it.
    bool present(Presentation *presentation, const QVariantMap &fields);
    // Forgets the presentation (its presentation was dismissed or removed).
    void forget(const QString &id);
    // An id no presentation of this window has: `base`, or `base-2`, `base-3`, ...
    QString freeId(const QString &base) const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit PresentationHost(QQuickWindow *window);
    // Clicks at `point` (window coordinates) for a tap the pipeline let through a pass-through
    // region: the popover that covered it has closed, and the item there gets the click.
    void deliverTap(QPointF point);
    // Reports the input method's keyboard to the pipeline when the height it covers changes.
    void reportKeyboard();
    // How much of the window's bottom the input method's keyboard covers, in points: 0 while
    // it is hidden or floats above the bottom edge.
    double keyboardHeight() const;
    // Takes the focus from the text item and hides the input method's keyboard.
    void hideKeyboard();
    Presentation *presentation(const QString &id) const { return presentations_.value(id); }

    Pipeline pipeline_;
    QHash<QString, QPointer<Presentation>> presentations_;
    QPointer<QQuickWindow> window_;
    // While a delivered tap's click is sent: it is not a contact of the pipeline's.
    bool delivering_ = false;
    // The keyboard's height the pipeline has.
    double reportedKeyboard_ = 0;
};

}  // namespace DismissKitQt
