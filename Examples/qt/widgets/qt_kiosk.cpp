// A full-screen Qt 6 Widgets kiosk with one sheet ("compose", unsaved work) on DismissKitQt:
// Qt delivers the touches, the pipeline decides, the window follows the intents (moves the
// sheet, asks, saves, closes). Left alone for two minutes with the sheet open, it asks "Are you
// still there?" for its last 20 seconds, then closes the sheet, keeping the draft (its question is
// asked). Built by Tests/Qt/run against an installed prefix:
//   cmake -S Examples/qt/widgets -B build -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build
#include <DismissKitQt/Pipeline.h>

#include <QApplication>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QRectF>
#include <QTimer>
#include <QTouchEvent>
#include <QVBoxLayout>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <tuple>
#include <tuple>
#include <utility>

// The idle question's area, over the whole window: it takes every touch and click on it (a touch
// on Continue too) from the kiosk, and calls `pressed` as each begins.
class AnswerArea : public QWidget {
public:
    AnswerArea(QWidget *parent, std::function<void()> pressed) : QWidget(parent), pressed_(std::move(pressed)) {
        setObjectName("idleQuestion");
        setAttribute(Qt::WA_AcceptTouchEvents);
        setAttribute(Qt::WA_StyledBackground);
    }

protected:
    bool event(QEvent *event) override {
        if (event->type() == QEvent::TouchBegin || event->type() == QEvent::MouseButtonPress) pressed_();
        if (!event->isPointerEvent()) return QWidget::event(event);
        event->accept();  // a widget that accepts a TouchBegin gets the sequence's later events
        return true;
    }

private:
    std::function<void()> pressed_;
};

class KioskWindow : public QWidget {
public:
    KioskWindow() {
        setAttribute(Qt::WA_AcceptTouchEvents);
        // The sheet is drawn where the pipeline has it (Pipeline::layout): at its detent, moved
        // by the drag, gone once dismissed; asked again whenever that may have changed.
        connect(&pipeline_, &DismissKitQt::Pipeline::layoutsChanged, this, qOverload<>(&QWidget::update));
        connect(&pipeline_, &DismissKitQt::Pipeline::confirmationRequested, this,
                [this](const QString &presentation, DismissKitQt::Pipeline::DismissalSource source) {
                    // The rule `keep` kept the draft at the deadline: its question replaces the idle one.
                    if (source == DismissKitQt::Pipeline::DismissalSource::Idle) closeIdleQuestion();
                    ask(presentation);
                });
        connect(&pipeline_, &DismissKitQt::Pipeline::saved, this, [] { std::puts("saving the draft"); });
        connect(&pipeline_, &DismissKitQt::Pipeline::idleWarning, this, &KioskWindow::askIdle);
        connect(&pipeline_, &DismissKitQt::Pipeline::idleCancelled, this, &KioskWindow::closeIdleQuestion);
        connect(&pipeline_, &DismissKitQt::Pipeline::idleReset, this, [this] {
            closeIdleQuestion();
            std::puts("back to the start screen");
        });
        countdown_.setInterval(250);
        connect(&countdown_, &QTimer::timeout, this, &KioskWindow::showSecondsLeft);
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
        // Back to the start screen for the next person: two minutes without a touch, the last
        // 20 seconds of them asked about; a draft is kept, and asked about.
        pipeline_.setIdleRule(120000000, 20000000, DismissKitQt::Pipeline::IdleUnsaved::Keep);
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
    // sheet (the layout's questionAnchor) with touch-sized, labelled answers: "Discard your
    // changes?" over Discard Changes and Save in one panel, Keep Editing, bold, in its own below.
    // It blocks nothing; its answer goes back as a host command when the user gives it.
    void ask(const QString &presentation) {
        auto *question = new QWidget(this);
        question->setAttribute(Qt::WA_DeleteOnClose);
        question->setStyleSheet("QWidget#group, QPushButton#keepEditing { background: #f9f9f9; border-radius: 14px; }"
                                "QLabel { color: #505055; font-size: 15px; padding: 8px; }"
                                "QPushButton { min-height: 56px; font-size: 20px; border: none; color: #007aff; }"
                                "QPushButton#discard { color: #c8102e; }"
                                "QPushButton#keepEditing { font-weight: 600; }"
                                "QPushButton:pressed { background: #e5e5ea; }");
        auto *layout = new QVBoxLayout(question);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *group = new QWidget;
        group->setObjectName("group");
        group->setAttribute(Qt::WA_StyledBackground);
        auto *groupLayout = new QVBoxLayout(group);
        auto *message = new QLabel("Discard your changes?");
        message->setAlignment(Qt::AlignCenter);
        groupLayout->addWidget(message);
        layout->addWidget(group);
        using Choice = DismissKitQt::Pipeline::Choice;
        const std::tuple<Choice, const char *, const char *> answers[] = {
            {Choice::Discard, "Discard Changes", "discard"}, {Choice::Save, "Save", "save"},
            {Choice::KeepEditing, "Keep Editing", "keepEditing"}};
        for (const auto &[choice, label, name] : answers) {
            auto *button = new QPushButton(label);
            button->setObjectName(name);
            connect(button, &QPushButton::clicked, this, [this, question, presentation, choice = choice] {
                question->close();
                pipeline_.confirm(presentation, choice);
            });
            (choice == Choice::KeepEditing ? layout : groupLayout)->addWidget(button);
        }
        const QRect anchor = pipeline_.layout(presentation)["questionAnchor"].toRectF().toRect();
        const int width = std::min(420, anchor.width() - 16);
        question->setGeometry(anchor.x() + (anchor.width() - width) / 2, std::max(8, anchor.y() + anchor.height() - 268), width, 260);
        question->show();
    }

    // "Are you still there?" over the whole window, until the deadline (µs on the pipeline's
    // clock): a touch or click anywhere on it, Continue too, answers it and does nothing else.
    void askIdle(qint64 deadline) {
        deadline_ = deadline;
        if (!idleQuestion_) {
            idleQuestion_ = new AnswerArea(this, [this] { stay(); });
            idleQuestion_->setStyleSheet("QWidget#idleQuestion { background: #66000000; }"
                                         "QWidget#card { background: #f9f9f9; border-radius: 14px; }"
                                         "QLabel { font-size: 17px; padding: 8px; }"
                                         "QLabel#title { font-size: 20px; font-weight: 600; }"
                                         "QPushButton { min-height: 56px; font-size: 20px; border: none; color: #007aff; }"
                                         "QPushButton:pressed { background: #e5e5ea; }");
            auto *card = new QWidget(idleQuestion_);
            card->setObjectName("card");
            auto *layout = new QVBoxLayout(card);
            auto *title = new QLabel("Are you still there?");
            title->setObjectName("title");
            title->setAlignment(Qt::AlignCenter);
            secondsLeft_ = new QLabel;
            secondsLeft_->setAlignment(Qt::AlignCenter);
            auto *continueButton = new QPushButton("Continue");
            connect(continueButton, &QPushButton::clicked, this, &KioskWindow::stay);
            layout->addWidget(title);
            layout->addWidget(secondsLeft_);
            layout->addWidget(continueButton);
            idleQuestion_->setGeometry(rect());
            const int width = std::min(360, this->width() - 32);
            card->setGeometry((this->width() - width) / 2, this->height() / 2 - 100, width, 200);
            idleQuestion_->show();
        }
        showSecondsLeft();
        countdown_.start();
    }

    void showSecondsLeft() {
        const qint64 left = std::max<qint64>(0, deadline_ - pipeline_.now());
        const qint64 seconds = (left + 999999) / 1000000;
        secondsLeft_->setText(seconds == 1 ? QStringLiteral("Starting over in 1 second.")
                                           : QStringLiteral("Starting over in %1 seconds.").arg(seconds));
    }

    void closeIdleQuestion() {
        countdown_.stop();
        if (idleQuestion_) idleQuestion_->deleteLater();
        idleQuestion_ = nullptr;
    }

    // Someone is there: activity for the pipeline (an update that changes nothing), which gives
    // idleCancelled.
    void stay() { pipeline_.update("compose", {}); }

    DismissKitQt::Pipeline pipeline_;
    AnswerArea *idleQuestion_ = nullptr;
    QLabel *secondsLeft_ = nullptr;
    QTimer countdown_;
    qint64 deadline_ = 0;
};

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    KioskWindow window;
    window.showFullScreen();
    window.start();
    return app.exec();
}
