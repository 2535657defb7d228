/* structures.c: the table of every structure gpurf generates and models. */
#include "desc.h"

#include <string.h>

#include "cta_monitor_desc.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "wcb_desc.h"
#include "ltrf_cache_desc.h"
#include "release_flag_cache_desc.h"
#include "rename_table_desc.h"
#include "ltrf_engine_desc.h"
#include "rfc_desc.h"
#include "sched_2level_desc.h"
#include "share_lock_desc.h"
#include "rmu_desc.h"
#include "ltrf_top_desc.h"
#include "baseline_top_desc.h"
#include "sharing_top_desc.h"
#include "rfc_top_desc.h"
#include "regvirt_top_desc.h"
#include "finereg_top_desc.h"

/* The baseline main file with its operand-collector and write-back ports.
 * LTRF has none: operands come from the register cache, and its main file
 * (only the prefetch engine's ports, crossbar-wide words) is inside
 * ltrf_top. */
static int rf_banked_present(const struct gpurf_cfg *cfg)
{
	return !ltrf_present(cfg);
}

const struct gpurf_structure gpurf_structures[] = {
	{"rf_banked", rf_banked_present, desc_rf_banked},
	{"wcb", ltrf_present, desc_wcb},
	{"ltrf_cache", ltrf_present, desc_ltrf_cache},
	{"rename_table", regvirt_present, desc_rename_table},
	{"release_flag_cache", regvirt_present, desc_release_flag_cache},
	{"ltrf_engine", ltrf_present, desc_ltrf_engine},
	{"rfc", rfc_present, desc_rfc},
	{"sched_2level", sched_2level_present, desc_sched_2level},
	{"share_lock", share_lock_present, desc_share_lock},
	{"pcrf", finereg_present, desc_pcrf},
	{"rmu", finereg_present, desc_rmu},
	{"cta_monitor", finereg_present, desc_cta_monitor},
	{"ltrf_top", ltrf_present, desc_ltrf_top},
	{"baseline_top", baseline_top_present, desc_baseline_top},
	{"sharing_top", sharing_top_present, desc_sharing_top},
	{"rfc_top", rfc_top_present, desc_rfc_top},
	{"regvirt_top", regvirt_present, desc_regvirt_top},
	{"finereg_top", finereg_present, desc_finereg_top},
};

const unsigned gpurf_nstructures = sizeof gpurf_structures / sizeof gpurf_structures[0];

const struct gpurf_structure *gpurf_structure_find(const char *base)
{
	for (unsigned i = 0; i < gpurf_nstructures; i++)
		if (strcmp(gpurf_structures[i].base, base) == 0)
			return &gpurf_structures[i];
	return NULL;
}
