/*
 * Tests every function of dismisskit.h through the installed library: answers on known
 * scenes and gestures, every kind of bad input (each an error or a refusal that changes
 * nothing, never a crash), the rules a toolkit drives through the library (refused touches,
 * a second contact, screen changes, host-owned scrolling, the flick after a hand-off),
 * pipelines side by side on several threads, and a deterministic fuzz of touches and
 * commands. Built with -Wall -Wextra -Werror, and run under AddressSanitizer by Tests/C/run.
 *
 * Usage: api_test VERSION [FUZZ_SESSIONS_FOLDER]   (the version pkg-config reports, which dk_version
 * must match; the folder where the fuzz records its sessions)
 */
#define _POSIX_C_SOURCE 200809L
#include <dismisskit.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;
static int checks;

#define CHECK(condition, ...)                                                  \
    do {                                                                       \
        checks++;                                                              \
        if (!(condition)) {                                                    \
            failures++;                                                        \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

static const char *const sheet_scene =
    "{\"screen\": {\"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136},\n"
    " \"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\", \"detents\": [\"medium\", \"large\"],\n"
    "                      \"grabber\": true, \"unsavedChanges\": true}]}";

/* The intents a pipeline holds, one per line, and how many. The caller frees the text. */
static char *drain(dk_pipeline *pipeline, int *count) {
    size_t size = 0;
    char *all = calloc(1, 1);
    char *intent;
    *count = 0;
    while ((intent = dk_pipeline_next_intent(pipeline)) != NULL) {
        size_t length = strlen(intent);
        all = realloc(all, size + length + 2);
        memcpy(all + size, intent, length);
        all[size + length] = '\n';
        all[size + length + 1] = '\0';
        size += length + 1;
        (*count)++;
        dk_string_free(intent);
    }
    return all;
}

/* The next intent, compared with the expected text; NULL expected means none. */
static void expect_next(dk_pipeline *pipeline, const char *expected, int line) {
    char *intent = dk_pipeline_next_intent(pipeline);
    checks++;
    if ((expected == NULL) != (intent == NULL) || (expected != NULL && strcmp(intent, expected) != 0)) {
        failures++;
        fprintf(stderr, "FAIL %s:%d: expected %s\n  got      %s\n", __FILE__, line, expected ? expected : "(none)",
                intent ? intent : "(none)");
    }
    dk_string_free(intent);
}
#define EXPECT_NEXT(pipeline, expected) expect_next(pipeline, expected, __LINE__)

/* dk_pipeline_new refuses `scene` with an error that contains `part`. */
static void expect_bad_scene(const char *scene, const char *part, int line) {
    char *error = (char *)"untouched";
    dk_pipeline *pipeline = dk_pipeline_new(scene, &error);
    checks++;
    if (pipeline != NULL || error == NULL || strstr(error, part) == NULL) {
        failures++;
        fprintf(stderr, "FAIL %s:%d: scene %s: expected NULL and an error with '%s', got %p and '%s'\n", __FILE__,
                line, scene ? scene : "NULL", part, (void *)pipeline, error ? error : "(NULL)");
    }
    dk_pipeline_free(pipeline);
    dk_string_free(error);
    /* Without an error pointer it is refused all the same. */
    pipeline = dk_pipeline_new(scene, NULL);
    CHECK(pipeline == NULL, "scene accepted without an error pointer");
    dk_pipeline_free(pipeline);
}
#define EXPECT_BAD_SCENE(scene, part) expect_bad_scene(scene, part, __LINE__)

/* dk_pipeline_command refuses `command` with an error that contains `part`. */
static void expect_bad_command(dk_pipeline *pipeline, const char *command, int64_t time, const char *part, int line) {
    char *error = NULL;
    int status = dk_pipeline_command(pipeline, command, time, &error);
    checks++;
    if (status != -1 || error == NULL || strstr(error, part) == NULL) {
        failures++;
        fprintf(stderr, "FAIL %s:%d: command %s: expected -1 and an error with '%s', got %d and '%s'\n", __FILE__,
                line, command ? command : "NULL", part, status, error ? error : "(NULL)");
    }
    dk_string_free(error);
    CHECK(dk_pipeline_command(pipeline, command, time, NULL) == -1, "command accepted without an error pointer");
}
#define EXPECT_BAD_COMMAND(pipeline, command, time, part) expect_bad_command(pipeline, command, time, part, __LINE__)

static void frame(dk_pipeline *pipeline, int64_t time) {
    dk_pipeline_touch(pipeline, DK_TOUCH_FRAME, 0, 0, 0, time);
}

/* dk_pipeline_touch answers `expected` (DK_TOUCH_TAKEN, or the refusal's reason). */
static void touch_answers(dk_pipeline *pipeline, dk_touch_type type, int32_t slot, double x, double y, int64_t time,
                          dk_touch_result expected, int line) {
    dk_touch_result result = dk_pipeline_touch(pipeline, type, slot, x, y, time);
    checks++;
    if (result != expected) {
        failures++;
        fprintf(stderr, "FAIL %s:%d: touch type %d, seat slot %d, (%g, %g) at %lld: expected %s, got %s (%d)\n", __FILE__,
                line, (int)type, slot, x, y, (long long)time, dk_touch_result_name(expected),
                dk_touch_result_name(result) ? dk_touch_result_name(result) : "an unnamed answer", (int)result);
    }
}
/* A touch and its frame, both taken. */
#define TOUCH(pipeline, type, slot, x, y, time)                                \
    do {                                                                       \
        touch_answers(pipeline, type, slot, x, y, time, DK_TOUCH_TAKEN, __LINE__);\
        touch_answers(pipeline, DK_TOUCH_FRAME, 0, 0, 0, time, DK_TOUCH_TAKEN, __LINE__);\
    } while (0)
/* A touch refused for `reason` (TIME_WENT_BACK for DK_TOUCH_REFUSED_TIME_WENT_BACK, …). */
#define REFUSED(reason, pipeline, type, slot, x, y, time) \
    touch_answers(pipeline, type, slot, x, y, time, DK_TOUCH_REFUSED_##reason, __LINE__)

/* Applies a command the pipeline must take. */
static void command(dk_pipeline *pipeline, const char *json, int64_t time, int line) {
    char *error = NULL;
    int status = dk_pipeline_command(pipeline, json, time, &error);
    checks++;
    if (status != 0) {
        failures++;
        fprintf(stderr, "FAIL %s:%d: command %s: %s\n", __FILE__, line, json, error ? error : "(no error)");
    }
    dk_string_free(error);
}
#define COMMAND(pipeline, json, time) command(pipeline, json, time, __LINE__)

/* The intents' text contains `part`. */
#define CONTAINS(all, part) CHECK(strstr(all, part) != NULL, "no %s in:\n%s", part, all)
#define LACKS(all, part) CHECK(strstr(all, part) == NULL, "%s in:\n%s", part, all)

/* A fast swipe down from the sheet's top region: 150 pt in 100 ms at 120 Hz, then up. */
static void swipe(dk_pipeline *pipeline, int32_t slot, int64_t start) {
    dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, slot, 300, 70, start);
    frame(pipeline, start);
    for (int i = 1; i <= 12; i++) {
        int64_t time = start + i * 8333;
        dk_pipeline_touch(pipeline, DK_TOUCH_MOTION, slot, 300, 70 + 12.5 * i, time);
        frame(pipeline, time);
    }
    dk_pipeline_touch(pipeline, DK_TOUCH_UP, slot, 0, 0, start + 108333);
    frame(pipeline, start + 108333);
}

static void test_version(const char *expected) {
    const char *version = dk_version();
    CHECK(version != NULL && strcmp(version, expected) == 0, "dk_version() is '%s', pkg-config says '%s'",
          version ? version : "NULL", expected);
    CHECK(version == dk_version(), "dk_version() gives another pointer on a second call");
}

static void test_bad_scenes(void) {
    EXPECT_BAD_SCENE(NULL, "scene_json is NULL");
    EXPECT_BAD_SCENE("", "scene_json:1:");
    EXPECT_BAD_SCENE("{", "scene_json:1:");
    EXPECT_BAD_SCENE("[]", "scene_json:1:");
    EXPECT_BAD_SCENE("{\"presentations\": []} trailing", "scene_json:1:");
    EXPECT_BAD_SCENE("\xff\xfe", "not valid UTF-8");
    EXPECT_BAD_SCENE("{\"presentations\": [],\n \"colour\": 1}", "scene_json:2:");
    EXPECT_BAD_SCENE("{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\"},\n"
                     "                   {\"id\": \"a\", \"style\": \"sheet\"}]}",
                     "scene_json:2:");
    EXPECT_BAD_SCENE("{\"presentations\": [{\"id\": \"p\", \"style\": \"popover\"}]}", "frame");
    EXPECT_BAD_SCENE("{\"screen\": {\"width\": -1, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136}}",
                     "positive");
    /* Deep nesting is an error, not a stack overflow. */
    size_t depth = 100000;
    char *deep = malloc(depth + 1);
    memset(deep, '[', depth);
    deep[depth] = '\0';
    EXPECT_BAD_SCENE(deep, "scene_json:1:");
    free(deep);
    /* A scene past a scene file's 1 MiB is refused before it is parsed (27 MB once took 297 MB):
     * valid JSON, 1 MiB and one byte long. */
    size_t size = (1 << 20) + 1;
    char *large = malloc(size + 1);
    memset(large, ' ', size);
    const char *empty = "{\"presentations\": []}";
    memcpy(large, empty, strlen(empty));
    large[size] = '\0';
    EXPECT_BAD_SCENE(large, "scene_json: the text is longer than 1048576 bytes");
    large[size - 1] = '\0';  /* exactly 1 MiB: taken */
    dk_pipeline *taken = dk_pipeline_new(large, NULL);
    CHECK(taken != NULL, "a scene of exactly 1 MiB was refused");
    dk_pipeline_free(taken);
    free(large);
}

static void test_null_pipeline(void) {
    REFUSED(NO_PIPELINE, NULL, DK_TOUCH_DOWN, 0, 1, 1, 0);
    REFUSED(NO_PIPELINE, NULL, DK_TOUCH_FRAME, 0, 1, 1, 0);
    REFUSED(NO_PIPELINE, NULL, (dk_touch_type)9, 0, 1, 1, 0);
    CHECK(dk_pipeline_next_intent(NULL) == NULL, "an intent from a NULL pipeline");
    dk_pipeline_free(NULL);
    dk_string_free(NULL);
    EXPECT_BAD_COMMAND(NULL, "{\"type\": \"key\", \"key\": \"escape\"}", 0, "pipeline is NULL");
}

static void test_commands(void) {
    char *error = (char *)"untouched";
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, &error);
    CHECK(pipeline != NULL && error == NULL, "the sheet scene: %s", error ? error : "");
    if (pipeline == NULL) return;

    EXPECT_BAD_COMMAND(pipeline, NULL, 0, "command_json is NULL");
    EXPECT_BAD_COMMAND(pipeline, "", 0, "command_json:1:");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"key\", \"key\": \"escape\"", 0, "command_json:1:");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"fly\"}", 0, "command_json:1:");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"remove\",\n \"presentation\": \"compose\", \"extra\": 1}", 0,
                       "command_json:2:");
    EXPECT_BAD_COMMAND(pipeline, "\"\xc3\x28\"", 0, "not valid UTF-8");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"remove\", \"presentation\": \"share\"}", 0,
                       "no presentation \"share\" in the scene");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"discard\"}", 0,
                       "compose");
    EXPECT_BAD_COMMAND(pipeline,
                       "{\"type\": \"scene\", \"scene\": {\"screen\": {\"width\": 640, \"height\": 400, "
                       "\"widthMM\": 217, \"heightMM\": 136}}}",
                       0, "a scene cannot change the screen");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"screen\", \"width\": 200000, \"height\": 800, \"widthMM\": 217, "
                                 "\"heightMM\": 136}",
                       0, "screen width must be a number from 1 to 100000");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"screen\", \"width\": 1280, \"height\": 800, \"widthMM\": 217}", 0,
                       "command_json:1:");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", INT64_MAX, "out of range");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", INT64_MIN, "out of range");
    CHECK(dk_pipeline_next_intent(pipeline) == NULL, "a refused command gave an intent");

    /* Escape on unsaved work asks; discard dismisses; then the sheet is gone. */
    error = (char *)"untouched";
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", 1000, &error) == 0 && error == NULL,
          "escape: %s", error ? error : "");
    EXPECT_NEXT(pipeline, "{\"options\":[\"discard\",\"save\",\"keepEditing\"],\"presentation\":\"compose\","
                          "\"source\":\"escapeKey\",\"time\":1000,\"type\":\"confirmationRequested\"}");
    EXPECT_NEXT(pipeline, NULL);
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"discard\"}\n",
                              2000, NULL) == 0,
          "confirm");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"compose\",\"resolution\":\"discarded\",\"source\":\"escapeKey\","
                          "\"time\":2000,\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, NULL);
    /* A host still aiming at it is answered, not refused. */
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"dismiss\", \"presentation\": \"compose\"}", 3000, NULL) == 0,
          "dismiss after the dismissal");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"compose\",\"reason\":\"not presented\",\"source\":\"programmatic\","
                          "\"time\":3000,\"type\":\"rejected\"}");

    /* present, then a programmatic dismissal of something without unsaved work. */
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"present\", \"presentation\": {\"id\": \"a\", \"style\": \"alert\"}}",
                              4000, NULL) == 0,
          "present");
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"dismiss\", \"presentation\": \"a\"}", 5000, NULL) == 0, "dismiss");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"a\",\"resolution\":\"direct\",\"source\":\"programmatic\",\"time\":5000,"
                          "\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, NULL);
    /* Time goes forward for commands as for touches: after a touch at 6000, neither a command
     * at 5999 nor one written by a typed call is taken; one at 6000 is. */
    CHECK(dk_pipeline_touch(pipeline, DK_TOUCH_FRAME, 0, 0, 0, 6000) == DK_TOUCH_TAKEN, "frame at 6000");
    EXPECT_BAD_COMMAND(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", 5999,
                       "time_us 5999 is earlier than the previous event's, 6000");
    CHECK(dk_pipeline_escape_key(pipeline, 5000, NULL) == -1, "a typed command earlier than the last touch was taken");
    CHECK(dk_pipeline_escape_key(pipeline, 6000, NULL) == 0, "a command at the last touch's time was refused");
    dk_pipeline_free(pipeline);
}

static void test_scene_with_timeline(void) {
    /* A scene file's timeline is checked and ignored. */
    dk_pipeline *pipeline = dk_pipeline_new(
        "{\"presentations\": [{\"id\": \"c\", \"style\": \"sheet\"}],\n"
        " \"timeline\": [{\"time\": 0, \"command\": {\"type\": \"dismiss\", \"presentation\": \"c\"}}]}",
        NULL);
    CHECK(pipeline != NULL, "a scene with a timeline was refused");
    EXPECT_NEXT(pipeline, NULL);
    dk_pipeline_free(pipeline);
    EXPECT_BAD_SCENE("{\"timeline\": [{\"time\": 0, \"command\": {\"type\": \"jump\"}}]}", "scene_json:1:");
}

static void test_touches(void) {
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    CHECK(pipeline != NULL, "the sheet scene");
    if (pipeline == NULL) return;

    /* A tap on the grabber (centred, 8 pt below the large sheet's top at y 40) selects medium. */
    dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 0, 640, 48, 10000);
    frame(pipeline, 10000);
    dk_pipeline_touch(pipeline, DK_TOUCH_UP, 0, 12345, -99, 60000); /* x, y ignored for up */
    frame(pipeline, 60000);
    EXPECT_NEXT(pipeline, "{\"cause\":\"grabberTap\",\"detent\":\"medium\",\"presentation\":\"compose\","
                          "\"time\":60000,\"type\":\"setDetent\"}");
    EXPECT_NEXT(pipeline, NULL);

    /* Events the library cannot use are refused: an unknown type, a position that is not
     * finite or too far, a time out of range. None of these downs starts a tap, so the up
     * after them is refused too. */
    const double bad[] = {NAN, INFINITY, -INFINITY, 1e300, -2e9};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        REFUSED(POSITION_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 1, 640, bad[i], 100000);
        REFUSED(POSITION_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 1, bad[i], 470, 100000);
    }
    REFUSED(UNKNOWN_TYPE, pipeline, (dk_touch_type)7, 1, 640, 470, 100000);
    REFUSED(UNKNOWN_TYPE, pipeline, (dk_touch_type)-1, 1, 640, 470, 100000);
    REFUSED(TIME_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 1, 640, 470, INT64_MAX);
    REFUSED(TIME_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 1, 640, 470, INT64_MIN);
    REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_UP, 1, 0, 0, 110000);
    frame(pipeline, 110000);
    EXPECT_NEXT(pipeline, NULL);

    /* Now a medium sheet (top at y 420): a fast swipe down its header is a dismissal attempt, and
     * with unsaved work the policy asks. */
    dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 2, 300, 450, 200000);
    frame(pipeline, 200000);
    for (int i = 1; i <= 12; i++) {
        dk_pipeline_touch(pipeline, DK_TOUCH_MOTION, 2, 300, 450 + 12.5 * i, 200000 + i * 8333);
        frame(pipeline, 200000 + i * 8333);
    }
    dk_pipeline_touch(pipeline, DK_TOUCH_UP, 2, 0, 0, 308333);
    frame(pipeline, 308333);
    int count;
    char *all = drain(pipeline, &count);
    const char *began = "{\"origin\":\"topRegion\",\"presentation\":\"compose\",\"time\":";
    CHECK(strncmp(all, began, strlen(began)) == 0,
          "the swipe does not begin with dragBegan: %s", all);
    CHECK(strstr(all, "\"type\":\"dragChanged\"") != NULL, "no dragChanged: %s", all);
    CHECK(strstr(all, "{\"detent\":\"medium\",\"outcome\":\"dismissAttempt\",\"presentation\":\"compose\",\"time\":308333,"
                      "\"type\":\"dragEnded\"}\n{\"options\":[\"discard\",\"save\",\"keepEditing\"],\"presentation\":"
                      "\"compose\",\"source\":\"swipeFromTop\",\"time\":308333,\"type\":\"confirmationRequested\"}\n") != NULL
              && all[strlen(all) - 2] == '}',
          "the swipe does not end with a dismiss attempt and a question: %s", all);
    free(all);
    dk_pipeline_free(pipeline);
}

/* Intents left unread are kept in order, and freed with the pipeline (the leak checker sees it). */
static void test_unread_intents(void) {
    dk_pipeline *pipeline = dk_pipeline_new("{\"presentations\": [{\"id\": \"c\", \"style\": \"sheet\"}]}", NULL);
    for (int i = 0; i < 50; i++) {
        CHECK(dk_pipeline_command(pipeline, "{\"type\": \"dismiss\", \"presentation\": \"c\"}", i, NULL) == 0,
              "dismiss %d", i);
    }
    EXPECT_NEXT(pipeline, "{\"presentation\":\"c\",\"resolution\":\"direct\",\"source\":\"programmatic\",\"time\":0,"
                          "\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"c\",\"reason\":\"not presented\",\"source\":\"programmatic\","
                          "\"time\":1,\"type\":\"rejected\"}");
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"present\", \"presentation\": {\"id\": \"c\", \"style\": \"sheet\"}}",
                              100, NULL) == 0,
          "present again");
    for (int i = 0; i < 1000; i++) swipe(pipeline, 0, 1000000 + i * 200000);
    dk_pipeline_free(pipeline);
}

/* Several pipelines side by side, each on its own thread, give what one pipeline gives alone. */
typedef struct {
    char *transcript;
    int count;
} run_result;

static void *run_sessions(void *argument) {
    run_result *result = argument;
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    size_t size = 0;
    result->transcript = calloc(1, 1);
    result->count = 0;
    for (int round = 0; round < 100; round++) {
        int64_t start = (int64_t)round * 1000000;
        swipe(pipeline, round % 3, start);
        dk_pipeline_command(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"keepEditing\"}",
                            start + 500000, NULL);
        int count;
        char *intents = drain(pipeline, &count);
        size_t length = strlen(intents);
        result->transcript = realloc(result->transcript, size + length + 1);
        memcpy(result->transcript + size, intents, length + 1);
        size += length;
        result->count += count;
        free(intents);
    }
    dk_pipeline_free(pipeline);
    return NULL;
}

static void test_threads(void) {
    run_result alone;
    run_sessions(&alone);
    CHECK(alone.count == 100 * 16, "expected 16 intents a round (dragBegan, 12 dragChanged, dragEnded, a question, "
                                   "cancelled), got %d in all",
          alone.count);
    enum { threads = 4 };
    pthread_t thread[threads];
    run_result results[threads];
    for (int i = 0; i < threads; i++) CHECK(pthread_create(&thread[i], NULL, run_sessions, &results[i]) == 0, "thread");
    for (int i = 0; i < threads; i++) {
        pthread_join(thread[i], NULL);
        CHECK(strcmp(results[i].transcript, alone.transcript) == 0, "thread %d differs from a pipeline alone", i);
        free(results[i].transcript);
    }
    free(alone.transcript);
}

/* Deterministic fuzz: random touches (any type, slot, position, time) and commands (valid,
 * cut short, with a byte changed) on a few scenes. Passing means no crash, every call answers,
 * and every intent is one JSON object. */
static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static double random_unit(void) { return (double)(next_random() >> 11) / 9007199254740992.0; }

/* The fuzz's sessions, each recorded into a file of this folder when it is given, for Tests/C/run
 * to replay with `gesturectl replay --verify`: the native build must give the library's stream
 * again, and the stream must keep the drag rule. */
static const char *fuzz_sessions;

static void test_fuzz(void) {
    static const char *const scenes[] = {
        "{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\", \"detents\": [\"medium\", \"large\"], "
        "\"grabber\": true, \"unsavedChanges\": true, \"content\": {\"offset\": 120}}]}",
        "{\"screen\": {\"width\": 500, \"height\": 900, \"widthMM\": 70, \"heightMM\": 130}, \"presentations\": "
        "[{\"id\": \"share\", \"style\": \"popover\", \"frame\": {\"x\": 10, \"y\": 10, \"width\": 300, \"height\": 300}}, "
        "{\"id\": \"s\", \"style\": \"formSheet\", \"detents\": [200, \"large\"]}]}",
        "{\"presentations\": [{\"id\": \"base\", \"style\": \"fullScreen\"}, {\"id\": \"share\", \"style\": \"popover\", "
        "\"modal\": false, \"frame\": {\"x\": 900, \"y\": 60, \"width\": 320, \"height\": 400}, \"passthrough\": "
        "[{\"x\": 0, \"y\": 0, \"width\": 200, \"height\": 44}]}]}",
    };
    static const char *const commands[] = {
        "{\"type\": \"key\", \"key\": \"escape\"}",
        "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"save\"}",
        "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"keepEditing\"}",
        "{\"type\": \"button\", \"presentation\": \"compose\", \"role\": \"cancel\"}",
        "{\"type\": \"button\", \"presentation\": \"s\", \"role\": \"done\"}",
        "{\"type\": \"accessibility\", \"presentation\": \"compose\", \"action\": \"nextDetent\"}",
        "{\"type\": \"accessibility\", \"presentation\": \"s\", \"action\": \"previousDetent\"}",
        "{\"type\": \"update\", \"presentation\": \"compose\", \"content\": {\"offset\": 0}, \"selectedDetent\": \"medium\"}",
        "{\"type\": \"update\", \"presentation\": \"compose\", \"unsavedChanges\": true, \"detents\": [300, 600]}",
        "{\"type\": \"present\", \"presentation\": {\"id\": \"compose\", \"style\": \"sheet\", \"grabber\": true, "
        "\"unsavedChanges\": true, \"detents\": [\"medium\", \"large\"]}}",
        "{\"type\": \"present\", \"presentation\": {\"id\": \"a\", \"style\": \"alert\"}}",
        "{\"type\": \"remove\", \"presentation\": \"a\"}",
        "{\"type\": \"dismiss\", \"presentation\": \"share\"}",
        "{\"type\": \"scene\", \"scene\": {\"presentations\": [{\"id\": \"compose\", \"style\": \"pageSheet\", "
        "\"unsavedChanges\": true}]}}",
    };
    const size_t command_count = sizeof commands / sizeof commands[0];
    char buffer[512];
    long intents = 0, refused = 0, typed_entries = 0;
    for (size_t s = 0; s < sizeof scenes / sizeof scenes[0]; s++) {
        for (int session = 0; session < 20; session++) {
            dk_pipeline *pipeline = dk_pipeline_new(scenes[s], NULL);
            CHECK(pipeline != NULL, "fuzz scene %zu", s);
            if (pipeline == NULL) continue;
            if (fuzz_sessions) {
                char path[4096];
                snprintf(path, sizeof path, "%s/fuzz-%zu-%02d.jsonl", fuzz_sessions, s, session);
                char *error = NULL;
                CHECK(dk_pipeline_record(pipeline, path, &error) == 0, "record %s: %s", path, error ? error : "");
                dk_string_free(error);
            }
            dk_pipeline_explain(pipeline, session % 2);
            int64_t time = (int64_t)(next_random() % 1000000);
            for (int step = 0; step < 3000; step++) {
                uint64_t choice = next_random() % 100;
                if (choice < 8) {
                    const char *command = commands[next_random() % command_count];
                    size_t length = strlen(command);
                    memcpy(buffer, command, length + 1);
                    uint64_t damage = next_random() % 4;
                    if (damage == 1) buffer[next_random() % length] = '\0';
                    if (damage == 2) buffer[next_random() % length] = (char)(next_random() % 256 ?: 1);
                    char *error = NULL;
                    if (dk_pipeline_command(pipeline, buffer, time, &error) != 0) {
                        refused++;
                        CHECK(error != NULL && error[0] != '\0', "a refused command without a message: %s", buffer);
                    } else {
                        CHECK(error == NULL, "an accepted command with an error");
                    }
                    dk_string_free(error);
                } else {
                    int type = (int)(next_random() % 7) - 1; /* -1 and 5 are not types */
                    int32_t slot = (int32_t)(next_random() % 6) - 1;
                    if (next_random() % 50 == 0) slot = (int32_t)next_random();
                    double x = random_unit() * 1400 - 60, y = random_unit() * 900 - 50;
                    uint64_t odd = next_random() % 200;
                    if (odd == 0) x = NAN;
                    if (odd == 1) y = INFINITY;
                    if (odd == 2) y = -1e12;
                    if (odd == 3) x = 1e9;
                    uint64_t clock = next_random() % 100;
                    if (clock < 90) time += (int64_t)(next_random() % 20000);
                    else if (clock < 95) time -= (int64_t)(next_random() % 20000);
                    else if (clock < 97) time = (int64_t)(next_random() >> 10) - (INT64_C(1) << 53);
                    else if (clock < 98) time = INT64_MAX - (int64_t)(next_random() % 10);
                    dk_pipeline_touch(pipeline, (dk_touch_type)type, slot, x, y, time);
                    if (time > (INT64_C(1) << 53) || time < -(INT64_C(1) << 53)) time = 0;
                }
                if (next_random() % 3 == 0) {
                    char *intent;
                    dk_intent typed;
                    /* Half the sessions explain; every other read is typed (no draw of its own, so
                     * the random sequence is the one without them). */
                    while (step % 2 == 1 && dk_pipeline_next_typed_intent(pipeline, &typed) == 1) {
                        CHECK(dk_intent_type_name(typed.type) != NULL && (typed.type == DK_INTENT_DECISION) == (typed.json != NULL),
                              "a typed entry of type %d", (int)typed.type);
                        CHECK(session % 2 == 1 || typed.type != DK_INTENT_DECISION, "a decision without dk_pipeline_explain");
                        typed_entries++;
                    }
                    while ((intent = dk_pipeline_next_intent(pipeline)) != NULL) {
                        size_t length = strlen(intent);
                        CHECK(length >= 2 && intent[0] == '{' && intent[length - 1] == '}'
                                  && strstr(intent, "\"type\":\"") != NULL && strchr(intent, '\n') == NULL,
                              "not one JSON object: %s", intent);
                        CHECK(session % 2 == 1 || strstr(intent, "\"type\":\"decision\"") == NULL,
                              "a decision without dk_pipeline_explain: %s", intent);
                        intents++;
                        dk_string_free(intent);
                    }
                }
            }
            dk_pipeline_free(pipeline); /* with intents maybe unread */
        }
    }
    CHECK(intents > 1000 && refused > 100 && typed_entries > 1000,
          "the fuzz exercised little: %ld entries as JSON, %ld typed, %ld refused commands", intents, typed_entries, refused);
    printf("fuzz: 180,000 calls, %ld entries as JSON and %ld typed (half the sessions explaining), %ld refused commands\n",
           intents, typed_entries, refused);
}

/* One swipe down from the top of the unsaved sheet, with every kind of refused touch fed between
 * its events when `refusing`: each is refused, for its own reason, and changes nothing, so both runs give the
 * same intents. */
static char *swipe_among_refusals(int refusing) {
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    if (refusing) {
        REFUSED(UNKNOWN_TYPE, pipeline, (dk_touch_type)5, 0, 300, 70, 0);
        REFUSED(UNKNOWN_TYPE, pipeline, (dk_touch_type)-1, 0, 300, 70, 0);
        const double bad[] = {NAN, INFINITY, -INFINITY, 1e10, -1e10};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            REFUSED(POSITION_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 0, bad[i], 70, 0);
            REFUSED(POSITION_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 0, 300, bad[i], 0);
        }
        const int64_t far[] = {(INT64_C(1) << 53) + 1, -(INT64_C(1) << 53) - 1, INT64_MAX, INT64_MIN};
        for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
            REFUSED(TIME_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 0, 300, 70, far[i]);
            REFUSED(TIME_OUT_OF_RANGE, pipeline, DK_TOUCH_FRAME, 0, 0, 0, far[i]);
        }
        const int32_t slots[] = {-1, DK_SEAT_SLOTS, 64, INT32_MIN, INT32_MAX};
        for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) REFUSED(SEAT_SLOT_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, slots[i], 300, 70, 0);
        REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_MOTION, 0, 300, 80, 0);
        REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_UP, 0, 0, 0, 0);
        REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_CANCEL, 0, 0, 0, 0);
    }
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 300, 70, 10000);
    for (int i = 1; i <= 12; i++) {
        int64_t time = 10000 + i * 8333;
        if (refusing) {
            REFUSED(SEAT_SLOT_ALREADY_DOWN, pipeline, DK_TOUCH_DOWN, 0, 300, 70, time);
            REFUSED(TIME_WENT_BACK, pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, time - 8334);
            REFUSED(TIME_WENT_BACK, pipeline, DK_TOUCH_FRAME, 0, 0, 0, time - 8334);
            REFUSED(POSITION_OUT_OF_RANGE, pipeline, DK_TOUCH_MOTION, 0, NAN, 70 + 12.5 * i, time);
            REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_MOTION, 1, 300, 70 + 12.5 * i, time);
            REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_UP, 2, 0, 0, time);
            REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_CANCEL, 3, 0, 0, time);
            REFUSED(SEAT_SLOT_OUT_OF_RANGE, pipeline, DK_TOUCH_DOWN, 64, 300, 500, time);
            REFUSED(NO_PIPELINE, NULL, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, time);
        }
        TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, time);
    }
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 118333);
    if (refusing) {
        REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_UP, 0, 0, 0, 118333);
        REFUSED(SEAT_SLOT_NOT_DOWN, pipeline, DK_TOUCH_MOTION, 0, 300, 300, 118333);
    }
    int count;
    char *all = drain(pipeline, &count);
    dk_pipeline_free(pipeline);
    return all;
}

static void test_refused_touches_change_nothing(void) {
    char *clean = swipe_among_refusals(0);
    char *refusing = swipe_among_refusals(1);
    CONTAINS(clean, "\"outcome\":\"dismissAttempt\"");
    CONTAINS(clean, "\"type\":\"confirmationRequested\"");
    CHECK(strcmp(clean, refusing) == 0, "refused touches changed the intents:\n%s\nversus\n%s", clean, refusing);
    free(clean);
    free(refusing);
}

/* A swipe down from the top that a second contact lands in after four moves: on seat slot 64 it
 * is refused and the drag goes on to a dismissal attempt; on seat slot 1 it cancels the drag. */
static void test_second_contact(void) {
    for (int32_t second = 64; second >= 1; second -= 63) {
        dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
        TOUCH(pipeline, DK_TOUCH_DOWN, 0, 300, 70, 0);
        for (int i = 1; i <= 4; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, i * 8333);
        touch_answers(pipeline, DK_TOUCH_DOWN, second, 700, 500, 40000, second == 64 ? DK_TOUCH_REFUSED_SEAT_SLOT_OUT_OF_RANGE : DK_TOUCH_TAKEN, __LINE__);
        frame(pipeline, 40000);
        for (int i = 5; i <= 12; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, i * 8333);
        TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 108333);
        int count;
        char *all = drain(pipeline, &count);
        if (second == 64) {
            CONTAINS(all, "{\"offset\":150,\"presentation\":\"compose\",\"time\":99996,\"type\":\"dragChanged\"");
            CONTAINS(all, "{\"detent\":\"large\",\"outcome\":\"dismissAttempt\",\"presentation\":\"compose\",\"time\":108333,"
                          "\"type\":\"dragEnded\"}");
            CONTAINS(all, "\"source\":\"swipeFromTop\",\"time\":108333,\"type\":\"confirmationRequested\"");
        } else {
            CONTAINS(all, "{\"detent\":\"large\",\"outcome\":\"cancel\",\"presentation\":\"compose\",\"time\":40000,"
                          "\"type\":\"dragEnded\"}");
            LACKS(all, "\"time\":49998,\"type\":\"dragChanged\""); /* the contact is ignored until it lifts */
            LACKS(all, "dismissAttempt");
            LACKS(all, "confirmationRequested");
        }
        free(all);
        dk_pipeline_free(pipeline);
    }
}

static const char *const portrait_command =
    "{\"type\": \"screen\", \"width\": 800, \"height\": 1280, \"widthMM\": 136, \"heightMM\": 217}";

/* screen: a drag in progress is cancelled; an open question stays open and its answer holds;
 * a scene with another screen is an error; the new width judges. */
static void test_screen(void) {
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 300, 70, 0);
    for (int i = 1; i <= 4; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, i * 8333);
    int count;
    free(drain(pipeline, &count));
    COMMAND(pipeline, portrait_command, 40000);
    EXPECT_NEXT(pipeline, "{\"detent\":\"large\",\"outcome\":\"cancel\",\"presentation\":\"compose\",\"time\":40000,"
                          "\"type\":\"dragEnded\"}");
    EXPECT_NEXT(pipeline, NULL);
    /* The rest of the finger dismisses nothing. */
    for (int i = 5; i <= 12; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, 70 + 12.5 * i, i * 8333);
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 108333);
    EXPECT_NEXT(pipeline, NULL);

    COMMAND(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", 200000);
    EXPECT_NEXT(pipeline, "{\"options\":[\"discard\",\"save\",\"keepEditing\"],\"presentation\":\"compose\","
                          "\"source\":\"escapeKey\",\"time\":200000,\"type\":\"confirmationRequested\"}");
    COMMAND(pipeline, "{\"type\": \"screen\", \"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136}",
            210000);
    EXPECT_NEXT(pipeline, NULL);
    EXPECT_BAD_COMMAND(pipeline,
                       "{\"type\": \"scene\", \"scene\": {\"screen\": {\"width\": 800, \"height\": 1280, "
                       "\"widthMM\": 136, \"heightMM\": 217}, \"presentations\": []}}",
                       220000, "a scene cannot change the screen");
    COMMAND(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"discard\"}", 230000);
    EXPECT_NEXT(pipeline, "{\"presentation\":\"compose\",\"resolution\":\"discarded\",\"source\":\"escapeKey\","
                          "\"time\":230000,\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, NULL);
    dk_pipeline_free(pipeline);

    /* A non-modal popover is a sheet at a compact width (a swipe down its top drags it), and a
     * popover again at a regular width (a tap outside dismisses it). */
    pipeline = dk_pipeline_new("{\"presentations\": [{\"id\": \"share\", \"style\": \"popover\", \"modal\": false, "
                               "\"frame\": {\"x\": 900, \"y\": 60, \"width\": 320, \"height\": 400}}]}",
                               NULL);
    COMMAND(pipeline, "{\"type\": \"screen\", \"width\": 390, \"height\": 844, \"widthMM\": 64, \"heightMM\": 139}", 0);
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 195, 70, 10000);
    TOUCH(pipeline, DK_TOUCH_MOTION, 0, 195, 100, 20000);
    EXPECT_NEXT(pipeline, "{\"origin\":\"topRegion\",\"presentation\":\"share\",\"time\":20000,\"type\":\"dragBegan\"}");
    free(drain(pipeline, &count));
    COMMAND(pipeline, "{\"type\": \"screen\", \"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136}",
            30000);
    EXPECT_NEXT(pipeline, "{\"detent\":\"large\",\"outcome\":\"cancel\",\"presentation\":\"share\",\"time\":30000,"
                          "\"type\":\"dragEnded\"}");
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 40000);
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 200, 600, 100000);
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 150000);
    EXPECT_NEXT(pipeline, "{\"presentation\":\"share\",\"resolution\":\"direct\",\"source\":\"tapOutside\","
                          "\"time\":150000,\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, NULL);
    dk_pipeline_free(pipeline);
}

static const char *const scrolled_sheet_scene =
    "{\"presentations\": [{\"id\": \"list\", \"style\": \"sheet\", \"content\": {\"offset\": 200}}]}";

/* A finger on the content of a sheet scrolled 200 pt moves down 25 pt every 10 ms from y 300. */
static void scroll_down(dk_pipeline *pipeline, int from, int to) {
    for (int i = from; i <= to; i++) {
        if (i == 0) TOUCH(pipeline, DK_TOUCH_DOWN, 0, 640, 300, 0);
        else TOUCH(pipeline, DK_TOUCH_MOTION, 0, 640, 300 + 25 * i, i * 10000);
    }
}

/* Host-owned scrolling (SPEC 4.2): without reports the pipeline scrolls the content 1:1
 * (contentScrolled) and hands off when it reaches 0; with reports the host's offset is the
 * truth and the hand-off is where the host says 0. While the sheet has the finger a report
 * takes nothing away; the finger coming back up past the hand-off point gives it back to the
 * content (dragHandedBack). */
static void test_host_reported_offsets(void) {
    int count;
    dk_pipeline *pipeline = dk_pipeline_new(scrolled_sheet_scene, NULL);
    scroll_down(pipeline, 0, 10);
    char *all = drain(pipeline, &count);
    CONTAINS(all, "{\"offset\":175,\"presentation\":\"list\",\"time\":10000,\"type\":\"contentScrolled\"}\n");
    CONTAINS(all, "{\"offset\":0,\"presentation\":\"list\",\"time\":80000,\"type\":\"contentScrolled\"}\n"
                  "{\"origin\":\"scrolledContent\",\"presentation\":\"list\",\"time\":90000,\"type\":\"dragBegan\"}\n"
                  "{\"offset\":25,\"presentation\":\"list\",\"time\":90000,\"type\":\"dragChanged\"");
    free(all);
    dk_pipeline_free(pipeline);

    /* The host's scroll view has its own slop and momentum: it says 150, then 0 at y 400,
     * where the 1:1 model would still have 100 pt to scroll. */
    pipeline = dk_pipeline_new(scrolled_sheet_scene, NULL);
    scroll_down(pipeline, 0, 2);
    free(drain(pipeline, &count));
    COMMAND(pipeline, "{\"type\": \"update\", \"presentation\": \"list\", \"content\": {\"offset\": 150}}", 25000);
    scroll_down(pipeline, 3, 4);
    COMMAND(pipeline, "{\"type\": \"update\", \"presentation\": \"list\", \"content\": {\"offset\": 0}}", 45000);
    scroll_down(pipeline, 5, 6);
    all = drain(pipeline, &count);
    LACKS(all, "contentScrolled");
    CONTAINS(all, "{\"origin\":\"scrolledContent\",\"presentation\":\"list\",\"time\":50000,\"type\":\"dragBegan\"}\n"
                  "{\"offset\":25,\"presentation\":\"list\",\"time\":50000,\"type\":\"dragChanged\"");
    CONTAINS(all, "{\"offset\":50,\"presentation\":\"list\",\"time\":60000,\"type\":\"dragChanged\"");
    free(all);
    /* The host says its content scrolled while the sheet has the finger: stored, nothing else. */
    COMMAND(pipeline, "{\"type\": \"update\", \"presentation\": \"list\", \"content\": {\"offset\": 30}}", 65000);
    all = drain(pipeline, &count);
    CHECK(count == 0, "a report while the sheet has the finger gave %d intents:\n%s", count, all);
    free(all);
    /* Back up past where the host said 0 (y 400): the content has the finger back. */
    TOUCH(pipeline, DK_TOUCH_MOTION, 0, 640, 390, 67000);
    all = drain(pipeline, &count);
    CONTAINS(all, "{\"offset\":0,\"presentation\":\"list\",\"time\":67000,\"type\":\"dragChanged\",\"velocity\":0}\n"
                  "{\"presentation\":\"list\",\"time\":67000,\"type\":\"dragHandedBack\"}\n");
    LACKS(all, "dragEnded");
    free(all);
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 70000);
    all = drain(pipeline, &count);
    LACKS(all, "dragEnded");
    LACKS(all, "dismiss");
    free(all);
    dk_pipeline_free(pipeline);
}

/* The flick after a hand-off (SPEC 4.6): content scrolled 100 pt, scrolled slowly to its top
 * (100 pt in 500 ms), then a 1,800 pt/s flick for 50 ms and a lift. Only the flick counts, so
 * the sheet goes, as after the same flick from the top region: dismissed when clean, a question
 * when unsaved. */
static void test_flick_after_hand_off(void) {
    for (int unsaved = 0; unsaved <= 1; unsaved++) {
        char scene[256];
        snprintf(scene, sizeof scene,
                 "{\"presentations\": [{\"id\": \"list\", \"style\": \"sheet\", \"content\": {\"offset\": 100}, "
                 "\"unsavedChanges\": %s}]}",
                 unsaved ? "true" : "false");
        dk_pipeline *pipeline = dk_pipeline_new(scene, NULL);
        TOUCH(pipeline, DK_TOUCH_DOWN, 0, 640, 300, 0);
        for (int i = 1; i <= 50; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 640, 300 + 2 * i, i * 10000);
        for (int i = 1; i <= 6; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 640, 400 + 15 * i, 500000 + i * 8333);
        TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 550000);
        int count;
        char *all = drain(pipeline, &count);
        CONTAINS(all, "{\"offset\":0,\"presentation\":\"list\",\"time\":500000,\"type\":\"contentScrolled\"}\n");
        CONTAINS(all, "{\"detent\":\"large\",\"outcome\":\"dismissAttempt\",\"presentation\":\"list\",\"time\":550000,"
                      "\"type\":\"dragEnded\"}\n");
        CONTAINS(all, unsaved ? "\"source\":\"swipeScrolledContent\",\"time\":550000,\"type\":\"confirmationRequested\"}"
                              : "{\"presentation\":\"list\",\"resolution\":\"direct\",\"source\":\"swipeScrolledContent\","
                                "\"time\":550000,\"type\":\"dismiss\"}");
        free(all);
        dk_pipeline_free(pipeline);
    }
}

/* dk_pipeline_record: the session file holds the scene, the touches, the commands and the
 * intents, mode 0600; it begins only before the first touch or command, and only once. */
static void test_record(void) {
    char path[] = "/tmp/api_test-session-XXXXXX";
    int descriptor = mkstemp(path);
    CHECK(descriptor >= 0, "mkstemp");
    close(descriptor);
    char *error = NULL;
    CHECK(dk_pipeline_record(NULL, path, &error) == -1 && error != NULL, "recording a NULL pipeline");
    dk_string_free(error);

    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    CHECK(dk_pipeline_record(pipeline, NULL, &error) == -1 && error != NULL, "recording to a NULL path");
    dk_string_free(error);
    CHECK(dk_pipeline_record(pipeline, "/nonexistent/dir/session.jsonl", &error) == -1 && error != NULL
              && strstr(error, "/nonexistent/dir/session.jsonl") != NULL,
          "recording into a missing folder: %s", error ? error : "(no error)");
    dk_string_free(error);
    error = NULL;
    /* A FIFO is refused without being opened: opening one for writing with no reader would
     * block the caller for ever. */
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s.fifo", path);
    CHECK(mkfifo(fifo, 0600) == 0, "mkfifo");
    CHECK(dk_pipeline_record(pipeline, fifo, &error) == -1 && error != NULL && strstr(error, "not a regular file") != NULL,
          "recording to a FIFO: %s", error ? error : "(no error)");
    dk_string_free(error);
    error = NULL;
    unlink(fifo);
    CHECK(dk_pipeline_record(pipeline, path, &error) == 0, "recording: %s", error ? error : "");
    CHECK(dk_pipeline_record(pipeline, path, &error) == -1 && error != NULL && strstr(error, "already") != NULL,
          "recording twice: %s", error ? error : "(no error)");
    dk_string_free(error);
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 640, 430, 0);
    TOUCH(pipeline, DK_TOUCH_FRAME, 0, 0, 0, 0);
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"key\", \"key\": \"escape\"}", 10, NULL) == 0, "escape");
    int count;
    char *all = drain(pipeline, &count);
    CHECK(count == 1 && strstr(all, "confirmationRequested") != NULL, "escape on unsaved work asks: %s", all);
    free(all);

    struct stat status;
    CHECK(stat(path, &status) == 0 && (status.st_mode & 0777) == 0600, "the session file's mode is %o", status.st_mode & 0777);
    FILE *file = fopen(path, "r");
    char text[8192] = {0};
    size_t length = file ? fread(text, 1, sizeof text - 1, file) : 0;
    if (file) fclose(file);
    /* Written at the frame and after the command, before dk_pipeline_free. */
    CONTAINS(text, "\"format\":\"dismisskit-session\"");
    CONTAINS(text, "{\"event\":\"down\",\"seatSlot\":0,\"time\":0,\"type\":\"touch\",\"x\":640,\"y\":430}\n");
    CONTAINS(text, "{\"command\":\"{\\\"type\\\": \\\"key\\\", \\\"key\\\": \\\"escape\\\"}\",\"time\":10,\"type\":\"command\"}\n");
    CONTAINS(text, "\"type\":\"confirmationRequested\"},\"type\":\"intent\"}\n");
    CHECK(length > 0, "the session file is empty");

    dk_pipeline *late = dk_pipeline_new(sheet_scene, NULL);
    TOUCH(late, DK_TOUCH_FRAME, 0, 0, 0, 0);
    CHECK(dk_pipeline_record(late, path, &error) == -1 && error != NULL && strstr(error, "before the first") != NULL,
          "recording after a touch: %s", error ? error : "(no error)");
    dk_string_free(error);
    dk_pipeline_free(late);
    dk_pipeline_free(pipeline);
    unlink(path);
}

/* A write that fails (here the file size limit, as a full disk would) stops the recording: the
 * host learns it from dk_pipeline_recording, with what reached the disk, the file cut back to its
 * last whole frame; the pipeline goes on. In a child process, whose size limit is its own. */
static void test_recording_that_fails(void) {
    char path[] = "/tmp/api_test-full-XXXXXX";
    int descriptor = mkstemp(path);
    CHECK(descriptor >= 0, "mkstemp");
    close(descriptor);
    unlink(path);
    pid_t child = fork();
    if (child == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit = {4096, 4096};
        setrlimit(RLIMIT_FSIZE, &limit);
        dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
        int64_t bytes = -1;
        if (dk_pipeline_recording(pipeline, &bytes, NULL) != DK_RECORDING_OFF || bytes != 0) _exit(2);
        if (dk_pipeline_record(pipeline, path, NULL) != 0) _exit(3);
        if (dk_pipeline_recording(pipeline, &bytes, NULL) != DK_RECORDING_ON || bytes <= 0) _exit(4);
        int64_t time = 0;
        for (int stroke = 0; stroke < 40; stroke++) {
            dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 0, 640, 600, time);
            dk_pipeline_touch(pipeline, DK_TOUCH_FRAME, 0, 0, 0, time);
            time += 8000;
            dk_pipeline_touch(pipeline, DK_TOUCH_UP, 0, 0, 0, time);
            dk_pipeline_touch(pipeline, DK_TOUCH_FRAME, 0, 0, 0, time);
            time += 8000;
        }
        char *error = NULL;
        if (dk_pipeline_recording(pipeline, &bytes, &error) != DK_RECORDING_FAILED || error == NULL) _exit(5);
        if (strstr(error, "File too large") == NULL) _exit(6);
        dk_string_free(error);
        struct stat status;
        if (stat(path, &status) != 0 || status.st_size != bytes || bytes > 4096) _exit(7);
        /* The pipeline goes on. */
        if (dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 0, 640, 600, time) != DK_TOUCH_TAKEN) _exit(8);
        dk_pipeline_free(pipeline);
        _exit(0);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child, "fork and wait");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a failing recording: the child's check %d failed",
          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    FILE *file = fopen(path, "r");
    char last = 0;
    if (file) {
        fseek(file, -1, SEEK_END);
        last = (char)fgetc(file);
        fclose(file);
    }
    CHECK(last == '\n', "the file cut back to its last whole line");
    unlink(path);
}

/* The pipeline's entries read with both readers alternately, one per line: a typed entry as its
 * type name and time (a decision as its JSON). */
static char *drain_mixed(dk_pipeline *pipeline) {
    size_t size = 0;
    char *all = calloc(1, 1);
    for (int i = 0;; i++) {
        char line[1024];
        if (i % 2 == 0) {
            char *intent = dk_pipeline_next_intent(pipeline);
            if (intent == NULL) break;
            snprintf(line, sizeof line, "%s\n", intent);
            dk_string_free(intent);
        } else {
            dk_intent intent;
            int got = dk_pipeline_next_typed_intent(pipeline, &intent);
            if (got != 1) break;
            snprintf(line, sizeof line, "%s %lld %s\n", dk_intent_type_name(intent.type), (long long)intent.time_us,
                     intent.json ? intent.json : "");
        }
        all = realloc(all, size + strlen(line) + 1);
        strcpy(all + size, line);
        size += strlen(line);
    }
    return all;
}

/* dk_pipeline_explain and the typed intents. */
static void test_explain_and_typed(void) {
    dk_pipeline_explain(NULL, 1); /* a no-op */
    dk_intent intent;
    CHECK(dk_pipeline_next_typed_intent(NULL, &intent) == -1, "a typed intent from a NULL pipeline");
    CHECK(dk_intent_type_name(DK_INTENT_DECISION) != NULL && strcmp(dk_intent_type_name(DK_INTENT_DECISION), "decision") == 0,
          "the decision's name");
    CHECK(dk_intent_type_name((dk_intent_type)17) == NULL && dk_intent_type_name((dk_intent_type)-1) == NULL,
          "a name for a type outside the enum");
    const char *results[] = {"taken", "noPipeline", "unknownType", "timeOutOfRange", "timeWentBack",
                             "seatSlotOutOfRange", "positionOutOfRange", "seatSlotAlreadyDown", "seatSlotNotDown"};
    for (int i = 0; i < 9; i++) {
        const char *name = dk_touch_result_name((dk_touch_result)-i);
        CHECK(name != NULL && strcmp(name, results[i]) == 0, "the name of touch answer %d: %s", -i, name ? name : "NULL");
    }
    CHECK(dk_touch_result_name((dk_touch_result)1) == NULL && dk_touch_result_name((dk_touch_result)-9) == NULL,
          "a name for a touch answer outside the enum");

    /* Off by default: no decisions, no explain figures. */
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    CHECK(dk_pipeline_next_typed_intent(pipeline, NULL) == -1, "a typed intent into NULL");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 0, "a typed intent from a new pipeline");
    int count;
    swipe(pipeline, 0, 0);
    char *all = drain(pipeline, &count);
    LACKS(all, "\"type\":\"decision\"");
    LACKS(all, "\"explain\"");

    /* On: the drag's decision comes before the dragBegan it caused; the release shows its figures. */
    dk_pipeline_explain(pipeline, 1);
    COMMAND(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"keepEditing\"}", 200000);
    free(drain(pipeline, &count));
    swipe(pipeline, 0, 1000000);
    free(all);
    all = drain(pipeline, &count);
    CHECK(strncmp(all, "{\"decision\":\"dragStarted\",", 26) == 0 && strstr(all, "\"type\":\"decision\"") < strstr(all, "dragBegan"),
          "no dragStarted decision before the dragBegan: %s", all);
    CONTAINS(all, "\"explain\":{\"margin\":");
    free(all);

    /* Typed: the same entries as fields. */
    COMMAND(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"keepEditing\"}", 1200000);
    free(drain(pipeline, &count));
    swipe(pipeline, 0, 2000000);
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DECISION && intent.json != NULL
              && strncmp(intent.json, "{\"decision\":\"dragStarted\"", 25) == 0 && strcmp(intent.presentation, "compose") == 0,
          "the first typed entry is not the dragStarted decision");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DRAG_BEGAN
              && intent.time_us == 2000000 + 8333 && strcmp(intent.origin, "topRegion") == 0 && intent.json == NULL,
          "then dragBegan from the top region");
    int changes = 0;
    while (dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DRAG_CHANGED) {
        changes++;
        CHECK(intent.offset > 0 && intent.velocity > 0 && intent.source == NULL, "dragChanged %d", changes);
    }
    CHECK(changes > 5, "%d dragChanged", changes);
    CHECK(intent.type == DK_INTENT_DRAG_ENDED && strcmp(intent.outcome, "dismissAttempt") == 0
              && strcmp(intent.detent, "large") == 0 && intent.detent_height == 0,
          "then dragEnded, a dismiss attempt, at the large detent");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED
              && strcmp(intent.source, "swipeFromTop") == 0 && intent.option_count == 3
              && strcmp(intent.options[0], "discard") == 0 && strcmp(intent.options[1], "save") == 0
              && strcmp(intent.options[2], "keepEditing") == 0 && intent.options[3] == NULL,
          "then the question, with its three answers");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 0, "more after the question");
    COMMAND(pipeline, "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"save\"}", 2200000);
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_SAVE
              && strcmp(intent.presentation, "compose") == 0 && intent.time_us == 2200000,
          "save after the answer");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DISMISS
              && strcmp(intent.resolution, "saved") == 0 && strcmp(intent.source, "swipeFromTop") == 0,
          "then dismiss, saved");
    dk_pipeline_free(pipeline);

    /* Read a little at a time (the buffer compacts) or all at the end, mixing both readers: the
     * same entries in the same order. */
    dk_pipeline *piecemeal = dk_pipeline_new(sheet_scene, NULL), *whole = dk_pipeline_new(sheet_scene, NULL);
    dk_pipeline_explain(piecemeal, 1);
    dk_pipeline_explain(whole, 1);
    size_t size = 0;
    char *pieces = calloc(1, 1);
    for (int round = 0; round < 12; round++) {
        int64_t start = 10000000 + round * 1000000;
        swipe(piecemeal, round % 3, start);
        swipe(whole, round % 3, start);
        const char *answer = "{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"keepEditing\"}";
        COMMAND(piecemeal, answer, start + 500000);
        COMMAND(whole, answer, start + 500000);
        for (int read = 0; read < 9; read++) {
            char *intent = dk_pipeline_next_intent(piecemeal);
            if (intent == NULL) break;
            pieces = realloc(pieces, size + strlen(intent) + 2);
            sprintf(pieces + size, "%s\n", intent);
            size += strlen(intent) + 1;
            dk_string_free(intent);
        }
    }
    char *rest = drain(piecemeal, &count), *expected = drain(whole, &count);
    pieces = realloc(pieces, size + strlen(rest) + 1);
    strcpy(pieces + size, rest);
    CHECK(strcmp(pieces, expected) == 0, "read piecemeal:\n%s\nread at the end:\n%s", pieces, expected);
    CHECK(strstr(expected, "\"type\":\"decision\"") != NULL && count > 12 * 16, "%d entries", count);
    free(pieces);
    free(rest);
    free(expected);
    /* Both readers take turns on one queue: each typed entry is the JSON line the other pipeline gave. */
    swipe(piecemeal, 0, 40000000);
    swipe(whole, 0, 40000000);
    char *mixed = drain_mixed(piecemeal), *json = drain(whole, &count);
    char *mixed_line = mixed, *json_line = json;
    int lines = 0;
    for (; *mixed_line && *json_line; lines++) {
        char *mixed_end = strchr(mixed_line, '\n'), *json_end = strchr(json_line, '\n');
        *mixed_end = *json_end = '\0';
        if (lines % 2 == 0) {
            CHECK(strcmp(mixed_line, json_line) == 0, "entry %d: %s, not %s", lines, mixed_line, json_line);
        } else {
            char name[64], type[96], time[48];
            long long at;
            CHECK(sscanf(mixed_line, "%63s %lld", name, &at) == 2, "entry %d: %s", lines, mixed_line);
            snprintf(type, sizeof type, "\"type\":\"%s\"", name);
            snprintf(time, sizeof time, "\"time\":%lld,", at);
            CHECK(strstr(json_line, type) != NULL && strstr(json_line, time) != NULL, "entry %d: %s for %s", lines,
                  mixed_line, json_line);
        }
        mixed_line = mixed_end + 1;
        json_line = json_end + 1;
    }
    CHECK(*mixed_line == '\0' && *json_line == '\0' && lines == count && count > 3, "%d entries mixed, %d as JSON",
          lines, count);
    free(mixed);
    free(json);
    dk_pipeline_free(piecemeal);
    dk_pipeline_free(whole);
}

/* The typed commands: each is its JSON command with the id escaped, so an id holding quotes and
 * backslashes round-trips (the intents name it as the scene did), and a value outside its enum,
 * a NULL id or a NULL pipeline is an error that changes nothing. */
static void test_typed_commands(void) {
    const char *odd = "say \"hi\" \\ back";
    const char *scene = "{\"screen\": {\"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136},"
                        " \"presentations\": [{\"id\": \"say \\\"hi\\\" \\\\ back\", \"style\": \"sheet\","
                        " \"detents\": [\"medium\", \"large\"], \"content\": {\"offset\": 40}}]}";
    char *error = NULL;
    dk_pipeline *pipeline = dk_pipeline_new(scene, &error);
    CHECK(pipeline != NULL, "the scene with an odd id: %s", error ? error : "");
    dk_string_free(error);
    error = NULL;
    CHECK(dk_pipeline_set_unsaved_changes(pipeline, odd, 1, 1000, &error) == 0, "unsaved: %s", error ? error : "");
    CHECK(dk_pipeline_button(pipeline, odd, DK_BUTTON_CANCEL, 2000, &error) == 0, "cancel: %s", error ? error : "");
    dk_intent intent;
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED
              && strcmp(intent.presentation, odd) == 0,
          "Cancel on unsaved work asks, naming %s", odd);
    CHECK(dk_pipeline_confirm(pipeline, odd, DK_CHOICE_KEEP_EDITING, 3000, &error) == 0, "keep editing");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CANCELLED
              && strcmp(intent.presentation, odd) == 0, "keep editing is cancelled");
    CHECK(dk_pipeline_accessibility(pipeline, odd, DK_ACCESSIBILITY_PREVIOUS_DETENT, 4000, &error) == 0, "previous detent");
    EXPECT_NEXT(pipeline, "{\"cause\":\"accessibility\",\"detent\":\"medium\",\"presentation\":\"say \\\"hi\\\" \\\\ back\","
                          "\"time\":4000,\"type\":\"setDetent\"}");
    CHECK(dk_pipeline_report_content_offset(pipeline, odd, 12.25, 5000, &error) == 0, "content offset");
    CHECK(dk_pipeline_screen(pipeline, 800, 1280, 136, 217, 6000, &error) == 0, "screen: %s", error ? error : "");
    CHECK(dk_pipeline_escape_key(pipeline, 7000, &error) == 0, "escape");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED
              && strcmp(intent.presentation, odd) == 0 && strcmp(intent.source, "escapeKey") == 0,
          "Escape asks after the rotation");
    CHECK(dk_pipeline_confirm(pipeline, odd, DK_CHOICE_DISCARD, 8000, &error) == 0, "discard");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"say \\\"hi\\\" \\\\ back\",\"resolution\":\"discarded\","
                          "\"source\":\"escapeKey\",\"time\":8000,\"type\":\"dismiss\"}");
    EXPECT_NEXT(pipeline, NULL);

    /* Refused: nothing changes, and the message says why. */
#define EXPECT_REFUSED(call, part)                                                                                   \
    do {                                                                                                           \
        error = NULL;                                                                                              \
        int status = (call);                                                                                       \
        CHECK(status == -1 && error != NULL && strstr(error, part) != NULL, "%s: expected -1 and '%s', got %d and '%s'", \
              #call, part, status, error ? error : "(no error)");                                                  \
        dk_string_free(error);                                                                                     \
    } while (0)
    EXPECT_REFUSED(dk_pipeline_confirm(pipeline, odd, (dk_choice)3, 9000, &error), "3 is not a dk_choice");
    EXPECT_REFUSED(dk_pipeline_button(pipeline, odd, (dk_button_role)7, 9000, &error), "7 is not a dk_button_role");
    EXPECT_REFUSED(dk_pipeline_accessibility(pipeline, odd, (dk_accessibility_action)9, 9000, &error),
                   "9 is not a dk_accessibility_action");
    EXPECT_REFUSED(dk_pipeline_dismiss(pipeline, NULL, 9000, &error), "presentation is NULL");
    EXPECT_REFUSED(dk_pipeline_remove(NULL, odd, 9000, &error), "pipeline is NULL");
    EXPECT_REFUSED(dk_pipeline_remove(pipeline, odd, 9000, &error), "say \"hi\" \\ back");
    EXPECT_REFUSED(dk_pipeline_screen(pipeline, 0, 1280, 136, 217, 9000, &error), "width");
    EXPECT_REFUSED(dk_pipeline_escape_key(pipeline, INT64_MAX, &error), "out of range");
#undef EXPECT_REFUSED
    EXPECT_NEXT(pipeline, NULL);
    CHECK(dk_pipeline_dismiss(pipeline, odd, 9000, &error) == 0, "a dismissal of what is gone is answered");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"say \\\"hi\\\" \\\\ back\",\"reason\":\"not presented\","
                          "\"source\":\"programmatic\",\"time\":9000,\"type\":\"rejected\"}");
    dk_pipeline_free(pipeline);
}

/* A touch down and up at (x, y): a tap, with its frames. */
static void tap(dk_pipeline *pipeline, double x, double y, int64_t time) {
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, x, y, time);
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, time + 50000);
}

/* The presentations of the fields test, given as JSON commands (typed 0) or through
 * dk_presentation_fields (typed 1), with the same touches between them: a sheet at a custom
 * detent with a grabber, a header and unsaved work, tapped, swiped and asked about; updated to
 * one large detent and no unsaved work; a popover with its frame, anchor and pass-through region. */
static char *fields_session(int typed) {
    dk_pipeline *pipeline = dk_pipeline_new("{}", NULL);
    char *error = NULL;
    if (typed) {
        dk_presentation_fields *fields = dk_presentation_fields_new();
        dk_presentation_fields_set_style(fields, DK_STYLE_SHEET);
        dk_presentation_fields_add_detent(fields, DK_DETENT_MEDIUM, 0);
        dk_presentation_fields_add_detent(fields, DK_DETENT_CUSTOM, 512.5);
        dk_presentation_fields_set_selected_detent(fields, DK_DETENT_CUSTOM, 512.5);
        dk_presentation_fields_set_grabber(fields, 1);
        dk_presentation_fields_set_header_height(fields, 70.25);
        dk_presentation_fields_set_unsaved_changes(fields, 0);
        dk_presentation_fields_set_unsaved_changes(fields, 1); /* the last value counts */
        CHECK(dk_pipeline_present(pipeline, "compose", fields, 1000, &error) == 0 && error == NULL, "present: %s", error);
        dk_presentation_fields_free(fields);
    } else {
        COMMAND(pipeline, "{\"type\": \"present\", \"presentation\": {\"id\": \"compose\", \"style\": \"sheet\", \"detents\": "
                          "[\"medium\", 512.5], \"selectedDetent\": 512.5, \"grabber\": true, \"headerHeight\": 70.25, "
                          "\"unsavedChanges\": true}}", 1000);
    }
    tap(pipeline, 640, 800 - 512.5 + 8, 10000); /* the grabber: the next detent */
    for (int i = 0; i <= 12; i++) {           /* a swipe down from the header at medium */
        TOUCH(pipeline, i ? DK_TOUCH_MOTION : DK_TOUCH_DOWN, 0, 300, 800 - 380 + 30 + 12.5 * i, 200000 + i * 8333);
    }
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 310000);
    CHECK(dk_pipeline_confirm(pipeline, "compose", DK_CHOICE_KEEP_EDITING, 320000, NULL) == 0, "keep editing");
    if (typed) {
        dk_presentation_fields *fields = dk_presentation_fields_new();
        dk_presentation_fields_add_detent(fields, DK_DETENT_MEDIUM, 0);
        dk_presentation_fields_add_detent(fields, DK_DETENT_LARGE, 0);
        dk_presentation_fields_set_selected_detent(fields, DK_DETENT_LARGE, 0);
        dk_presentation_fields_set_unsaved_changes(fields, 0);
        dk_presentation_fields_remove_frame(fields);
        CHECK(dk_pipeline_update(pipeline, "compose", fields, 330000, &error) == 0, "update: %s", error);
        dk_presentation_fields_free(fields);
    } else {
        COMMAND(pipeline, "{\"type\": \"update\", \"presentation\": \"compose\", \"detents\": [\"medium\", \"large\"], "
                          "\"selectedDetent\": \"large\", \"unsavedChanges\": false, \"frame\": null}", 330000);
    }
    tap(pipeline, 640, 48, 400000); /* the grabber at large: back to medium */
    CHECK(dk_pipeline_dismiss(pipeline, "compose", 500000, NULL) == 0, "dismiss");
    if (typed) {
        dk_presentation_fields *fields = dk_presentation_fields_new();
        dk_presentation_fields_set_style(fields, DK_STYLE_POPOVER);
        dk_presentation_fields_set_modal(fields, 0);
        dk_presentation_fields_set_frame(fields, 900, 60, 320, 400);
        dk_presentation_fields_set_anchor(fields, 1180, 10, 44, 44);
        dk_presentation_fields_add_passthrough(fields, 0, 0, 10, 10); /* replaced by the next call's list */
        dk_presentation_fields_clear_passthrough(fields);
        dk_presentation_fields_add_passthrough(fields, 1100, 10, 180, 44);
        dk_presentation_fields_set_tap_outside(fields, DK_TAP_OUTSIDE_IGNORE);
        dk_presentation_fields_remove_tap_outside(fields);
        dk_presentation_fields_set_dismissible(fields, 1);
        dk_presentation_fields_set_content_offset(fields, 0);
        CHECK(dk_pipeline_present(pipeline, "share", fields, 600000, &error) == 0, "present the popover: %s", error);
        dk_presentation_fields_free(fields);
    } else {
        COMMAND(pipeline, "{\"type\": \"present\", \"presentation\": {\"id\": \"share\", \"style\": \"popover\", \"modal\": false, "
                          "\"frame\": {\"x\": 900, \"y\": 60, \"width\": 320, \"height\": 400}, \"anchor\": {\"x\": 1180, "
                          "\"y\": 10, \"width\": 44, \"height\": 44}, \"passthrough\": [{\"x\": 1100, \"y\": 10, \"width\": 180, "
                          "\"height\": 44}], \"tapOutside\": null, \"dismissible\": true, \"content\": {\"offset\": 0}}}", 600000);
    }
    tap(pipeline, 1150, 30, 700000); /* on the pass-through region, outside the popover */
    dk_string_free(error);
    int count;
    char *all = drain(pipeline, &count);
    dk_pipeline_free(pipeline);
    return all;
}

/* dk_layout's rectangle `field` is (x, y, width, height). */
#define RECT_IS(rect, ex, ey, ew, eh)                                                                   \
    CHECK((rect).x == (ex) && (rect).y == (ey) && (rect).width == (ew) && (rect).height == (eh),       \
          #rect " is (%g, %g, %g, %g), not (%g, %g, %g, %g)", (rect).x, (rect).y, (rect).width, (rect).height, \
          (double)(ex), (double)(ey), (double)(ew), (double)(eh))

/* dk_pipeline_layout says where the pipeline has a presentation: at its detent, under the drag,
 * adapted at a compact width; and a touch finds what it says (the grabber, the top region, the
 * outside). */
static void test_layout(void) {
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL); /* 1280 x 800, medium and large, grabber */
    dk_layout layout;
    CHECK(dk_pipeline_layout(pipeline, "compose", &layout) == 1, "no layout for the sheet");
    CHECK(layout.role == DK_ROLE_SHEET && !layout.adapted && layout.detent_height == 760, "a large sheet: role %d, %g",
          (int)layout.role, layout.detent_height);
    RECT_IS(layout.frame, 0, 40, 1280, 760);
    RECT_IS(layout.resting_frame, 0, 40, 1280, 760);
    RECT_IS(layout.header, 0, 40, 1280, 56);
    RECT_IS(layout.question_anchor, 0, 40, 1280, 760);
    CHECK(layout.has_grabber && layout.has_header, "no grabber or header");
    CHECK(layout.grabber.x + layout.grabber.width / 2 == 640 && layout.grabber.y + layout.grabber.height / 2 == 48,
          "the grabber's centre is (%g, %g)", layout.grabber.x + layout.grabber.width / 2,
          layout.grabber.y + layout.grabber.height / 2);
    /* A tap on the grabber's hit target, at its edge: the next detent, medium (half of 760). */
    tap(pipeline, layout.grabber_hit_target.x + 1, layout.grabber_hit_target.y + 1, 1000);
    int count;
    char *all = drain(pipeline, &count);
    CONTAINS(all, "\"cause\":\"grabberTap\",\"detent\":\"medium\"");
    free(all);
    CHECK(dk_pipeline_layout(pipeline, "compose", &layout) == 1 && layout.detent_height == 380, "medium: %g",
          layout.detent_height);
    RECT_IS(layout.frame, 0, 420, 1280, 380);
    /* Dragged down from its top region: the frame follows dragChanged's offset, the resting frame stays. */
    TOUCH(pipeline, DK_TOUCH_DOWN, 0, 300, layout.header.y + 10, 200000);
    for (int i = 1; i <= 6; i++) TOUCH(pipeline, DK_TOUCH_MOTION, 0, 300, layout.header.y + 10 + 10 * i, 200000 + i * 8333);
    dk_intent intent;
    double offset = -1;
    while (dk_pipeline_next_typed_intent(pipeline, &intent) == 1)
        if (intent.type == DK_INTENT_DRAG_CHANGED) offset = intent.offset;
    CHECK(offset > 0 && dk_pipeline_layout(pipeline, "compose", &layout) == 1 && layout.drag_offset == offset,
          "dragged %g, the layout says %g", offset, layout.drag_offset);
    RECT_IS(layout.frame, 0, 420 + offset, 1280, 380);
    RECT_IS(layout.resting_frame, 0, 420, 1280, 380);
    TOUCH(pipeline, DK_TOUCH_UP, 0, 0, 0, 400000); /* held still first: it settles back */
    all = drain(pipeline, &count);
    CONTAINS(all, "\"outcome\":\"settle\"");
    free(all);
    /* Outside the frame, just above it: a modal sheet at a regular width asks about its unsaved work. */
    CHECK(dk_pipeline_layout(pipeline, "compose", &layout) == 1 && layout.drag_offset == 0, "not at rest");
    tap(pipeline, 300, layout.frame.y - 1, 450000);
    all = drain(pipeline, &count);
    CONTAINS(all, "\"source\":\"tapOutside\",\"time\":");
    free(all);
    CHECK(dk_pipeline_confirm(pipeline, "compose", DK_CHOICE_KEEP_EDITING, 550000, NULL) == 0, "keep editing");
    /* A compact width: a popover is a modal sheet at the large detent, below the top inset. */
    CHECK(dk_pipeline_screen(pipeline, 390, 844, 66, 143, 600000, NULL) == 0, "screen");
    dk_presentation_fields *fields = dk_presentation_fields_new();
    dk_presentation_fields_set_style(fields, DK_STYLE_POPOVER);
    dk_presentation_fields_set_frame(fields, 100, 60, 250, 300);
    char *error = NULL;
    CHECK(dk_pipeline_present(pipeline, "share", fields, 700000, &error) == 0, "present the popover: %s", error);
    dk_string_free(error);
    dk_presentation_fields_free(fields);
    CHECK(dk_pipeline_layout(pipeline, "share", &layout) == 1 && layout.role == DK_ROLE_SHEET && layout.adapted &&
              layout.detent_height == 804, "the popover at a compact width: role %d, adapted %d, %g", (int)layout.role,
          (int)layout.adapted, layout.detent_height);
    RECT_IS(layout.frame, 0, 40, 390, 804);
    CHECK(dk_pipeline_screen(pipeline, 1280, 800, 217, 136, 800000, NULL) == 0, "screen");
    CHECK(dk_pipeline_layout(pipeline, "share", &layout) == 1 && layout.role == DK_ROLE_POPOVER && !layout.adapted &&
              layout.detent_height == 0 && !layout.has_header, "the popover at a regular width");
    RECT_IS(layout.frame, 100, 60, 250, 300);
    RECT_IS(layout.question_anchor, 100, 60, 250, 300);
    CHECK(dk_pipeline_layout(pipeline, "nobody", &layout) == 0, "a layout for no presentation");
    CHECK(dk_pipeline_layout(pipeline, NULL, &layout) == -1 && dk_pipeline_layout(pipeline, "share", NULL) == -1 &&
              dk_pipeline_layout(NULL, "share", &layout) == -1, "a NULL argument was taken");
    dk_pipeline_free(pipeline);
}

/* dk_presentation_fields gives the pipeline what the JSON commands give it, and a value the
 * library cannot take is refused by the command it is given to, naming the setter's argument. */
static void test_presentation_fields(void) {
    char *json = fields_session(0), *typed = fields_session(1);
    CHECK(strcmp(json, typed) == 0, "the typed fields gave other intents:\n%s\nthan the JSON commands:\n%s", typed, json);
    CONTAINS(typed, "\"cause\":\"grabberTap\",\"detent\":\"medium\"");
    CONTAINS(typed, "\"type\":\"confirmationRequested\"");
    CONTAINS(typed, "{\"presentation\":\"compose\",\"resolution\":\"direct\",\"source\":\"programmatic\"");
    CONTAINS(typed, "\"type\":\"passthroughTap\",\"x\":1150,\"y\":30");
    free(json);
    free(typed);

    dk_pipeline *pipeline = dk_pipeline_new("{}", NULL);
    char *error = NULL;
    dk_presentation_fields *fields = dk_presentation_fields_new();
    CHECK(dk_pipeline_present(pipeline, "a", NULL, 1, &error) == -1 && error && strcmp(error, "fields is NULL") == 0,
          "NULL fields: %s", error ? error : "accepted");
    dk_string_free(error);
    CHECK(dk_pipeline_present(NULL, "a", fields, 1, &error) == -1 && error && strcmp(error, "pipeline is NULL") == 0,
          "NULL pipeline: %s", error ? error : "accepted");
    dk_string_free(error);
    CHECK(dk_pipeline_present(pipeline, NULL, fields, 1, &error) == -1 && error && strcmp(error, "presentation is NULL") == 0,
          "NULL id: %s", error ? error : "accepted");
    dk_string_free(error);
    /* A popover without its frame: the stack rule's message, as for the JSON command. */
    dk_presentation_fields_set_style(fields, DK_STYLE_POPOVER);
    char *json_error = NULL;
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"present\", \"presentation\": {\"id\": \"p\", \"style\": \"popover\"}}", 1,
                              &json_error) == -1, "a popover without a frame was presented");
    CHECK(dk_pipeline_present(pipeline, "p", fields, 1, &error) == -1 && error && json_error &&
              strstr(json_error, error) != NULL, "typed '%s', JSON '%s'", error ? error : "accepted", json_error);
    dk_string_free(error);
    dk_string_free(json_error);
    /* A number JSON cannot carry, and a value outside its enum: the first one set is named. */
    dk_presentation_fields_set_style(fields, DK_STYLE_SHEET);
    dk_presentation_fields_add_detent(fields, DK_DETENT_CUSTOM, NAN);
    dk_presentation_fields_set_style(fields, (dk_presentation_style)99);
    CHECK(dk_pipeline_present(pipeline, "s", fields, 2, &error) == -1 && error &&
              strcmp(error, "height: NaN is not a finite number") == 0, "NaN detent: %s", error ? error : "accepted");
    dk_string_free(error);
    dk_presentation_fields_free(fields);
    fields = dk_presentation_fields_new();
    dk_presentation_fields_set_style(fields, (dk_presentation_style)99);
    CHECK(dk_pipeline_present(pipeline, "s", fields, 3, &error) == -1 && error &&
              strcmp(error, "style: 99 is not a dk_presentation_style of dismisskit.h") == 0, "style 99: %s",
          error ? error : "accepted");
    dk_string_free(error);
    dk_presentation_fields_free(fields);
    fields = dk_presentation_fields_new();
    dk_presentation_fields_set_tap_outside(fields, (dk_tap_outside)-1);
    dk_presentation_fields_set_frame(fields, 0, INFINITY, 10, 10);
    CHECK(dk_pipeline_update(pipeline, "s", fields, 4, &error) == -1 && error &&
              strcmp(error, "action: -1 is not a dk_tap_outside of dismisskit.h") == 0, "tap outside -1: %s",
          error ? error : "accepted");
    dk_string_free(error);
    dk_presentation_fields_free(fields);
    CHECK(dk_pipeline_next_intent(pipeline) == NULL, "a refused present or update gave an intent");
    /* NULL fields: the setters and the free do nothing. */
    dk_presentation_fields_set_style(NULL, DK_STYLE_SHEET);
    dk_presentation_fields_add_detent(NULL, DK_DETENT_LARGE, 0);
    dk_presentation_fields_set_frame(NULL, 0, 0, 1, 1);
    dk_presentation_fields_free(NULL);
    /* After the refusals, the same id is presented: nothing of them was kept. */
    fields = dk_presentation_fields_new();
    dk_presentation_fields_set_style(fields, DK_STYLE_SHEET);
    CHECK(dk_pipeline_present(pipeline, "s", fields, 5, &error) == 0, "present after the refusals: %s", error);
    dk_presentation_fields_free(fields);
    dk_pipeline_free(pipeline);
}

/* A typed call's error names the argument as the C caller passed it: an enum outside its values
 * as the signed int written ((dk_choice)-1 is -1), a NaN or infinite number as NaN or inf, a value
 * the command's rules refuse by its field; never JSON the caller did not write. Such a call
 * changes nothing and is not recorded, and the enums' name functions answer NULL for any int. */
static void test_typed_call_messages(void) {
    char path[] = "/tmp/api_test-typed-XXXXXX";
    int descriptor = mkstemp(path);
    CHECK(descriptor >= 0, "mkstemp");
    close(descriptor);
    unlink(path);
    dk_pipeline *pipeline = dk_pipeline_new(sheet_scene, NULL);
    CHECK(dk_pipeline_record(pipeline, path, NULL) == 0, "record to %s", path);
    int64_t recorded = -1, after = -1;
    dk_pipeline_recording(pipeline, &recorded, NULL);
    char *error = NULL;
#define EXPECT_MESSAGE(call, message)                                                                            \
    do {                                                                                                         \
        error = NULL;                                                                                            \
        int status = (call);                                                                                     \
        CHECK(status == -1 && error != NULL && strcmp(error, message) == 0, "%s: expected -1 and '%s', got %d and '%s'", \
              #call, message, status, error ? error : "(no error)");                                             \
        dk_string_free(error);                                                                                   \
    } while (0)
    EXPECT_MESSAGE(dk_pipeline_confirm(pipeline, "compose", (dk_choice)-1, 1000, &error),
                   "choice: -1 is not a dk_choice of dismisskit.h");
    EXPECT_MESSAGE(dk_pipeline_confirm(pipeline, "compose", (dk_choice)3, 1000, &error),
                   "choice: 3 is not a dk_choice of dismisskit.h");
    EXPECT_MESSAGE(dk_pipeline_button(pipeline, "compose", (dk_button_role)-5, 1000, &error),
                   "role: -5 is not a dk_button_role of dismisskit.h");
    EXPECT_MESSAGE(dk_pipeline_accessibility(pipeline, "compose", (dk_accessibility_action)INT32_MIN, 1000, &error),
                   "action: -2147483648 is not a dk_accessibility_action of dismisskit.h");
    EXPECT_MESSAGE(dk_pipeline_accessibility(pipeline, "compose", (dk_accessibility_action)INT32_MAX, 1000, &error),
                   "action: 2147483647 is not a dk_accessibility_action of dismisskit.h");
    EXPECT_MESSAGE(dk_pipeline_report_content_offset(pipeline, "compose", NAN, 1000, &error),
                   "offset: NaN is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_report_content_offset(pipeline, "compose", -NAN, 1000, &error),
                   "offset: NaN is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_report_content_offset(pipeline, "compose", INFINITY, 1000, &error),
                   "offset: inf is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_screen(pipeline, NAN, 800, 217, 136, 1000, &error), "width: NaN is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_screen(pipeline, 1280, -INFINITY, 217, 136, 1000, &error),
                   "height: -inf is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_screen(pipeline, 1280, 800, NAN, 136, 1000, &error), "width_mm: NaN is not a finite number");
    EXPECT_MESSAGE(dk_pipeline_screen(pipeline, 1280, 800, 217, INFINITY, 1000, &error),
                   "height_mm: inf is not a finite number");
    /* The first argument JSON cannot carry is the one named. */
    EXPECT_MESSAGE(dk_pipeline_screen(pipeline, 1280, NAN, INFINITY, 136, 1000, &error), "height: NaN is not a finite number");
    dk_pipeline_recording(pipeline, &after, NULL);
    CHECK(after == recorded, "a refused typed call was recorded: %lld bytes, then %lld", (long long)recorded,
          (long long)after);
    /* A value the command's rules refuse is named by its field, with no command_json; the command
     * is written as JSON, so it is recorded (a replay refuses it again). */
    error = NULL;
    CHECK(dk_pipeline_screen(pipeline, 0, 800, 217, 136, 1000, &error) == -1 && error != NULL
              && strcmp(error, "width: expected a positive number") == 0,
          "a zero width: '%s'", error ? error : "(no error)");
    dk_string_free(error);
    EXPECT_NEXT(pipeline, NULL);
    /* The pipeline goes on as if none of them had come. */
    CHECK(dk_pipeline_dismiss(pipeline, "compose", 2000, NULL) == 0, "dismiss after the refusals");
    dk_intent intent;
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED,
          "the unsaved sheet asks");
    dk_pipeline_free(pipeline);
    unlink(path);

    const int values[] = {-1, -2, 17, 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        CHECK(dk_intent_type_name((dk_intent_type)values[i]) == NULL, "an intent type's name for %d", values[i]);
        if (values[i] < -8 || values[i] > 0)
            CHECK(dk_touch_result_name((dk_touch_result)values[i]) == NULL, "a touch answer's name for %d", values[i]);
    }
}

/* Ids longer than an intent holds in itself (15 bytes) are each pipeline's own: two pipelines
 * that meet the same long ids in the other order name them right, as JSON and typed, and in a
 * rejection's reason. */
static void test_long_ids(void) {
    const char *first = "a-sheet-whose-id-is-longer-than-fifteen-bytes";
    const char *second = "another-sheet-with-a-long-id";
    for (int order = 0; order < 2; order++) {
        const char *bottom = order == 0 ? first : second, *top = order == 0 ? second : first;
        char scene[512], expected[512];
        snprintf(scene, sizeof scene, "{\"presentations\": [{\"id\": \"%s\", \"style\": \"sheet\"},"
                 " {\"id\": \"%s\", \"style\": \"formSheet\"}]}", bottom, top);
        char *error = NULL;
        dk_pipeline *pipeline = dk_pipeline_new(scene, &error);
        CHECK(pipeline != NULL, "the scene with long ids: %s", error ? error : "");
        dk_string_free(error);
        CHECK(dk_pipeline_dismiss(pipeline, bottom, 1000, NULL) == 0, "dismiss the covered sheet");
        snprintf(expected, sizeof expected, "{\"presentation\":\"%s\",\"reason\":\"covered by \\\"%s\\\"\","
                 "\"source\":\"programmatic\",\"time\":1000,\"type\":\"rejected\"}", bottom, top);
        EXPECT_NEXT(pipeline, expected);
        CHECK(dk_pipeline_dismiss(pipeline, top, 2000, NULL) == 0, "dismiss the top sheet");
        dk_intent intent;
        CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DISMISS
                  && strcmp(intent.presentation, top) == 0, "the dismissal names %s", top);
        dk_pipeline_free(pipeline);
    }
}

/* One rule for what an id is (Docs/protocol.md): its bytes, never normalized, with no control
 * character. "café" with U+00E9 and with "e" + U+0301 are two presentations, short and past the
 * 15 bytes an id holds in itself; naming the one that was never presented reaches nothing. */
static void test_presentation_ids(void) {
    const char *spellings[][2] = {
        {"caf\xc3\xa9", "cafe\xcc\x81"},
        {"draft-message-caf\xc3\xa9", "draft-message-cafe\xcc\x81"},
    };
    for (int length = 0; length < 2; length++) {
        const char *composed = spellings[length][0], *decomposed = spellings[length][1];
        char scene[256], expected[512];
        snprintf(scene, sizeof scene, "{\"presentations\": [{\"id\": \"%s\", \"style\": \"sheet\", \"unsavedChanges\": true}]}",
                 composed);
        char *error = NULL;
        dk_pipeline *pipeline = dk_pipeline_new(scene, &error);
        CHECK(pipeline != NULL, "the scene with %s: %s", composed, error ? error : "");
        dk_string_free(error);
        CHECK(dk_pipeline_dismiss(pipeline, decomposed, 1000, NULL) == 0, "dismiss the spelling never presented");
        snprintf(expected, sizeof expected, "{\"presentation\":\"%s\",\"reason\":\"not presented\","
                 "\"source\":\"programmatic\",\"time\":1000,\"type\":\"rejected\"}", decomposed);
        EXPECT_NEXT(pipeline, expected);
        error = NULL;
        CHECK(dk_pipeline_confirm(pipeline, decomposed, DK_CHOICE_DISCARD, 2000, &error) != 0,
              "an answer naming the spelling never presented is refused");
        dk_string_free(error);
        int count = 0;
        char *rest = drain(pipeline, &count);
        CHECK(count == 0, "nothing is dismissed: %s", rest);
        free(rest);
        /* Presented, the other spelling is a presentation of its own, above the first. */
        snprintf(scene, sizeof scene, "{\"type\": \"present\", \"presentation\": {\"id\": \"%s\", \"style\": \"sheet\"}}",
                 decomposed);
        error = NULL;
        CHECK(dk_pipeline_command(pipeline, scene, 3000, &error) == 0, "present %s: %s", decomposed, error ? error : "");
        dk_string_free(error);
        CHECK(dk_pipeline_dismiss(pipeline, decomposed, 4000, NULL) == 0, "dismiss the second");
        dk_intent intent;
        CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DISMISS
                  && strcmp(intent.presentation, decomposed) == 0, "the dismissal names the decomposed spelling");
        CHECK(dk_pipeline_dismiss(pipeline, composed, 5000, NULL) == 0, "dismiss the first");
        CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED
                  && strcmp(intent.presentation, composed) == 0, "its unsaved work is asked about, under its own spelling");
        dk_pipeline_free(pipeline);
    }
    /* U+0000 inside an id is refused in a scene and in a command, and the message says so whole. */
    char *error = NULL;
    CHECK(dk_pipeline_new("{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\"},"
                          " {\"id\": \"a\\u0000b\", \"style\": \"sheet\"}]}", &error) == NULL, "a scene with U+0000 in an id");
    CHECK(error && strstr(error, "presentations[1].id: a presentation id holds no control character, this one has U+0000"),
          "the reason: %s", error ? error : "(none)");
    dk_string_free(error);
    dk_pipeline *pipeline = dk_pipeline_new("{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\", \"unsavedChanges\": true}]}", NULL);
    error = NULL;
    CHECK(dk_pipeline_command(pipeline, "{\"type\": \"dismiss\", \"presentation\": \"a\\u0000b\"}", 1000, &error) != 0,
          "a command naming an id with U+0000");
    CHECK(error && strstr(error, "holds no control character, this one has U+0000"), "the reason: %s", error ? error : "(none)");
    dk_string_free(error);
    int count = 0;
    char *rest = drain(pipeline, &count);
    CHECK(count == 0, "nothing is decided about \"a\": %s", rest);
    free(rest);
    dk_pipeline_free(pipeline);
}

/* The on-screen keyboard (SPEC 10): the typed call, the typed hideKeyboard, and its refusals. */
static void test_keyboard(void) {
    char *error = NULL;
    dk_pipeline *pipeline = dk_pipeline_new("{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\","
                                            " \"detents\": [\"medium\", \"large\"], \"selectedDetent\": \"medium\","
                                            " \"unsavedChanges\": true}]}", &error);
    CHECK(pipeline != NULL, "the keyboard's scene: %s", error ? error : "");
    CHECK(dk_pipeline_keyboard(pipeline, 300, 1000, &error) == 0, "keyboard: %s", error ? error : "");
    EXPECT_NEXT(pipeline, "{\"cause\":\"keyboard\",\"detent\":\"large\",\"presentation\":\"compose\",\"time\":1000,"
                          "\"type\":\"setDetent\"}");
    dk_layout layout;
    CHECK(dk_pipeline_layout(pipeline, "compose", &layout) == 1 && layout.frame.y == 40 && layout.frame.height == 460,
          "the large sheet sits in the 500-point room above the keyboard: y %g, height %g", layout.frame.y, layout.frame.height);
    CHECK(dk_pipeline_escape_key(pipeline, 2000, &error) == 0, "escape");
    dk_intent intent;
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_HIDE_KEYBOARD
              && intent.keyboard_hiding_reason == DK_KEYBOARD_HIDING_ESCAPE_KEY && strcmp(intent.reason, "escapeKey") == 0
              && strcmp(intent.presentation, "compose") == 0,
          "Escape only hides the keyboard");
    CHECK(strcmp(dk_intent_type_name(DK_INTENT_HIDE_KEYBOARD), "hideKeyboard") == 0, "hideKeyboard's name");
    EXPECT_NEXT(pipeline, NULL);
    CHECK(dk_pipeline_button(pipeline, "compose", DK_BUTTON_CANCEL, 3000, &error) == 0, "cancel");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_HIDE_KEYBOARD
              && intent.keyboard_hiding_reason == DK_KEYBOARD_HIDING_QUESTION, "the keyboard goes before the question");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_CONFIRMATION_REQUESTED, "the question");
    EXPECT_MESSAGE(dk_pipeline_keyboard(pipeline, -5, 4000, &error), "height: expected 0 (hidden) or more");
    EXPECT_MESSAGE(dk_pipeline_keyboard(pipeline, 801, 4000, &error),
                   "keyboard height 801 must be from 0 (hidden) to the screen's height (800 points)");
    EXPECT_MESSAGE(dk_pipeline_keyboard(pipeline, NAN, 4000, &error), "height: NaN is not a finite number");
    CHECK(dk_pipeline_keyboard(pipeline, 0, 5000, &error) == 0, "the keyboard hides: %s", error ? error : "");
    EXPECT_NEXT(pipeline, NULL);
    dk_pipeline_free(pipeline);
}
/* Idle (SPEC section 11): every call but a tick is activity; dk_pipeline_next_tick() names the
 * warning's time, then the deadline, and nothing once there is nothing to reset. */
static void test_idle(void) {
    char *error = NULL;
    dk_pipeline *pipeline = dk_pipeline_new("{\"idle\": {\"after\": 10000000, \"warning\": 3000000, \"unsaved\": \"save\"},"
                                            " \"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\","
                                            " \"unsavedChanges\": true}]}", &error);
    CHECK(pipeline != NULL, "the idle scene: %s", error ? error : "");
    int64_t next = 0;
    CHECK(dk_pipeline_next_tick(pipeline, &next) == 1 && next < 0, "before the first event a tick is due at once: %lld", (long long)next);
    CHECK(dk_pipeline_next_tick(pipeline, NULL) == -1 && dk_pipeline_next_tick(NULL, &next) == -1, "NULL is refused");
    CHECK(dk_pipeline_keyboard(pipeline, 0, 1000000, &error) == 0, "a command starts the clock: %s", error ? error : "");
    CHECK(dk_pipeline_next_tick(pipeline, &next) == 1 && next == 8000000, "the warning is due at 8 s: %lld", (long long)next);
    CHECK(dk_pipeline_tick(pipeline, 7999999, &error) == 0, "tick: %s", error ? error : "");
    EXPECT_NEXT(pipeline, NULL);
    CHECK(dk_pipeline_tick(pipeline, 8500000, &error) == 0, "tick: %s", error ? error : "");
    dk_intent intent;
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_IDLE_WARNING
              && intent.deadline_us == 11000000 && intent.remaining_us == 2500000 && intent.presentation == NULL
              && intent.time_us == 8500000,
          "the warning: deadline %lld, remaining %lld", (long long)intent.deadline_us, (long long)intent.remaining_us);
    CHECK(strcmp(dk_intent_type_name(DK_INTENT_IDLE_WARNING), "idleWarning") == 0
              && strcmp(dk_intent_type_name(DK_INTENT_IDLE_CANCELLED), "idleCancelled") == 0
              && strcmp(dk_intent_type_name(DK_INTENT_IDLE_RESET), "idleReset") == 0, "the idle intents' names");
    CHECK(dk_pipeline_next_tick(pipeline, &next) == 1 && next == 11000000, "then the deadline: %lld", (long long)next);
    CHECK(dk_pipeline_tick(pipeline, 11000000, &error) == 0, "tick: %s", error ? error : "");
    EXPECT_NEXT(pipeline, "{\"presentation\":\"compose\",\"time\":11000000,\"type\":\"save\"}");
    CHECK(dk_pipeline_next_typed_intent(pipeline, &intent) == 1 && intent.type == DK_INTENT_DISMISS
              && intent.dismissal_source == DK_SOURCE_IDLE && strcmp(intent.source, "idle") == 0
              && intent.dismiss_resolution == DK_RESOLUTION_SAVED, "the unsaved sheet is saved and dismissed by the rule");
    EXPECT_NEXT(pipeline, "{\"time\":11000000,\"type\":\"idleReset\"}");
    CHECK(dk_pipeline_next_tick(pipeline, &next) == 0, "nothing presented: no tick is needed");
    dk_pipeline_free(pipeline);
    /* The typed calls give the rule in a scene command of the scene as it is: the sheet stays. */
    pipeline = dk_pipeline_new("{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\"}]}", &error);
    CHECK(pipeline != NULL && dk_pipeline_next_tick(pipeline, &next) == 0, "no rule, no tick");
    EXPECT_MESSAGE(dk_pipeline_set_idle_rule(pipeline, 5, 5, DK_IDLE_UNSAVED_KEEP, 1000, &error),
                   "scene.idle: idle.after (5 µs) must be longer than idle.warning (5 µs)");
    EXPECT_MESSAGE(dk_pipeline_set_idle_rule(pipeline, 10, 5, (dk_idle_unsaved)7, 1000, &error),
                   "unsaved: 7 is not a dk_idle_unsaved of dismisskit.h");
    CHECK(dk_pipeline_set_idle_rule(pipeline, 10000000, 3000000, DK_IDLE_UNSAVED_DISCARD, 2000000, &error) == 0,
          "set_idle_rule: %s", error ? error : "");
    CHECK(dk_pipeline_next_tick(pipeline, &next) == 1 && next == 9000000, "the rule holds from the call: %lld", (long long)next);
    dk_layout layout;
    CHECK(dk_pipeline_layout(pipeline, "compose", &layout) == 1, "the sheet stays");
    EXPECT_NEXT(pipeline, NULL);
    CHECK(dk_pipeline_clear_idle_rule(pipeline, 3000000, &error) == 0 && dk_pipeline_next_tick(pipeline, &next) == 0,
          "clear_idle_rule: no tick is needed");
    CHECK(dk_pipeline_set_idle_rule(NULL, 10, 5, DK_IDLE_UNSAVED_KEEP, 0, NULL) == -1, "a NULL pipeline");
    dk_pipeline_free(pipeline);
    CHECK(dk_pipeline_new("{\"idle\": {\"after\": 5, \"warning\": 5, \"unsaved\": \"keep\"}}", &error) == NULL
              && strstr(error, "idle.after (5 µs) must be longer than idle.warning (5 µs)") != NULL,
          "a warning as long as after is refused: %s", error ? error : "");
    dk_string_free(error);
    error = NULL;
    CHECK(dk_pipeline_new("{\"idle\": {\"after\": 5, \"warning\": 1}}", &error) == NULL && strstr(error, "unsaved") != NULL,
          "unsaved has no default: %s", error ? error : "");
    dk_string_free(error);
}
#undef EXPECT_MESSAGE

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "Usage: %s VERSION [FUZZ_SESSIONS_FOLDER]\n", argv[0]);
        return 64;
    }
    fuzz_sessions = argc == 3 ? argv[2] : NULL;
    test_version(argv[1]);
    test_bad_scenes();
    test_null_pipeline();
    test_commands();
    test_scene_with_timeline();
    test_touches();
    test_refused_touches_change_nothing();
    test_second_contact();
    test_screen();
    test_host_reported_offsets();
    test_flick_after_hand_off();
    test_record();
    test_recording_that_fails();
    test_unread_intents();
    test_explain_and_typed();
    test_typed_commands();
    test_presentation_fields();
    test_layout();
    test_typed_call_messages();
    test_keyboard();
    test_idle();
    test_long_ids();
    test_presentation_ids();
    test_threads();
    test_fuzz();
    printf("C API: %d/%d checks passed\n", checks - failures, checks);
    return failures == 0 ? 0 : 1;
}
