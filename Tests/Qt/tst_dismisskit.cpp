// DismissKitQt driven by Qt's own touch delivery: QTest::touchEvent on devices made with
// QTest::createTouchDevice(), into a QQuickView holding Tests/Qt/Kiosk.qml, run offscreen.
// Event times come from the test's clock (an event filter stamps each touch event), so no
// result depends on the machine's speed. Tests/Qt/run runs the suite at QT_SCALE_FACTOR 1,
// 1.5 and 2 and with and without QML_NO_TOUCH_COMPRESSION.
#include <DismissKitQt/DismissArea.h>

#include <QDir>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaEnum>
#include <QProcess>
#include <QPointingDevice>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickView>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QWidget>
#include <qpa/qplatformnativeinterface.h>  // Qt's private QPA API (qt6-base-private-dev): the
#include <qpa/qwindowsysteminterface.h>    // offscreen screens, changed as a display server does
#include <QtGui/qtestsupport_gui.h>           // qt_handleTouchEvent: QTest's own way in for touches

#include <cerrno>
#include <csignal>
#include <cstring>
#include <memory>
#include <sys/resource.h>

using DismissKitQt::DismissArea;
using DismissKitQt::Pipeline;

// Stamps every touch event with `now` (milliseconds), cut to `bits` bits as a 32-bit clock would.
class TestClock : public QObject {
public:
    quint64 now = 1000;
    int bits = 64;
    quint64 stamp() const { return bits == 64 ? now : now & ((quint64(1) << bits) - 1); }
    bool eventFilter(QObject *, QEvent *event) override {
        const QEvent::Type type = event->type();
        if (type == QEvent::TouchBegin || type == QEvent::TouchUpdate || type == QEvent::TouchEnd) {
            static_cast<QPointerEvent *>(event)->setTimestamp(stamp());
        }
        return false;
    }
};

class TestDismissKit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void swipeDismisses();
    void gatedSwipe_data();
    void gatedSwipe();
    void popoverTapOutsideAutosaves_data();
    void popoverTapOutsideAutosaves();
    void secondFingerCancels();
    void twoDevicesWithTheSameIds();
    void flickableScrolledThenHandedOff_data();
    void flickableScrolledThenHandedOff();
    void resizeMidDrag();
    void rotationWithAQuestionOpen();
    void screenInMillimetresAtEveryScale();
    void millimetresWithoutAPhysicalSize();
    void touchCancelCarriesTheLastTime();
    void widgetSwipe();
    void touchCompression();
    void timestampWrapMidDrag();
    void anAbsurdTimestampIsOneBadStamp();
    void aRecordingThatFailsIsSaid();
    void presentationIdsAreTheirBytes();
    void presentationFieldsAreTyped();
    void ticksOnlyWhileATickIsNeeded();
    void nowIsTheTouchesClockCarriedOn();
    void goldenReplay_data();
    void goldenReplay();

private:
    QVariantMap sheetScene(bool unsaved) const;
    static QVariantMap popover(double windowWidth);
    void setScene(const QVariantMap &scene);
    // Presses at `from`, moves `dy` points down in `steps` moves of 8 ms, and releases.
    void swipe(QPointingDevice *device, QPointF from, double dy, int steps = 12, bool release = true, int id = 0);
    QPoint point(QPointF at) const { return at.toPoint(); }
    // The offscreen platform's configuration (its screens), read and replaced through its
    // native interface: a new size for its screen reaches QScreen as a display server's would.
    static QJsonObject offscreenConfiguration();
    static void setOffscreenConfiguration(const QJsonObject &configuration);
    static void setOffscreenScreen(int width, int height);

    std::unique_ptr<QQuickView> view_;
    DismissArea *area_ = nullptr;
    TestClock clock_;
    QJsonObject offscreenAtStart_;
    QPointingDevice *touchscreen_ = QTest::createTouchDevice();
    QPointingDevice *secondTouchscreen_ = QTest::createTouchDevice();
};

void TestDismissKit::initTestCase() {
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    offscreenAtStart_ = offscreenConfiguration();
    QVERIFY(!offscreenAtStart_["screens"].toArray().isEmpty());
}

QJsonObject TestDismissKit::offscreenConfiguration() {
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    using Read = QJsonObject (*)(QPlatformNativeInterface *);
    const auto read = reinterpret_cast<Read>(native->nativeResourceForIntegration("configuration"));
    return read ? read(native) : QJsonObject();
}

void TestDismissKit::setOffscreenConfiguration(const QJsonObject &configuration) {
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    using Write = void (*)(const QJsonObject &, QPlatformNativeInterface *);
    const auto write = reinterpret_cast<Write>(native->nativeResourceForIntegration("setConfiguration"));
    QVERIFY(write);
    write(configuration, native);
    QCoreApplication::processEvents();  // the screen's change is delivered
}

void TestDismissKit::setOffscreenScreen(int width, int height) {
    QJsonObject configuration = offscreenConfiguration();
    QJsonArray screens = configuration["screens"].toArray();
    QJsonObject screen = screens[0].toObject();
    screen["width"] = width;
    screen["height"] = height;
    screens[0] = screen;
    configuration["screens"] = screens;
    setOffscreenConfiguration(configuration);
}

void TestDismissKit::init() {
    if (!qEnvironmentVariableIsSet("QML_NO_TOUCH_COMPRESSION") && QTest::currentTestFunction() != QByteArray("touchCompression")) {
        QSKIP("run with QML_NO_TOUCH_COMPRESSION: compressed moves are delivered at frames the wall clock paces");
    }
    view_ = std::make_unique<QQuickView>();
    view_->engine()->addImportPath(QStringLiteral(DISMISSKIT_QML_DIR));
    view_->setResizeMode(QQuickView::SizeRootObjectToView);
    view_->setSource(QUrl::fromLocalFile(QStringLiteral(KIOSK_QML)));
    QVERIFY2(view_->status() == QQuickView::Ready, qPrintable(view_->errors().isEmpty() ? "" : view_->errors()[0].toString()));
    view_->resize(view_->screen()->size());
    view_->show();
    QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
    view_->installEventFilter(&clock_);
    clock_.now = 1000;
    clock_.bits = 64;
    area_ = qobject_cast<DismissArea *>(view_->rootObject());
    QVERIFY(area_);
    // Commands and ticks on the test's clock too: Pipeline::now() carries the touches' clock on by it.
    area_->pipeline()->setClock([this] { return qint64(clock_.now) * 1000; });
}

void TestDismissKit::cleanup() {
    area_ = nullptr;
    view_.reset();
    if (offscreenConfiguration() != offscreenAtStart_) {  // the screen as it was, for the next test
        setOffscreenConfiguration(offscreenAtStart_);
        QWindowSystemInterface::handleScreenOrientationChange(QGuiApplication::primaryScreen(), Qt::PrimaryOrientation);
    }
}

QVariantMap TestDismissKit::sheetScene(bool unsaved) const {
    // compactWidth 200: the window stays a regular width at every scale factor.
    return {{"compactWidth", 200},
            {"presentations", QVariantList{QVariantMap{{"id", "compose"}, {"style", "sheet"}, {"grabber", true},
                                                       {"unsavedChanges", unsaved}}}}};
}

void TestDismissKit::setScene(const QVariantMap &scene) {
    area_->setScene(scene);
    QVERIFY2(area_->pipeline()->hasScene(), qPrintable(area_->pipeline()->lastError()));
}

void TestDismissKit::swipe(QPointingDevice *device, QPointF from, double dy, int steps, bool release, int id) {
    QTest::touchEvent(view_.get(), device).press(id, point(from), view_.get());
    for (int i = 1; i <= steps; i++) {
        clock_.now += 8;
        QTest::touchEvent(view_.get(), device).move(id, point(from + QPointF(0, dy * i / steps)), view_.get());
    }
    if (release) {
        clock_.now += 8;
        QTest::touchEvent(view_.get(), device).release(id, point(from + QPointF(0, dy)), view_.get());
    }
}

void TestDismissKit::swipeDismisses() {
    setScene(sheetScene(false));
    QSignalSpy began(area_->pipeline(), &Pipeline::dragBegan), changed(area_->pipeline(), &Pipeline::dragChanged),
        ended(area_->pipeline(), &Pipeline::dragEnded), dismissed(area_->pipeline(), &Pipeline::dismissed),
        offsets(area_, &DismissArea::sheetOffsetChanged);
    swipe(touchscreen_, {300, 60}, 150);
    QCOMPARE(began.count(), 1);
    QCOMPARE(began[0][1].value<Pipeline::DragOrigin>(), Pipeline::DragOrigin::TopRegion);
    QVERIFY(changed.count() >= 10);
    QVERIFY(changed.last()[0].toString() == "compose" && changed.last()[1].toDouble() > 100 && changed.last()[2].toDouble() > 1000);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::DismissAttempt);
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][0].toString(), QStringLiteral("compose"));
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::SwipeFromTop);
    QCOMPARE(dismissed[0][2].value<Pipeline::Resolution>(), Pipeline::Resolution::Direct);
    QVERIFY(offsets.count() > 10);  // the sheet followed the finger
    QCOMPARE(area_->sheetOffset(), 0.0);
}

void TestDismissKit::gatedSwipe_data() {
    QTest::addColumn<Pipeline::Choice>("choice");
    QTest::addColumn<QStringList>("after");
    QTest::newRow("discard") << Pipeline::Choice::Discard << QStringList{"dismissed:Discarded"};
    QTest::newRow("save") << Pipeline::Choice::Save << QStringList{"saved", "dismissed:Saved"};
    QTest::newRow("keepEditing") << Pipeline::Choice::KeepEditing << QStringList{"cancelled"};
}

void TestDismissKit::gatedSwipe() {
    QFETCH(Pipeline::Choice, choice);
    QFETCH(QStringList, after);
    setScene(sheetScene(true));
    QStringList seen;
    connect(area_->pipeline(), &Pipeline::confirmationRequested, this,
            [&](const QString &id, Pipeline::DismissalSource source, const QVariantList &options) {
                QStringList names;
                for (const QVariant &option : options) names << QVariant::fromValue(option.value<Pipeline::Choice>()).toString();
                seen << "question:" + id + ":" + QVariant::fromValue(source).toString() + ":" + names.join(',');
            });
    connect(area_->pipeline(), &Pipeline::saved, this, [&](const QString &) { seen << "saved"; });
    connect(area_->pipeline(), &Pipeline::dismissed, this,
            [&](const QString &, Pipeline::DismissalSource, Pipeline::Resolution resolution) {
                seen << "dismissed:" + QVariant::fromValue(resolution).toString();
            });
    connect(area_->pipeline(), &Pipeline::cancelled, this, [&](const QString &) { seen << "cancelled"; });
    swipe(touchscreen_, {300, 60}, 150);
    const QStringList question{"question:compose:SwipeFromTop:Discard,Save,KeepEditing"};
    QCOMPARE(seen, question);  // nothing is dismissed behind the question
    QCOMPARE(area_->sheetOffset(), 0.0);  // the sheet sprang back
    QVERIFY(area_->pipeline()->confirm("compose", choice));
    QCOMPARE(seen, question + after);
}

QVariantMap TestDismissKit::popover(double windowWidth) {
    return {{"id", "share"}, {"style", "popover"}, {"modal", false}, {"unsavedChanges", true},
            {"frame", QVariantMap{{"x", windowWidth - 220}, {"y", 60}, {"width", 200}, {"height", 200}}},
            {"passthrough", QVariantList{QVariantMap{{"x", 0}, {"y", 0}, {"width", 100}, {"height", 40}}}}};
}

void TestDismissKit::popoverTapOutsideAutosaves_data() {
    QTest::addColumn<QPoint>("tap");
    QTest::addColumn<bool>("passesThrough");
    QTest::newRow("outside") << QPoint(50, 150) << false;
    QTest::newRow("in the pass-through strip") << QPoint(50, 20) << true;
}

void TestDismissKit::popoverTapOutsideAutosaves() {
    QFETCH(QPoint, tap);
    QFETCH(bool, passesThrough);
    setScene({{"compactWidth", 200}, {"presentations", QVariantList{popover(view_->width())}}});
    QSignalSpy saved(area_->pipeline(), &Pipeline::saved), dismissed(area_->pipeline(), &Pipeline::dismissed),
        passthrough(area_->pipeline(), &Pipeline::passthroughTap);
    QTest::touchEvent(view_.get(), touchscreen_).press(0, tap, view_.get());
    clock_.now += 60;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, tap, view_.get());
    QCOMPARE(saved.count(), 1);
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][0].toString(), QStringLiteral("share"));
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::TapOutside);
    QCOMPARE(dismissed[0][2].value<Pipeline::Resolution>(), Pipeline::Resolution::Autosaved);
    QCOMPARE(passthrough.count(), passesThrough ? 1 : 0);
    if (passesThrough) QCOMPARE(passthrough[0][0].toPointF(), QPointF(tap));  // in window points, exactly
}

void TestDismissKit::secondFingerCancels() {
    setScene(sheetScene(true));
    QSignalSpy ended(area_->pipeline(), &Pipeline::dragEnded), questions(area_->pipeline(), &Pipeline::confirmationRequested);
    swipe(touchscreen_, {300, 60}, 100, 8, false);
    clock_.now += 8;
    const QPoint second(view_->width() * 3 / 5, view_->height() * 4 / 5);
    QTest::touchEvent(view_.get(), touchscreen_).stationary(0).press(1, second, view_.get());
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::Cancel);
    clock_.now += 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, {300, 160}, view_.get()).release(1, second, view_.get());
    QCOMPARE(questions.count(), 0);
    QCOMPARE(area_->sheetOffset(), 0.0);
}

void TestDismissKit::twoDevicesWithTheSameIds() {
    setScene(sheetScene(true));
    QSignalSpy ended(area_->pipeline(), &Pipeline::dragEnded), questions(area_->pipeline(), &Pipeline::confirmationRequested);
    swipe(touchscreen_, {300, 60}, 100, 8, false);
    // The second touchscreen's first touch has id 0 too: another contact, not the first one lifting.
    const QPoint elsewhere(view_->width() * 3 / 4, view_->height() * 4 / 5);
    clock_.now += 8;
    QTest::touchEvent(view_.get(), secondTouchscreen_).press(0, elsewhere, view_.get());
    clock_.now += 8;
    QTest::touchEvent(view_.get(), secondTouchscreen_).release(0, elsewhere, view_.get());
    QCOMPARE(questions.count(), 0);  // the first finger is still down
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::Cancel);  // a second contact cancels the drag
    clock_.now += 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, {300, 160}, view_.get());
    QCOMPARE(questions.count(), 0);
    QVERIFY(area_->pipeline()->lastError().isEmpty());
}

void TestDismissKit::flickableScrolledThenHandedOff_data() {
    QTest::addColumn<bool>("handBack");
    QTest::newRow("released") << false;
    QTest::newRow("handed back") << true;
}

void TestDismissKit::flickableScrolledThenHandedOff() {
    QVariantMap scene = sheetScene(false);
    QVariantMap sheet = scene["presentations"].toList()[0].toMap();
    sheet["content"] = QVariantMap{{"offset", 100}};
    scene["presentations"] = QVariantList{sheet};
    setScene(scene);
    auto *list = view_->rootObject()->findChild<QQuickItem *>("list");
    QVERIFY(list);
    list->setProperty("contentY", 100);
    QSignalSpy began(area_->pipeline(), &Pipeline::dragBegan), scrolled(area_->pipeline(), &Pipeline::contentScrolled),
        dismissed(area_->pipeline(), &Pipeline::dismissed);
    // Down on the list: the Flickable scrolls to its top, then the sheet takes the finger.
    const double top = 40 + 56 + 20;
    const double travel = std::min(260.0, view_->height() - top - 10);
    QTest::touchEvent(view_.get(), touchscreen_).press(0, point({300, top}), view_.get());
    double contentYBeforeHandOff = -1;
    qsizetype scrolledBeforeReports = -1;
    for (int i = 1; i <= 26; i++) {
        clock_.now += 8;
        QTest::touchEvent(view_.get(), touchscreen_).move(0, point({300, top + travel * i / 26}), view_.get());
        if (began.isEmpty()) contentYBeforeHandOff = list->property("contentY").toDouble();
        if (scrolledBeforeReports < 0 && list->property("contentY").toDouble() < 100) scrolledBeforeReports = scrolled.count();
    }
    QVERIFY2(contentYBeforeHandOff >= 0 && contentYBeforeHandOff < 100, "the Flickable did not scroll");
    QCOMPARE(list->property("contentY").toDouble(), 0.0);
    QCOMPARE(began.count(), 1);
    QCOMPARE(began[0][1].value<Pipeline::DragOrigin>(), Pipeline::DragOrigin::ScrolledContent);
    const double offset = area_->sheetOffset();
    QVERIFY(offset > 30);
    QFETCH(bool, handBack);
    if (handBack) {
        // Back up past the hand-off point: the list, which kept the finger, scrolls and reports
        // it, and the pipeline gives the finger back to it; the release dismisses nothing.
        QSignalSpy handedBack(area_->pipeline(), &Pipeline::dragHandedBack);
        for (int i = 1; i <= 6; i++) {
            clock_.now += 8;
            QTest::touchEvent(view_.get(), touchscreen_).move(0, point({300, top + travel - (offset + 30) * i / 6}), view_.get());
        }
        QCOMPARE(handedBack.count(), 1);
        QCOMPARE(area_->sheetOffset(), 0.0);
        QVERIFY(list->property("contentY").toDouble() > 0);
        clock_.now += 8;
        QTest::touchEvent(view_.get(), touchscreen_).release(0, point({300, top + travel - offset - 30}), view_.get());
        QCOMPARE(dismissed.count(), 0);
        return;
    }
    clock_.now += 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, point({300, top + travel}), view_.get());
    // Until the Flickable passed its drag threshold the pipeline scrolled the content 1:1; from
    // the host's first report on it says nothing of the content.
    QCOMPARE(scrolled.count(), scrolledBeforeReports);
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::SwipeScrolledContent);
}

void TestDismissKit::resizeMidDrag() {
    setScene(sheetScene(true));
    QSignalSpy ended(area_->pipeline(), &Pipeline::dragEnded), questions(area_->pipeline(), &Pipeline::confirmationRequested);
    QCOMPARE(area_->pipeline()->currentScreen(), area_->pipeline()->windowScreen());
    // A resize in the middle of a drag: the pipeline takes the new screen and cancels the drag.
    swipe(touchscreen_, {300, 60}, 100, 8, false);
    const QSize narrower(view_->width() * 7 / 8, view_->height());
    view_->resize(narrower);  // applied when the event loop runs
    QTRY_COMPARE(area_->pipeline()->currentScreen()["width"].toDouble(), double(narrower.width()));
    QVERIFY2(area_->pipeline()->lastError().isEmpty(), qPrintable(area_->pipeline()->lastError()));
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::Cancel);
    clock_.now += 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, {300, 160}, view_.get());
    QCOMPARE(questions.count(), 0);
    QVERIFY2(area_->pipeline()->lastError().isEmpty(), qPrintable(area_->pipeline()->lastError()));
}

void TestDismissKit::rotationWithAQuestionOpen() {
    // The offscreen screen made a landscape panel of 1280 x 800 device pixels; the kiosk's
    // window fills it, as a full-screen window does.
    QScreen *screen = view_->screen();
    setOffscreenScreen(1280, 800);
    view_->setGeometry(screen->geometry());
    setScene(sheetScene(true));
    QSignalSpy questions(area_->pipeline(), &Pipeline::confirmationRequested), dismissed(area_->pipeline(), &Pipeline::dismissed),
        orientation(screen, &QScreen::orientationChanged);
    const QVariantMap before = area_->pipeline()->currentScreen();
    QCOMPARE(before["width"].toDouble(), double(screen->size().width()));
    swipe(touchscreen_, {300, 60}, 150);
    QCOMPARE(questions.count(), 1);
    // The screen turns a quarter, as a display server reports it: new geometry (the physical
    // size follows it), then the new orientation. The window follows its screen.
    setOffscreenScreen(800, 1280);
    QWindowSystemInterface::handleScreenOrientationChange(screen, Qt::PortraitOrientation);
    QTRY_COMPARE(orientation.count(), 1);
    QCOMPARE(screen->orientation(), Qt::PortraitOrientation);
    QVERIFY(screen->physicalSize().width() < screen->physicalSize().height());
    view_->setGeometry(screen->geometry());
    QTRY_COMPARE(area_->pipeline()->currentScreen()["height"].toDouble(), double(screen->size().height()));
    const QVariantMap after = area_->pipeline()->currentScreen();
    QCOMPARE(after["width"].toDouble(), double(screen->size().width()));
    QVERIFY(after["width"].toDouble() < after["height"].toDouble());
    // The millimetres are the turned panel's: the whole of its physical size, a point as many
    // millimetres as before.
    QVERIFY(qAbs(after["widthMM"].toDouble() - screen->physicalSize().width()) < 1e-6);
    QVERIFY(qAbs(after["heightMM"].toDouble() - screen->physicalSize().height()) < 1e-6);
    QVERIFY(qAbs(after["heightMM"].toDouble() / after["height"].toDouble()
                 - before["widthMM"].toDouble() / before["width"].toDouble()) < 1e-9);
    QVERIFY2(area_->pipeline()->lastError().isEmpty(), qPrintable(area_->pipeline()->lastError()));
    // The question outlived the rotation: its answer still works.
    QVERIFY(area_->pipeline()->confirm("compose", Pipeline::Choice::Discard));
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][2].value<Pipeline::Resolution>(), Pipeline::Resolution::Discarded);
}

void TestDismissKit::screenInMillimetresAtEveryScale() {
    setScene(sheetScene(false));
    const QScreen *screen = view_->screen();
    const QVariantMap mm = area_->pipeline()->currentScreen();
    // The window fills the screen: its size in points is the screen's, and its millimetres are
    // the panel's whatever the scale factor (device pixels per point).
    QCOMPARE(mm["width"].toDouble(), double(screen->size().width()));
    QVERIFY(qAbs(mm["widthMM"].toDouble() - screen->physicalSize().width()) < 1e-6);
    QVERIFY(qAbs(mm["heightMM"].toDouble() - screen->physicalSize().height()) < 1e-6);
    const double scale = qEnvironmentVariableIsSet("QT_SCALE_FACTOR") ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() : 1;
    QCOMPARE(screen->devicePixelRatio(), scale);
    QSignalSpy dismissed(area_->pipeline(), &Pipeline::dismissed);
    swipe(touchscreen_, {view_->width() / 2.0, 60}, std::min(150.0, view_->height() - 80.0));
    QCOMPARE(dismissed.count(), 1);
}

void TestDismissKit::touchCompression() {
    setScene(sheetScene(false));
    const bool compressed = !qEnvironmentVariableIsSet("QML_NO_TOUCH_COMPRESSION");
    QSignalSpy changed(area_->pipeline(), &Pipeline::dragChanged), ended(area_->pipeline(), &Pipeline::dragEnded),
        dismissed(area_->pipeline(), &Pipeline::dismissed);
    // A fast swipe's twelve moves sent before the event loop runs again, as a busy GUI thread
    // reads them: with compression, Qt Quick delivers only the last, at the next frame.
    QTest::touchEvent(view_.get(), touchscreen_).press(0, {300, 60}, view_.get());
    for (int i = 1; i <= 12; i++) {
        clock_.now += 8;
        QTest::touchEvent(view_.get(), touchscreen_).move(0, point({300, 60 + 12.5 * i}), view_.get()).commit(false);
    }
    QCoreApplication::processEvents();
    clock_.now += 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, {300, 210}, view_.get());
    QCOMPARE(ended.count(), 1);
    if (compressed) {
        // One jump of 150 pt: the release finds no recent movement, and the sheet settles.
        QCOMPARE(changed.count(), 1);
        QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::Settle);
        QCOMPARE(dismissed.count(), 0);
    } else {
        QCOMPARE(changed.count(), 12);
        QCOMPARE(dismissed.count(), 1);
    }
}

void TestDismissKit::timestampWrapMidDrag() {
    setScene(sheetScene(false));
    clock_.bits = 32;
    clock_.now = (quint64(1) << 32) - 40;  // the 32-bit clock wraps after the fifth move
    QSignalSpy changed(area_->pipeline(), &Pipeline::dragChanged), dismissed(area_->pipeline(), &Pipeline::dismissed);
    swipe(touchscreen_, {300, 60}, 150);
    QCOMPARE(dismissed.count(), 1);
    QVERIFY(changed.last()[2].toDouble() > 1000);  // points/s, measured across the wrap
    QCOMPARE(area_->pipeline()->lastTime(), qint64(clock_.now) * 1000);
}

// One touch event stamped 2^50 ms (beyond the pipeline's 2^53 us) is taken at the last good
// time, said in lastError, and the clock goes on from the good stamps: touch handling recovers.
void TestDismissKit::anAbsurdTimestampIsOneBadStamp() {
    setScene(sheetScene(false));
    QSignalSpy dismissed(area_->pipeline(), &Pipeline::dismissed);
    const quint64 good = clock_.now;
    clock_.now = quint64(1) << 50;
    QTest::touchEvent(view_.get(), touchscreen_).press(1, {300, 300}, view_.get());
    clock_.now = good + 8;
    QTest::touchEvent(view_.get(), touchscreen_).release(1, {300, 300}, view_.get());
    QVERIFY2(area_->pipeline()->lastError().contains(QStringLiteral("beyond the pipeline's time")),
             qPrintable(area_->pipeline()->lastError()));
    QCOMPARE(area_->pipeline()->lastTime(), qint64(good + 8) * 1000);
    clock_.now += 100;
    swipe(touchscreen_, {300, 60}, 150);
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(area_->pipeline()->lastTime(), qint64(clock_.now) * 1000);
}

// A recording whose writes fail (the file may grow no further, as on a full disk) says so once,
// with what reached the disk; the touches go on being handled.
void TestDismissKit::aRecordingThatFailsIsSaid() {
    setScene(sheetScene(false));
    Pipeline *pipeline = area_->pipeline();
    QCOMPARE(pipeline->recording()["state"].value<Pipeline::RecordingState>(), Pipeline::RecordingState::Off);
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("session.jsonl"));
    QVERIFY2(pipeline->record(path), qPrintable(pipeline->lastError()));
    QCOMPARE(pipeline->recording()["state"].value<Pipeline::RecordingState>(), Pipeline::RecordingState::On);
    QVERIFY(!pipeline->record(path));  // once is enough
    QSignalSpy failed(pipeline, &Pipeline::recordingFailed);
    QSignalSpy dismissed(area_->pipeline(), &Pipeline::dismissed);
    struct rlimit before;
    getrlimit(RLIMIT_FSIZE, &before);
    const rlim_t limit = rlim_t(QFileInfo(path).size()) + 300;
    const struct rlimit small = {limit, before.rlim_max};
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &small);
    swipe(touchscreen_, {300, 60}, 150);
    setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, previousHandler);
    QCOMPARE(failed.count(), 1);
    // The system's words for EFBIG, in the user's language ("File too large", "Die Datei ist zu groß").
    QVERIFY2(failed[0][0].toString().contains(QString::fromLocal8Bit(std::strerror(EFBIG))), qPrintable(failed[0][0].toString()));
    const QVariantMap recording = pipeline->recording();
    QCOMPARE(recording["state"].value<Pipeline::RecordingState>(), Pipeline::RecordingState::Failed);
    QCOMPARE(recording["bytesWritten"].toLongLong(), QFileInfo(path).size());
    QVERIFY(QFileInfo(path).size() <= qint64(limit));
    QCOMPARE(dismissed.count(), 1);
}

void TestDismissKit::millimetresWithoutAPhysicalSize() {
    // 1280 x 800 points at a scale factor of 2 are 2560 x 1600 device pixels: at 100 an inch,
    // 650.24 x 406.4 mm (a fallback from the logical DPI would say 338.7 mm wide).
    const QSizeF mm = Pipeline::millimetres({1280, 800}, {}, 2);
    QVERIFY(qAbs(mm.width() - 650.24) < 1e-9 && qAbs(mm.height() - 406.4) < 1e-9);
    QCOMPARE(Pipeline::millimetres({1280, 800}, {217, 136}, 2), QSizeF(217, 136));
    QCOMPARE(Pipeline::millimetres({800, 1280}, {217, 136}, 1), QSizeF(136, 217));  // rotated
}

void TestDismissKit::touchCancelCarriesTheLastTime() {
    setScene(sheetScene(true));
    QSignalSpy ended(area_->pipeline(), &Pipeline::dragEnded), questions(area_->pipeline(), &Pipeline::confirmationRequested);
    swipe(touchscreen_, {300, 60}, 100, 8, false);
    const qint64 last = area_->pipeline()->lastTime();
    // The system takes the touches; a cancel's own timestamp (0 here) is not the touches' clock.
    QTouchEvent cancel(QEvent::TouchCancel, touchscreen_);
    cancel.setTimestamp(0);
    QCoreApplication::sendEvent(view_.get(), &cancel);
    QCOMPARE(ended.count(), 1);
    QCOMPARE(ended[0][1].value<Pipeline::DragOutcome>(), Pipeline::DragOutcome::Cancel);
    QCOMPARE(area_->pipeline()->lastTime(), last);
    // The next touch starts afresh on a free seat slot.
    swipe(touchscreen_, {300, 60}, 150);
    QCOMPARE(questions.count(), 1);
    QVERIFY(area_->pipeline()->lastError().isEmpty());
}

// A Widgets host: the widget's touch events go to a Pipeline on its window. Qt Widgets keeps
// its touch bookkeeping in the events' points, so the test's clock stamps a copy.
class SheetWidget : public QWidget {
public:
    DismissKitQt::Pipeline pipeline;
    explicit SheetWidget(const TestClock &clock) : clock_(clock) { setAttribute(Qt::WA_AcceptTouchEvents); }

protected:
    bool event(QEvent *event) override {
        if (!event->isPointerEvent()) return QWidget::event(event);
        std::unique_ptr<QPointerEvent> stamped(static_cast<QPointerEvent *>(event->clone()));
        stamped->setTimestamp(clock_.stamp());
        if (!pipeline.pointerEvent(stamped.get())) return QWidget::event(event);
        event->accept();  // a widget that accepts a TouchBegin gets the sequence's later events
        return true;
    }

private:
    const TestClock &clock_;
};

void TestDismissKit::widgetSwipe() {
    view_.reset();
    SheetWidget widget(clock_);
    widget.resize(800, 600);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    widget.pipeline.setWindow(widget.windowHandle());
    QVERIFY(widget.pipeline.setScene(sheetScene(false)));
    QCOMPARE(widget.pipeline.currentScreen()["width"].toDouble(), double(widget.width()));
    QSignalSpy dismissed(&widget.pipeline, &DismissKitQt::Pipeline::dismissed);
    QTest::touchEvent(&widget, touchscreen_).press(0, {300, 60});
    for (int i = 1; i <= 12; i++) {
        clock_.now += 8;
        QTest::touchEvent(&widget, touchscreen_).move(0, QPoint(300, 60 + 12.5 * i));
    }
    clock_.now += 8;
    QTest::touchEvent(&widget, touchscreen_).release(0, {300, 210});
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][0].toString(), QStringLiteral("compose"));
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::SwipeFromTop);
    QCOMPARE(dismissed[0][2].value<Pipeline::Resolution>(), Pipeline::Resolution::Direct);
    // Positions are the window's points: a tap in a popover's pass-through strip comes back as it went.
    QSignalSpy passthrough(&widget.pipeline, &DismissKitQt::Pipeline::passthroughTap);
    QVERIFY(widget.pipeline.present(popover(widget.width())));
    clock_.now += 500;
    QTest::touchEvent(&widget, touchscreen_).press(0, {50, 20});
    clock_.now += 60;
    QTest::touchEvent(&widget, touchscreen_).release(0, {50, 20});
    QCOMPARE(passthrough.count(), 1);
    QCOMPARE(passthrough[0][0].toPointF(), QPointF(50, 20));
}

// The id rule (Docs/protocol.md): "café" with U+00E9 and with "e" + U+0301 are two presentations;
// an id with U+0000 is refused, in a command's JSON and in a typed call, never cut short.
void TestDismissKit::presentationIdsAreTheirBytes() {
    const QString composed = QStringLiteral("draft-message-caf\u00e9"), decomposed = QStringLiteral("draft-message-cafe\u0301");
    setScene({{"compactWidth", 200},
              {"presentations", QVariantList{QVariantMap{{"id", composed}, {"style", "sheet"}, {"unsavedChanges", true}}}}});
    Pipeline *pipeline = area_->pipeline();
    QSignalSpy rejected(pipeline, &Pipeline::rejected), asked(pipeline, &Pipeline::confirmationRequested),
        dismissed(pipeline, &Pipeline::dismissed);
    QVERIFY(pipeline->command({{"type", "dismiss"}, {"presentation", decomposed}}));
    QCOMPARE(rejected.count(), 1);
    QCOMPARE(rejected[0][0].toString(), decomposed);
    QVERIFY(!pipeline->confirm(decomposed, Pipeline::Choice::Discard));
    QVERIFY(pipeline->escapeKey());
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked[0][0].toString(), composed);
    const QString withNul = composed + QChar(0) + QStringLiteral("x");
    QVERIFY(!pipeline->confirm(withNul, Pipeline::Choice::Discard));
    QVERIFY2(pipeline->lastError().contains("U+0000"), qPrintable(pipeline->lastError()));
    QVERIFY(!pipeline->command({{"type", "confirm"}, {"presentation", withNul}, {"choice", "discard"}}));
    QVERIFY2(pipeline->lastError().contains("a presentation id holds no control character, this one has U+0000"),
             qPrintable(pipeline->lastError()));
    QCOMPARE(dismissed.count(), 0);
    QCOMPARE(rejected.count(), 1);
}

// present and update give a presentation's fields to the C library's typed setters, not JSON: the
// fields a scene spells are taken, a fractional detent as that number; a field it does not know,
// or a value of the wrong kind, is refused naming the field, and nothing changes.
void TestDismissKit::presentationFieldsAreTyped() {
    setScene({{"compactWidth", 200}, {"presentations", QVariantList{}}});
    Pipeline *pipeline = area_->pipeline();
    // A screen of 800 points at every scale factor: the 412.5 pt detent is below the large one.
    QVERIFY(pipeline->screen(1280, 800, 217, 136));
    QCOMPARE(pipeline->currentScreen()["height"].toDouble(), 800.0);
    QSignalSpy detentSet(pipeline, &Pipeline::detentSet), asked(pipeline, &Pipeline::confirmationRequested),
        dismissed(pipeline, &Pipeline::dismissed);
    QVERIFY(!pipeline->present({{"id", "compose"}, {"style", "sheet"}, {"grabber", "yes"}}));
    QCOMPARE(pipeline->lastError(), QStringLiteral("grabber: expected true or false"));
    QVERIFY(!pipeline->present({{"id", "compose"}, {"style", "sheet"}, {"colour", "red"}}));
    QVERIFY2(pipeline->lastError().startsWith("colour: not a presentation's field"), qPrintable(pipeline->lastError()));
    QVERIFY(!pipeline->present({{"id", "compose"}, {"style", "bottomSheet"}}));
    QVERIFY2(pipeline->lastError().startsWith(R"(style: expected "sheet", "pageSheet", "formSheet")"),
             qPrintable(pipeline->lastError()));
    QVERIFY(!pipeline->present({{"id", "compose"}, {"style", "sheet"}, {"headerHeight", qQNaN()}}));
    QVERIFY2(pipeline->lastError().contains("NaN is not a finite number"), qPrintable(pipeline->lastError()));
    QVERIFY(!pipeline->update("compose", {{"unsavedChanges", true}}));  // none of them was presented

    QVERIFY2(pipeline->present({{"id", "compose"}, {"style", "sheet"}, {"detents", QVariantList{412.5, "large"}},
                                {"selectedDetent", 412.5}, {"grabber", true}, {"headerHeight", 56.25}}),
             qPrintable(pipeline->lastError()));
    QVERIFY(pipeline->accessibility("compose", Pipeline::AccessibilityAction::NextDetent));
    QVERIFY(pipeline->accessibility("compose", Pipeline::AccessibilityAction::PreviousDetent));
    QCOMPARE(detentSet.count(), 2);
    QCOMPARE(detentSet[0][1], QVariant("large"));
    QCOMPARE(detentSet[1][1], QVariant(412.5));
    QVERIFY2(pipeline->update("compose", {{"unsavedChanges", true}, {"tapOutside", "ignore"}}), qPrintable(pipeline->lastError()));
    QVERIFY2(pipeline->update("compose", {{"tapOutside", QVariant::fromValue(nullptr)}}), qPrintable(pipeline->lastError()));
    QVERIFY(pipeline->dismiss("compose"));
    QCOMPARE(asked.count(), 1);
    QVERIFY(pipeline->confirm("compose", Pipeline::Choice::KeepEditing));
    QVERIFY(pipeline->setUnsavedChanges("compose", false));
    QVERIFY(pipeline->dismiss("compose"));
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::Programmatic);
    QCOMPARE(dismissed[0][2].value<Pipeline::Resolution>(), Pipeline::Resolution::Direct);
}

// The pipeline ticks itself from its timer only while dk_pipeline_next_tick names a time: with
// an idle rule and nothing presented it does not tick, from a present on it does, with the
// warning at its time and the reset at the deadline, and after the reset it stops. The test's
// monotonic clock drives the time (the timer's waits are the machine's, at most a second each),
// so the figures are exact; each tick is in the recording, to be counted.
void TestDismissKit::ticksOnlyWhileATickIsNeeded() {
    Pipeline pipeline;
    qint64 monotonic = 0;
    pipeline.setClock([&monotonic] { return monotonic; });
    const QVariantMap rule{{"after", 2000000}, {"warning", 1000000}, {"unsaved", "discard"}};
    QVERIFY2(pipeline.setScene(QVariantMap{{"screen", QVariantMap{{"width", 800}, {"height", 600}, {"widthMM", 200}, {"heightMM", 150}}},
                                           {"idle", rule}, {"presentations", QVariantList{}}}),
             qPrintable(pipeline.lastError()));
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("idle.jsonl"));
    QVERIFY2(pipeline.record(path), qPrintable(pipeline.lastError()));
    const auto ticksRecorded = [&path] {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll().count(R"(\"type\":\"tick\")") : -1;
    };
    QSignalSpy warned(&pipeline, &Pipeline::idleWarning), reset(&pipeline, &Pipeline::idleReset),
        dismissed(&pipeline, &Pipeline::dismissed);

    // Nothing presented: no tick, however long.
    QVERIFY(!pipeline.tickPending());
    monotonic += 60000000;
    QTest::qWait(1500);
    QCOMPARE(ticksRecorded(), 0);

    // Presented: ticks until the deadline.
    QVERIFY2(pipeline.present({{"id", "compose"}, {"style", "sheet"}}), qPrintable(pipeline.lastError()));
    const qint64 presentedAt = pipeline.now();
    QVERIFY(pipeline.tickPending());
    monotonic += 1000000;  // the warning's time
    QVERIFY(warned.wait(30000));
    QCOMPARE(warned[0][0].toLongLong(), presentedAt + 2000000);
    QCOMPARE(warned[0][1].toLongLong(), qint64(1000000));
    QVERIFY(pipeline.tickPending());
    monotonic += 1000000;  // the deadline
    QVERIFY(reset.wait(30000));
    QCOMPARE(dismissed.count(), 1);
    QCOMPARE(dismissed[0][1].value<Pipeline::DismissalSource>(), Pipeline::DismissalSource::Idle);

    // Nothing left: the timer stops, and no tick comes.
    QVERIFY(!pipeline.tickPending());
    const qlonglong ticks = ticksRecorded();
    QCOMPARE(ticks, 2);  // the warning's and the deadline's: the test's clock was at each when the timer fired
    monotonic += 60000000;
    QTest::qWait(1500);
    QCOMPARE(ticksRecorded(), ticks);
}

// Commands and ticks are on the touches' clock: now() is the last touch's stamp, carried on by
// the monotonic clock (the test's) since that touch came; a command takes that time, and a
// touch stamped before it is taken at it.
void TestDismissKit::nowIsTheTouchesClockCarriedOn() {
    setScene(sheetScene(false));
    Pipeline *pipeline = area_->pipeline();
    QTest::touchEvent(view_.get(), touchscreen_).press(0, {300, 300}, view_.get());
    const qint64 touched = qint64(clock_.now) * 1000;
    QCOMPARE(pipeline->now(), touched);
    clock_.now += 250;
    QCOMPARE(pipeline->now(), touched + 250000);
    QVERIFY(pipeline->keyboard(0));
    QCOMPARE(pipeline->lastTime(), touched + 250000);
    // A touch stamped before the command (a platform's clock a little behind) is taken at its time.
    clock_.now -= 100;
    QTest::touchEvent(view_.get(), touchscreen_).release(0, {300, 300}, view_.get());
    QCOMPARE(pipeline->lastTime(), touched + 250000);
    QVERIFY(pipeline->lastError().isEmpty());
}

// gesturectl (DISMISSKIT_GESTURECTL, Tests/Qt/run's PREFIX/bin/gesturectl) with `arguments`: what it
// printed, one JSON object a line.
static QList<QJsonObject> gesturectlLines(const QStringList &arguments) {
    QProcess gesturectl;
    gesturectl.start(qEnvironmentVariable("DISMISSKIT_GESTURECTL"), arguments);
    if (!gesturectl.waitForFinished(-1) || gesturectl.exitCode() != 0) return {};
    QList<QJsonObject> lines;
    for (const QByteArray &line : gesturectl.readAllStandardOutput().split('\n')) {
        if (!line.isEmpty()) lines << QJsonDocument::fromJson(line).object();
    }
    return lines;
}

// The protocol's spelling of one of Pipeline's enums' values: its key with a small first letter.
template <typename Enum> static QString spelling(Enum value) {
    const QString key = QString::fromLatin1(QMetaEnum::fromType<Enum>().valueToKey(int(value)));
    return key.at(0).toLower() + key.mid(1);
}

// Each intent signal of `pipeline` as the JSON line gesturectl prints for it, in `intents`: the
// fields the signal carries, and the time it came at (the pipeline's lastTime()).
static void collectIntents(Pipeline *pipeline, QList<QJsonObject> *intents) {
    const auto add = [=](const QString &type, const QString &id, QJsonObject fields) {
        fields["type"] = type;
        fields["time"] = pipeline->lastTime();
        if (!id.isNull()) fields["presentation"] = id;
        *intents << fields;
    };
    const auto detent = [](const QVariant &detent) { return QJsonValue::fromVariant(detent); };
    QObject::connect(pipeline, &Pipeline::dragBegan, [=](const QString &id, Pipeline::DragOrigin origin) {
        add("dragBegan", id, {{"origin", spelling(origin)}});
    });
    QObject::connect(pipeline, &Pipeline::dragChanged, [=](const QString &id, double offset, double velocity) {
        add("dragChanged", id, {{"offset", offset}, {"velocity", velocity}});
    });
    QObject::connect(pipeline, &Pipeline::dragEnded, [=](const QString &id, Pipeline::DragOutcome outcome, const QVariant &to) {
        QJsonObject fields{{"outcome", spelling(outcome)}};
        if (to.isValid()) fields["detent"] = detent(to);
        add("dragEnded", id, fields);
    });
    QObject::connect(pipeline, &Pipeline::detentSet, [=](const QString &id, const QVariant &to, Pipeline::DetentCause cause) {
        add("setDetent", id, {{"detent", detent(to)}, {"cause", spelling(cause)}});
    });
    QObject::connect(pipeline, &Pipeline::confirmationRequested,
                     [=](const QString &id, Pipeline::DismissalSource source, const QVariantList &options) {
                         QJsonArray choices;
                         for (const QVariant &option : options) choices << spelling(option.value<Pipeline::Choice>());
                         add("confirmationRequested", id, {{"source", spelling(source)}, {"options", choices}});
                     });
    QObject::connect(pipeline, &Pipeline::saved, [=](const QString &id) { add("save", id, {}); });
    QObject::connect(pipeline, &Pipeline::dismissed, [=](const QString &id, Pipeline::DismissalSource source, Pipeline::Resolution resolution) {
        add("dismiss", id, {{"source", spelling(source)}, {"resolution", spelling(resolution)}});
    });
    QObject::connect(pipeline, &Pipeline::cancelled, [=](const QString &id) { add("cancelled", id, {}); });
    QObject::connect(pipeline, &Pipeline::rejected, [=](const QString &id, Pipeline::DismissalSource source, const QString &reason) {
        add("rejected", id, {{"source", spelling(source)}, {"reason", reason}});
    });
    QObject::connect(pipeline, &Pipeline::keyboardHidingRequested, [=](const QString &id, Pipeline::KeyboardHidingReason reason) {
        add("hideKeyboard", id, {{"reason", spelling(reason)}});
    });
    QObject::connect(pipeline, &Pipeline::idleWarning, [=](qint64 deadline, qint64 remaining) {
        add("idleWarning", {}, {{"deadline", deadline}, {"remaining", remaining}});
    });
    QObject::connect(pipeline, &Pipeline::idleCancelled, [=] { add("idleCancelled", {}, {}); });
    QObject::connect(pipeline, &Pipeline::idleReset, [=] { add("idleReset", {}, {}); });
    QObject::connect(pipeline, &Pipeline::passthroughTap, [=](const QPointF &point) {
        add("passthroughTap", {}, {{"x", point.x()}, {"y", point.y()}});
    });
    QObject::connect(pipeline, &Pipeline::dragHandedBack, [=](const QString &id) { add("dragHandedBack", id, {}); });
    QObject::connect(pipeline, &Pipeline::contentScrolled, [=](const QString &id, double offset) {
        add("contentScrolled", id, {{"offset", offset}});
    });
}

void TestDismissKit::goldenReplay_data() {
    QTest::addColumn<QString>("scene");
    const QDir recordings(QStringLiteral(RECORDINGS_DIR));
    for (const QString &name : recordings.entryList({QStringLiteral("gesture-*.scene.json")}, QDir::Files, QDir::Name)) {
        QTest::newRow(qPrintable(name.chopped(int(strlen(".scene.json"))))) << recordings.filePath(name);
    }
}

// A golden recording (Recordings/gesture-*) replayed through a window, as Tests/Python's
// replay_golden does through the C library: its touches (gesturectl replay --touch-events --exact,
// in the scene's points) come as QTouchEvents through QPA, at the scale factor's native pixels, a
// frame an event; its timeline's commands go in at their times, before the first frame at or after
// them, through the pipeline's tick and command. The signals are the golden's intents field by
// field. Qt's touch timestamps are whole milliseconds: a touch between two is taken at the
// millisecond before it, so where the recording has such touches an intent they give has the
// golden's time cut to the millisecond and its velocity, measured over those times, is not
// compared. A cancel is Qt's TouchCancel, at the last time the pipeline had.
void TestDismissKit::goldenReplay() {
    QFETCH(QString, scene);
    QVERIFY2(qEnvironmentVariableIsSet("DISMISSKIT_GESTURECTL"), "DISMISSKIT_GESTURECTL names gesturectl (Tests/Qt/run sets it)");
    const QString recording = scene.chopped(int(strlen(".scene.json"))) + ".evemu";
    QFile sceneFile(scene), goldenFile(scene.chopped(int(strlen(".scene.json"))) + ".intents.jsonl");
    QVERIFY(sceneFile.open(QIODevice::ReadOnly) && goldenFile.open(QIODevice::ReadOnly));
    QJsonObject sceneObject = QJsonDocument::fromJson(sceneFile.readAll()).object();
    const QJsonArray timeline = sceneObject.take("timeline").toArray();
    const QList<QJsonObject> touches = gesturectlLines({"replay", recording, "--scene", scene, "--touch-events", "--exact"});
    QVERIFY2(!touches.isEmpty(), "gesturectl replay --touch-events gave no touch");
    QList<QJsonObject> golden;
    for (const QByteArray &line : goldenFile.readAll().split('\n')) {
        if (line.isEmpty()) continue;
        QJsonObject intent = QJsonDocument::fromJson(line).object();
        intent.remove("explain");  // gesturectl replay --explain's figures, no intent's field
        golden << intent;
    }

    // The window: the whole screen, which is the scene's in points at every scale factor.
    view_.reset();
    const QJsonObject screen = sceneObject["screen"].toObject();
    const QSize points(screen["width"].toInt(), screen["height"].toInt());
    const double scale = QGuiApplication::primaryScreen()->devicePixelRatio();
    setOffscreenScreen(qRound(points.width() * scale), qRound(points.height() * scale));
    QCOMPARE(QGuiApplication::primaryScreen()->size(), points);
    SheetWidget widget(clock_);
    widget.setGeometry(QGuiApplication::primaryScreen()->geometry());
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QCOMPARE(widget.size(), points);
    QWindow *window = widget.windowHandle();
    // The replay's clock: the touches' times (cut to milliseconds, as the events carry them)
    // and the commands' times. The event loop does not run, so the pipeline's own tick timer
    // never fires: the timeline's ticks are the only ones.
    qint64 replayTime = 0;
    widget.pipeline.setWindow(window);
    QVERIFY2(widget.pipeline.setScene(sceneObject), qPrintable(widget.pipeline.lastError()));
    widget.pipeline.setClock([&replayTime] { return replayTime; });
    QList<QJsonObject> intents;
    collectIntents(&widget.pipeline, &intents);

    qsizetype next = 0;  // the timeline's next command
    const auto commandsUntil = [&](qint64 time) {
        for (; next < timeline.size() && timeline[next].toObject()["time"].toInteger() <= time; next++) {
            const QJsonObject entry = timeline[next].toObject();
            replayTime = entry["time"].toInteger();
            const QVariantMap command = entry["command"].toObject().toVariantMap();
            const bool taken = command["type"] == "tick" ? widget.pipeline.tick() : widget.pipeline.command(command);
            QVERIFY2(taken, qPrintable(widget.pipeline.lastError()));
        }
    };
    QSet<qint64> touchTimes;
    QHash<qint64, qint64> cancelTimes;  // a cancel's recorded time, and the pipeline's last time, which it is at
    QMap<int, QPointF> down;  // the contacts down, by seat slot, where they are
    QList<QEventPoint> frame;
    bool cancelled = false;
    const QPointF origin = window->mapToGlobal(QPointF(0, 0));
    for (const QJsonObject &event : touches) {
        const qint64 time = event["time"].toInteger();
        const QString type = event["type"].toString();
        const int slot = event["seatSlot"].toInt();
        const QPointF at(event["x"].toDouble(), event["y"].toDouble());
        if (frame.isEmpty() && !cancelled) {
            commandsUntil(time);
            touchTimes << time;
        }
        if (type == "down" || type == "motion") {
            down[slot] = at;
            frame << QEventPoint(slot, type == "down" ? QEventPoint::Pressed : QEventPoint::Updated, at, origin + at);
        } else if (type == "up") {
            frame << QEventPoint(slot, QEventPoint::Released, down[slot], origin + down[slot]);
            down.remove(slot);
        } else if (type == "cancel") {
            down.remove(slot);
            cancelled = true;
        } else if (type == "frame") {
            clock_.now = quint64(time / 1000);
            replayTime = qint64(clock_.now) * 1000;
            if (cancelled) {
                // Qt cancels a device's every contact at once.
                QVERIFY2(down.isEmpty() && frame.isEmpty(), "a contact cancelled while another stays down");
                cancelTimes[time] = widget.pipeline.lastTime();
                QWindowSystemInterface::handleTouchCancelEvent<QWindowSystemInterface::SynchronousDelivery>(window, touchscreen_);
            } else {
                for (auto contact = down.cbegin(); contact != down.cend(); ++contact) {
                    const bool moved = std::any_of(frame.cbegin(), frame.cend(), [&](const QEventPoint &point) { return point.id() == contact.key(); });
                    if (!moved) frame << QEventPoint(contact.key(), QEventPoint::Stationary, contact.value(), origin + contact.value());
                }
                qt_handleTouchEvent(window, touchscreen_, frame);
            }
            frame.clear();
            cancelled = false;
        }
    }
    commandsUntil(std::numeric_limits<qint64>::max());

    const bool wholeMilliseconds = std::all_of(touchTimes.cbegin(), touchTimes.cend(), [](qint64 time) { return time % 1000 == 0; });
    for (qsizetype i = 0; i < std::max(intents.size(), golden.size()); i++) {
        QVERIFY2(i < intents.size() && i < golden.size(),
                 qPrintable(QStringLiteral("%1 intents, the golden has %2; the first one over: %3")
                                .arg(intents.size())
                                .arg(golden.size())
                                .arg(QString::fromUtf8(QJsonDocument(i < golden.size() ? golden[i] : intents[i]).toJson(QJsonDocument::Compact)))));
        QJsonObject expected = golden[i], actual = intents[i];
        const qint64 time = expected["time"].toInteger();
        if (cancelTimes.contains(time)) expected["time"] = cancelTimes[time];
        else if (touchTimes.contains(time)) expected["time"] = time / 1000 * 1000;
        if (!wholeMilliseconds) {
            expected.remove("velocity");
            actual.remove("velocity");
        }
        const QString said = QStringLiteral("intent %1: %2, the golden's %3")
                                 .arg(i)
                                 .arg(QString::fromUtf8(QJsonDocument(actual).toJson(QJsonDocument::Compact)),
                                      QString::fromUtf8(QJsonDocument(golden[i]).toJson(QJsonDocument::Compact)));
        QVERIFY2(actual.keys() == expected.keys(), qPrintable(said));
        for (const QString &field : expected.keys()) {
            const QJsonValue want = expected[field], got = actual[field];
            // The golden's numbers are rounded to 0.001, the times are whole microseconds.
            const bool rounded = want.isDouble() && got.isDouble() && field != "time" && field != "deadline" && field != "remaining";
            QVERIFY2(rounded ? qAbs(want.toDouble() - got.toDouble()) <= 0.0005 + 1e-9 : want == got, qPrintable(field + ": " + said));
        }
    }
}

QTEST_MAIN(TestDismissKit)
#include "tst_dismisskit.moc"
