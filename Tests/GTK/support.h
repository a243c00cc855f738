/* What the windows Tests/GTK's drivers drive (components.c, layout.c, keyboard.c, idle.c) have in
 * common: an undecorated window of a given size on Broadway, the lifts and mouse moves it has
 * seen, and the loop that reads commands on stdin, one a line, and answers each with one JSON line
 * of state on stdout once GTK has laid out and drawn what the command changed. */
#pragma once

#include <dismisskit-gtk/dismisskit-gtk.h>

typedef struct TestWindow TestWindow;

/* A program's window: the program's own state is a struct that begins with it. */
struct TestWindow {
    const char *name;  /* the program's, in its messages */
    int width, height; /* the window's size in points */
    /* Runs one command, given as its words; FALSE when it is none the program knows. Every
     * program knows "state", which runs nothing. */
    gboolean (*run)(TestWindow *test, char **words, GError **error);
    /* Appends the state, one JSON object, to out. */
    void (*write_state)(TestWindow *test, GString *out);
    GtkWidget *window;
    int lifts; /* touches and mouse buttons lifted in the window: the driver's mark that GTK is caught up */
    double hover_x, hover_y; /* where the mouse last moved: the driver presses once GTK has it there */
};

/* An enum value's nick ("swipe-from-top"), or "?". */
const char *nick(GType type, int value);

/* Makes test->window in the application: undecorated, width x height at first. */
void test_window_new(TestWindow *test, GtkApplication *application);

/* Counts the window's lifts, follows the mouse over it, and reads commands from stdin. */
void test_window_watch(TestWindow *test);

/* GTK fits a new window to its monitor, which on Broadway is 1024 x 768 until the page gives
 * its size: the window is shown once its monitor holds width x height. */
void test_window_present_when_it_fits(TestWindow *test);

/* Runs the program's GtkApplication, its activate given test; returns the exit status. */
int test_window_run(TestWindow *test, void (*activate)(GtkApplication *application, gpointer test), char *program);
