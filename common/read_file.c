/* read_file.c: a whole file read into memory (read_file.h). */
#include "read_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *read_file(const char *path, size_t *len, struct gpurf_err *err)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 4096, got;
	char *buf;

	if (!f) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read: %s", path, strerror(errno));
		return NULL;
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *grown = realloc(buf, cap *= 2);

			if (!grown)
				free(buf);
			buf = grown;
		}
	}
	int failed = buf && ferror(f);
	int saved = errno;
	fclose(f);
	if (!buf) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory reading %s", path);
		return NULL;
	}
	if (failed) {
		free(buf);
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read: %s", path, strerror(saved));
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}
