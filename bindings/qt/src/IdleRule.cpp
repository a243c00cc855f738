#include "IdleRule.h"

#include "Presentation.h"
#include "PresentationHost.h"
#include "Translation.h"

#include <QQmlEngine>
#include <QQuickWindow>

#include <algorithm>

namespace DismissKitQt {

IdleRule::IdleRule(QObject *parent) : QObject(parent) {
    countdown_.setSingleShot(true);
    connect(&countdown_, &QTimer::timeout, this, &IdleRule::countDown);
}

void IdleRule::classBegin() { Translation::follow(qmlEngine(this)); }

IdleRule::~IdleRule() {
    // The window keeps no rule of a question that is gone.
    QString error;
    if (host_ && !rule_.isEmpty()) host_->setIdleRule(std::nullopt, &error);
}

void IdleRule::setItem(QQuickItem *item) {
    if (item_ == item) return;
    if (item_) disconnect(item_, nullptr, this, nullptr);
    item_ = item;
    if (item_) connect(item_, &QQuickItem::windowChanged, this, &IdleRule::attach);
    emit itemChanged();
    attach();
}

void IdleRule::setRule(const QVariantMap &rule) {
    if (rule_ == rule) return;
    rule_ = rule;
    emit ruleChanged();
    attach();
}

void IdleRule::attach() {
    QQuickWindow *window = item_ ? item_->window() : nullptr;
    PresentationHost *host = window ? PresentationHost::of(window) : nullptr;
    if (host != host_) {
        if (host_) disconnect(host_, nullptr, this, nullptr);
        host_ = host;
        if (host_) {
            connect(host_, &PresentationHost::idleQuestionChanged, this, [this] {
                emit askingChanged();
                countDown();
            });
            connect(host_, &PresentationHost::idleReset, this, &IdleRule::reset);
            connect(host_, &PresentationHost::keyboardReported, this, &IdleRule::keyboardHeightChanged);
        }
        emit askingChanged();
        emit keyboardHeightChanged();
        emit itemChanged();  // the touch target is the new screen's
        countDown();
    }
    if (!host_) return;
    std::optional<IdleRuleFields> fields;
    if (!rule_.isEmpty()) fields.emplace(rule_);
    QString error = fields ? fields->error : QString();
    if (error.isEmpty()) host_->setIdleRule(fields, &error);  // sets the error when refused
    setError(error);
    if (!error.isEmpty()) qWarning("DismissKit IdleRule: %s", qPrintable(error));
}

bool IdleRule::asking() const { return host_ && host_->askingIdle(); }

double IdleRule::keyboardHeight() const { return host_ ? host_->reportedKeyboard() : 0; }

double IdleRule::touchTarget() const { return Presentation::touchTargetOn(item_); }

bool IdleRule::stay() { return host_ && host_->stay(); }

void IdleRule::countDown() {
    int seconds = 0;
    countdown_.stop();
    if (asking()) {
        const qint64 left = std::max<qint64>(0, host_->idleDeadline() - host_->pipeline()->now());
        seconds = int((left + 999999) / 1000000);
        // Again when the whole seconds change: just past the next whole second before the deadline.
        if (left > 0) countdown_.start(std::chrono::milliseconds((left - (seconds - 1) * qint64(1000000)) / 1000 + 1));
    }
    if (seconds == secondsLeft_) return;
    secondsLeft_ = seconds;
    emit secondsLeftChanged();
}

void IdleRule::setError(const QString &error) {
    if (error == lastError_) return;
    lastError_ = error;
    emit lastErrorChanged();
}

}  // namespace DismissKitQt
