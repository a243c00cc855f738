/*
 * Tests every function of dismisskit.h through the installed library: answers on known
 * scenes and gestures, every kind of bad input (each an error or a no-op, never a crash),
 * pipelines side by side on several threads, and a deterministic fuzz of touches and
 * commands. Built with -Wall -Wextra -Werror, and run under AddressSanitizer by Tests/C/run.
 *
 * Usage: api_test VERSION   (the version pkg-config reports, which dk_version must match)
 */
#define _POSIX_C_SOURCE 200809L
#include <dismisskit.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    CHECK(version != NULL && strcmp(version, DK_VERSION) == 0, "dk_version() is '%s', the header says '%s'",
          version ? version : "NULL", DK_VERSION);
    CHECK(version != NULL && strcmp(version, expected) == 0, "dk_version() is '%s', pkg-config says '%s'",
          version ? version : "NULL", expected);
    CHECK(version == dk_version(), "dk_version() is not in static storage");
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
}

static void test_null_pipeline(void) {
    dk_pipeline_touch(NULL, DK_TOUCH_DOWN, 0, 1, 1, 0);
    dk_pipeline_touch(NULL, DK_TOUCH_FRAME, 0, 1, 1, 0);
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
                       0, "the screen cannot change");
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

    /* Events the library cannot use are dropped: an unknown type, a position that is not
     * finite or too far, a time out of range. None of these downs starts a tap. */
    const double bad[] = {NAN, INFINITY, -INFINITY, 1e300, -2e9};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 1, 640, bad[i], 100000);
        dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 1, bad[i], 470, 100000);
    }
    dk_pipeline_touch(pipeline, (dk_touch_type)7, 1, 640, 470, 100000);
    dk_pipeline_touch(pipeline, (dk_touch_type)-1, 1, 640, 470, 100000);
    dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 1, 640, 470, INT64_MAX);
    dk_pipeline_touch(pipeline, DK_TOUCH_DOWN, 1, 640, 470, INT64_MIN);
    dk_pipeline_touch(pipeline, DK_TOUCH_UP, 1, 0, 0, 110000);
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
    long intents = 0, refused = 0;
    for (size_t s = 0; s < sizeof scenes / sizeof scenes[0]; s++) {
        for (int session = 0; session < 20; session++) {
            dk_pipeline *pipeline = dk_pipeline_new(scenes[s], NULL);
            CHECK(pipeline != NULL, "fuzz scene %zu", s);
            if (pipeline == NULL) continue;
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
                    while ((intent = dk_pipeline_next_intent(pipeline)) != NULL) {
                        size_t length = strlen(intent);
                        CHECK(length >= 2 && intent[0] == '{' && intent[length - 1] == '}'
                                  && strstr(intent, "\"type\":\"") != NULL && strchr(intent, '\n') == NULL,
                              "not one JSON object: %s", intent);
                        intents++;
                        dk_string_free(intent);
                    }
                }
            }
            dk_pipeline_free(pipeline); /* with intents maybe unread */
        }
    }
    CHECK(intents > 1000 && refused > 100, "the fuzz exercised little: %ld intents, %ld refused commands", intents,
          refused);
    printf("fuzz: 180,000 calls, %ld intents, %ld refused commands\n", intents, refused);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "Usage: %s VERSION\n", argv[0]);
        return 64;
    }
    test_version(argv[1]);
    test_bad_scenes();
    test_null_pipeline();
    test_commands();
    test_scene_with_timeline();
    test_touches();
    test_unread_intents();
    test_threads();
    test_fuzz();
    printf("C API: %d/%d checks passed\n", checks - failures, checks);
    return failures == 0 ? 0 : 1;
}
