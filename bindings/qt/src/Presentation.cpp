#include "Presentation.h"

#include "PresentationHost.h"
#include "Translation.h"

#include <QQmlEngine>
#include <QQuickWindow>
#include <QScreen>

#include <algorithm>

namespace DismissKitQt {

Presentation::Presentation(QObject *parent) : QObject(parent) {}

void Presentation::classBegin() { Translation::follow(qmlEngine(this)); }

Presentation::~Presentation() { remove(); }

void Presentation::setItem(QQuickItem *item) {
    if (item_ == item) return;
    if (item_) disconnect(item_, &QQuickItem::windowChanged, this, nullptr);
    item_ = item;
    if (item_) {
        connect(item_, &QQuickItem::windowChanged, this, [this](QQuickWindow *window) {
            if (window) connect(window, &QWindow::screenChanged, this, &Presentation::touchTargetChanged, Qt::UniqueConnection);
            emit touchTargetChanged();
        });
        if (QQuickWindow *window = item_->window()) {
            connect(window, &QWindow::screenChanged, this, &Presentation::touchTargetChanged, Qt::UniqueConnection);
        }
    }
    emit itemChanged();
    emit touchTargetChanged();
}

double Presentation::touchTarget() const { return touchTargetOn(item_); }

double Presentation::touchTargetOn(const QQuickItem *item) {
    constexpr double points = 44, millimetres = 7;
    const QQuickWindow *window = item ? item->window() : nullptr;
    const QScreen *screen = window ? window->screen() : nullptr;
    if (!screen || screen->size().isEmpty()) return points;
    const QSizeF size = screen->size();
    const QSizeF mm = Pipeline::millimetres(size, screen->physicalSize(), screen->devicePixelRatio());
    return std::max(points, millimetres * size.width() / mm.width());
}

void Presentation::setName(const QString &name) {
    if (name_ == name) return;
    name_ = name;
    emit nameChanged();
}

void Presentation::setFields(const QVariantMap &fields) {
    if (fields_ == fields) return;
    fields_ = fields;
    emit fieldsChanged();
    if (!presented()) return;
    QVariantMap changed;
    for (auto field = fields_.cbegin(); field != fields_.cend(); ++field) {
        if (field.key() != QLatin1String("content") && sent_.value(field.key()) != field.value()) changed[field.key()] = field.value();
    }
    // A frame, anchor or tap-outside action no longer given is removed (an update's null), not
    // left as it was.
    for (const char *removable : {"frame", "anchor", "tapOutside"}) {
        if (sent_.contains(removable) && !sent_.value(removable).isNull() && !fields_.contains(removable)) {
            changed[removable] = QVariant();
        }
    }
    if (changed.isEmpty()) return;
    if (answered(host_ && host_->pipeline()->update(id_, changed))) sent_.insert(changed);
}

PresentationHost *Presentation::host() const { return host_; }

bool Presentation::present() {
    if (presented()) return true;
    QQuickWindow *window = item_ ? item_->window() : nullptr;
    if (!window) {
        setError(QStringLiteral("%1 has no window to be presented on").arg(name_));
        return false;
    }
    PresentationHost *host = PresentationHost::of(window);
    const QString id = host->freeId(name_);
    QVariantMap presentation = fields_;
    presentation["id"] = id;
    followContent();
    if (content_) presentation["content"] = QVariantMap{{"offset", reportedOffset_}};
    if (!host->present(this, presentation)) {
        setError(host->pipeline()->lastError());
        return false;
    }
    host_ = host;
    id_ = id;
    sent_ = fields_;
    const QVariantList detents = fields_.value("detents", QVariantList{"large"}).toList();
    detent_ = fields_.value("selectedDetent", detents.isEmpty() ? QVariant("large") : detents.last());
    emit detentChanged();
    emit presentedChanged();
    takeLayout();
    return true;
}

bool Presentation::answered(bool taken) {
    if (taken) return true;
    setError(host_ ? host_->pipeline()->lastError() : QStringLiteral("%1 is not presented").arg(name_));
    return false;
}

void Presentation::setError(const QString &error) {
    lastError_ = error;
    emit lastErrorChanged();
}

bool Presentation::dismiss() { return answered(host_ && host_->pipeline()->dismiss(id_)); }

bool Presentation::confirm(Pipeline::Choice choice) {
    return answered(host_ && host_->pipeline()->confirm(id_, choice));
}

bool Presentation::button(Pipeline::ButtonRole role) { return answered(host_ && host_->pipeline()->button(id_, role)); }

bool Presentation::accessibility(Pipeline::AccessibilityAction action) {
    return answered(host_ && host_->pipeline()->accessibility(id_, action));
}

void Presentation::remove() {
    if (!presented()) return;
    if (host_) host_->pipeline()->remove(id_);
    end();
}

void Presentation::end() {
    if (host_) host_->forget(id_);
    host_ = nullptr;
    id_.clear();
    sent_.clear();
    if (content_) disconnect(content_, nullptr, this, nullptr);
    content_ = nullptr;
    takeDrag(false, 0);
    takeQuestion({});
    takeLayout();
    emit presentedChanged();
}

void Presentation::followContent() {
    if (content_ || !item_) return;
    // The first Flickable (a ListView, a GridView, a ScrollView's) in the item's tree, breadth first.
    QList<QQuickItem *> queue{item_};
    while (!queue.isEmpty() && !content_) {
        QQuickItem *next = queue.takeFirst();
        if (next->inherits("QQuickFlickable")) content_ = next;
        queue.append(next->childItems());
    }
    if (!content_) return;
    // It waits at its top while the sheet has the finger, rather than bouncing there.
    content_->setProperty("boundsBehavior", 0);  // Flickable.StopAtBounds
    reportedOffset_ = std::max(0.0, content_->property("contentY").toDouble());
    connect(content_, SIGNAL(contentYChanged()), this, SLOT(contentMoved()));
}

void Presentation::contentMoved() {
    const double offset = std::max(0.0, content_->property("contentY").toDouble());
    if (offset == reportedOffset_ || !presented()) return;
    reportedOffset_ = offset;
    answered(host_ && host_->pipeline()->reportContentOffset(id_, offset));
}

void Presentation::takeDrag(bool dragging, double offset) {
    if (dragging == dragging_ && offset == offset_) return;
    dragging_ = dragging;
    offset_ = offset;
    emit offsetChanged();
}

void Presentation::takeDetent(const QVariant &detent) {
    if (detent == detent_) return;
    detent_ = detent;
    emit detentChanged();
}

void Presentation::takeQuestion(const QVariantList &options) {
    if (options == question_) return;
    question_ = options;
    emit questionChanged();
}

void Presentation::takeContentOffset(double offset) {
    if (!content_) return;
    // The pipeline scrolled the content back (a hand-back): that is not the host's report.
    reportedOffset_ = offset;
    content_->setProperty("contentY", offset);
}

void Presentation::takeLayout() {
    const QVariantMap layout = host_ ? host_->pipeline()->layout(id_) : QVariantMap();
    if (layout == layout_) return;
    layout_ = layout;
    emit layoutChanged();
}

}  // namespace DismissKitQt
