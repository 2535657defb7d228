/* cfg_ltrf.c: keys of the [ltrf] section (LTRF) and their cross-checks. */
#include "cfg_key.h"

const struct cfg_key cfg_keys_ltrf[] = {
	{NULL},
};

/* Checks the [ltrf] keys against each other and the core keys; fills d. */
int cfg_finish_ltrf(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	(void)cfg;
	(void)err;
	return 0;
}
