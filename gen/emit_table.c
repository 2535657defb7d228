/* emit_table.c: base name -> emitter. */
#include "emit_structures.h"

#include <string.h>

static const struct emitter emitters[] = {
	{"rf_banked", emit_rf_banked, wave_rf_banked},
	{"pcrf", emit_pcrf, wave_pcrf},
	{"rmu", emit_rmu, wave_rmu},
	{"cta_monitor", emit_cta_monitor, wave_cta_monitor},
};

const struct emitter *emitter_find(const char *base)
{
	for (size_t i = 0; i < sizeof emitters / sizeof emitters[0]; i++)
		if (strcmp(emitters[i].base, base) == 0)
			return &emitters[i];
	return NULL;
}
