/* What DkSheet and DkPopover share: being one presentation in their window's pipeline, its
 * state as the intents change it, and the question it asks. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

G_BEGIN_DECLS

typedef struct {
    /* The drag, the detent, the question or the presentation itself changed: lay the owner out
     * again. Called once the event that changed them has been dispatched. */
    void (*changed)(GtkWidget *owner);
    /* The pipeline scrolled the content to offset. */
    void (*content_scrolled)(GtkWidget *owner, double offset);
    /* Save the work now. */
    void (*save)(GtkWidget *owner);
    /* The presentation was dismissed: it has ended. */
    void (*dismissed)(GtkWidget *owner, DkDismissalSource source, DkResolution resolution);
} DkPresentationEvents;

typedef struct {
    GtkWidget *owner;
    const DkPresentationEvents *events;
    GtkWindow *window;    /* while presented */
    DkPipeline *pipeline; /* the window's, while presented */
    char *id;             /* while presented */
    gulong handlers[10];
    gboolean dragging;
    double offset;        /* points the drag moved it down from its detent */
    char *detent;
    DkChoices question;   /* the answers offered, while it asks */
    GtkWidget *question_widget; /* the owner's child, while it asks */
    DkChoices question_shown;   /* the answers question_widget offers */
    GtkWidget *question_spare;  /* an answered question's widget, hidden, kept for the next ... */
    DkChoices question_spare_offers; /* ... when it offers these answers */
    guint sync_idle;            /* the owner's widgets are still to follow a change */
} DkPresentation;

void dk_presentation_init(DkPresentation *presentation, GtkWidget *owner, const DkPresentationEvents *events);

/* Presents it in the owner's window's pipeline under a free id from name; fields are the
 * presentation's JSON members after its id (", \"style\": \"sheet\", ..."). */
gboolean dk_presentation_present(DkPresentation *presentation, const char *name, const char *fields,
                                 const char *detent, GError **error);

/* An update command with the given JSON members (", \"unsavedChanges\": true"). */
gboolean dk_presentation_update(DkPresentation *presentation, const char *fields, GError **error);

gboolean dk_presentation_dismiss(DkPresentation *presentation, GError **error);
gboolean dk_presentation_answer(DkPresentation *presentation, DkChoice choice, GError **error);
gboolean dk_presentation_report_content_offset(DkPresentation *presentation, double offset);

/* Lays out the question, if it asks: an action sheet at the bottom of the owner, at most 560
 * points wide. */
void dk_presentation_allocate_question(DkPresentation *presentation, int width, int height);

/* Draws the question, if it asks, over the owner dimmed. */
void dk_presentation_snapshot_question(DkPresentation *presentation, GtkSnapshot *snapshot);

/* Takes it away without asking. */
void dk_presentation_remove(DkPresentation *presentation);

/* Frees what it holds; the owner is being disposed. */
void dk_presentation_clear(DkPresentation *presentation);

G_END_DECLS
