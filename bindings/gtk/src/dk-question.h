/* The questions the components ask: the one a presentation with unsaved work asks before it
 * closes, an action sheet of touch-sized, labelled answers; and the idle warning's "Are you
 * still there?" with its countdown and Continue. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-enums.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The answers' height, in points: touch-sized, above 44 (the action sheet's own). */
#define DK_QUESTION_ANSWER_HEIGHT 56

typedef void (*DkQuestionAnswered)(DkChoice choice, gpointer data);

/* An action sheet: title over the options in a panel of full-width rows (Discard Changes in the
 * destructive colour, Save), and Keep Editing in a panel of its own below; calls answered with
 * the one pressed. */
GtkWidget *dk_question_new(const char *title, DkChoices options, DkQuestionAnswered answered, gpointer data);

typedef void (*DkQuestionContinued)(gpointer data);

/* "Are you still there?", the seconds left until everything closes, and Continue, which calls
 * continued (so does any press on the question, as it lifts). */
GtkWidget *dk_question_idle_new(DkQuestionContinued continued, gpointer data);

/* The countdown: seconds left, 0 or more. */
void dk_question_idle_set_seconds(GtkWidget *question, int seconds);

G_END_DECLS
