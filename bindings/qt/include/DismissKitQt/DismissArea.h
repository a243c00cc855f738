// DismissArea: an item of the QML module DismissKit for a kiosk that draws its presentations
// itself (the components Sheet and ConfirmationDialog draw theirs). It owns a
// Pipeline on its window's screen, takes the touches of its area and filters its children's
// without taking them: a Flickable inside a sheet keeps following the finger and reports its
// offset (reportContentOffset), and the pipeline hands the finger to the sheet where the
// Flickable reports 0 (Docs/gestures.md "Scrolling content"; give the Flickable StopAtBounds, so it waits
// at its top while the sheet moves). The sheet being dragged and its offset are properties.
//
//   DismissArea {
//       id: area
//       anchors.fill: parent
//       scene: ({presentations: [{id: "compose", style: "sheet", grabber: true, unsavedChanges: true}]})
//   }
//   Connections {
//       target: area.pipeline                                  // the intents are its signals
//       function onConfirmationRequested(id, source, options) { dialog.open() }
//       function onDismissed(id, source, resolution) { sheet.visible = false }
//   }
#pragma once

#include "DismissKitQt/Pipeline.h"

#include <QQuickItem>
#include <QScopedPointer>
#include <QtQml/qqmlregistration.h>


namespace DismissKitQt {

struct DismissAreaPrivate;

class DismissArea : public QQuickItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QVariantMap scene READ scene WRITE setScene NOTIFY sceneChanged)
    Q_PROPERTY(DismissKitQt::Pipeline *pipeline READ pipeline CONSTANT)
    // The presentation being dragged ("" when none) and how far below its detent, in points.
    Q_PROPERTY(QString draggedPresentation READ draggedPresentation NOTIFY sheetOffsetChanged)
    Q_PROPERTY(double sheetOffset READ sheetOffset NOTIFY sheetOffsetChanged)
    // The detent of the presentation last set ("medium", "large" or a height in points); the
    // pipeline's detentSet says whose and why.
    Q_PROPERTY(QVariant detent READ detent NOTIFY detentChanged)

public:
    explicit DismissArea(QQuickItem *parent = nullptr);

    ~DismissArea() override;

    QVariantMap scene() const;
    void setScene(const QVariantMap &scene);
    Pipeline *pipeline();
    QString draggedPresentation() const;
    double sheetOffset() const;
    QVariant detent() const;

    // The host commands are the pipeline's (area.pipeline.confirm(...)). This one is the host's
    // scroll view's offset: "update" with content.offset, the pipeline's reportContentOffset
    // (Docs/gestures.md "Scrolling content").
    Q_INVOKABLE bool reportContentOffset(const QString &presentation, double offset);

signals:
    void sceneChanged();
    void sheetOffsetChanged();
    void detentChanged();

protected:
    void touchEvent(QTouchEvent *event) override;
    void touchUngrabEvent() override;
    bool childMouseEventFilter(QQuickItem *item, QEvent *event) override;
    void itemChange(ItemChange change, const ItemChangeData &value) override;

private:
    // Feeds the event once (a child's event can come to the filter and then to the area).
    void feed(QTouchEvent *event);
    void setOffset(const QString &dragged, double offset);

    // The state, behind a pointer: the class's size and layout stay as the library changes.
    QScopedPointer<DismissAreaPrivate> d;
};

}  // namespace DismissKitQt
