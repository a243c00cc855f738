#ifndef DISMISSKIT_CYAML_SHIM_H
#define DISMISSKIT_CYAML_SHIM_H
#include <yaml.h>
#endif
