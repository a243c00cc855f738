// A swipe down a sheet through DismissKitQt::Pipeline, as Qt touch events: the sheet is dismissed.
// Run offscreen (QT_QPA_PLATFORM=offscreen); prints the dismissal, the version of the CMake package
// it was built with and the C library's.
#include <DismissKitQt/Pipeline.h>
#include <dismisskit.h>

#include <QGuiApplication>
#include <QPointingDevice>
#include <QTouchEvent>

#include <cstdio>

int main(int argc, char **argv) {
    QGuiApplication application(argc, argv);
    DismissKitQt::Pipeline pipeline;
    QString dismissed;
    QObject::connect(&pipeline, &DismissKitQt::Pipeline::dismissed,
                     [&](const QString &id, DismissKitQt::Pipeline::DismissalSource source,
                         DismissKitQt::Pipeline::Resolution resolution) {
                         dismissed = id + " " + QVariant::fromValue(source).toString() + " "
                                     + QVariant::fromValue(resolution).toString();
                     });
    const QVariantMap sheet{{"id", "compose"}, {"style", "sheet"}};
    if (!pipeline.setScene(QVariantMap{{"presentations", QVariantList{sheet}}})) {
        std::fprintf(stderr, "swipe: %s\n", qPrintable(pipeline.lastError()));
        return 1;
    }
    QPointingDevice touchscreen("touchscreen", 1, QInputDevice::DeviceType::TouchScreen,
                                QPointingDevice::PointerType::Finger, QInputDevice::Capability::Position, 10, 0);
    for (int i = 0; i <= 13; i++) {  // down at (300, 70), 12 moves of 12.5 pt 8 ms apart, up
        const QPointF at(300, 70 + 12.5 * i);
        const QEventPoint point(0, i == 0 ? QEventPoint::Pressed : i < 13 ? QEventPoint::Updated : QEventPoint::Released,
                                at, at);
        QTouchEvent event(i == 0 ? QEvent::TouchBegin : i < 13 ? QEvent::TouchUpdate : QEvent::TouchEnd, &touchscreen,
                          Qt::NoModifier, {point});
        event.setTimestamp(1000 + 8 * i);
        pipeline.pointerEvent(&event);
    }
    std::printf("dismissed: %s (DismissKitQt %s, libdismisskit %s)\n", qPrintable(dismissed), DISMISSKITQT_VERSION,
                dk_version());
    return dismissed == "compose SwipeFromTop Direct" ? 0 : 1;
}
