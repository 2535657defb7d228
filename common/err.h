/* err.h: the one error record every layer fills and only the edge prints.
 *
 * Library code never prints and never exits: it fills a gpurf_err and returns
 * -1.  The command-line tool that called it prints err.msg once and exits
 * with status 2 (bad input) or 1 (internal/I-O failure). */
#ifndef GPURF_ERR_H
#define GPURF_ERR_H

#include <stdarg.h>

enum gpurf_err_kind { GPURF_ERR_NONE = 0, GPURF_ERR_INPUT = 2, GPURF_ERR_IO = 1 };

struct gpurf_err {
	enum gpurf_err_kind kind;
	char msg[1024];
};

#if defined(__GNUC__)
#define GPURF_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GPURF_PRINTF(a, b)
#endif

/* Records the first error only (later ones are consequences); returns -1. */
int gpurf_fail(struct gpurf_err *err, enum gpurf_err_kind kind, const char *fmt, ...)
	GPURF_PRINTF(3, 4);

#endif
