// A full-screen Qt 6 Widgets kiosk with one sheet ("compose", unsaved work) on DismissKitQt:
// Qt delivers the touches, the pipeline decides, the window follows the intents (moves the
// sheet, asks, saves, closes). Built by Tests/Qt/run against an installed prefix:
//   cmake -S Examples/qt/widgets -B build -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build
#include <DismissKitQt/Pipeline.h>

#include <QApplication>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QRectF>
#include <QTouchEvent>
#include <QVBoxLayout>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <utility>

class KioskWindow : public QWidget {
public:
    KioskWindow() {
        setAttribute(Qt::WA_AcceptTouchEvents);
        // The sheet is drawn where the pipeline has it (Pipeline::layout): at its detent, moved
        // by the drag, gone once dismissed; asked again whenever that may have changed.
        connect(&pipeline_, &DismissKitQt::Pipeline::layoutsChanged, this, qOverload<>(&QWidget::update));
        connect(&pipeline_, &DismissKitQt::Pipeline::confirmationRequested, this, &KioskWindow::ask);
        connect(&pipeline_, &DismissKitQt::Pipeline::saved, this, [] { std::puts("saving the draft"); });
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
        const QVariantMap layout = pipeline_.layout("compose");
        if (layout.isEmpty()) return;  // dismissed
        const QRectF frame = layout["frame"].toRectF();
        QPainter painter(this);
        painter.fillRect(frame, Qt::white);
        painter.drawText(frame.topLeft() + QPointF(20, 30), "Compose (drag down to close)");
    }

private:
    // The policy never loses unsaved work: it asks, in an action sheet at the bottom of the
    // sheet (the layout's questionAnchor) with touch-sized, labelled answers. It blocks nothing; its answer goes back as a
    // host command when the user gives it.
    void ask(const QString &presentation) {
        auto *question = new QWidget(this);
        question->setAttribute(Qt::WA_DeleteOnClose);
        question->setStyleSheet("QWidget { background: #f9f9f9; border-radius: 14px; }"
                                "QLabel { color: #8a8a8e; font-size: 13px; padding: 12px; }"
                                "QPushButton { min-height: 56px; font-size: 20px; border: none; color: #007aff; }"
                                "QPushButton#discard { color: #ff3b30; }"
                                "QPushButton:pressed { background: #e5e5ea; }");
        auto *layout = new QVBoxLayout(question);
        auto *message = new QLabel("Your changes have not been saved.");
        message->setAlignment(Qt::AlignCenter);
        layout->addWidget(message);
        using Choice = DismissKitQt::Pipeline::Choice;
        const std::pair<Choice, const char *> answers[] = {
            {Choice::Discard, "Discard Changes"}, {Choice::Save, "Save"}, {Choice::KeepEditing, "Keep Editing"}};
        for (const auto &[choice, label] : answers) {
            auto *button = new QPushButton(label);
            if (choice == Choice::Discard) button->setObjectName("discard");
            connect(button, &QPushButton::clicked, this, [this, question, presentation, choice = choice] {
                question->close();
                pipeline_.confirm(presentation, choice);
            });
            layout->addWidget(button);
        }
        const QRect anchor = pipeline_.layout(presentation)["questionAnchor"].toRectF().toRect();
        const int width = std::min(420, anchor.width() - 16);
        question->setGeometry(anchor.x() + (anchor.width() - width) / 2, std::max(8, anchor.y() + anchor.height() - 260), width, 252);
        question->show();
    }

    DismissKitQt::Pipeline pipeline_;
};

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    KioskWindow window;
    window.showFullScreen();
    window.start();
    return app.exec();
}
