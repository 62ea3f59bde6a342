#ifndef OPENWITH_CFILEATTRIBUTES_SHIM_H
#define OPENWITH_CFILEATTRIBUTES_SHIM_H
// Extended attributes (user.mime_type), which the Glibc module does not export.
#include <sys/types.h>
#include <sys/xattr.h>
#endif
