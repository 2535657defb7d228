/* structures.c: the table of every structure gpurf generates and models. */
#include "desc.h"

#include <string.h>

#include "cta_monitor_desc.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "rmu_desc.h"

static int always(const struct gpurf_cfg *cfg)
{
	(void)cfg;
	return 1;
}

const struct gpurf_structure gpurf_structures[] = {
	{"rf_banked", always, desc_rf_banked},
	{"pcrf", finereg_present, desc_pcrf},
	{"rmu", finereg_present, desc_rmu},
	{"cta_monitor", finereg_present, desc_cta_monitor},
};

const unsigned gpurf_nstructures = sizeof gpurf_structures / sizeof gpurf_structures[0];

const struct gpurf_structure *gpurf_structure_find(const char *base)
{
	for (unsigned i = 0; i < gpurf_nstructures; i++)
		if (strcmp(gpurf_structures[i].base, base) == 0)
			return &gpurf_structures[i];
	return NULL;
}
