/*
 * The few symbols Embedded Swift's runtime asks of its platform that the WebAssembly module
 * supplies itself, so that it imports nothing from the page. wasi-libc gives the allocator and
 * the memory functions; these replace the ones of its that would call WASI.
 */
#include <stddef.h>
#include <stdint.h>
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
 * correctly rounded as glibc's is), whatever errno says. A number too small to hold is 0 or the
 * nearest subnormal (1e-400 is 0, 2.4703282292062328e-324 is 5e-324), one too large is
 * infinity, which the JSON reader refuses as out of range: the native build's answers. Returns
 * where the number ended, or NULL when none began. */
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    *result = strtod(text, &end);
    return end == text ? NULL : end;
}
