#ifndef DISMISSKIT_CSYSTEMCALLS_H
#define DISMISSKIT_CSYSTEMCALLS_H
// The C library's calls that Swift cannot make as C declares them: the variadic open, fcntl and
// ioctl; errno, SIG_DFL and SIG_IGN, macros; and environ, which the C headers declare only for
// _GNU_SOURCE. The native build's Glibc module wraps them in Swift; the Embedded
// build (script/embedded) has the C headers alone. Both builds call these. The header includes
// no C library header, so that the C library's types stay the Glibc module's.

/// The calling thread's errno.
__attribute__((visibility("hidden"))) int dk_errno(void);

/// The process's environment, for posix_spawn.
__attribute__((visibility("hidden"))) char **dk_environment(void);

/// open(2) with its mode always given (it is read only with O_CREAT or O_TMPFILE).
__attribute__((visibility("hidden"))) int dk_open(const char *path, int flags, unsigned int mode);

/// fcntl(2) with an integer argument (F_GETFD, F_SETFD, F_GETFL, F_SETFL).
__attribute__((visibility("hidden"))) int dk_fcntl(int descriptor, int command, int argument);

/// signal(2) setting the default action (SIG_DFL), or ignoring the signal (SIG_IGN); 0 or -1.
__attribute__((visibility("hidden"))) int dk_set_signal_action(int number, int ignored);

/// ioctl(2) with a pointer argument.
__attribute__((visibility("hidden"))) int dk_ioctl(int descriptor, unsigned long request, void *argument);

#endif
