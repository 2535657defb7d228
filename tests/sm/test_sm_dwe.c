/* test_sm_dwe.c: Dynamic Warp Execution's per-SM probability
 * (cmodel/sm/sm_dwe.c, Jatala et al. Sec. 5.3): an SM that stalls more
 * than SM 0 in a window lowers its probability by 0.1, one that stalls
 * less raises it, equal keeps it, always within [0, 1]; SM 0 starts (and
 * stays, sm_core) at 0, the others at 1, and a single SM or
 * dwe_adaptive = 0 leaves every SM at 0 (the reference behaviour). */
#include <string.h>

#include "check.h"
#include "sm_dwe.h"

static CHECK_STATE;

static struct gpurf_cfg cfg_of(unsigned sms, unsigned dwe, unsigned adaptive)
{
	struct gpurf_cfg c;

	memset(&c, 0, sizeof c);
	c.scheme = SCHEME_SHARING;
	c.sim.sms = sms;
	c.sharing.dwe = dwe;
	c.sharing.dwe_adaptive = adaptive;
	return c;
}

int main(void)
{
	struct gpurf_cfg four = cfg_of(4, 1, 1), one = cfg_of(1, 1, 1), fixed = cfg_of(4, 1, 0);
	struct gpurf_cfg off = cfg_of(4, 0, 1), base = four;
	unsigned p = SM_DWE_ONE;

	base.scheme = SCHEME_BASELINE;
	/* the comparison: more stalls than SM 0 lowers, fewer raises, equal keeps */
	CHECK_EQ(sm_dwe_adapt(5, 120, 100), 4);
	CHECK_EQ(sm_dwe_adapt(5, 80, 100), 6);
	CHECK_EQ(sm_dwe_adapt(5, 100, 100), 5);
	/* kept within [0, 1] */
	CHECK_EQ(sm_dwe_adapt(0, 999, 0), 0);
	CHECK_EQ(sm_dwe_adapt(SM_DWE_ONE, 0, 999), SM_DWE_ONE);
	/* from 1, ten windows of more stalls reach 0, and ten of fewer 1 again */
	for (int i = 0; i < 10; i++)
		p = sm_dwe_adapt(p, 2, 1);
	CHECK_EQ(p, 0);
	for (int i = 0; i < 10; i++)
		p = sm_dwe_adapt(p, 1, 2);
	CHECK_EQ(p, SM_DWE_ONE);
	/* starting points (Sec. 5.3: SM 0 never, the others always) */
	CHECK_EQ(sm_dwe_initial(&four, 0), 0);
	CHECK_EQ(sm_dwe_initial(&four, 1), SM_DWE_ONE);
	CHECK_EQ(sm_dwe_initial(&four, 3), SM_DWE_ONE);
	CHECK(sm_dwe_adaptive(&four));
	/* a single SM is SM 0; dwe_adaptive = 0 makes every SM a reference SM */
	CHECK(!sm_dwe_adaptive(&one));
	CHECK_EQ(sm_dwe_initial(&one, 0), 0);
	CHECK(!sm_dwe_adaptive(&fixed));
	CHECK_EQ(sm_dwe_initial(&fixed, 2), 0);
	CHECK(!sm_dwe_adaptive(&off));
	CHECK(!sm_dwe_adaptive(&base));
	return CHECK_DONE();
}
