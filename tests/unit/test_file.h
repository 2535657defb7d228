/* test_file.h: whole-file reading for the C tests that load fixtures.
 *
 * test_slurp() returns the file's bytes NUL-terminated (the caller frees
 * them) and their count in *n, or NULL when the file cannot be read. */
#ifndef GPURF_TEST_FILE_H
#define GPURF_TEST_FILE_H

#include <stdio.h>
#include <stdlib.h>

static inline char *test_slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[len] = '\0';
		*n = (size_t)len;
	}
	return buf;
}

#endif
