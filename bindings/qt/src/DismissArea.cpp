#include "DismissKitQt/DismissArea.h"

#include <QQuickWindow>
#include <QTouchEvent>

namespace DismissKitQt {

DismissArea::DismissArea(QQuickItem *parent) : QQuickItem(parent) {
    setAcceptTouchEvents(true);
    setFiltersChildMouseEvents(true);
    Pipeline *p = &pipeline_;
    connect(p, &Pipeline::dragBegan, this, [this](const QString &id, const QString &origin) {
        setOffset(id, 0);
        emit dragBegan(id, origin);
    });
    connect(p, &Pipeline::dragChanged, this, [this](const QString &id, double offset, double velocity) {
        setOffset(id, offset);
        emit dragChanged(id, offset, velocity);
    });
    connect(p, &Pipeline::dragEnded, this, [this](const QString &id, const QString &outcome, const QVariant &detent) {
        setOffset({}, 0);
        emit dragEnded(id, outcome, detent);
    });
    connect(p, &Pipeline::dragHandedBack, this, [this](const QString &id) {
        setOffset({}, 0);
        emit dragHandedBack(id);
    });
    connect(p, &Pipeline::detentChanged, this, [this](const QString &id, const QVariant &detent, const QString &cause) {
        detent_ = detent;
        emit detentChanged(id, detent, cause);
    });
    connect(p, &Pipeline::confirmationRequested, this, &DismissArea::confirmationRequested);
    connect(p, &Pipeline::saved, this, &DismissArea::saved);
    connect(p, &Pipeline::dismissed, this, &DismissArea::dismissed);
    connect(p, &Pipeline::cancelled, this, &DismissArea::cancelled);
    connect(p, &Pipeline::rejected, this, &DismissArea::rejected);
    connect(p, &Pipeline::passthroughTap, this, &DismissArea::passthroughTap);
    connect(p, &Pipeline::contentScrolled, this, &DismissArea::contentScrolled);
}

void DismissArea::setScene(const QVariantMap &scene) {
    scene_ = scene;
    // The screen comes from the window: without one yet, the scene waits for it.
    if (window()) pipeline_.setScene(scene);
    emit sceneChanged();
}

void DismissArea::itemChange(ItemChange change, const ItemChangeData &value) {
    if (change == ItemSceneChange) {
        pipeline_.setWindow(value.window);
        if (value.window && !scene_.isEmpty() && !pipeline_.hasScene()) pipeline_.setScene(scene_);
    }
    QQuickItem::itemChange(change, value);
}

bool DismissArea::reportContentOffset(const QString &presentation, double offset) {
    return pipeline_.update(presentation, {{"content", QVariantMap{{"offset", offset}}}});
}

void DismissArea::setOffset(const QString &dragged, double offset) {
    if (dragged == dragged_ && offset == offset_) return;
    dragged_ = dragged;
    offset_ = offset;
    emit sheetOffsetChanged();
}

void DismissArea::feed(QTouchEvent *event) {
    std::vector<double> frame{double(event->type()), double(event->timestamp()),
                              double(reinterpret_cast<quintptr>(event->pointingDevice()))};
    for (const QEventPoint &point : event->points()) {
        frame.insert(frame.end(), {double(point.id()), double(point.state()), point.scenePosition().x(),
                                   point.scenePosition().y()});
    }
    if (frame == lastFrame_) return;
    lastFrame_ = std::move(frame);
    pipeline_.pointerEvent(event);
}

void DismissArea::touchEvent(QTouchEvent *event) {
    feed(event);
    event->accept();
}

void DismissArea::touchUngrabEvent() { pipeline_.cancelContacts(); }

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
