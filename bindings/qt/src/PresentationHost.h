// PresentationHost: the one pipeline of a Qt Quick window that the DismissKit components
// (Sheet, Popover, Alert) present themselves to. It watches the window's events before Qt
// Quick delivers them, without taking any: touches, the mouse's primary button and pens feed
// the pipeline (Docs/embedding-qt.md "Embedding in Qt"), Escape is the pipeline's Escape key; it
// reports the on-screen keyboard (QInputMethod) and hides it when the pipeline asks; it
// gives each intent to the Presentation of its presentation; and it holds the window's idle
// rule (IdleRule): while the pipeline's idle warning is out, the window's question "Are you
// still there?" is modal, and a touch, click or key anywhere only answers it.
#pragma once

#include "DismissKitQt/Pipeline.h"
#include "PresentationFields.h"

#include <QHash>
#include <QPointer>

#include <optional>

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

    // The window's idle rule (none: nullopt), given to the pipeline at once, whatever is
    // presented (Pipeline::setIdleRule, clearIdleRule); before the window has a size, after its
    // first scene. False with `error` when the pipeline refuses it (nothing changes then).
    bool setIdleRule(const std::optional<IdleRuleFields> &rule, QString *error);
    // Whether the idle warning is out (until activity, the reset, or the question the rule
    // `keep` asks), and its deadline on the pipeline's clock.
    bool askingIdle() const { return askingIdle_; }
    qint64 idleDeadline() const { return idleDeadline_; }
    // Someone is there: activity for the pipeline (an update that changes nothing), which
    // cancels the warning. False when nothing is presented.
    bool stay();
    // The keyboard's height the pipeline has, in points.
    double reportedKeyboard() const { return reportedKeyboard_; }

signals:
    void idleQuestionChanged();
    // The idle deadline dismissed everything: the app shows its start screen.
    void idleReset();
    void keyboardReported();

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
    // A scene with no presentation and the keyboard shown.
    QVariantMap emptyScene() const;
    // Gives the pipeline its first scene, and the idle rule, once the window has a size.
    void makeScene();
    void askIdle(bool asking, qint64 deadline = 0);
    // Whether a pointer event is taken by the idle question (and not fed to the pipeline).
    bool answersIdleQuestion(QEvent *event);

    Pipeline pipeline_;
    QHash<QString, QPointer<Presentation>> presentations_;
    QPointer<QQuickWindow> window_;
    // While a delivered tap's click is sent: it is not a contact of the pipeline's.
    bool delivering_ = false;
    // The keyboard's height the pipeline has.
    double reportedKeyboard_ = 0;
    std::optional<IdleRuleFields> idleRule_;
    bool askingIdle_ = false;
    qint64 idleDeadline_ = 0;
    // While the contacts that answered the idle question are down: theirs, not the pipeline's.
    bool answeringIdle_ = false;
};

}  // namespace DismissKitQt
