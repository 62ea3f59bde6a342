#ifndef OPENWITH_CMAGIC_SHIM_H
#define OPENWITH_CMAGIC_SHIM_H
#include <magic.h>
#endif
