/*
 * Double(String) and Float(String) for Embedded Swift, whose standard library asks its platform
 * for _swift_stdlib_strtod_clocale and _swift_stdlib_strtof_clocale: C's strtod_l and strtof_l
 * in the "C" locale, as the Swift runtime does it, so
 * that a host that sets a locale writing "0,5" (GTK, Qt) reads JSON's "0.5" the same. A number
 * too small to hold is 0 or the nearest subnormal (1e-400 is 0, 2.4703282292062328e-324 is
 * 5e-324), one too large is infinity, which the JSON reader refuses as out of range: the
 * native build's answers, whatever errno says. Returns where the number ended, or NULL when none
 * began. The Linux builds link it (script/embedded); the WebAssembly module has a locale-free
 * strtod of its own (bindings/web/runtime.c), since newlocale there would import the host's
 * environment.
 */
#define _GNU_SOURCE 1
#include <locale.h>
#include <stdlib.h>

/* glibc and musl both answer "C" with their built-in locale, allocating nothing. */
static locale_t c_locale(void) {
    return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    *result = strtod_l(text, &end, c_locale());
    return end == text ? NULL : end;
}

const char *_swift_stdlib_strtof_clocale(const char *text, float *result) {
    char *end;
    *result = strtof_l(text, &end, c_locale());
    return end == text ? NULL : end;
}
