/*
 * Replays every golden gesture recording (Recordings/gesture-*.evemu with its .scene.json)
 * through the C library and checks the intents are exactly what `gesturectl replay REC
 * --scene SCENE` prints.
 *
 * The touch events come from `gesturectl replay REC --scene SCENE --touch-events --exact`
 * (positions with every digit, so the library gets the doubles the pipeline gets inside
 * gesturectl). The scene file is given whole to dk_pipeline_new (which ignores its
 * timeline); the timeline's commands are applied here as Replay.intents applies them: each
 * before the touch events of the first frame at or after its time (the touch events of one
 * kernel frame share its time), the rest after the last frame, each at its own time.
 *
 * Each replay is also recorded with dk_pipeline_record: `gesturectl replay SESSION` must give
 * exactly the intents the library handed out, and the file cut in half a prefix of them.
 *
 * Usage: replay_goldens GESTURECTL RECORDINGS_DIR [--rounded]
 *   --rounded  feed the positions rounded to 0.001 (plain --touch-events) instead, to see
 *              what rounding would change; the run then reports the recordings that differ.
 */
#define _POSIX_C_SOURCE 200809L
#include <dismisskit.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A minimal JSON scanner, enough to find object members in the test's own inputs. */

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* The end of the JSON value that starts at p (after any space), or NULL when it is cut short. */
static const char *value_end(const char *p) {
    p = skip_space(p);
    if (*p == '"') {
        for (p++; *p != '"'; p++) {
            if (*p == '\0') return NULL;
            if (*p == '\\' && *++p == '\0') return NULL;
        }
        return p + 1;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        do {
            if (*p == '\0') return NULL;
            if (*p == '"') {
                if ((p = value_end(p)) == NULL) return NULL;
                continue;
            }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') depth--;
            p++;
        } while (depth > 0);
        return p;
    }
    const char *start = p; /* a number, true, false or null */
    while (*p != '\0' && strchr(",}] \t\r\n", *p) == NULL) p++;
    return p > start ? p : NULL;
}

/* The start of the value of member `key` of the object at p, or NULL. */
static const char *member(const char *p, const char *key) {
    p = skip_space(p);
    if (*p != '{') return NULL;
    p = skip_space(p + 1);
    size_t length = strlen(key);
    while (*p == '"') {
        const char *key_end = value_end(p);
        if (key_end == NULL) return NULL;
        int match = (size_t)(key_end - p - 2) == length && strncmp(p + 1, key, length) == 0;
        p = skip_space(key_end);
        if (*p != ':') return NULL;
        p = skip_space(p + 1);
        if (match) return p;
        if ((p = value_end(p)) == NULL) return NULL;
        p = skip_space(p);
        if (*p == ',') p = skip_space(p + 1);
    }
    return NULL;
}

/* Growing lists of lines. */

typedef struct {
    char **items;
    size_t count, capacity;
} lines;

static void lines_add(lines *list, char *line) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 64;
        list->items = realloc(list->items, list->capacity * sizeof *list->items);
        if (list->items == NULL) { perror("realloc"); exit(2); }
    }
    list->items[list->count++] = line;
}

static void lines_free(lines *list) {
    for (size_t i = 0; i < list->count; i++) free(list->items[i]);
    free(list->items);
    *list = (lines){0};
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { perror(path); return NULL; }
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t n;
    while (text != NULL && (n = fread(text + size, 1, capacity - size - 1, file)) > 0) {
        size += n;
        if (capacity - size - 1 == 0) text = realloc(text, capacity *= 2);
    }
    fclose(file);
    if (text == NULL) { perror("malloc"); exit(2); }
    text[size] = '\0';
    return text;
}

/* path in single quotes for the shell. */
static char *quoted(const char *path) {
    char *out = malloc(strlen(path) * 4 + 3), *q = out;
    if (out == NULL) { perror("malloc"); exit(2); }
    *q++ = '\'';
    for (const char *p = path; *p; p++) {
        if (*p == '\'') { memcpy(q, "'\\''", 4); q += 4; } else *q++ = *p;
    }
    *q++ = '\'';
    *q = '\0';
    return out;
}

/* The lines a command prints on standard output; its exit status in *status. */
static void run(const char *command, lines *output, int *status) {
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) { perror("popen"); exit(2); }
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, pipe)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[length - 1] = '\0';
        lines_add(output, strdup(line));
    }
    free(line);
    int raw = pclose(pipe);
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
}

typedef struct {
    long long time;
    char *command;
} timed_command;

static void drain(dk_pipeline *pipeline, lines *intents) {
    char *intent;
    while ((intent = dk_pipeline_next_intent(pipeline)) != NULL) {
        lines_add(intents, strdup(intent));
        dk_string_free(intent);
    }
}

/* 0 when `gesturectl replay SESSION` gives the intents the library handed out, and the session
 * cut in the middle of its bytes replays to a prefix of them. */
static int check_session(const char *gesturectl, const char *name, const char *session, const lines *handed_out) {
    char *text = read_file(session);
    if (text == NULL) return 1;
    char cut[] = "/tmp/replay_goldens-cut-XXXXXX";
    int cut_fd = mkstemp(cut);
    if (cut_fd < 0) { perror("mkstemp"); exit(2); }
    size_t half = strlen(text) / 2;
    if (write(cut_fd, text, half) != (ssize_t)half) { perror("write"); exit(2); }
    close(cut_fd);
    free(text);

    int failed = 0;
    const char *files[] = {session, cut};
    for (int f = 0; f < 2 && !failed; f++) {
        char *q_tool = quoted(gesturectl), *q_file = quoted(files[f]);
        size_t size = strlen(q_tool) + strlen(q_file) + 16;
        char *command = malloc(size);
        snprintf(command, size, "%s replay %s", q_tool, q_file);
        lines replayed = {0};
        int status;
        run(command, &replayed, &status);
        if (status != 0) {
            fprintf(stderr, "FAIL %s: '%s' exited %d\n", name, command, status);
            failed = 1;
        } else if (f == 0 ? replayed.count != handed_out->count : replayed.count > handed_out->count) {
            fprintf(stderr, "FAIL %s: the %s session replays to %zu intents, the library handed out %zu\n", name,
                    f == 0 ? "whole" : "cut", replayed.count, handed_out->count);
            failed = 1;
        }
        for (size_t i = 0; !failed && i < replayed.count; i++) {
            if (strcmp(replayed.items[i], handed_out->items[i]) != 0) {
                fprintf(stderr, "FAIL %s: intent %zu of the %s session differs\n  replayed:    %s\n  handed out:  %s\n",
                        name, i + 1, f == 0 ? "whole" : "cut", replayed.items[i], handed_out->items[i]);
                failed = 1;
            }
        }
        lines_free(&replayed);
        free(command);
        free(q_file);
        free(q_tool);
    }
    unlink(cut);
    return failed;
}

/* Replays one recording; 0 when the library gives gesturectl's intents. */
static int check(const char *gesturectl, const char *scene_path, int rounded, size_t *compared) {
    const char *name = strrchr(scene_path, '/') ? strrchr(scene_path, '/') + 1 : scene_path;
    size_t stem = strlen(scene_path) - strlen(".scene.json");
    char *recording = malloc(stem + sizeof ".evemu");
    memcpy(recording, scene_path, stem);
    strcpy(recording + stem, ".evemu");
    char *scene_text = read_file(scene_path);
    if (scene_text == NULL) return 1;
    int failed = 0;

    /* The timeline. */
    timed_command *timeline = NULL;
    size_t timeline_count = 0;
    const char *entries = member(scene_text, "timeline");
    if (entries != NULL && *entries == '[') {
        const char *p = skip_space(entries + 1);
        while (*p == '{') {
            const char *time = member(p, "time"), *command = member(p, "command");
            const char *command_end = command ? value_end(command) : NULL;
            if (time == NULL || command_end == NULL) {
                fprintf(stderr, "FAIL %s: cannot read timeline entry %zu\n", name, timeline_count);
                return 1;
            }
            timeline = realloc(timeline, (timeline_count + 1) * sizeof *timeline);
            timeline[timeline_count].time = strtoll(time, NULL, 10);
            timeline[timeline_count].command = strndup(command, (size_t)(command_end - command));
            timeline_count++;
            p = skip_space(value_end(p));
            if (*p == ',') p = skip_space(p + 1);
        }
    }

    char *error = NULL;
    dk_pipeline *pipeline = dk_pipeline_new(scene_text, &error);
    if (pipeline == NULL) {
        fprintf(stderr, "FAIL %s: dk_pipeline_new: %s\n", name, error);
        dk_string_free(error);
        return 1;
    }

    char session[] = "/tmp/replay_goldens-session-XXXXXX";
    int session_fd = mkstemp(session);
    if (session_fd < 0) { perror("mkstemp"); exit(2); }
    close(session_fd);
    if (dk_pipeline_record(pipeline, session, &error) != 0) {
        fprintf(stderr, "FAIL %s: dk_pipeline_record: %s\n", name, error);
        dk_string_free(error);
        failed = 1;
    }

    char *q_recording = quoted(recording), *q_scene = quoted(scene_path), *q_tool = quoted(gesturectl);
    size_t command_size = strlen(q_tool) + strlen(q_recording) + strlen(q_scene) + 64;
    char *command = malloc(command_size);
    snprintf(command, command_size, "%s replay %s --scene %s --touch-events%s", q_tool, q_recording, q_scene,
             rounded ? "" : " --exact");
    lines touches = {0}, actual = {0}, expected = {0};
    int status;
    run(command, &touches, &status);
    if (status != 0 || touches.count == 0) {
        fprintf(stderr, "FAIL %s: '%s' exited %d with %zu lines\n", name, command, status, touches.count);
        failed = 1;
    }

    size_t next = 0;
    for (size_t i = 0; i < touches.count && !failed; i++) {
        const char *line = touches.items[i];
        const char *type = member(line, "type"), *time_value = member(line, "time");
        if (type == NULL || time_value == NULL) {
            fprintf(stderr, "FAIL %s: touch event %zu has no type or time: %s\n", name, i + 1, line);
            failed = 1;
            break;
        }
        long long time = strtoll(time_value, NULL, 10);
        static const char *const names[] = {"\"down\"", "\"motion\"", "\"up\"", "\"cancel\"", "\"frame\""};
        int kind = -1;
        for (int k = 0; k < 5; k++) {
            if (strncmp(type, names[k], strlen(names[k])) == 0) kind = k;
        }
        const char *seat = member(line, "seatSlot"), *x = member(line, "x"), *y = member(line, "y");
        if (kind < 0 || (kind != DK_TOUCH_FRAME && seat == NULL)
            || ((kind == DK_TOUCH_DOWN || kind == DK_TOUCH_MOTION) && (x == NULL || y == NULL))) {
            fprintf(stderr, "FAIL %s: cannot read touch event %zu: %s\n", name, i + 1, line);
            failed = 1;
            break;
        }
        while (next < timeline_count && timeline[next].time <= time) {
            if (dk_pipeline_command(pipeline, timeline[next].command, timeline[next].time, &error) != 0) {
                fprintf(stderr, "FAIL %s: timeline command at %lld: %s\n", name, timeline[next].time, error);
                dk_string_free(error);
                failed = 1;
            }
            next++;
            drain(pipeline, &actual);
        }
        dk_pipeline_touch(pipeline, (dk_touch_type)kind, seat ? (int32_t)strtol(seat, NULL, 10) : -1,
                          x ? strtod(x, NULL) : 0, y ? strtod(y, NULL) : 0, time);
        drain(pipeline, &actual);
    }
    for (; next < timeline_count && !failed; next++) {
        if (dk_pipeline_command(pipeline, timeline[next].command, timeline[next].time, &error) != 0) {
            fprintf(stderr, "FAIL %s: timeline command at %lld: %s\n", name, timeline[next].time, error);
            dk_string_free(error);
            failed = 1;
        }
        drain(pipeline, &actual);
    }
    dk_pipeline_free(pipeline);

    snprintf(command, command_size, "%s replay %s --scene %s", q_tool, q_recording, q_scene);
    run(command, &expected, &status);
    if (!failed && status != 0) {
        fprintf(stderr, "FAIL %s: '%s' exited %d\n", name, command, status);
        failed = 1;
    }
    for (size_t i = 0; !failed && i < expected.count && i < actual.count; i++) {
        if (strcmp(expected.items[i], actual.items[i]) != 0) {
            fprintf(stderr, "FAIL %s: intent %zu differs\n  gesturectl: %s\n  C library:  %s\n", name, i + 1,
                    expected.items[i], actual.items[i]);
            failed = 1;
        }
    }
    if (!failed && expected.count != actual.count) {
        fprintf(stderr, "FAIL %s: gesturectl printed %zu intents, the C library gave %zu\n", name, expected.count,
                actual.count);
        failed = 1;
    }
    if (!failed) *compared += expected.count;
    if (!failed) failed = check_session(gesturectl, name, session, &actual);
    unlink(session);

    for (size_t i = 0; i < timeline_count; i++) free(timeline[i].command);
    free(timeline);
    lines_free(&touches);
    lines_free(&actual);
    lines_free(&expected);
    free(command);
    free(q_recording);
    free(q_scene);
    free(q_tool);
    free(scene_text);
    free(recording);
    return failed;
}

int main(int argc, char **argv) {
    int rounded = argc == 4 && strcmp(argv[3], "--rounded") == 0;
    if (argc != 3 && !rounded) {
        fprintf(stderr, "Usage: %s GESTURECTL RECORDINGS_DIR [--rounded]\n", argv[0]);
        return 64;
    }
    size_t pattern_size = strlen(argv[2]) + sizeof "/gesture-*.scene.json";
    char *pattern = malloc(pattern_size);
    snprintf(pattern, pattern_size, "%s/gesture-*.scene.json", argv[2]);
    glob_t found;
    if (glob(pattern, 0, NULL, &found) != 0 || found.gl_pathc == 0) {
        fprintf(stderr, "FAIL: no recordings match %s\n", pattern);
        return 1;
    }
    size_t failures = 0, compared = 0;
    for (size_t i = 0; i < found.gl_pathc; i++) failures += (size_t)check(argv[1], found.gl_pathv[i], rounded, &compared);
    printf("C library: %zu/%zu golden gesture recordings give gesturectl's intents (%zu intents compared)%s\n",
           found.gl_pathc - failures, found.gl_pathc, compared, rounded ? ", positions rounded to 0.001" : "");
    globfree(&found);
    free(pattern);
    return failures == 0 ? 0 : 1;
}
