/* cfg_regvirt.c: keys of the [regvirt] section (register-file virtualization) and their cross-checks. */
#include "cfg_key.h"

const struct cfg_key cfg_keys_regvirt[] = {
	{NULL},
};

/* Checks the [regvirt] keys against each other and the core keys; fills d. */
int cfg_finish_regvirt(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	(void)cfg;
	(void)err;
	return 0;
}
