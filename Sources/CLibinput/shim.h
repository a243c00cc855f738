#ifndef DISMISSKIT_CLIBINPUT_SHIM_H
#define DISMISSKIT_CLIBINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#endif
