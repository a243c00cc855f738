// The libmtdev functions DismissKit calls, each resolved from libmtdev.so.1 the first time it is
// called (Sources/CLazyLibrary); the library is opened then, once. The package depends on
// libmtdev1 (script/package), so a failure to open it is an installation fault.
#include "CMtdev.h"

#include "CLazyLibrary.h"

static struct dk_lazy_library library = DK_LAZY_LIBRARY("libmtdev.so.1");

#define LAZY(result, name, parameters, arguments) \
    DK_LAZY(dk_lazy_library_function, &library, result, name, parameters, arguments)
#define LAZY_VOID(name, parameters, arguments) \
    DK_LAZY_VOID(dk_lazy_library_function, &library, name, parameters, arguments)

LAZY(struct mtdev *, mtdev_new, (void), ())
LAZY(int, mtdev_init, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_set_mt_event, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_minimum, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_maximum, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_fuzz, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_set_abs_resolution, (struct mtdev *dev, int code, int value), (dev, code, value))
LAZY_VOID(mtdev_put_event, (struct mtdev *dev, const struct input_event *ev), (dev, ev))
LAZY(int, mtdev_empty, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_get_event, (struct mtdev *dev, struct input_event *ev), (dev, ev))
LAZY_VOID(mtdev_delete, (struct mtdev *dev), (dev))
LAZY_VOID(mtdev_close_delete, (struct mtdev *dev), (dev))
