// The libyaml functions DismissKit calls, each resolved from libyaml-0.so.2 the first time it is
// called; the library is opened then, once. The package depends on libyaml-0-2 (script/package),
// so a failure to open it is an installation fault: reported on standard error, then abort.
// The definitions are hidden: they serve the binary or library they are linked into, and never
// stand in for libyaml in anyone else's code.
#define _GNU_SOURCE
#include "CYAML.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *handle;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) { handle = dlopen("libyaml-0.so.2", RTLD_NOW | RTLD_LOCAL); }

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

LAZY(int, yaml_parser_initialize, (yaml_parser_t *parser), (parser))
LAZY_VOID(yaml_parser_delete, (yaml_parser_t *parser), (parser))
LAZY_VOID(yaml_parser_set_input, (yaml_parser_t *parser, yaml_read_handler_t *handler, void *data),
     (parser, handler, data))
LAZY(int, yaml_parser_parse, (yaml_parser_t *parser, yaml_event_t *event), (parser, event))
LAZY_VOID(yaml_event_delete, (yaml_event_t *event), (event))
