// DismissArea: an item of the QML module DismissKit for a kiosk that draws its presentations
// itself (the components Sheet and ConfirmationDialog draw theirs). It owns a
// Pipeline on its window's screen, takes the touches of its area and filters its children's
// without taking them: a Flickable inside a sheet keeps following the finger and reports its
// offset (reportContentOffset), and the pipeline hands the finger to the sheet where the
// Flickable reports 0 (README "Scrolling content"; give the Flickable StopAtBounds, so it waits
// at its top while the sheet moves). The sheet being dragged and its offset are properties.
//
//   DismissArea {
//       anchors.fill: parent
//       scene: ({presentations: [{id: "compose", style: "sheet", grabber: true, unsavedChanges: true}]})
//       onConfirmationRequested: (id, source, options) => dialog.open()
//       onDismissed: (id, source, resolution) => sheet.visible = false
//   }
#pragma once

#include "DismissKitQt/Pipeline.h"

#include <QQuickItem>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace DismissKitQt {

class DismissArea : public QQuickItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QVariantMap scene READ scene WRITE setScene NOTIFY sceneChanged)
    Q_PROPERTY(DismissKitQt::Pipeline *pipeline READ pipeline CONSTANT)
    // The presentation being dragged ("" when none) and how far below its detent, in points.
    Q_PROPERTY(QString draggedPresentation READ draggedPresentation NOTIFY sheetOffsetChanged)
    Q_PROPERTY(double sheetOffset READ sheetOffset NOTIFY sheetOffsetChanged)
    // The detent of the presentation last set ("medium", "large" or a height in points).
    Q_PROPERTY(QVariant detent READ detent NOTIFY detentChanged)

public:
    explicit DismissArea(QQuickItem *parent = nullptr);

    QVariantMap scene() const { return scene_; }
    void setScene(const QVariantMap &scene);
    Pipeline *pipeline() { return &pipeline_; }
    QString draggedPresentation() const { return dragged_; }
    double sheetOffset() const { return offset_; }
    QVariant detent() const { return detent_; }

    // Host commands, as Pipeline's.
    Q_INVOKABLE bool present(const QVariantMap &presentation) { return pipeline_.present(presentation); }
    Q_INVOKABLE bool update(const QString &presentation, const QVariantMap &fields) {
        return pipeline_.update(presentation, fields);
    }
    Q_INVOKABLE bool confirm(const QString &presentation, const QString &choice) {
        return pipeline_.confirm(presentation, choice);
    }
    Q_INVOKABLE bool button(const QString &presentation, const QString &role) { return pipeline_.button(presentation, role); }
    Q_INVOKABLE bool key(const QString &key) { return pipeline_.key(key); }
    Q_INVOKABLE bool command(const QVariantMap &command) { return pipeline_.command(command); }
    // The host's scroll view's offset ("update" with content.offset; README "Scrolling content").
    Q_INVOKABLE bool reportContentOffset(const QString &presentation, double offset);

signals:
    void sceneChanged();
    void sheetOffsetChanged();
    void dragBegan(const QString &id, const QString &origin);
    void dragChanged(const QString &id, double offset, double velocity);
    void dragEnded(const QString &id, const QString &outcome, const QVariant &detent);
    void detentChanged(const QString &id, const QVariant &detent, const QString &cause);
    void confirmationRequested(const QString &id, const QString &source, const QStringList &options);
    void saved(const QString &id);
    void dismissed(const QString &id, const QString &source, const QString &resolution);
    void cancelled(const QString &id);
    void rejected(const QString &id, const QString &source, const QString &reason);
    void passthroughTap(const QPointF &point);
    void dragHandedBack(const QString &id);
    void contentScrolled(const QString &id, double offset);

protected:
    void touchEvent(QTouchEvent *event) override;
    void touchUngrabEvent() override;
    bool childMouseEventFilter(QQuickItem *item, QEvent *event) override;
    void itemChange(ItemChange change, const ItemChangeData &value) override;

private:
    // Feeds the event once (a child's event can come to the filter and then to the area).
    void feed(QTouchEvent *event);
    void setOffset(const QString &dragged, double offset);

    Pipeline pipeline_;
    QVariantMap scene_;
    QString dragged_;
    double offset_ = 0;
    QVariant detent_;
    // The last event fed (its time, points and their states and positions), to feed each once.
    std::vector<double> lastFrame_;
};

}  // namespace DismissKitQt
