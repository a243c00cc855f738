#ifndef DISMISSKIT_CEVDEVHEADER_SHIM_H
#define DISMISSKIT_CEVDEVHEADER_SHIM_H
/* The kernel's evdev numbers, for the tests that check DismissKitCore's copies of them
 * (Sources/DismissKitCore/Decoder/EvdevCodes.swift). Swift imports the plain macros as they
 * are; the ones that are expressions are given here as constants. */
#include <linux/input.h>

static const int evdev_key_cnt = KEY_CNT;
static const int evdev_abs_cnt = ABS_CNT;
#endif
