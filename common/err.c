/* err.c: filling a gpurf_err. */
#include "err.h"

#include <stdio.h>

int gpurf_fail(struct gpurf_err *err, enum gpurf_err_kind kind, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || err->kind != GPURF_ERR_NONE)
		return -1;
	err->kind = kind;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}
