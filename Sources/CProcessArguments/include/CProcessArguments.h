#ifndef DISMISSKIT_CPROCESSARGUMENTS_H
#define DISMISSKIT_CPROCESSARGUMENTS_H
// The Swift runtime's source of `CommandLine.arguments` (its declaration, in Swift's calling
// convention and hidden), which arguments.c defines for gesturectl. Nothing here is for Swift
// code to call.

/// The process's arguments and, in `count`, how many there are (before the terminating null).
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *count);

#endif
