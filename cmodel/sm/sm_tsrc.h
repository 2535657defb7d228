/* sm_tsrc.h: the lines of a trace file, plain or compressed.
 *
 * Accel-Sim trace files may be stored compressed (`kernel-1.traceg.xz`,
 * `.gz`); the compression is recognised by the file's magic bytes, not its
 * name, and undone in memory through liblzma or zlib as the file is read,
 * so a large trace streams in bounded memory. */
#ifndef GPURF_SM_TSRC_H
#define GPURF_SM_TSRC_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

enum sm_tsrc_kind { SM_TSRC_PLAIN, SM_TSRC_GZIP, SM_TSRC_XZ };

struct sm_tsrc;

/* Opens path; NULL when it cannot be read (errno set). */
struct sm_tsrc *sm_tsrc_open(const char *path);
enum sm_tsrc_kind sm_tsrc_kind(const struct sm_tsrc *s);
/* Like getline(3): the next line with its '\n' (NUL-terminated) and its
 * length; -1 at the end of the data.  A corrupt or truncated compressed
 * stream also ends with -1 and sets sm_tsrc_error(). */
ssize_t sm_tsrc_getline(struct sm_tsrc *s, char **line, size_t *cap);
/* NULL, or what went wrong decompressing ("corrupt xz data", ...). */
const char *sm_tsrc_error(const struct sm_tsrc *s);
void sm_tsrc_close(struct sm_tsrc *s);

#endif
