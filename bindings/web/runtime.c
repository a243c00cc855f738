/*
 * The few symbols Embedded Swift's runtime asks of its platform that the WebAssembly module
 * supplies itself, so that it imports nothing from the page. wasi-libc gives the allocator and
 * the memory functions; these replace the ones of its that would call WASI.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>

/* Hashing seeds. The pipeline's output never depends on a hash order (the codec sorts keys),
 * so a fixed seed serves, and makes the module's runs the same. */
void arc4random_buf(void *buffer, size_t count) {
    uint8_t *bytes = buffer;
    for (size_t i = 0; i < count; i++) bytes[i] = (uint8_t)(0x9E + 0x37 * i);
}

/* The runtime prints a fatal error character by character before it traps: dropped. */
int putchar(int c) {
    return c;
}

/* Double(String), as the Swift runtime does it on Linux: C's strtod (wasi-libc's is musl's,
 * correctly rounded as glibc's is), and no number when it over- or underflows (ERANGE with a
 * result of 0 or infinity). Returns where the number ended, or NULL. */
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    errno = 0;
    *result = strtod(text, &end);
    if ((*result == 0.0 || *result == HUGE_VAL || *result == -HUGE_VAL) && errno == ERANGE) return NULL;
    return end;
}
