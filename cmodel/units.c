/* units.c: the table of unit models, by structure base name. */
#include "unit.h"

#include <string.h>

#include "cta_monitor.h"
#include "pcrf.h"
#include "rf_banked.h"
#include "rmu.h"

static const struct unit_ops *const units[] = {
	&rf_banked_ops,
	&pcrf_ops,
	&rmu_ops,
	&cta_monitor_ops,
};

const struct unit_ops *unit_ops_find(const char *base)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i]->base, base) == 0)
			return units[i];
	return NULL;
}
