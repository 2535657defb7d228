/* sbuf.h: a growable text buffer; the generator builds every file in one
 * before anything touches the disk. */
#ifndef GPURF_SBUF_H
#define GPURF_SBUF_H

#include <stddef.h>

#include "err.h"

struct sbuf {
	char *s;
	size_t len, cap;
	int oom;		/* an allocation failed; the text is incomplete */
};

void sbuf_printf(struct sbuf *b, const char *fmt, ...) GPURF_PRINTF(2, 3);
void sbuf_free(struct sbuf *b);

#endif
