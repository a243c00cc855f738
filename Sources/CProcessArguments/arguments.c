// gesturectl's arguments, kept as it starts: glibc hands every constructor of the program the
// arguments main receives.
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

char **dk_process_arguments(int *count) {
    *count = argument_count;
    return arguments;
}
