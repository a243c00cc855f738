#ifndef DISMISSKIT_CPROCESSARGUMENTS_H
#define DISMISSKIT_CPROCESSARGUMENTS_H
// The process's arguments, kept by arguments.c as gesturectl starts, for gesturectl's Swift in
// every build (Embedded Swift has no `CommandLine`).

/// The process's arguments and, in `count`, how many there are (before the terminating null).
__attribute__((visibility("hidden"))) char **dk_process_arguments(int *count);

#endif
