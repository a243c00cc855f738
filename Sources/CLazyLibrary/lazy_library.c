#define _GNU_SOURCE
#include "CLazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *dk_lazy_library_function(struct dk_lazy_library *library, const char *name) {
    pthread_mutex_lock(&library->lock);
    if (!library->handle) library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    void *function = library->handle ? dlsym(library->handle, name) : NULL;
    if (!function) {
        fprintf(stderr, "dismisskit: %s is unavailable (%s)\n", name, dlerror());
        abort();
    }
    pthread_mutex_unlock(&library->lock);
    return function;
}
