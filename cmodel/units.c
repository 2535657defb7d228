/* units.c: the table of unit models, by structure base name. */
#include "unit.h"

#include <string.h>

#include "rf_banked.h"
#include "rfc.h"
#include "sched_2level.h"
#include "share_lock.h"

static const struct unit_ops *const units[] = {
	&rf_banked_ops,
	&rfc_ops,
	&sched_2level_ops,
	&share_lock_ops,
};

const struct unit_ops *unit_ops_find(const char *base)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i]->base, base) == 0)
			return units[i];
	return NULL;
}
