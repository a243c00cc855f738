/* The C library as a host calls it: every touch event given with dk_pipeline_touch, and after
 * each frame every intent read with dk_pipeline_next_typed_intent (as the Qt integration reads
 * them, once a touch event's points and its frame are given), each question answered
 * `keepEditing` with dk_pipeline_confirm, as the bench's core figure answers it.
 *
 * Usage: c-api SCENE EVENTS RUNS. SCENE is a scene file; EVENTS holds the touch events, 32 bytes
 * each in the machine's byte order: the dk_touch_type (int32), the seat slot (int32), x and y
 * in points (doubles) and the time in µs (int64). Each run feeds them all to a new pipeline.
 * Prints the best run's CPU time per event in ns, then the intents a run read. */
#include <dismisskit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct touch {
    int32_t type;
    int32_t seat_slot;
    double x;
    double y;
    int64_t time_us;
};

static double cpu_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec * 1e-9;
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc(length + 1);
    if (!bytes || fread(bytes, 1, length, file) != (size_t)length) {
        fclose(file);
        free(bytes);
        return NULL;
    }
    fclose(file);
    bytes[length] = 0;
    *size = length;
    return bytes;
}

/* Feeds every event to a new pipeline on the scene; returns the intents read, or -1. */
static long feed(const char *scene, const struct touch *touches, size_t count) {
    char *error = NULL;
    dk_pipeline *pipeline = dk_pipeline_new(scene, &error);
    if (!pipeline) {
        fprintf(stderr, "scene: %s\n", error);
        dk_string_free(error);
        return -1;
    }
    long intents = 0;
    dk_intent intent;
    for (size_t index = 0; index < count; index++) {
        const struct touch *touch = &touches[index];
        dk_pipeline_touch(pipeline, (dk_touch_type)touch->type, touch->seat_slot, touch->x, touch->y, touch->time_us);
        if (touch->type != DK_TOUCH_FRAME) continue;
        while (dk_pipeline_next_typed_intent(pipeline, &intent) == 1) {
            intents++;
            if (intent.type == DK_INTENT_CONFIRMATION_REQUESTED)
                dk_pipeline_confirm(pipeline, intent.presentation, DK_CHOICE_KEEP_EDITING, intent.time_us, NULL);
        }
    }
    dk_pipeline_free(pipeline);
    return intents;
}

int main(int argc, char **argv) {
    if (argc != 4) return 64;
    size_t scene_size, events_size;
    char *scene = read_file(argv[1], &scene_size);
    char *events = read_file(argv[2], &events_size);
    int runs = atoi(argv[3]);
    if (!scene || !events || events_size % sizeof(struct touch) != 0 || runs < 1) return 66;
    size_t count = events_size / sizeof(struct touch);
    double best = 0;
    long intents = 0;
    for (int run = 0; run < runs; run++) {
        double start = cpu_seconds();
        intents = feed(scene, (const struct touch *)events, count);
        double seconds = cpu_seconds() - start;
        if (intents < 0) return 65;
        if (run == 0 || seconds < best) best = seconds;
    }
    printf("%.3f %ld\n", best / count * 1e9, intents);
    free(scene);
    free(events);
    return 0;
}
