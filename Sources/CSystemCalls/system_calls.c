#define _GNU_SOURCE 1  // environ
#include "CSystemCalls.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

int dk_errno(void) { return errno; }

char **dk_environment(void) { return environ; }

int dk_open(const char *path, int flags, unsigned int mode) { return open(path, flags, (mode_t)mode); }

int dk_fcntl(int descriptor, int command, int argument) { return fcntl(descriptor, command, argument); }

int dk_set_signal_action(int number, int ignored) { return signal(number, ignored ? SIG_IGN : SIG_DFL) == SIG_ERR ? -1 : 0; }

int dk_ioctl(int descriptor, unsigned long request, void *argument) { return ioctl(descriptor, request, argument); }
