/* The questions' widgets: the unsaved-content question's action sheet, a grouped panel of
 * full-width rows under its prompt (a destructive Discard Changes, Save) and Keep Editing set
 * apart in a group of its own below, as the platform's guidelines lay out an unsaved-content
 * confirmation; and the idle warning's question, laid out the same way. */
#include "dk-question.h"

#include "dk-i18n.h"

typedef struct {
    DkQuestionAnswered answered;
    gpointer data;
} Answering;

static void on_clicked(GtkButton *button, gpointer data) {
    const Answering *answering = data;
    answering->answered((DkChoice)GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "dk-choice")), answering->data);
}

/* One full-width row of a group: a labelled answer, touch-sized. */
static void answer(GtkWidget *group, const Answering *answering, DkChoice choice, const char *label, const char *style) {
    GtkWidget *button = gtk_button_new_with_label(label);
    gtk_widget_set_size_request(button, -1, DK_QUESTION_ANSWER_HEIGHT);
    gtk_widget_add_css_class(button, "dk-question-row");
    if (style) gtk_widget_add_css_class(button, style);
    g_object_set_data(G_OBJECT(button), "dk-choice", GINT_TO_POINTER(choice));
    g_signal_connect(button, "clicked", G_CALLBACK(on_clicked), (gpointer)answering);
    gtk_box_append(GTK_BOX(group), button);
}

static GtkWidget *group_new(GtkWidget *question) {
    GtkWidget *group = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(group, "dk-question-group");
    gtk_widget_set_overflow(group, GTK_OVERFLOW_HIDDEN); /* the rows' pressed shade keeps to its corners */
    gtk_box_append(GTK_BOX(question), group);
    return group;
}

GtkWidget *dk_question_new(const char *title, DkChoices options, DkQuestionAnswered answered, gpointer data) {
    GtkWidget *question = g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 8,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT_DIALOG, NULL);
    gtk_widget_add_css_class(question, "dk-question");
    gtk_accessible_update_property(GTK_ACCESSIBLE(question), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
    Answering *answering = g_new(Answering, 1);
    *answering = (Answering){answered, data};
    g_object_set_data_full(G_OBJECT(question), "dk-answering", answering, g_free);
    GtkWidget *choices = group_new(question);
    GtkWidget *prompt = gtk_label_new(title);
    gtk_label_set_wrap(GTK_LABEL(prompt), TRUE);
    gtk_label_set_justify(GTK_LABEL(prompt), GTK_JUSTIFY_CENTER);
    gtk_widget_add_css_class(prompt, "dk-question-prompt");
    gtk_box_append(GTK_BOX(choices), prompt);
    if (options & DK_GTK_CHOICES_DISCARD)
        /* TRANSLATORS: the unsaved-content question's destructive answer: close, losing the edits. */
        answer(choices, answering, DK_GTK_CHOICE_DISCARD, _("Discard Changes"), "dk-question-destructive");
    /* TRANSLATORS: the unsaved-content question's answer that saves, then closes. */
    if (options & DK_GTK_CHOICES_SAVE) answer(choices, answering, DK_GTK_CHOICE_SAVE, _("Save"), NULL);
    if (options & DK_GTK_CHOICES_KEEP_EDITING)
        /* TRANSLATORS: the unsaved-content question's answer that keeps the sheet open. */
        answer(group_new(question), answering, DK_GTK_CHOICE_KEEP_EDITING, _("Keep Editing"), "dk-question-cancel");
    return question;
}

typedef struct {
    DkQuestionContinued continued;
    gpointer data;
} Continuing;

static void on_continue_clicked(GtkButton *button, gpointer data) {
    (void)button;
    const Continuing *continuing = data;
    continuing->continued(continuing->data);
}

/* A press anywhere on the question is someone there, once it lifts: the question then closes,
 * and a widget hidden while a finger is down on it would keep GTK's pressed state. */
static void on_released(GtkGestureClick *gesture, int presses, double x, double y, gpointer data) {
    (void)gesture;
    (void)presses;
    (void)x;
    (void)y;
    const Continuing *continuing = data;
    continuing->continued(continuing->data);
}

GtkWidget *dk_question_idle_new(DkQuestionContinued continued, gpointer data) {
    /* TRANSLATORS: the idle warning's title: a kiosk left alone is about to start over. */
    const char *title = _("Are you still there?");
    GtkWidget *question = g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", 8,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT_DIALOG, NULL);
    gtk_widget_add_css_class(question, "dk-question");
    gtk_widget_add_css_class(question, "dk-idle-question");
    gtk_accessible_update_property(GTK_ACCESSIBLE(question), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
    Continuing *continuing = g_new(Continuing, 1);
    *continuing = (Continuing){continued, data};
    g_object_set_data_full(G_OBJECT(question), "dk-continuing", continuing, g_free);
    GtkWidget *text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    gtk_box_append(GTK_BOX(question), text);
    GtkWidget *heading = gtk_label_new(title);
    gtk_label_set_wrap(GTK_LABEL(heading), TRUE);
    gtk_widget_add_css_class(heading, "dk-idle-title");
    gtk_widget_set_margin_top(heading, 16);
    gtk_box_append(GTK_BOX(text), heading);
    GtkWidget *countdown = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(countdown), TRUE);
    gtk_widget_add_css_class(countdown, "dk-idle-countdown");
    gtk_widget_set_margin_bottom(countdown, 16);
    gtk_box_append(GTK_BOX(text), countdown);
    g_object_set_data(G_OBJECT(question), "dk-countdown", countdown);
    /* TRANSLATORS: the idle warning's button: someone is there, keep what is open. */
    const char *continue_label = _("Continue");
    GtkWidget *button = gtk_button_new_with_label(continue_label);
    gtk_widget_set_size_request(button, -1, DK_QUESTION_ANSWER_HEIGHT);
    gtk_widget_add_css_class(button, "suggested-action");
    g_signal_connect(button, "clicked", G_CALLBACK(on_continue_clicked), continuing);
    gtk_box_append(GTK_BOX(question), button);
    GtkGesture *press = gtk_gesture_click_new();
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(press), GTK_PHASE_CAPTURE);
    g_signal_connect(press, "released", G_CALLBACK(on_released), continuing);
    gtk_widget_add_controller(question, GTK_EVENT_CONTROLLER(press));
    dk_question_idle_set_seconds(question, 0);
    return question;
}

void dk_question_idle_set_seconds(GtkWidget *question, int seconds) {
    /* TRANSLATORS: the idle warning's countdown; %d is the whole seconds left (ASCII digits). */
    const char *format =
        g_dngettext(dk_i18n_domain(), "Starting over in %d second.", "Starting over in %d seconds.", seconds);
    g_autofree char *text = g_strdup_printf(format, seconds);
    gtk_label_set_text(GTK_LABEL(g_object_get_data(G_OBJECT(question), "dk-countdown")), text);
}
