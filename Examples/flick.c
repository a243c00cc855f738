/* Docs/embedding-c-python.md's C example: a finger flicks down a sheet; the library dismisses it.
 * cc flick.c $(pkg-config --cflags --libs dismisskit) -o flick && ./flick   (Tests/C/run does) */
#include <dismisskit.h>
#include <stdio.h>

int main(void) {
    char *error = NULL, *intent;
    dk_pipeline *p = dk_pipeline_new("{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\"}]}", &error);
    if (!p) { fprintf(stderr, "%s\n", error); dk_string_free(error); return 1; }
    for (int i = 0; i <= 13; i++) {  /* down at (300, 70), 12 moves of 12.5 pt at 120 Hz, up */
        dk_pipeline_touch(p, i == 0 ? DK_TOUCH_DOWN : i < 13 ? DK_TOUCH_MOTION : DK_TOUCH_UP, 0, 300, 70 + 12.5 * i, i * 8333);
        dk_pipeline_touch(p, DK_TOUCH_FRAME, 0, 0, 0, i * 8333);
    }
    while ((intent = dk_pipeline_next_intent(p))) { puts(intent); dk_string_free(intent); }
    dk_pipeline_free(p);
    return 0;
}
