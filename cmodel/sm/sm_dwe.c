/* sm_dwe.c: Dynamic Warp Execution's per-SM probability (see sm_dwe.h). */
#include "sm_dwe.h"

int sm_dwe_adaptive(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_SHARING && cfg->sharing.dwe && cfg->sharing.dwe_adaptive && cfg->sim.sms > 1;
}

unsigned sm_dwe_initial(const struct gpurf_cfg *cfg, unsigned id)
{
	return sm_dwe_adaptive(cfg) && id != 0 ? SM_DWE_ONE : 0;
}

unsigned sm_dwe_adapt(unsigned prob, uint64_t own, uint64_t ref)
{
	if (own > ref)
		return prob >= SM_DWE_STEP ? prob - SM_DWE_STEP : 0;
	if (own < ref)
		return prob + SM_DWE_STEP <= SM_DWE_ONE ? prob + SM_DWE_STEP : SM_DWE_ONE;
	return prob;
}
