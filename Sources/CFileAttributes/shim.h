#ifndef OPENWITH_CFILEATTRIBUTES_SHIM_H
#define OPENWITH_CFILEATTRIBUTES_SHIM_H
// What the Glibc module does not export: extended attributes (user.mime_type), the file
// system a file lies on (statfs, for the kernel's pseudo-file systems), and pipe2, which makes a
// pipe close-on-exec in the same call (declared by <unistd.h> only under _GNU_SOURCE).
#include <sys/types.h>
#include <sys/xattr.h>
#include <sys/vfs.h>
int pipe2(int pipefd[2], int flags);
#endif
