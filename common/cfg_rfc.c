/* cfg_rfc.c: keys of the [rfc] section (register file cache / two-level scheduler (Gebhart)) and their cross-checks. */
#include "cfg_key.h"

const struct cfg_key cfg_keys_rfc[] = {
	{NULL},
};

/* Checks the [rfc] keys against each other and the core keys; fills d. */
int cfg_finish_rfc(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	(void)cfg;
	(void)err;
	return 0;
}
