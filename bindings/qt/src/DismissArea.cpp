#include "DismissKitQt/DismissArea.h"

#include <QQuickWindow>
#include <QTouchEvent>

#include <vector>

namespace DismissKitQt {

struct DismissAreaPrivate {
    Pipeline pipeline_;
    QVariantMap scene_;
    QString dragged_;
    double offset_ = 0;
    QVariant detent_;
    // The last event fed (its time, points and their states and positions), to feed each once.
    std::vector<double> lastFrame_;
};

DismissArea::DismissArea(QQuickItem *parent) : QQuickItem(parent), d(new DismissAreaPrivate) {
    setAcceptTouchEvents(true);
    setFiltersChildMouseEvents(true);
    Pipeline *p = &d->pipeline_;
    connect(p, &Pipeline::dragBegan, this, [this](const QString &id) { setOffset(id, 0); });
    connect(p, &Pipeline::dragChanged, this, [this](const QString &id, double offset) { setOffset(id, offset); });
    connect(p, &Pipeline::dragEnded, this, [this] { setOffset({}, 0); });
    connect(p, &Pipeline::dragHandedBack, this, [this] { setOffset({}, 0); });
    connect(p, &Pipeline::detentSet, this, [this](const QString &, const QVariant &detent) {
        if (detent == d->detent_) return;
        d->detent_ = detent;
        emit detentChanged();
    });
}

DismissArea::~DismissArea() = default;

QVariantMap DismissArea::scene() const { return d->scene_; }
Pipeline *DismissArea::pipeline() { return &d->pipeline_; }
QString DismissArea::draggedPresentation() const { return d->dragged_; }
double DismissArea::sheetOffset() const { return d->offset_; }
QVariant DismissArea::detent() const { return d->detent_; }

void DismissArea::setScene(const QVariantMap &scene) {
    d->scene_ = scene;
    // The screen comes from the window: without one yet, the scene waits for it.
    if (window()) d->pipeline_.setScene(scene);
    emit sceneChanged();
}

void DismissArea::itemChange(ItemChange change, const ItemChangeData &value) {
    if (change == ItemSceneChange) {
        d->pipeline_.setWindow(value.window);
        if (value.window && !d->scene_.isEmpty() && !d->pipeline_.hasScene()) d->pipeline_.setScene(d->scene_);
    }
    QQuickItem::itemChange(change, value);
}

bool DismissArea::reportContentOffset(const QString &presentation, double offset) {
    return d->pipeline_.reportContentOffset(presentation, offset);
}

void DismissArea::setOffset(const QString &dragged, double offset) {
    if (dragged == d->dragged_ && offset == d->offset_) return;
    d->dragged_ = dragged;
    d->offset_ = offset;
    emit sheetOffsetChanged();
}

void DismissArea::feed(QTouchEvent *event) {
    std::vector<double> frame{double(event->type()), double(event->timestamp()),
                              double(reinterpret_cast<quintptr>(event->pointingDevice()))};
    for (const QEventPoint &point : event->points()) {
        frame.insert(frame.end(), {double(point.id()), double(point.state()), point.scenePosition().x(),
                                   point.scenePosition().y()});
    }
    if (frame == d->lastFrame_) return;
    d->lastFrame_ = std::move(frame);
    d->pipeline_.pointerEvent(event);
}

void DismissArea::touchEvent(QTouchEvent *event) {
    feed(event);
    event->accept();
}

void DismissArea::touchUngrabEvent() { d->pipeline_.cancelContacts(); }

bool DismissArea::childMouseEventFilter(QQuickItem *, QEvent *event) {
    auto *touch = dynamic_cast<QTouchEvent *>(event);
    if (!touch) return false;  // a mouse event (one synthesized from a touch came here as the touch)
    feed(touch);
    // The child keeps the touches (an accepted touch would take them from it): a Flickable goes on
    // following the finger, at its top while the sheet has the finger, and scrolls again after a
    // hand-back.
    touch->setAccepted(false);
    return false;
}

}  // namespace DismissKitQt
