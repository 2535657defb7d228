/* units.c: the table of unit models, by structure base name. */
#include "unit.h"

#include <string.h>

#include "cta_monitor.h"
#include "ltrf_cache.h"
#include "ltrf_engine.h"
#include "ltrf_top.h"
#include "rfc_top.h"
#include "finereg_top.h"
#include "pcrf.h"
#include "release_flag_cache.h"
#include "rename_table.h"
#include "rf_banked.h"
#include "rfc.h"
#include "rmu.h"
#include "sched_2level.h"
#include "share_lock.h"
#include "wcb.h"
#include "baseline_top.h"
#include "sharing_top.h"
#include "regvirt_top.h"

static const struct unit_ops *const units[] = {
	&rf_banked_ops,
	&pcrf_ops,
	&rmu_ops,
	&cta_monitor_ops,
	&wcb_ops,
	&ltrf_cache_ops,
	&rename_table_ops,
	&release_flag_cache_ops,
	&ltrf_engine_ops,
	&rfc_ops,
	&sched_2level_ops,
	&share_lock_ops,
	&ltrf_top_ops,
	&baseline_top_ops,
	&sharing_top_ops,
	&rfc_top_ops,
	&regvirt_top_ops,
	&finereg_top_ops,
};

const struct unit_ops *unit_ops_find(const char *base)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i]->base, base) == 0)
			return units[i];
	return NULL;
}
