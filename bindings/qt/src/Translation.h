// Translation (internal to the module): the components' words in the language of the engine's
// Qt.uiLanguage, or, while that is empty, of the system's UI languages (QLocale::system(): the
// LANGUAGE, LC_ALL, LC_MESSAGES and LANG variables), from the .qm files installed with the module
// (built from the catalog po/); English, the source language, where there is none. It follows
// Qt.uiLanguage: a change loads that language and retranslates the engine. `rightToLeft` says
// whether the loaded language is written right to left, for the components' LayoutMirroring.
// One per engine, a QML singleton; Presentation and IdleRule make it before their component's
// bindings are evaluated, so that every component's first words are already translated.
#pragma once

#include <QObject>
#include <QTranslator>
#include <QtQml/qqmlregistration.h>

class QJSEngine;
class QQmlEngine;

namespace DismissKitQt {

class Translation : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool rightToLeft READ rightToLeft NOTIFY rightToLeftChanged)

public:
    explicit Translation(QQmlEngine *engine);
    ~Translation() override;
    static Translation *create(QQmlEngine *engine, QJSEngine *);
    // Makes the engine's (once), when there is an engine.
    static void follow(QQmlEngine *engine);

    bool rightToLeft() const { return rightToLeft_; }

signals:
    void rightToLeftChanged();

private:
    void load();

    QQmlEngine *engine_;
    QTranslator translator_;
    bool rightToLeft_ = false;
};

}  // namespace DismissKitQt
