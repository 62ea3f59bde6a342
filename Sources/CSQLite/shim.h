#ifndef OPENWITH_CSQLITE_SHIM_H
#define OPENWITH_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
