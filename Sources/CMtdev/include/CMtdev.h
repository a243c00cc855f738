#ifndef DISMISSKIT_CMTDEV_H
#define DISMISSKIT_CMTDEV_H
// libmtdev's plumbing API (mtdev-plumbing.h includes mtdev.h): configured by hand from a
// recorded description, events put in and taken out without a device. The library is not
// linked: it is opened the first time one of its functions is called (lazy.c), which only a
// multitouch protocol A device does.
#include <mtdev-plumbing.h>
#endif
