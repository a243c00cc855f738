/* Counts heap allocations: preloaded (LD_PRELOAD) into dismisskit-bench --count-allocations,
 * it wraps malloc, calloc, realloc and the aligned allocators, and dk_bench_allocations()
 * returns how many calls there were. Every Swift allocation (swift_slowAlloc) ends in one of them. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_long allocations;

long dk_bench_allocations(void) { return atomic_load(&allocations); }

/* dlsym itself may allocate: the first calloc is served from a small static area. */
static char bootstrap[4096];
static size_t bootstrapUsed;

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
}

void *malloc(size_t size) {
    resolve();
    atomic_fetch_add(&allocations, 1);
    return real_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (!real_calloc) {
        resolve();
        if (!real_calloc) {
            size_t bytes = (count * size + 15) & ~(size_t)15;
            if (bootstrapUsed + bytes > sizeof bootstrap) return NULL;
            void *memory = bootstrap + bootstrapUsed;
            bootstrapUsed += bytes;
            return memory;
        }
    }
    atomic_fetch_add(&allocations, 1);
    return real_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    resolve();
    atomic_fetch_add(&allocations, 1);
    return real_realloc(pointer, size);
}

int posix_memalign(void **pointer, size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add(&allocations, 1);
    return real_posix_memalign(pointer, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add(&allocations, 1);
    return real_aligned_alloc(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    resolve();
    atomic_fetch_add(&allocations, 1);
    return real_memalign(alignment, size);
}

void free(void *pointer) {
    if ((char *)pointer >= bootstrap && (char *)pointer < bootstrap + sizeof bootstrap) return;
    resolve();
    real_free(pointer);
}
