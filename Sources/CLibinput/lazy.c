// The libinput and libudev functions the live input code calls, each resolved from the library
// the first time it is called. dk_live_input_load opens the libraries (libinput.so.10,
// libudev.so.1) and must have succeeded first; the definitions are Sources/CLazyLibrary's.
#define _GNU_SOURCE
#include "CLibinput.h"

#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *libinput_handle;
static void *udev_handle;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // libudev first: libinput needs it, and it must stay loaded as long as libinput does.
    udev_handle = dlopen("libudev.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!udev_handle) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    libinput_handle = dlopen("libinput.so.10", RTLD_NOW | RTLD_LOCAL);
    if (!libinput_handle) snprintf(load_error, sizeof load_error, "%s", dlerror());
}

int dk_live_input_load(char *error, size_t size) {
    pthread_once(&load_once, load);
    if (libinput_handle && udev_handle) return 0;
    if (error && size > 0) snprintf(error, size, "%s", load_error);
    return -1;
}

static void *resolve(void *const *handle, const char *name) {
    pthread_once(&load_once, load);
    void *function = *handle ? dlsym(*handle, name) : NULL;
    if (!function) {
        // Only reachable when dk_live_input_load was skipped or failed: a programming error.
        fprintf(stderr, "dismisskit: %s is unavailable (%s)\n", name, *handle ? dlerror() : load_error);
        abort();
    }
    return function;
}

#define LAZY(handle, result, name, parameters, arguments) \
    DK_LAZY(resolve, &handle, result, name, parameters, arguments)
#define LAZY_VOID(handle, name, parameters, arguments) \
    DK_LAZY_VOID(resolve, &handle, name, parameters, arguments)

LAZY(udev_handle, struct udev *, udev_new, (void), ())
LAZY(udev_handle, struct udev *, udev_unref, (struct udev *udev), (udev))
LAZY(udev_handle, const char *, udev_device_get_devnode, (struct udev_device *device), (device))
LAZY(udev_handle, struct udev_device *, udev_device_unref, (struct udev_device *device), (device))

LAZY(libinput_handle, struct libinput *, libinput_udev_create_context,
     (const struct libinput_interface *interface, void *user_data, struct udev *udev), (interface, user_data, udev))
LAZY(libinput_handle, int, libinput_udev_assign_seat, (struct libinput *libinput, const char *seat_id), (libinput, seat_id))
LAZY(libinput_handle, struct libinput *, libinput_path_create_context,
     (const struct libinput_interface *interface, void *user_data), (interface, user_data))
LAZY(libinput_handle, struct libinput_device *, libinput_path_add_device, (struct libinput *libinput, const char *path),
     (libinput, path))
LAZY(libinput_handle, int, libinput_get_fd, (struct libinput *libinput), (libinput))
LAZY(libinput_handle, int, libinput_dispatch, (struct libinput *libinput), (libinput))
LAZY(libinput_handle, struct libinput_event *, libinput_get_event, (struct libinput *libinput), (libinput))
LAZY(libinput_handle, struct libinput *, libinput_unref, (struct libinput *libinput), (libinput))

LAZY_VOID(libinput_handle, libinput_event_destroy, (struct libinput_event *event), (event))
LAZY(libinput_handle, enum libinput_event_type, libinput_event_get_type, (struct libinput_event *event), (event))
LAZY(libinput_handle, struct libinput_device *, libinput_event_get_device, (struct libinput_event *event), (event))
LAZY(libinput_handle, struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event *event), (event))
LAZY(libinput_handle, struct libinput_event_keyboard *, libinput_event_get_keyboard_event, (struct libinput_event *event),
     (event))
LAZY(libinput_handle, uint32_t, libinput_event_keyboard_get_key, (struct libinput_event_keyboard *event), (event))
LAZY(libinput_handle, enum libinput_key_state, libinput_event_keyboard_get_key_state, (struct libinput_event_keyboard *event),
     (event))
LAZY(libinput_handle, uint64_t, libinput_event_keyboard_get_time_usec, (struct libinput_event_keyboard *event), (event))
LAZY(libinput_handle, int32_t, libinput_event_touch_get_seat_slot, (struct libinput_event_touch *event), (event))
LAZY(libinput_handle, int32_t, libinput_event_touch_get_slot, (struct libinput_event_touch *event), (event))
LAZY(libinput_handle, uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch *event), (event))
LAZY(libinput_handle, double, libinput_event_touch_get_x, (struct libinput_event_touch *event), (event))
LAZY(libinput_handle, double, libinput_event_touch_get_y, (struct libinput_event_touch *event), (event))
LAZY(libinput_handle, double, libinput_event_touch_get_x_transformed, (struct libinput_event_touch *event, uint32_t width),
     (event, width))
LAZY(libinput_handle, double, libinput_event_touch_get_y_transformed, (struct libinput_event_touch *event, uint32_t height),
     (event, height))

LAZY(libinput_handle, const char *, libinput_device_get_name, (struct libinput_device *device), (device))
LAZY(libinput_handle, int, libinput_device_get_size, (struct libinput_device *device, double *width, double *height),
     (device, width, height))
LAZY(libinput_handle, const char *, libinput_device_get_sysname, (struct libinput_device *device), (device))
LAZY(libinput_handle, struct udev_device *, libinput_device_get_udev_device, (struct libinput_device *device), (device))
LAZY(libinput_handle, int, libinput_device_has_capability,
     (struct libinput_device *device, enum libinput_device_capability capability), (device, capability))
LAZY(libinput_handle, int, libinput_device_touch_get_touch_count, (struct libinput_device *device), (device))
LAZY(libinput_handle, int, libinput_device_config_calibration_has_matrix, (struct libinput_device *device), (device))
LAZY(libinput_handle, enum libinput_config_status, libinput_device_config_calibration_set_matrix,
     (struct libinput_device *device, const float matrix[6]), (device, matrix))

LAZY_VOID(libinput_handle, libinput_log_set_handler, (struct libinput *libinput, libinput_log_handler handler),
          (libinput, handler))
LAZY_VOID(libinput_handle, libinput_log_set_priority, (struct libinput *libinput, enum libinput_log_priority priority),
          (libinput, priority))

static dk_log_sink log_sink;

static void format_log_message(struct libinput *libinput, enum libinput_log_priority priority, const char *format,
                               va_list arguments) {
    (void)libinput;
    dk_log_sink sink = __atomic_load_n(&log_sink, __ATOMIC_ACQUIRE);
    if (!sink) return;
    char message[1024];
    int length = vsnprintf(message, sizeof message, format, arguments);
    if (length < 0) return;
    size_t end = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
    while (end > 0 && message[end - 1] == '\n') message[--end] = '\0';
    sink(priority, message);
}

void dk_libinput_log_to(struct libinput *libinput, enum libinput_log_priority priority, dk_log_sink sink) {
    __atomic_store_n(&log_sink, sink, __ATOMIC_RELEASE);
    libinput_log_set_handler(libinput, format_log_message);
    libinput_log_set_priority(libinput, priority);
}
