#ifndef DISMISSKIT_CLIBINPUT_H
#define DISMISSKIT_CLIBINPUT_H
// libinput and libudev, as the live input code calls them. The libraries are not linked: they
// are opened the first time live input is used (lazy.c), so that a replay, the C library and
// everything else that never touches a device load neither them nor what they need (GLib,
// libwacom, libevdev, mtdev).
#include <libinput.h>
#include <libudev.h>
#include <stddef.h>

/// Opens libinput and libudev (once); call before any of their functions. Returns 0, or -1
/// with the reason (dlerror's) in `error`.
int dk_live_input_load(char *error, size_t size);

/// Receives one of libinput's log messages, formatted, without its trailing newline.
typedef void (*dk_log_sink)(enum libinput_log_priority priority, const char *message);

/// Sends libinput's log messages from `priority` up to `sink` (one sink for the process;
/// libinput's handler takes a format and a va_list, which Swift cannot implement).
/// The corresponding libinput functions are `libinput_log_set_handler` and `libinput_log_set_priority`.
void dk_libinput_log_to(struct libinput *libinput, enum libinput_log_priority priority, dk_log_sink sink);

#endif
