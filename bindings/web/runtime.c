/*
 * The few symbols Embedded Swift's runtime asks of its platform that the WebAssembly module
 * supplies itself, so that it imports nothing from the page. wasi-libc gives the allocator and
 * the memory functions; these replace the ones of its that would call WASI. Double(String)'s
 * entry point is every Embedded build's (Sources/EmbeddedRuntime).
 */
#include <stddef.h>
#include <stdint.h>

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
