/* What DkSheet and DkPopover share: a page and a frame over it that is one presentation in
 * their window's pipeline, its state as the intents change it, and the question it asks. The
 * components hold one each (composition, as libadwaita's dialogs hold their sheets) and add
 * only their own layout and drawing: their public types stay plain GtkWidget subclasses.
 * Internal to the library. */
#pragma once

#include "dk-scene.h"

#include <dismisskit.h>

G_BEGIN_DECLS

typedef struct {
    /* The drag, the detent, the question or the presentation itself changed: the owner's own
     * state follows (the page, the frame and the question have already). Called once the event
     * that changed them has been dispatched. */
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
    GtkWidget *content;   /* the page, the owner's child */
    GtkWidget *frame;     /* the presentation, a vertical box, the owner's child */
    GtkWidget *child;     /* what the frame holds, the owner's */
    gboolean unsaved;
    GtkWindow *window;    /* while presented */
    DkPipeline *pipeline; /* the window's, while presented */
    char *id;             /* while presented */
    gulong handlers[12];
    gboolean dragging;
    double offset;        /* points the drag moved it down from its detent */
    char *detent;
    DkChoices question;   /* the answers offered, while it asks */
    GtkWidget *question_widget; /* the owner's child, while it asks */
    DkChoices question_shown;   /* the answers question_widget offers */
    GtkWidget *question_spare;  /* an answered question's widget, hidden, kept for the next ... */
    DkChoices question_spare_offers; /* ... when it offers these answers */
    guint sync_idle;            /* the owner's widgets are still to follow a change */
    GtkWidget *cover;           /* the window's idle question, the owner's child, while it shows it */
    GtkWidget *arrow;           /* the owner's child drawn with the frame (a popover's arrow), or NULL */
} DkPresentation;

/* Makes the owner's frame, hidden, with the given CSS class; dk_presentation_of(owner) finds it. */
void dk_presentation_init(DkPresentation *presentation, GtkWidget *owner, const DkPresentationEvents *events,
                          const char *frame_class);

/* The presentation a component's widget holds, or NULL for any other widget. */
DkPresentation *dk_presentation_of(GtkWidget *owner);

/* Each returns whether it changed (the owner notifies its property). */
gboolean dk_presentation_set_content(DkPresentation *presentation, GtkWidget *content);
gboolean dk_presentation_set_child(DkPresentation *presentation, GtkWidget *child);
/* A presented one tells its pipeline at once. */
gboolean dk_presentation_set_unsaved(DkPresentation *presentation, gboolean unsaved);

/* Where the pipeline has it, in the owner's points: FALSE when it is not presented. The components
 * draw from it, so what a person sees is what a touch finds. */
gboolean dk_presentation_layout(DkPresentation *presentation, dk_layout *layout);

/* Presents it in the owner's window's pipeline under a free id from name, at detent, with its
 * unsaved work. */
gboolean dk_presentation_present(DkPresentation *presentation, const char *name, DkScenePresentation *description,
                                 const char *detent, GError **error);

/* Tells the pipeline where the (popover) presentation is now. */
gboolean dk_presentation_move(DkPresentation *presentation, const DkSceneGeometry *geometry);

gboolean dk_presentation_dismiss(DkPresentation *presentation, GError **error);
gboolean dk_presentation_answer(DkPresentation *presentation, DkChoice choice, GError **error);
/* Its own Cancel or Done button was pressed. */
gboolean dk_presentation_button(DkPresentation *presentation, DkButtonRole role, GError **error);
gboolean dk_presentation_report_content_offset(DkPresentation *presentation, double offset);

/* The owner's size: its page's. */
void dk_presentation_measure(DkPresentation *presentation, GtkOrientation orientation, int for_size, int *minimum,
                             int *natural, int *minimum_baseline, int *natural_baseline);

/* Lays out the page over the owner, the frame (while shown) at frame, and the question, if it
 * asks, and the idle question, if it shows: an action sheet at the bottom of the owner, above
 * the on-screen keyboard while the pipeline has one, at most 560 points wide; a presented one's
 * window sends its size if it changed. */
void dk_presentation_allocate(DkPresentation *presentation, int width, int height, const graphene_rect_t *frame);

/* Draws the page and, while presented, the page dimmed by dim (0 to 1), the frame (and its
 * arrow) moved down by shift points from where it is laid out, the question over all dimmed, if it asks, and the
 * idle question over that, dimmed again, if it shows. */
void dk_presentation_snapshot(DkPresentation *presentation, GtkSnapshot *snapshot, double dim, double shift);

/* Gives the owner the window's idle question to draw over everything it draws, while it is
 * visible, laid out as the question is (NULL: none; the one before is unparented). */
void dk_presentation_set_cover(DkPresentation *presentation, GtkWidget *cover);

/* Takes it away without asking. */
void dk_presentation_remove(DkPresentation *presentation);

/* Takes it away, and frees and unparents what it holds; the owner is being disposed. */
void dk_presentation_clear(DkPresentation *presentation);

G_END_DECLS
