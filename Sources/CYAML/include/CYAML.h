#ifndef DISMISSKIT_CYAML_H
#define DISMISSKIT_CYAML_H
// libyaml, as the recording readers call it. The library is not linked: it is opened the first
// time one of its functions is called (lazy.c), so that a program which reads no YAML (an evemu
// replay, the live path) does not load it.
#include <yaml.h>
#endif
