#include "Translation.h"

#include <QCoreApplication>
#include <QLocale>
#include <QQmlEngine>

namespace DismissKitQt {

Translation::Translation(QQmlEngine *engine) : QObject(engine), engine_(engine) {
    load();
    connect(engine_, &QJSEngine::uiLanguageChanged, this, [this] {
        load();
        engine_->retranslate();
    });
}

Translation::~Translation() { QCoreApplication::removeTranslator(&translator_); }

Translation *Translation::create(QQmlEngine *engine, QJSEngine *) { return new Translation(engine); }

void Translation::follow(QQmlEngine *engine) {
    if (engine) engine->singletonInstance<Translation *>(qmlTypeId("DismissKit", 1, 0, "Translation"));
}

void Translation::load() {
    const QString uiLanguage = engine_->uiLanguage();
    const QLocale locale = uiLanguage.isEmpty() ? QLocale::system() : QLocale(uiLanguage);
    QCoreApplication::removeTranslator(&translator_);
    // DISMISSKIT_TRANSLATIONS_DIR: the module's i18n folder, as installed (CMakeLists.txt).
    const QString folder = QStringLiteral(DISMISSKIT_TRANSLATIONS_DIR);
    const bool loaded = translator_.load(locale, QStringLiteral("dismisskit"), QStringLiteral("_"), folder)
                        || translator_.load(QStringLiteral("dismisskit_en"), folder);
    if (loaded) QCoreApplication::installTranslator(&translator_);
    const bool rightToLeft = loaded && QLocale(translator_.language()).textDirection() == Qt::RightToLeft;
    if (rightToLeft != rightToLeft_) {
        rightToLeft_ = rightToLeft;
        emit rightToLeftChanged();
    }
}

}  // namespace DismissKitQt
