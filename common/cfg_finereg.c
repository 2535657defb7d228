/* cfg_finereg.c: keys of the [finereg] section (FineReg) and their cross-checks. */
#include "cfg_key.h"

const struct cfg_key cfg_keys_finereg[] = {
	{NULL},
};

/* Checks the [finereg] keys against each other and the core keys; fills d. */
int cfg_finish_finereg(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	(void)cfg;
	(void)err;
	return 0;
}
