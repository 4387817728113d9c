// Linux system calls that glibc declares only under _GNU_SOURCE, which the
// Swift Glibc module is not built with.
#ifndef SKILLSTORE_CLINUX_SHIM_H
#define SKILLSTORE_CLINUX_SHIM_H

#include <fcntl.h>

// The same prototype as glibc's <stdio.h> (glibc 2.28 and later).
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

// Swaps two paths in one step (renameat2 with RENAME_EXCHANGE): at no moment
// is either missing. Returns 0, or -1 with errno set (EINVAL where the file
// system cannot exchange).
static inline int skillstore_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, 1u << 1 /* RENAME_EXCHANGE */);
}

#endif
