/* sm_trace.c: Accel-Sim trace reader (see sm_trace.h). */
#include "sm_trace.h"

#include <stdlib.h>
#include <string.h>

int sm_trace_load(struct sm_trace *t, const char *dir, int which, struct gpurf_err *err)
{
	(void)which;
	memset(t, 0, sizeof *t);
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s: trace mode not implemented yet", dir);
}

void sm_trace_free(struct sm_trace *t)
{
	free(t->sinsns);
	free(t->sinsn_pc);
	free(t->insts);
	free(t->addrs);
	free(t->warps);
	free(t->ctas);
	memset(t, 0, sizeof *t);
}
