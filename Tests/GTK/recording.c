/*
 * DkPipeline's recording from C: a write that fails (here the file size limit of a child
 * process, as a full disk would) turns DkPipeline:recording FALSE with a notify, sets
 * DkPipeline:recording-failure, and emits DkPipeline::recording-failed once, with the bytes
 * the file holds; the pipeline goes on deciding. No display is needed: a pipeline is a GObject.
 *
 * Usage: recording   (built by Tests/GTK/run with pkg-config dismisskit-gtk)
 */
#define _POSIX_C_SOURCE 200809L
#include <dismisskit-gtk/dismisskit-gtk.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const scene = "{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\"}]}";

/* What the pipeline said while its recording ran out of room. */
typedef struct {
    int recording_notifies, failures, dismissals;
    gboolean recording_when_failed;
    char *reason;
    gint64 bytes_written;
} Heard;

static void on_recording_notify(GObject *pipeline, GParamSpec *spec, Heard *heard) {
    (void)pipeline, (void)spec;
    heard->recording_notifies++;
}

static void on_recording_failed(DkPipeline *pipeline, const char *reason, gint64 bytes_written, Heard *heard) {
    heard->failures++;
    heard->recording_when_failed = dk_gtk_pipeline_get_recording(pipeline);
    g_free(heard->reason);
    heard->reason = g_strdup(reason);
    heard->bytes_written = bytes_written;
}

static void on_dismissed(DkPipeline *pipeline, const char *id, int source, int resolution, Heard *heard) {
    (void)pipeline, (void)id, (void)source, (void)resolution;
    heard->dismissals++;
}

/* Fails with `message` when `condition` does not hold: the child's exit status is its line. */
#define EXPECT(condition, ...)                                                          \
    do {                                                                                \
        if (!(condition)) {                                                             \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #condition);       \
            fprintf(stderr, __VA_ARGS__);                                               \
            fputc('\n', stderr);                                                        \
            _exit(1);                                                                   \
        }                                                                               \
    } while (0)

/* In the child, under a 4 KiB file size limit. */
static void record_until_the_file_is_full(const char *path) {
    signal(SIGXFSZ, SIG_IGN);
    const struct rlimit limit = {4096, 4096};
    setrlimit(RLIMIT_FSIZE, &limit);
    GError *error = NULL;
    DkPipeline *pipeline = dk_gtk_pipeline_new(scene, &error);
    EXPECT(pipeline != NULL, "the scene: %s", error ? error->message : "");
    Heard heard = {0};
    g_signal_connect(pipeline, "notify::recording", G_CALLBACK(on_recording_notify), &heard);
    g_signal_connect(pipeline, "recording-failed", G_CALLBACK(on_recording_failed), &heard);
    g_signal_connect(pipeline, "dismissed", G_CALLBACK(on_dismissed), &heard);

    EXPECT(!dk_gtk_pipeline_get_recording(pipeline) && dk_gtk_pipeline_get_recording_failure(pipeline) == NULL,
           "a new pipeline records nothing");
    EXPECT(dk_gtk_pipeline_record(pipeline, path, &error), "record: %s", error ? error->message : "");
    gboolean recording = FALSE;
    g_object_get(pipeline, "recording", &recording, NULL);
    EXPECT(recording && heard.recording_notifies == 1, "recording %d after %d notifies", recording,
           heard.recording_notifies);

    /* Taps on the sheet until the file can hold no more, and well beyond. */
    gint64 time = 0;
    for (int stroke = 0; stroke < 40; stroke++, time += 16000) {
        dk_gtk_pipeline_touch(pipeline, DK_GTK_TOUCH_DOWN, 0, 300, 600, time, NULL);
        dk_gtk_pipeline_touch(pipeline, DK_GTK_TOUCH_FRAME, 0, 0, 0, time, NULL);
        dk_gtk_pipeline_touch(pipeline, DK_GTK_TOUCH_UP, 0, 0, 0, time + 8000, NULL);
        dk_gtk_pipeline_touch(pipeline, DK_GTK_TOUCH_FRAME, 0, 0, 0, time + 8000, NULL);
    }
    EXPECT(heard.failures == 1, "recording-failed emitted %d times", heard.failures);
    EXPECT(!heard.recording_when_failed, "recording still TRUE when recording-failed was emitted");
    EXPECT(heard.recording_notifies == 2, "%d notifies of recording", heard.recording_notifies);
    g_object_get(pipeline, "recording", &recording, NULL);
    EXPECT(!recording, "the property still says recording");
    EXPECT(strstr(heard.reason, "File too large") != NULL && strstr(heard.reason, path) != NULL, "the reason: %s",
           heard.reason);
    EXPECT(g_strcmp0(dk_gtk_pipeline_get_recording_failure(pipeline), heard.reason) == 0, "recording-failure: %s",
           dk_gtk_pipeline_get_recording_failure(pipeline));
    struct stat status;
    EXPECT(stat(path, &status) == 0 && status.st_size == heard.bytes_written && heard.bytes_written <= 4096,
           "%lld bytes said, %lld on disk", (long long)heard.bytes_written, (long long)status.st_size);

    /* The pipeline goes on: the host's dismissal is answered, and nothing more is said of the recording. */
    EXPECT(dk_gtk_pipeline_dismiss(pipeline, "compose", time, &error), "dismiss: %s", error ? error->message : "");
    EXPECT(heard.dismissals == 1 && heard.failures == 1, "%d dismissals, %d failures", heard.dismissals, heard.failures);
    g_object_unref(pipeline);
    g_free(heard.reason);
    _exit(0);
}

int main(void) {
    char path[] = "/tmp/gtk-recording-XXXXXX";
    const int descriptor = mkstemp(path);
    if (descriptor < 0) {
        perror("mkstemp");
        return 1;
    }
    close(descriptor);
    unlink(path);
    const pid_t child = fork();
    if (child == 0) record_until_the_file_is_full(path);
    int status = 0;
    const gboolean waited = child > 0 && waitpid(child, &status, 0) == child;
    unlink(path);
    if (!waited || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "FAIL Tests/GTK/recording: the recording's child failed\n");
        return 1;
    }
    puts("ok a recording that cannot be written: recording turns FALSE, recording-failed once, the pipeline goes on");
    return 0;
}
