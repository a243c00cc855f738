/* The question a presentation with unsaved work asks before it closes: an action sheet of
 * touch-sized, labelled answers. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-enums.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The answers' height, in points: touch-sized, above 44 (the action sheet's own). */
#define DK_QUESTION_ANSWER_HEIGHT 56

typedef void (*DkQuestionAnswered)(DkChoice choice, gpointer data);

/* An action sheet offering options (Discard Changes, Save, and Keep Editing apart), calling
 * answered with the one pressed. */
GtkWidget *dk_question_new(const char *title, DkChoices options, DkQuestionAnswered answered, gpointer data);

G_END_DECLS
