// Presentation: one presentation of a window's pipeline (PresentationHost), as the DismissKit
// components hold it. It presents its fields when asked, sends what changes in them as an
// `update`, follows the first Flickable under its item as host-owned scrolling (Docs/gestures.md,
// "Scrolling content"), and gives its intents as properties and signals. Sheet.qml,
// Popover.qml and Alert.qml are built on it; an app that draws its own presentation can be too:
//
//   Presentation {
//       id: presentation
//       item: panel
//       name: "settings"
//       fields: ({style: "sheet", detents: ["medium", "large"], unsavedChanges: form.edited})
//       onDismissed: (source, resolution) => panel.visible = false   // Pipeline.DismissalSource, .Resolution
//   }
#pragma once

#include "DismissKitQt/Pipeline.h"

#include <QPointer>
#include <QQmlParserStatus>
#include <QQuickItem>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace DismissKitQt {

class PresentationHost;

class Presentation : public QObject, public QQmlParserStatus {
    Q_OBJECT
    QML_ELEMENT
    Q_INTERFACES(QQmlParserStatus)
    // The item drawn for the presentation: its window is the pipeline's, and the first Flickable
    // under it is its scrolling content.
    Q_PROPERTY(QQuickItem *item READ item WRITE setItem NOTIFY itemChanged)
    // What the id is made from (the id is this, or this with a number when it is taken).
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged)
    // The presentation's fields as a scene file spells them, without its id.
    Q_PROPERTY(QVariantMap fields READ fields WRITE setFields NOTIFY fieldsChanged)
    Q_PROPERTY(QString presentationId READ presentationId NOTIFY presentedChanged)
    Q_PROPERTY(bool presented READ presented NOTIFY presentedChanged)
    // Whether a finger (or the mouse, or a pen) drags it, and how far below its detent it is
    // then, in points, after the rubber band.
    Q_PROPERTY(bool dragging READ dragging NOTIFY offsetChanged)
    Q_PROPERTY(double offset READ offset NOTIFY offsetChanged)
    // Its detent: "medium", "large" or a height in points.
    Q_PROPERTY(QVariant detent READ detent NOTIFY detentChanged)
    // The answers of the question the pipeline asks (Pipeline.Choice values), in order; empty
    // when none is asked.
    Q_PROPERTY(QVariantList question READ question NOTIFY questionChanged)
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
    // Where the pipeline has it now, in the window's points (Pipeline::layout: "role",
    // "adapted", "frame", "restingFrame", "grabber", "header", "questionAnchor", ...), brought up to
    // date after each command and each touch that moves it; empty while it is not presented.
    // The components draw from it and work out no layout of their own.
    Q_PROPERTY(QVariantMap layout READ layout NOTIFY layoutChanged)
    // The least side of a control a finger can hit, in points: 44, or 7 mm on the item's screen
    // when that is more (a dense panel), as the pipeline sizes the grabber's target.
    Q_PROPERTY(double touchTarget READ touchTarget NOTIFY touchTargetChanged)

public:
    explicit Presentation(QObject *parent = nullptr);
    // Its component's words are the engine's language's (Translation) from its first bindings on.
    void classBegin() override;
    void componentComplete() override {}
    ~Presentation() override;

    QQuickItem *item() const { return item_; }
    void setItem(QQuickItem *item);
    QString name() const { return name_; }
    void setName(const QString &name);
    QVariantMap fields() const { return fields_; }
    void setFields(const QVariantMap &fields);
    QString presentationId() const { return id_; }
    bool presented() const { return !id_.isEmpty(); }
    bool dragging() const { return dragging_; }
    double offset() const { return offset_; }
    QVariant detent() const { return detent_; }
    QVariantList question() const { return question_; }
    QString lastError() const { return lastError_; }
    QVariantMap layout() const { return layout_; }
    double touchTarget() const;
    // The touch target on `item`'s screen (44 points without one).
    static double touchTargetOn(const QQuickItem *item);

    // Presents it on its item's window, above what is there; false with lastError when the
    // scene cannot take it (or there is no window yet).
    Q_INVOKABLE bool present();
    // Asks to close it, as the app's own request: dismissed when nothing is unsaved, asked
    // otherwise.
    Q_INVOKABLE bool dismiss();
    // Answers the question.
    Q_INVOKABLE bool confirm(DismissKitQt::Pipeline::Choice choice);
    // Its Cancel or Done button was pressed.
    Q_INVOKABLE bool button(DismissKitQt::Pipeline::ButtonRole role);
    // An assistive technology's action on it: the escape gesture, or the next detent up or down.
    Q_INVOKABLE bool accessibility(DismissKitQt::Pipeline::AccessibilityAction action);
    // Takes it off the scene at once, without asking (the app closed it itself).
    Q_INVOKABLE void remove();

signals:
    void itemChanged();
    void nameChanged();
    void fieldsChanged();
    void presentedChanged();
    void offsetChanged();
    void detentChanged();
    void questionChanged();
    void layoutChanged();
    void lastErrorChanged();
    void touchTargetChanged();
    void dragBegan(DismissKitQt::Pipeline::DragOrigin origin);
    void dragEnded(DismissKitQt::Pipeline::DragOutcome outcome, const QVariant &detent);
    // The pipeline set its detent (after detentChanged).
    void detentSet(const QVariant &detent, DismissKitQt::Pipeline::DetentCause cause);
    // The keyboard goes first: the host takes the focus from the text item and hides the
    // on-screen keyboard right after this, before the drag or the question that follows.
    void keyboardHidingRequested(DismissKitQt::Pipeline::KeyboardHidingReason reason);
    void confirmationRequested(DismissKitQt::Pipeline::DismissalSource source, const QVariantList &options);
    void saveRequested();
    void dismissed(DismissKitQt::Pipeline::DismissalSource source, DismissKitQt::Pipeline::Resolution resolution);
    void cancelled();
    void rejected(DismissKitQt::Pipeline::DismissalSource source, const QString &reason);

private slots:
    // The scrolling content moved: its offset is the host's report.
    void contentMoved();

private:
    friend class PresentationHost;
    PresentationHost *host() const;
    // What a command the pipeline took or refused (or that had no pipeline) answers, with its
    // error kept.
    bool answered(bool taken);
    void setError(const QString &error);
    void followContent();
    void end();
    // The host's intents for this presentation.
    void takeDrag(bool dragging, double offset);
    void takeDetent(const QVariant &detent);
    void takeQuestion(const QVariantList &options);
    void takeContentOffset(double offset);
    // Asks the pipeline where it is now (an empty layout when it is not presented).
    void takeLayout();

    QPointer<QQuickItem> item_;
    QString name_ = QStringLiteral("presentation");
    QVariantMap fields_;
    // The fields the pipeline has, to send only what changed.
    QVariantMap sent_;
    QString id_;
    QPointer<PresentationHost> host_;
    bool dragging_ = false;
    double offset_ = 0;
    QVariant detent_;
    QVariantList question_;
    QVariantMap layout_;
    QString lastError_;
    QPointer<QObject> content_;
    double reportedOffset_ = 0;
};

}  // namespace DismissKitQt
