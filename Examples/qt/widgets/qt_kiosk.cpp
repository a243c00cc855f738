// A full-screen Qt 6 Widgets kiosk with one sheet ("compose", unsaved work) on DismissKitQt:
// Qt delivers the touches, the pipeline decides, the window follows the intents (moves the
// sheet, asks, saves, closes). Built by Tests/Qt/run against an installed prefix:
//   cmake -S Examples/qt/widgets -B build -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build
#include <DismissKitQt/Pipeline.h>

#include <QApplication>
#include <QMessageBox>
#include <QPainter>
#include <QTouchEvent>
#include <QWidget>

#include <cstdio>

class KioskWindow : public QWidget {
public:
    KioskWindow() {
        setAttribute(Qt::WA_AcceptTouchEvents);
        connect(&pipeline_, &DismissKitQt::Pipeline::dragChanged, this, [this](const QString &, double offset, double) {
            offset_ = offset;
            update();
        });
        connect(&pipeline_, &DismissKitQt::Pipeline::dragEnded, this, [this] {
            offset_ = 0;  // springs back (or the dismissal follows)
            update();
        });
        connect(&pipeline_, &DismissKitQt::Pipeline::detentChanged, this, [this](const QString &, const QVariant &detent) {
            detent_ = detent.toString();
            update();
        });
        connect(&pipeline_, &DismissKitQt::Pipeline::confirmationRequested, this, &KioskWindow::ask);
        connect(&pipeline_, &DismissKitQt::Pipeline::saved, this, [] { std::puts("saving the draft"); });
        connect(&pipeline_, &DismissKitQt::Pipeline::dismissed, this, [this] {
            sheetOpen_ = false;
            update();
        });
    }

    // The scene's screen is the window's (points and the millimetres of its QScreen).
    void start() {
        pipeline_.setWindow(windowHandle());
        const QVariantMap sheet{{"id", "compose"}, {"style", "sheet"}, {"grabber", true},
                                {"detents", QVariantList{"medium", "large"}}, {"unsavedChanges", true}};
        if (!pipeline_.setScene(QVariantMap{{"presentations", QVariantList{sheet}}})) {
            std::fprintf(stderr, "bad scene: %s\n", qPrintable(pipeline_.lastError()));
            QApplication::exit(1);
        }
    }

protected:
    // One QTouchEvent is one frame, and the mouse is a contact too; the pipeline maps (device,
    // touch id) to seat slots.
    bool event(QEvent *event) override {
        if (event->isPointerEvent() && pipeline_.pointerEvent(static_cast<QPointerEvent *>(event))) {
            event->accept();  // a widget that accepts a TouchBegin gets the sequence's later events
            return true;
        }
        return QWidget::event(event);
    }

    void paintEvent(QPaintEvent *) override {
        if (!sheetOpen_) return;
        QPainter painter(this);
        const int top = (detent_ == "medium" ? height() / 2 + 20 : 40) + int(offset_);
        painter.fillRect(0, top, width(), height() - top, Qt::white);
        painter.drawText(20, top + 30, "Compose (drag down to close)");
    }

private:
    // The policy never loses unsaved work: it asks. The dialog does not block the touch handler;
    // its answer goes back as a host command when the user gives it.
    void ask(const QString &presentation) {
        auto *box = new QMessageBox(QMessageBox::Question, "Unsaved changes", "Discard the draft?",
                                    QMessageBox::Discard | QMessageBox::Save | QMessageBox::Cancel, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::finished, this, [this, box, presentation] {
            const auto answer = box->standardButton(box->clickedButton());
            pipeline_.confirm(presentation, answer == QMessageBox::Discard ? "discard"
                                            : answer == QMessageBox::Save  ? "save"
                                                                           : "keepEditing");
        });
        box->open();
    }

    DismissKitQt::Pipeline pipeline_;
    double offset_ = 0;
    QString detent_ = "large";
    bool sheetOpen_ = true;
};

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    KioskWindow window;
    window.showFullScreen();
    window.start();
    return app.exec();
}
