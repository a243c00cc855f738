/*
 * Replays every golden gesture recording (Recordings/gesture-*.evemu with its .scene.json)
 * through the C library and checks the intents are exactly what `gesturectl replay REC
 * --scene SCENE` prints; that a pipeline with dk_pipeline_explain on gives exactly what
 * `gesturectl replay --explain` prints; and that a third, explaining too and read with
 * dk_pipeline_next_typed_intent, gives the same entries as fields.
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
#include <math.h>
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

/* Whether the JSON string at p (its opening quote) holds exactly text. */
static int json_string_is(const char *p, const char *text) {
    if (p == NULL || text == NULL || *p != '"') return 0;
    for (p++; *p != '"'; p++, text++) {
        char c = *p;
        if (c == '\0') return 0;
        if (c == '\\') {
            static const char escapes[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
            const char *escape = strchr(escapes, *++p);
            if (*p == '\0' || escape == NULL || (escape - escapes) % 2 != 0) return 0;
            c = escape[1];
        }
        if (*text != c) return 0;
    }
    return *text == '\0';
}

/* Whether the JSON number at p is value, as the JSON form rounds it (to 0.001). */
static int json_number_is(const char *p, double value) {
    char *end;
    if (p == NULL) return 0;
    double number = strtod(p, &end);
    return end != p && fabs(number - value) <= 0.0005 + 1e-9 * fabs(value);
}

/* How many members the JSON object at p has. */
static int member_count(const char *p) {
    int count = 0;
    p = skip_space(p);
    if (*p != '{') return -1;
    for (p = skip_space(p + 1); *p == '"'; count++) {
        p = value_end(p);
        if (p == NULL || *(p = skip_space(p)) != ':') return -1;
        if ((p = value_end(p + 1)) == NULL) return -1;
        p = skip_space(p);
        if (*p == ',') p = skip_space(p + 1);
    }
    return count;
}

/* Whether `name` is names[value] (a NULL name with value 0: a field the type does not have). */
static int enum_is(const char *name, int value, const char *const *names, int count) {
    if (name == NULL) return value == 0;
    return value >= 0 && value < count && strcmp(names[value], name) == 0;
}

/* Whether the typed intent's enum fields say what its names say, in dismisskit.h's orders. */
static int enums_agree(const dk_intent *intent, const char **why) {
    static const char *const origins[] = {"topRegion", "scrolledContent", "grabber"};
    static const char *const outcomes[] = {"dismissAttempt", "settle", "cancel"};
    static const char *const detents[] = {"medium", "large", "custom"};
    static const char *const causes[] = {"grabberTap", "grabberDrag", "swipe", "scrollExpand", "accessibility", "keyboard"};
    static const char *const hidings[] = {"drag", "question", "escapeKey"};
    static const char *const sources[] = {"swipeFromTop", "swipeScrolledContent", "grabberDrag", "tapOutside", "escapeKey",
                                          "cancelButton", "doneButton", "accessibilityEscape", "programmatic", "idle"};
    static const char *const resolutions[] = {"direct", "discarded", "saved", "autosaved"};
    static const char *const choices[] = {"discard", "save", "keepEditing"};
#define AGREES(field, number, names) (*why = #number, enum_is(intent->field, (int)intent->number, names, sizeof names / sizeof names[0]))
    if (!AGREES(origin, drag_origin, origins) || !AGREES(outcome, drag_outcome, outcomes) ||
        !AGREES(detent, detent_kind, detents) || !AGREES(cause, detent_cause, causes) ||
        !AGREES(source, dismissal_source, sources) || !AGREES(resolution, dismiss_resolution, resolutions)) {
        return 0;
    }
    /* A rejection's reason is words; hideKeyboard's is its reason's name. */
    if (intent->type == DK_INTENT_HIDE_KEYBOARD ? !AGREES(reason, keyboard_hiding_reason, hidings)
                                                : (*why = "keyboard_hiding_reason", intent->keyboard_hiding_reason != 0)) {
        return 0;
    }
    for (int i = 0; i < DK_CONFIRMATION_OPTIONS_MAX; i++) {
        if (!AGREES(options[i], choices[i], choices)) return 0;
    }
#undef AGREES
    return 1;
}

/* Whether the typed intent has exactly the fields of the JSON line (with dk_pipeline_explain's
 * "explain" object besides); the reason in *why when not. */
static int typed_is(const dk_intent *intent, const char *json, const char **why) {
    if (intent->type == DK_INTENT_DECISION) {
        *why = "json";
        if (intent->json == NULL || strcmp(intent->json, json) != 0) return 0;
        *why = "presentation";
        const char *presentation = member(json, "presentation");
        return presentation ? json_string_is(presentation, intent->presentation) : intent->presentation == NULL;
    }
    int fields = 2; /* type and time */
    char type[64];
    snprintf(type, sizeof type, "\"%s\"", dk_intent_type_name(intent->type) ? dk_intent_type_name(intent->type) : "?");
    *why = "type";
    if (!member(json, "type") || strncmp(member(json, "type"), type, strlen(type)) != 0) return 0;
    *why = "time";
    if (!member(json, "time") || strtoll(member(json, "time"), NULL, 10) != intent->time_us) return 0;
    *why = "json";
    if (intent->json != NULL) return 0;
    const struct { const char *key, *value; } strings[] = {
        {"presentation", intent->presentation}, {"origin", intent->origin}, {"outcome", intent->outcome},
        {"cause", intent->cause}, {"source", intent->source}, {"resolution", intent->resolution},
        {"reason", intent->reason},
    };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        *why = strings[i].key;
        const char *value = member(json, strings[i].key);
        if ((value == NULL) != (strings[i].value == NULL)) return 0;
        if (value != NULL && !json_string_is(value, strings[i].value)) return 0;
        fields += value != NULL;
    }
    *why = "detent";
    const char *detent = member(json, "detent");
    if ((detent == NULL) != (intent->detent == NULL)) return 0;
    if (detent != NULL) {
        fields++;
        if (*detent == '"' ? !json_string_is(detent, intent->detent) || intent->detent_height != 0
                           : strcmp(intent->detent, "custom") != 0 || !json_number_is(detent, intent->detent_height)) {
            return 0;
        }
    }
    const struct { const char *key; double value; int has; } numbers[] = {
        {"offset", intent->offset, intent->type == DK_INTENT_DRAG_CHANGED || intent->type == DK_INTENT_CONTENT_SCROLLED},
        {"velocity", intent->velocity, intent->type == DK_INTENT_DRAG_CHANGED},
        {"x", intent->x, intent->type == DK_INTENT_PASSTHROUGH_TAP},
        {"y", intent->y, intent->type == DK_INTENT_PASSTHROUGH_TAP},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        *why = numbers[i].key;
        const char *value = member(json, numbers[i].key);
        if ((value != NULL) != numbers[i].has) return 0;
        if (value != NULL ? !json_number_is(value, numbers[i].value) : numbers[i].value != 0) return 0;
        fields += value != NULL;
    }
    const struct { const char *key; int64_t value; } times[] = {
        {"deadline", intent->deadline_us}, {"remaining", intent->remaining_us},
    };
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        *why = times[i].key;
        const char *value = member(json, times[i].key);
        if ((value != NULL) != (intent->type == DK_INTENT_IDLE_WARNING)) return 0;
        if (value != NULL ? strtoll(value, NULL, 10) != times[i].value : times[i].value != 0) return 0;
        fields += value != NULL;
    }
    *why = "options";
    const char *options = member(json, "options");
    if ((options != NULL) != (intent->type == DK_INTENT_CONFIRMATION_REQUESTED)) return 0;
    if (options != NULL) {
        fields++;
        const char *p = skip_space(options + 1);
        int count = 0;
        for (; *p == '"'; count++) {
            if (count >= intent->option_count || !json_string_is(p, intent->options[count])) return 0;
            p = skip_space(value_end(p));
            if (*p == ',') p = skip_space(p + 1);
        }
        if (count != intent->option_count) return 0;
    }
    for (int i = intent->option_count; i < DK_CONFIRMATION_OPTIONS_MAX; i++) {
        if (intent->options[i] != NULL) return 0;
    }
    if (!enums_agree(intent, why)) return 0;
    *why = "a field the typed form lacks";
    return member_count(json) == fields + (member(json, "explain") != NULL);
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

/* Reads the typed entries, each checked against the line of expected at its index while its
 * strings are valid: an empty line in checked for a match, else what differs. */
static void drain_typed(dk_pipeline *pipeline, const lines *expected, lines *checked) {
    dk_intent intent;
    while (dk_pipeline_next_typed_intent(pipeline, &intent) == 1) {
        size_t index = checked->count;
        const char *why = "an entry gesturectl does not print";
        char *result;
        if (index < expected->count && typed_is(&intent, expected->items[index], &why)) {
            result = strdup("");
        } else {
            size_t size = strlen(why) + 96;
            result = malloc(size);
            snprintf(result, size, "typed %s at %lld differs in %s", dk_intent_type_name(intent.type),
                     (long long)intent.time_us, why);
        }
        lines_add(checked, result);
    }
}

/* Replays one recording; 0 when the library gives gesturectl's intents. */
static int check(const char *gesturectl, const char *scene_path, int rounded, size_t *compared,
                 size_t *explained_compared) {
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
    dk_pipeline *explaining = dk_pipeline_new(scene_text, NULL), *typed = dk_pipeline_new(scene_text, NULL);
    dk_pipeline_explain(explaining, 1);
    dk_pipeline_explain(typed, 1);
    dk_pipeline *const pipelines[] = {pipeline, explaining, typed};

    char *q_recording = quoted(recording), *q_scene = quoted(scene_path), *q_tool = quoted(gesturectl);
    size_t command_size = strlen(q_tool) + strlen(q_recording) + strlen(q_scene) + 64;
    char *command = malloc(command_size);
    lines explained = {0}, explained_actual = {0}, typed_checked = {0};
    snprintf(command, command_size, "%s replay %s --scene %s --explain 2>/dev/null", q_tool, q_recording, q_scene);
    int explain_status;
    run(command, &explained, &explain_status);
    if (explain_status != 0) {
        fprintf(stderr, "FAIL %s: '%s' exited %d\n", name, command, explain_status);
        failed = 1;
    }
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
            for (int p = 0; p < 3; p++) {
                if (dk_pipeline_command(pipelines[p], timeline[next].command, timeline[next].time, &error) != 0) {
                    fprintf(stderr, "FAIL %s: timeline command at %lld: %s\n", name, timeline[next].time, error);
                    dk_string_free(error);
                    failed = 1;
                }
            }
            next++;
            drain(pipeline, &actual);
            drain(explaining, &explained_actual);
            drain_typed(typed, &explained, &typed_checked);
        }
        for (int p = 0; p < 3; p++) {
            dk_pipeline_touch(pipelines[p], (dk_touch_type)kind, seat ? (int32_t)strtol(seat, NULL, 10) : -1,
                              x ? strtod(x, NULL) : 0, y ? strtod(y, NULL) : 0, time);
        }
        drain(pipeline, &actual);
        drain(explaining, &explained_actual);
        drain_typed(typed, &explained, &typed_checked);
    }
    for (; next < timeline_count && !failed; next++) {
        for (int p = 0; p < 3; p++) {
            if (dk_pipeline_command(pipelines[p], timeline[next].command, timeline[next].time, &error) != 0) {
                fprintf(stderr, "FAIL %s: timeline command at %lld: %s\n", name, timeline[next].time, error);
                dk_string_free(error);
                failed = 1;
            }
        }
        drain(pipeline, &actual);
        drain(explaining, &explained_actual);
        drain_typed(typed, &explained, &typed_checked);
    }
    for (int p = 0; p < 3; p++) dk_pipeline_free(pipelines[p]);

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
    for (size_t i = 0; !failed && i < explained.count && i < explained_actual.count; i++) {
        if (strcmp(explained.items[i], explained_actual.items[i]) != 0) {
            fprintf(stderr, "FAIL %s: explained line %zu differs\n  gesturectl: %s\n  C library:  %s\n", name, i + 1,
                    explained.items[i], explained_actual.items[i]);
            failed = 1;
        }
    }
    if (!failed && explained.count != explained_actual.count) {
        fprintf(stderr, "FAIL %s: gesturectl --explain printed %zu lines, the C library gave %zu\n", name,
                explained.count, explained_actual.count);
        failed = 1;
    }
    for (size_t i = 0; !failed && i < typed_checked.count; i++) {
        if (typed_checked.items[i][0] != '\0') {
            fprintf(stderr, "FAIL %s: entry %zu: %s\n  gesturectl: %s\n", name, i + 1, typed_checked.items[i],
                    i < explained.count ? explained.items[i] : "(nothing)");
            failed = 1;
        }
    }
    if (!failed && typed_checked.count != explained.count) {
        fprintf(stderr, "FAIL %s: %zu typed entries for %zu explained lines\n", name, typed_checked.count,
                explained.count);
        failed = 1;
    }
    if (!failed) {
        *compared += expected.count;
        *explained_compared += explained.count;
    }
    if (!failed) failed = check_session(gesturectl, name, session, &actual);
    unlink(session);

    for (size_t i = 0; i < timeline_count; i++) free(timeline[i].command);
    free(timeline);
    lines_free(&touches);
    lines_free(&actual);
    lines_free(&expected);
    lines_free(&explained);
    lines_free(&explained_actual);
    lines_free(&typed_checked);
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
    size_t failures = 0, compared = 0, explained = 0;
    for (size_t i = 0; i < found.gl_pathc; i++) {
        failures += (size_t)check(argv[1], found.gl_pathv[i], rounded, &compared, &explained);
    }
    printf("C library: %zu/%zu golden gesture recordings give gesturectl's intents (%zu intents compared), "
           "its --explain lines and the same as typed intents (%zu lines)%s\n",
           found.gl_pathc - failures, found.gl_pathc, compared, explained, rounded ? ", positions rounded to 0.001" : "");
    globfree(&found);
    free(pattern);
    return failures == 0 ? 0 : 1;
}
