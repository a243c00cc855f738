// Functions of a shared library resolved the first time each is called, so that a program loads
// the library only when it uses it: one way for libinput and libudev (Sources/CLibinput), libyaml
// (Sources/CYAML) and libmtdev (Sources/CMtdev). For the C targets' own files, not for Swift.
#ifndef DK_LAZY_LIBRARY_H
#define DK_LAZY_LIBRARY_H

#include <pthread.h>

/// A library opened with dlopen by its soname the first time one of its functions is resolved.
struct dk_lazy_library {
    const char *soname;
    pthread_mutex_t lock;
    void *handle;
};

#define DK_LAZY_LIBRARY(soname) { soname, PTHREAD_MUTEX_INITIALIZER, 0 }

/// The address of `name` in `library`, which is opened first if it is not yet. A library that
/// cannot be opened, or lacks the function, is an installation fault (the packages depend on
/// each library): reported on standard error, then abort.
__attribute__((visibility("hidden"))) void *dk_lazy_library_function(struct dk_lazy_library *library, const char *name);

/// The first statements of a lazy definition: `resolved`, the function that
/// `resolve(context, "name")` gives, resolved once.
#define DK_LAZY_RESOLVED(resolve, context, result, name, parameters)                        \
    static result(*function) parameters;                                                   \
    result(*resolved) parameters = __atomic_load_n(&function, __ATOMIC_ACQUIRE);           \
    if (!resolved) {                                                                       \
        resolved = (result(*) parameters)resolve(context, #name);                          \
        __atomic_store_n(&function, resolved, __ATOMIC_RELEASE);                           \
    }

/// Defines `result name parameters`, hidden (it serves the binary or library it is linked into
/// and never stands in for the library in anyone else's code), as a call of the function that
/// `resolve(context, "name")` gives, resolved once.
#define DK_LAZY(resolve, context, result, name, parameters, arguments)                      \
    __attribute__((visibility("hidden"))) result name parameters {                         \
        DK_LAZY_RESOLVED(resolve, context, result, name, parameters)                       \
        return resolved arguments;                                                         \
    }

/// ``DK_LAZY`` for a function that returns nothing (C allows no `return` of a void call).
#define DK_LAZY_VOID(resolve, context, name, parameters, arguments)                         \
    __attribute__((visibility("hidden"))) void name parameters {                           \
        DK_LAZY_RESOLVED(resolve, context, void, name, parameters)                         \
        resolved arguments;                                                                \
    }

#endif
