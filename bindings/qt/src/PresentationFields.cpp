#include "PresentationFields.h"

#include "DismissKitQt/Pipeline.h"

#include <dismisskit.h>

#include <QJSValue>
#include <QMetaEnum>
#include <QRectF>
#include <QStringList>

#include <cmath>
#include <optional>

namespace DismissKitQt {

namespace {

// QML may hand a nested JavaScript value over as it is.
QVariant plain(const QVariant &value) {
    return value.userType() == qMetaTypeId<QJSValue>() ? value.value<QJSValue>().toVariant() : value;
}

std::optional<double> number(const QVariant &value) {
    switch (value.typeId()) {
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return value.toDouble();
    default:
        return std::nullopt;
    }
}

std::optional<QRectF> rect(const QVariant &value) {
    if (value.typeId() == QMetaType::QRectF || value.typeId() == QMetaType::QRect) return value.toRectF();
    if (value.typeId() != QMetaType::QVariantMap) return std::nullopt;
    const QVariantMap map = value.toMap();
    double sides[4];
    const char *names[4] = {"x", "y", "width", "height"};
    for (int i = 0; i < 4; i++) {
        const auto side = number(plain(map.value(QLatin1String(names[i]))));
        if (!side) return std::nullopt;
        sides[i] = *side;
    }
    return QRectF(sides[0], sides[1], sides[2], sides[3]);
}

// The value of a closed set of Pipeline's that the scene spells `name` (its Qt key with a small
// first letter: "pageSheet" is PageSheet).
template <typename Enum> std::optional<Enum> named(const QVariant &value) {
    const QString name = value.typeId() == QMetaType::QString ? value.toString() : QString();
    if (name.isEmpty() || !name.at(0).isLower()) return std::nullopt;
    bool found = false;
    const int key = QMetaEnum::fromType<Enum>().keyToValue(qPrintable(name.at(0).toUpper() + name.mid(1)), &found);
    return found ? std::optional<Enum>(Enum(key)) : std::nullopt;
}

// The scene's spellings of a closed set, for an error: "sheet", "pageSheet" or ...
template <typename Enum> QString spellings() {
    const QMetaEnum meta = QMetaEnum::fromType<Enum>();
    QStringList names;
    for (int i = 0; i < meta.keyCount(); i++) {
        const QString key = QString::fromLatin1(meta.key(i));
        names << QStringLiteral("\"%1\"").arg(key.at(0).toLower() + key.mid(1));
    }
    return names.join(QStringLiteral(", "));
}

// A detent: "medium", "large" or a custom height in points.
bool detent(const QVariant &value, dk_detent_kind *kind, double *height) {
    *height = 0;
    if (const auto points = number(value)) {
        *kind = DK_DETENT_CUSTOM;
        *height = *points;
        return true;
    }
    const auto named = DismissKitQt::named<Pipeline::DetentKind>(value);
    if (!named || *named == Pipeline::DetentKind::Custom) return false;
    *kind = dk_detent_kind(*named);
    return true;
}

}  // namespace

PresentationFields::PresentationFields(const QVariantMap &fields) : fields_(dk_presentation_fields_new()) {
    for (auto field = fields.cbegin(); field != fields.cend() && error_.isEmpty(); ++field) {
        if (field.key() != QLatin1String("id")) take(field.key(), plain(field.value()));
    }
}

PresentationFields::~PresentationFields() { dk_presentation_fields_free(fields_); }

void PresentationFields::take(const QString &name, const QVariant &value) {
    const auto expected = [&](const QString &what) { error_ = QStringLiteral("%1: expected %2").arg(name, what); };
    const auto flag = [&](void (*set)(dk_presentation_fields *, int)) {
        if (value.typeId() == QMetaType::Bool) set(fields_, value.toBool());
        else expected(QStringLiteral("true or false"));
    };
    const auto area = [&](void (*set)(dk_presentation_fields *, double, double, double, double),
                          void (*remove)(dk_presentation_fields *)) {
        if (value.isNull()) remove(fields_);
        else if (const auto r = rect(value)) set(fields_, r->x(), r->y(), r->width(), r->height());
        else expected(QStringLiteral("{x, y, width, height} in points, or null"));
    };
    dk_detent_kind kind;
    double height;
    if (name == QLatin1String("style")) {
        if (const auto style = named<Pipeline::PresentationStyle>(value)) dk_presentation_fields_set_style(fields_, dk_presentation_style(*style));
        else expected(spellings<Pipeline::PresentationStyle>());
    } else if (name == QLatin1String("detents")) {
        const QVariantList detents = value.toList();
        if (value.typeId() != QMetaType::QVariantList && value.typeId() != QMetaType::QStringList) return expected(QStringLiteral("a list of detents"));
        for (const QVariant &each : detents) {
            if (!detent(plain(each), &kind, &height)) return expected(QStringLiteral("\"medium\", \"large\" or heights in points"));
            dk_presentation_fields_add_detent(fields_, kind, height);
        }
    } else if (name == QLatin1String("selectedDetent")) {
        if (detent(value, &kind, &height)) dk_presentation_fields_set_selected_detent(fields_, kind, height);
        else expected(QStringLiteral("\"medium\", \"large\" or a height in points"));
    } else if (name == QLatin1String("grabber")) {
        flag(dk_presentation_fields_set_grabber);
    } else if (name == QLatin1String("modal")) {
        flag(dk_presentation_fields_set_modal);
    } else if (name == QLatin1String("unsavedChanges")) {
        flag(dk_presentation_fields_set_unsaved_changes);
    } else if (name == QLatin1String("dismissible")) {
        flag(dk_presentation_fields_set_dismissible);
    } else if (name == QLatin1String("headerHeight")) {
        if (const auto points = number(value)) dk_presentation_fields_set_header_height(fields_, *points);
        else expected(QStringLiteral("a number of points"));
    } else if (name == QLatin1String("content")) {
        const auto offset = value.typeId() == QMetaType::QVariantMap ? number(plain(value.toMap().value("offset"))) : std::nullopt;
        if (offset) dk_presentation_fields_set_content_offset(fields_, *offset);
        else expected(QStringLiteral("{offset} in points"));
    } else if (name == QLatin1String("tapOutside")) {
        if (value.isNull()) dk_presentation_fields_remove_tap_outside(fields_);
        else if (const auto action = named<Pipeline::TapOutside>(value)) dk_presentation_fields_set_tap_outside(fields_, dk_tap_outside(*action));
        else expected(spellings<Pipeline::TapOutside>() + QStringLiteral(" or null"));
    } else if (name == QLatin1String("frame")) {
        area(dk_presentation_fields_set_frame, dk_presentation_fields_remove_frame);
    } else if (name == QLatin1String("anchor")) {
        area(dk_presentation_fields_set_anchor, dk_presentation_fields_remove_anchor);
    } else if (name == QLatin1String("passthrough")) {
        if (value.typeId() != QMetaType::QVariantList) return expected(QStringLiteral("a list of {x, y, width, height}"));
        dk_presentation_fields_clear_passthrough(fields_);
        for (const QVariant &each : value.toList()) {
            const auto region = rect(plain(each));
            if (!region) return expected(QStringLiteral("a list of {x, y, width, height}"));
            dk_presentation_fields_add_passthrough(fields_, region->x(), region->y(), region->width(), region->height());
        }
    } else {
        error_ = QStringLiteral("%1: not a presentation's field (Docs/scene.md \"Presentations\")").arg(name);
    }
}

IdleRuleFields::IdleRuleFields(const QVariantMap &rule) {
    // The pipeline's times go up to 2^53 µs; a larger one is refused here, before it is rounded.
    constexpr double largestMilliseconds = double(qint64(1) << 53) / 1000;
    for (auto field = rule.cbegin(); field != rule.cend() && error.isEmpty(); ++field) {
        const QString &name = field.key();
        const QVariant value = plain(field.value());
        if (name == QLatin1String("after") || name == QLatin1String("warning")) {
            const auto milliseconds = number(value);
            if (milliseconds && std::abs(*milliseconds) <= largestMilliseconds) {
                (name == QLatin1String("after") ? after : warning) = qRound64(*milliseconds * 1000);
            } else {
                error = QStringLiteral("%1: expected milliseconds, a number up to 2^53 µs").arg(name);
            }
        } else if (name == QLatin1String("unsaved")) {
            if (const auto what = named<Pipeline::IdleUnsaved>(value)) unsaved = *what;
            else error = QStringLiteral("unsaved: expected %1").arg(spellings<Pipeline::IdleUnsaved>());
        } else {
            error = QStringLiteral("%1: not an idle rule's field (after, warning, unsaved)").arg(name);
        }
    }
    for (const char *required : {"after", "warning", "unsaved"}) {
        if (error.isEmpty() && !rule.contains(QLatin1String(required))) error = QStringLiteral("%1: required").arg(QLatin1String(required));
    }
}

}  // namespace DismissKitQt
