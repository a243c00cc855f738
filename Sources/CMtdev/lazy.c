// The libmtdev functions DismissKit calls, each resolved from libmtdev.so.1 the first time it is
// called; the library is opened then, once. The package depends on libmtdev1 (script/package),
// so a failure to open it is an installation fault: reported on standard error, then abort.
// The definitions are hidden: they serve the binary or library they are linked into, and never
// stand in for libmtdev in anyone else's code.
#define _GNU_SOURCE
#include "CMtdev.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *handle;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) { handle = dlopen("libmtdev.so.1", RTLD_NOW | RTLD_LOCAL); }

static void *resolve(const char *name) {
    pthread_once(&load_once, load);
    void *function = handle ? dlsym(handle, name) : NULL;
    if (!function) {
        fprintf(stderr, "dismisskit: %s is unavailable (%s)\n", name, dlerror());
        abort();
    }
    return function;
}

#define LAZY(result, name, parameters, arguments)                                            \
    __attribute__((visibility("hidden"))) result name parameters {                         \
        static result(*function) parameters;                                               \
        result(*resolved) parameters = __atomic_load_n(&function, __ATOMIC_ACQUIRE);       \
        if (!resolved) {                                                                   \
            resolved = (result(*) parameters)resolve(#name);                               \
            __atomic_store_n(&function, resolved, __ATOMIC_RELEASE);                       \
        }                                                                                  \
        return resolved arguments;                                                         \
    }

#define LAZY_VOID(name, parameters, arguments)                                               \
    __attribute__((visibility("hidden"))) void name parameters {                           \
        static void(*function) parameters;                                                 \
        void(*resolved) parameters = __atomic_load_n(&function, __ATOMIC_ACQUIRE);         \
        if (!resolved) {                                                                   \
            resolved = (void(*) parameters)resolve(#name);                                 \
            __atomic_store_n(&function, resolved, __ATOMIC_RELEASE);                       \
        }                                                                                  \
        resolved arguments;                                                                \
    }

LAZY(struct mtdev *, mtdev_new, (void), ())
LAZY(int, mtdev_init, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_set_mt_event, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_minimum, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_maximum, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_fuzz, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_resolution, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_put_event, (struct mtdev *dev, const struct input_event *ev), (dev, ev))
LAZY(int, mtdev_empty, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_get_event, (struct mtdev *dev, struct input_event *ev), (dev, ev))
LAZY_VOID(mtdev_delete, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_close_delete, (struct mtdev *dev), (dev))
