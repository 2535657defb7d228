/* cfg_sharing.c: keys of the [sharing] section (register sharing (Jatala)) and their cross-checks. */
#include "cfg_key.h"

const struct cfg_key cfg_keys_sharing[] = {
	{NULL},
};

/* Checks the [sharing] keys against each other and the core keys; fills d. */
int cfg_finish_sharing(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	(void)cfg;
	(void)err;
	return 0;
}
