/* fuzz_file.h: for the fuzz harnesses whose reader takes a path, not a
 * buffer.  fuzz_file writes the input to NAME in a scratch directory of this
 * process (under FUZZ_TMP, default build/fuzz/tmp) and returns the
 * directory; the harness then calls the reader as a user's file would reach
 * it.  The directory is the process's own, so parallel fuzz jobs never share
 * a file. */
#ifndef GPURF_FUZZ_FILE_H
#define GPURF_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>

/* The scratch directory with NAME written (data[0..n)); NULL when it cannot
 * be written (the harness then skips the input). */
const char *fuzz_file(const char *name, const uint8_t *data, size_t n);

/* DIR/NAME of the scratch directory, in buf. */
void fuzz_path(char *buf, size_t cap, const char *name);

#endif
