// Where a Qt kiosk's touch handler calls DismissKit: a full-screen Qt 6 Widgets window with
// one sheet ("compose", unsaved work). Qt delivers the touches; the C library decides; the
// window follows the intents (moves the sheet, asks, saves, closes).
//
// Not built in CI: Qt is a heavy dependency for one example. To build it on Debian 12:
//   apt-get install qt6-base-dev
//   c++ -std=c++17 -fPIC qt_kiosk.cpp $(pkg-config --cflags --libs Qt6Widgets dismisskit) -o qt_kiosk
// The same calls fit a QML item (QQuickItem::touchEvent) or any toolkit's touch callback.
#include <dismisskit.h>

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPainter>
#include <QScreen>
#include <QTouchEvent>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

class KioskWindow : public QWidget {
public:
    KioskWindow() {
        setAttribute(Qt::WA_AcceptTouchEvents);
        // The scene's screen is this screen, in points (Qt's logical pixels) and millimetres.
        // A panel that reports no physical size gets one from its logical DPI.
        const QScreen *screen = QGuiApplication::primaryScreen();
        const QSize points = screen->geometry().size();
        QSizeF mm = screen->physicalSize();
        if (mm.isEmpty()) mm = QSizeF(points) * (25.4 / screen->logicalDotsPerInch());
        const QJsonObject scene{
            {"screen", QJsonObject{{"width", points.width()}, {"height", points.height()},
                                   {"widthMM", mm.width()}, {"heightMM", mm.height()}}},
            {"presentations", QJsonArray{QJsonObject{{"id", "compose"}, {"style", "sheet"}, {"grabber", true},
                                                     {"detents", QJsonArray{"medium", "large"}},
                                                     {"unsavedChanges", true}}}},
        };
        char *error = nullptr;
        pipeline_ = dk_pipeline_new(QJsonDocument(scene).toJson(QJsonDocument::Compact).constData(), &error);
        if (!pipeline_) {
            std::fprintf(stderr, "bad scene: %s\n", error);
            dk_string_free(error);
            std::exit(1);
        }
    }
    ~KioskWindow() override { dk_pipeline_free(pipeline_); }

protected:
    // The touch handler: one QTouchEvent is one libinput frame.
    bool event(QEvent *event) override {
        switch (event->type()) {
        case QEvent::TouchBegin:
        case QEvent::TouchUpdate:
        case QEvent::TouchEnd: {
            auto *touch = static_cast<QTouchEvent *>(event);
            lastTime_ = int64_t(touch->timestamp()) * 1000;  // Qt's milliseconds to microseconds
            const QPointF origin = screen()->geometry().topLeft();
            for (const QEventPoint &point : touch->points()) {
                const QPointF at = point.globalPosition() - origin;  // screen points
                switch (point.state()) {
                case QEventPoint::Pressed:
                    dk_pipeline_touch(pipeline_, DK_TOUCH_DOWN, seatSlot(point.id()), at.x(), at.y(), lastTime_);
                    break;
                case QEventPoint::Updated:
                    dk_pipeline_touch(pipeline_, DK_TOUCH_MOTION, seatSlot(point.id()), at.x(), at.y(), lastTime_);
                    break;
                case QEventPoint::Released:
                    dk_pipeline_touch(pipeline_, DK_TOUCH_UP, seatSlot(point.id()), 0, 0, lastTime_);
                    slots_.erase(point.id());
                    break;
                default:  // stationary: nothing moved
                    break;
                }
            }
            dk_pipeline_touch(pipeline_, DK_TOUCH_FRAME, 0, 0, 0, lastTime_);
            followIntents();
            return true;
        }
        case QEvent::TouchCancel:  // the system took the touches: cancel every contact
            for (const auto &[id, slot] : slots_) dk_pipeline_touch(pipeline_, DK_TOUCH_CANCEL, slot, 0, 0, lastTime_);
            slots_.clear();
            dk_pipeline_touch(pipeline_, DK_TOUCH_FRAME, 0, 0, 0, lastTime_);
            followIntents();
            return true;
        default:
            return QWidget::event(event);
        }
    }

    void paintEvent(QPaintEvent *) override {
        if (!sheetOpen_) return;
        QPainter painter(this);
        const int top = (detent_ == "medium" ? height() / 2 + 20 : 40) + int(offset_);
        painter.fillRect(0, top, width(), height() - top, Qt::white);
        painter.drawText(20, top + 30, "Compose (drag down to close)");
    }

private:
    // Qt's point ids can be any number: give the library small seat slots, reused after a lift.
    int32_t seatSlot(int id) {
        if (auto found = slots_.find(id); found != slots_.end()) return found->second;
        int32_t slot = 0;
        while (std::any_of(slots_.begin(), slots_.end(), [slot](const auto &entry) { return entry.second == slot; })) slot++;
        return slots_[id] = slot;
    }

    // Reads every intent the last call decided and does what it says.
    void followIntents() {
        while (char *text = dk_pipeline_next_intent(pipeline_)) {
            const QJsonObject intent = QJsonDocument::fromJson(text).object();
            dk_string_free(text);
            const QString type = intent["type"].toString();
            if (type == "dragChanged") {
                offset_ = intent["offset"].toDouble();
            } else if (type == "dragEnded") {
                offset_ = 0;  // springs back (or the dismissal follows)
            } else if (type == "setDetent") {
                detent_ = intent["detent"].toString();
            } else if (type == "confirmationRequested") {
                ask(intent["presentation"].toString());
            } else if (type == "save") {
                std::puts("saving the draft");
            } else if (type == "dismiss") {
                sheetOpen_ = false;
            }
            update();
        }
    }

    // The policy never loses unsaved work: it asks, and the answer goes back as a host command.
    void ask(const QString &presentation) {
        const auto answer = QMessageBox::question(this, "Unsaved changes", "Discard the draft?",
                                                  QMessageBox::Discard | QMessageBox::Save | QMessageBox::Cancel);
        const char *choice = answer == QMessageBox::Discard ? "discard" : answer == QMessageBox::Save ? "save" : "keepEditing";
        const QJsonObject command{{"type", "confirm"}, {"presentation", presentation}, {"choice", choice}};
        char *error = nullptr;
        // Host commands use the touches' clock: the time of the last touch event.
        if (dk_pipeline_command(pipeline_, QJsonDocument(command).toJson(QJsonDocument::Compact).constData(), lastTime_,
                                &error) != 0) {
            std::fprintf(stderr, "refused: %s\n", error);
            dk_string_free(error);
        }
        // The answer's intents (save, dismiss or cancelled) are read by the loop in followIntents().
    }

    dk_pipeline *pipeline_ = nullptr;
    std::map<int, int32_t> slots_;
    int64_t lastTime_ = 0;
    double offset_ = 0;
    QString detent_ = "large";
    bool sheetOpen_ = true;
};

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    KioskWindow window;
    window.showFullScreen();
    return app.exec();
}
