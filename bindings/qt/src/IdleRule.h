// IdleRule: the idle rule of a window's pipeline (SPEC section 11, Docs/gestures.md "Idle"), and
// the state of its question "Are you still there?", for IdleQuestion.qml (or an app that draws
// its own question):
//
//   IdleRule {
//       item: window.contentItem
//       rule: ({after: 120000, warning: 20000, unsaved: "keep"})   // milliseconds
//       onReset: stack.pop(null)                                    // the start screen
//   }
//
// While `asking`, the window's question is modal: a touch, click or key anywhere answers it, as
// `stay()` does, and does nothing else. `secondsLeft` counts down to the deadline on the
// pipeline's clock. At the deadline the pipeline dismisses what is presented (by the rule) and,
// when nothing is left, `reset()` says to show the start screen.
#pragma once

#include <QObject>
#include <QPointer>
#include <QQmlParserStatus>
#include <QQuickItem>
#include <QTimer>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

namespace DismissKitQt {

class PresentationHost;

class IdleRule : public QObject, public QQmlParserStatus {
    Q_OBJECT
    QML_ELEMENT
    Q_INTERFACES(QQmlParserStatus)
    // An item of the window whose pipeline the rule is for.
    Q_PROPERTY(QQuickItem *item READ item WRITE setItem NOTIFY itemChanged)
    // {after, warning, unsaved}: `after` and `warning` in milliseconds (the scene's µs / 1000),
    // `unsaved` "save", "discard" or "keep"; empty for none. The pipeline checks it; a rule it
    // refuses is said in lastError and changes nothing. It is the pipeline's at once, whatever
    // is presented (Pipeline::setIdleRule): a rule given, changed or removed then applies to it.
    Q_PROPERTY(QVariantMap rule READ rule WRITE setRule NOTIFY ruleChanged)
    // Whether the idle warning is out: ask "Are you still there?".
    Q_PROPERTY(bool asking READ asking NOTIFY askingChanged)
    // Whole seconds to the deadline, counted down while asking (0 when not).
    Q_PROPERTY(int secondsLeft READ secondsLeft NOTIFY secondsLeftChanged)
    // How much of the window's bottom the on-screen keyboard covers, in points: the question
    // goes in the room above it.
    Q_PROPERTY(double keyboardHeight READ keyboardHeight NOTIFY keyboardHeightChanged)
    // The least side of a control a finger can hit, in points (Presentation's touchTarget).
    Q_PROPERTY(double touchTarget READ touchTarget NOTIFY itemChanged)
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)

public:
    explicit IdleRule(QObject *parent = nullptr);
    // Its component's words are the engine's language's (Translation) from its first bindings on.
    void classBegin() override;
    void componentComplete() override {}
    ~IdleRule() override;

    QQuickItem *item() const { return item_; }
    void setItem(QQuickItem *item);
    QVariantMap rule() const { return rule_; }
    void setRule(const QVariantMap &rule);
    bool asking() const;
    int secondsLeft() const { return secondsLeft_; }
    double keyboardHeight() const;
    double touchTarget() const;
    QString lastError() const { return lastError_; }

    // Someone is there ("Continue"): activity for the pipeline, which cancels the warning.
    Q_INVOKABLE bool stay();

signals:
    void itemChanged();
    void ruleChanged();
    void askingChanged();
    void secondsLeftChanged();
    void keyboardHeightChanged();
    void lastErrorChanged();
    // The idle deadline dismissed everything: show the start screen.
    void reset();

private:
    // Finds the window's host and gives it the rule, once there is a window.
    void attach();
    void countDown();
    void setError(const QString &error);

    QPointer<QQuickItem> item_;
    QVariantMap rule_;
    QPointer<PresentationHost> host_;
    int secondsLeft_ = 0;
    // Fires when the whole seconds left change.
    QTimer countdown_;
    QString lastError_;
};

}  // namespace DismissKitQt
