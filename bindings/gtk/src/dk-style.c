/* The components' style sheet. */
#include "dk-style.h"

static const char style_sheet[] =
    ".dk-sheet, .dk-popover { background: @theme_base_color; border: 1px solid alpha(black, 0.25); }\n"
    ".dk-sheet { border-radius: 12px 12px 0 0; border-bottom: none; }\n"
    ".dk-popover { border-radius: 12px; box-shadow: 0 4px 16px alpha(black, 0.3); }\n"
    /* The popover's arrow, a square turned 45 degrees: its outer sides drawn, its inner half over
     * the frame's edge. */
    ".dk-popover-arrow { background: @theme_base_color; border: 0 solid alpha(black, 0.25); }\n"
    ".dk-popover-arrow.dk-popover-arrow-up { border-top-width: 1px; border-left-width: 1px; }\n"
    ".dk-popover-arrow.dk-popover-arrow-down { border-bottom-width: 1px; border-right-width: 1px; }\n"
    ".dk-sheet-header { font-weight: bold; font-size: 17px; }\n"
    ".dk-sheet-header-bar { padding: 0 8px; }\n"
    "button.dk-sheet-header-button { background: none; border: none; box-shadow: none; padding: 0 8px;"
    " font-size: 17px; color: #0a5fc2; }\n"
    "button.dk-sheet-header-button:active { opacity: 0.4; }\n"
    "button.dk-sheet-done { font-weight: 600; }\n"
    ".dk-grabber { background: alpha(@theme_fg_color, 0.35); border-radius: 3px; }\n"
    ".dk-question { padding: 8px; }\n"
    ".dk-question > box { background: @theme_base_color; border-radius: 14px; }\n"
    ".dk-question > button { border-radius: 14px; }\n"
    ".dk-question button { font-size: 1.15em; }\n"
    ".dk-question-prompt { font-size: 15px; color: #505055; padding: 14px 16px; }\n"
    "button.dk-question-row { background: none; border: none; box-shadow: none; border-radius: 0;"
    " border-top: 1px solid alpha(black, 0.12); font-size: 20px; color: #0a5fc2; }\n"
    "button.dk-question-row:active { background: alpha(black, 0.1); }\n"
    "button.dk-question-row.dk-question-destructive { color: #c8102e; }\n"
    ".dk-question-group > button.dk-question-row:first-child { border-top: none; }\n"
    "button.dk-question-row.dk-question-cancel { font-weight: 600; }\n"
    ".dk-idle-title { font-weight: bold; font-size: 1.3em; }\n"
    ".dk-idle-countdown { font-size: 1.15em; font-feature-settings: \"tnum\"; }\n";

void dk_style_ensure(GtkWidget *widget) {
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (g_object_get_data(G_OBJECT(display), "dk-style")) return;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, style_sheet, -1);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_SETTINGS + 1);
    g_object_set_data_full(G_OBJECT(display), "dk-style", provider, g_object_unref);
}

void dk_style_dim(GtkSnapshot *snapshot, double width, double height, double fraction) {
    if (fraction <= 0) return;
    const GdkRGBA shade = {0, 0, 0, (float)(0.4 * MIN(fraction, 1.0))};
    gtk_snapshot_append_color(snapshot, &shade, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
}
