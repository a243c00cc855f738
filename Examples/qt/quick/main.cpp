// A Qt Quick kiosk on the QML module DismissKit (Main.qml): no C++ of DismissKit's but the
// import path. Built by Tests/Qt/run against an installed prefix:
//   cmake -S Examples/qt/quick -B build -DCMAKE_PREFIX_PATH=PREFIX && cmake --build build
#include <QGuiApplication>
#include <QQmlApplicationEngine>

int main(int argc, char **argv) {
    // Every touch move reaches the pipeline: Qt Quick's compression would merge a fast swipe's
    // moves into one jump (Docs/embedding-qt.md "Embedding in Qt").
    qputenv("QML_NO_TOUCH_COMPRESSION", "1");
    QGuiApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.addImportPath(QStringLiteral(DISMISSKIT_QML_DIR));
    QObject::connect(&engine, &QQmlApplicationEngine::objectCreationFailed, &app, [] { QCoreApplication::exit(1); },
                     Qt::QueuedConnection);
    engine.load(QUrl(QStringLiteral("qrc:/Main.qml")));
    return app.exec();
}
