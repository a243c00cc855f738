/* libdismisskit-gtk: DismissKit's pipeline as a GObject, and GTK 4 components on it.
 *   cc app.c $(pkg-config --cflags --libs dismisskit-gtk) */
#pragma once

#include "dk-enums.h"
#include "dk-layout.h"
#include "dk-pipeline.h"
#include "dk-popover.h"
#include "dk-sheet.h"
