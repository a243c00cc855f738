// The Swift runtime's source of `CommandLine.arguments`, defined here for gesturectl so that the
// runtime's own is not linked in: on Linux that one finds the argument vector at load time by
// reading /proc/self/maps for the stack's bounds (a file the kernel writes out line by line,
// parsed with sscanf: a tenth of a small replay's instructions). glibc hands every constructor of
// the program the arguments main receives, so they are kept as the program starts instead.
// Linked statically only: beside a shared Swift runtime this definition is unused, the runtime
// calling its own.
#include "CProcessArguments.h"

static char *empty_arguments[] = {0};
static char **arguments = empty_arguments;
static int argument_count;

__attribute__((constructor)) static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv) {
        arguments = argv;
        argument_count = argc;
    }
}

char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    *count = argument_count;
    return arguments;
}
