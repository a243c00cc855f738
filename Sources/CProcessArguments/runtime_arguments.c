// The Swift runtime's source of `CommandLine.arguments`, defined for the native gesturectl so that
// the runtime's own is not linked in: on Linux that one finds the argument vector at load time by
// reading /proc/self/maps for the stack's bounds (a file the kernel writes out line by line,
// parsed with sscanf: a tenth of a small replay's instructions). Linked statically only: beside a
// shared Swift runtime this definition is unused, the runtime calling its own. In Swift's calling
// convention, which only Clang has; the Embedded build (script/embedded), whose runtime has no
// `CommandLine`, leaves this file out.
#include "CProcessArguments.h"

__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *count);

char **_swift_stdlib_getUnsafeArgvArgc(int *count) { return dk_process_arguments(count); }
