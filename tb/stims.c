/* stims.c: the table of stimulus generators, by structure base name. */
#include <string.h>

#include "stim.h"

extern const struct stim_ops rf_banked_stim;
extern const struct stim_ops pcrf_stim, rmu_stim, cta_monitor_stim;

static const struct stim_ops *const stims[] = {
	&rf_banked_stim,
	&pcrf_stim,
	&rmu_stim,
	&cta_monitor_stim,
};

const struct stim_ops *stim_ops_find(const char *base)
{
	for (size_t i = 0; i < sizeof stims / sizeof stims[0]; i++)
		if (strcmp(stims[i]->base, base) == 0)
			return stims[i];
	return NULL;
}
