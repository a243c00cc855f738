/* Counts heap allocations, preloaded (LD_PRELOAD): it wraps malloc, calloc, realloc and the
 * aligned allocators (every Swift allocation, swift_slowAlloc, ends in one of them), and
 * dk_bench_allocations() returns how many calls there were. The bench preloads it into
 * dismisskit-bench --count-allocations; the VM soak into gesturectl run --figures.
 * An allocation whose caller's code lies in libinput, libudev, libevdev or libmtdev is counted by
 * dk_bench_allocations_by_libinput() too: libinput allocates every event it queues, and what is
 * left is this project's own, and the Swift runtime's, and the C library's on their behalf.
 * The library a caller belongs to is found with dladdr once per call site and kept.
 * It also keeps the bytes live on the heap (malloc_usable_size of every block allocated and not
 * yet freed). With DK_ALLOC_COUNTERS=FILE in the
 * environment, it writes the address of its three counters (struct counters, in this process)
 * to FILE when it is loaded: the VM soak reads them from /proc/PID/mem whenever it likes, at
 * quiet moments of its own choosing, without the process doing anything. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* Three 8-byte counters in this order, read from outside by their address (DK_ALLOC_COUNTERS). */
static struct counters {
    atomic_long allocations;
    atomic_long allocationsByLibinput;
    atomic_long liveBytes;
} counters;

long dk_bench_allocations(void) { return atomic_load(&counters.allocations); }
long dk_bench_allocations_by_libinput(void) { return atomic_load(&counters.allocationsByLibinput); }

__attribute__((constructor)) static void publishCounters(void) {
    const char *path = getenv("DK_ALLOC_COUNTERS");
    if (!path) return;
    char text[32];
    int length = snprintf(text, sizeof text, "%#lx\n", (unsigned long)(uintptr_t)&counters);
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (file < 0) return;
    if (write(file, text, (size_t)length) != length) { /* the soak reports the file short */ }
    close(file);
}

/* Call sites already looked up: (address << 1) | whether it is in libinput's libraries. */
#define SITES 1024
static _Atomic uint64_t sites[SITES];

static int inLibinput(const void *caller) {
    uint64_t address = (uint64_t)(uintptr_t)caller;
    size_t slot = (size_t)((address >> 2) * 0x9E3779B97F4A7C15u >> 54) % SITES;
    for (size_t probe = 0; probe < SITES; probe++) {
        uint64_t entry = atomic_load(&sites[(slot + probe) % SITES]);
        if (entry == 0) break;
        if (entry >> 1 == address) return (int)(entry & 1);
    }
    Dl_info info;
    int found = 0;
    if (dladdr(caller, &info) && info.dli_fname) {
        const char *name = strrchr(info.dli_fname, '/');
        name = name ? name + 1 : info.dli_fname;
        found = !strncmp(name, "libinput.", 9) || !strncmp(name, "libudev.", 8) || !strncmp(name, "libevdev.", 9)
            || !strncmp(name, "libmtdev.", 9);
    }
    for (size_t probe = 0; probe < SITES; probe++) {
        uint64_t expected = 0;
        if (atomic_compare_exchange_strong(&sites[(slot + probe) % SITES], &expected, address << 1 | (uint64_t)found)) break;
        if (expected >> 1 == address) break;
    }
    return found;
}

/* dlsym itself may allocate: the first calloc is served from a small static area. */
static char bootstrap[4096];
static size_t bootstrapUsed;
static int resolved;

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static void (*real_free)(void *);

static void resolve(void) {
    static int resolving;
    if (real_malloc || resolving) return;
    resolving = 1;
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = dlsym(RTLD_NEXT, "memalign");
    real_free = dlsym(RTLD_NEXT, "free");
    resolving = 0;
    resolved = 1;
}

/* dladdr may allocate the first time it runs: a call from inside it is not looked up again. */
static __thread int lookingUp __attribute__((tls_model("initial-exec")));

static void count(const void *caller) {
    atomic_fetch_add(&counters.allocations, 1);
    if (!resolved || lookingUp) return;
    lookingUp = 1;
    if (inLibinput(caller)) atomic_fetch_add(&counters.allocationsByLibinput, 1);
    lookingUp = 0;
}

static int fromBootstrap(const void *pointer) {
    return (const char *)pointer >= bootstrap && (const char *)pointer < bootstrap + sizeof bootstrap;
}

/* A block allocated (or freed, with -1): its usable size joins (or leaves) the live bytes. */
static void *live(void *pointer, long sign) {
    if (pointer && !fromBootstrap(pointer)) atomic_fetch_add(&counters.liveBytes, sign * (long)malloc_usable_size(pointer));
    return pointer;
}

void *malloc(size_t size) {
    resolve();
    count(__builtin_return_address(0));
    return live(real_malloc(size), 1);
}

void *calloc(size_t number, size_t size) {
    if (!real_calloc) {
        resolve();
        if (!real_calloc) {
            size_t bytes = (number * size + 15) & ~(size_t)15;
            if (bootstrapUsed + bytes > sizeof bootstrap) return NULL;
            void *memory = bootstrap + bootstrapUsed;
            bootstrapUsed += bytes;
            return memory;
        }
    }
    count(__builtin_return_address(0));
    return live(real_calloc(number, size), 1);
}

void *realloc(void *pointer, size_t size) {
    resolve();
    count(__builtin_return_address(0));
    live(pointer, -1);
    void *moved = real_realloc(pointer, size);
    /* A failed realloc keeps the old block; a realloc to 0 may free it and return NULL. */
    if (!moved && size) return live(pointer, 1);
    return live(moved, 1);
}

int posix_memalign(void **pointer, size_t alignment, size_t size) {
    resolve();
    count(__builtin_return_address(0));
    int result = real_posix_memalign(pointer, alignment, size);
    if (result == 0) live(*pointer, 1);
    return result;
}

void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    count(__builtin_return_address(0));
    return live(real_aligned_alloc(alignment, size), 1);
}

void *memalign(size_t alignment, size_t size) {
    resolve();
    count(__builtin_return_address(0));
    return live(real_memalign(alignment, size), 1);
}

void free(void *pointer) {
    if (fromBootstrap(pointer)) return;
    resolve();
    live(pointer, -1);
    real_free(pointer);
}
