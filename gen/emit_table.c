/* emit_table.c: base name -> emitter. */
#include "emit_structures.h"

#include <string.h>

static const struct emitter emitters[] = {
	{"rf_banked", emit_rf_banked, wave_rf_banked},
	{"rfc", emit_rfc, wave_rfc},
	{"sched_2level", emit_sched_2level, wave_sched_2level},
	{"share_lock", emit_share_lock, wave_share_lock},
};

const struct emitter *emitter_find(const char *base)
{
	for (size_t i = 0; i < sizeof emitters / sizeof emitters[0]; i++)
		if (strcmp(emitters[i].base, base) == 0)
			return &emitters[i];
	return NULL;
}
