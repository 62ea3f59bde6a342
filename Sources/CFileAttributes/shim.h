#ifndef OPENWITH_CFILEATTRIBUTES_SHIM_H
#define OPENWITH_CFILEATTRIBUTES_SHIM_H
// What the Glibc module does not export: extended attributes (user.mime_type) and the file
// system a file lies on (statfs, for the kernel's pseudo-file systems).
#include <sys/types.h>
#include <sys/xattr.h>
#include <sys/vfs.h>
#endif
