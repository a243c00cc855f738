#include "dismisskit.h"

/* In C so that the version is a string literal in static storage, defined once in the header. */
const char *dk_version(void) {
    return DK_VERSION;
}
