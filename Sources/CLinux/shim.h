// Linux and C library calls that the Swift Glibc module leaves out.
#ifndef SKILLSTORE_CLINUX_SHIM_H
#define SKILLSTORE_CLINUX_SHIM_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

// Swaps two paths in one step (renameat2 with RENAME_EXCHANGE, Linux 3.15):
// at no moment is either missing. Returns 0, or -1 with errno set (EINVAL
// where the file system cannot exchange, ENOSYS on an older kernel). Made
// as a raw system call so that it needs no particular C library version.
static inline int skillstore_exchange_paths(const char *first, const char *second) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 1u << 1 /* RENAME_EXCHANGE */);
}

// snprintf of one double (`%.3g`): Swift imports no variadic C function,
// and its `withVaList` casts each argument to a protocol at run time, which
// on a process's first use scans every conformance record of the binary.
static inline int skillstore_format_double(char *buffer, size_t size, const char *format, double value) {
    return snprintf(buffer, size, format, value);
}

#endif
