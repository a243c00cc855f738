#ifndef DISMISSKIT_CMTDEV_SHIM_H
#define DISMISSKIT_CMTDEV_SHIM_H
/* libmtdev's plumbing API (mtdev-plumbing.h includes mtdev.h): configured by hand from a
 * recorded description, events put in and taken out without a device. */
#include <mtdev-plumbing.h>
#endif
