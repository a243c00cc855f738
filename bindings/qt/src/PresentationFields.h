// PresentationFields: a presentation's fields as a scene file spells them (Docs/scene.md
// "Presentations"), a QVariantMap from C++ or a JavaScript object from QML, given to the C
// library's typed setters (dk_presentation_fields): the library writes the command, so Qt writes
// no JSON and no number passes through the user's locale. IdleRuleFields: an IdleRule's rule, read
// the same way into Pipeline::setIdleRule's arguments.
#pragma once

#include "DismissKitQt/Pipeline.h"

#include <QString>
#include <QVariantMap>

struct dk_presentation_fields;

namespace DismissKitQt {

class PresentationFields {
public:
    // Reads `fields`, all but "id" (the presentation's, which the calls take apart). A null
    // "tapOutside", "frame" or "anchor" removes it and an empty "passthrough" clears the regions,
    // for an update.
    explicit PresentationFields(const QVariantMap &fields);
    ~PresentationFields();
    PresentationFields(const PresentationFields &) = delete;
    PresentationFields &operator=(const PresentationFields &) = delete;

    // The fields for dk_pipeline_present or dk_pipeline_update; only when error() is empty.
    const dk_presentation_fields *fields() const { return fields_; }
    // The first field it could not take, named, and why ("grabber: expected true or false").
    QString error() const { return error_; }

private:
    void take(const QString &name, const QVariant &value);

    dk_presentation_fields *fields_;
    QString error_;
};

// An idle rule as IdleRule spells it: {after, warning} in milliseconds (the scene's µs / 1000) and
// `unsaved` ("save", "discard" or "keep"), all three required.
struct IdleRuleFields {
    explicit IdleRuleFields(const QVariantMap &rule);
    bool operator==(const IdleRuleFields &other) const {
        return after == other.after && warning == other.warning && unsaved == other.unsaved;
    }

    // In microseconds, whole.
    qint64 after = 0;
    qint64 warning = 0;
    Pipeline::IdleUnsaved unsaved = Pipeline::IdleUnsaved::Keep;
    // The first field it could not take, named, and why ("unsaved: expected ..."); empty when it
    // took them all (the pipeline checks the times against each other).
    QString error;
};

}  // namespace DismissKitQt
