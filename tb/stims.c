/* stims.c: the table of stimulus generators, by structure base name. */
#include <string.h>

#include "stim.h"

extern const struct stim_ops rf_banked_stim;
extern const struct stim_ops pcrf_stim, rmu_stim, cta_monitor_stim;
extern const struct stim_ops wcb_stim;
extern const struct stim_ops ltrf_cache_stim;
extern const struct stim_ops rename_table_stim, release_flag_cache_stim;
extern const struct stim_ops ltrf_engine_stim;
extern const struct stim_ops ltrf_top_stim;
extern const struct stim_ops rfc_top_stim;
extern const struct stim_ops finereg_top_stim;
extern const struct stim_ops regvirt_top_stim;
extern const struct stim_ops rfc_stim;
extern const struct stim_ops sched_2level_stim;
extern const struct stim_ops share_lock_stim;
extern const struct stim_ops baseline_top_stim, sharing_top_stim;

static const struct stim_ops *const stims[] = {
	&rf_banked_stim,
	&pcrf_stim,
	&rmu_stim,
	&cta_monitor_stim,
	&wcb_stim,
	&ltrf_cache_stim,
	&rename_table_stim,
	&release_flag_cache_stim,
	&ltrf_engine_stim,
	&rfc_stim,
	&sched_2level_stim,
	&share_lock_stim,
	&ltrf_top_stim,
	&baseline_top_stim,
	&sharing_top_stim,
	&rfc_top_stim,
	&finereg_top_stim,
	&regvirt_top_stim,
};

const struct stim_ops *stim_ops_find(const char *base)
{
	for (size_t i = 0; i < sizeof stims / sizeof stims[0]; i++)
		if (strcmp(stims[i]->base, base) == 0)
			return stims[i];
	return NULL;
}
