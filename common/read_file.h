/* read_file.h: a whole file read into memory, for the tools whose readers
 * work on text (gpurf-stats' CSV reader, gpurf-mutate, gpurf-randcfg). */
#ifndef GPURF_READ_FILE_H
#define GPURF_READ_FILE_H

#include <stddef.h>

#include "err.h"

/* The contents of path, NUL-terminated (malloc'd, the caller frees), its
 * length in *len when len is not NULL.  NULL with err filled when the file
 * cannot be opened or read ("PATH: cannot read: REASON", INPUT) or memory
 * runs out (IO). */
char *read_file(const char *path, size_t *len, struct gpurf_err *err);

#endif
