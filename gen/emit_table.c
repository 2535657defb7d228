/* emit_table.c: base name -> emitter. */
#include "emit_structures.h"

#include <string.h>

static const struct emitter emitters[] = {
	{"rf_banked", emit_rf_banked, wave_rf_banked},
	{"wcb", emit_wcb, wave_wcb},
	{"ltrf_cache", emit_ltrf_cache, wave_ltrf_cache},
	{"rename_table", emit_rename_table, wave_rename_table},
	{"release_flag_cache", emit_release_flag_cache, wave_release_flag_cache},
	{"ltrf_engine", emit_ltrf_engine, wave_ltrf_engine},
	{"rfc", emit_rfc, wave_rfc},
	{"sched_2level", emit_sched_2level, wave_sched_2level},
	{"share_lock", emit_share_lock, wave_share_lock},
	{"pcrf", emit_pcrf, wave_pcrf},
	{"rmu", emit_rmu, wave_rmu},
	{"cta_monitor", emit_cta_monitor, wave_cta_monitor},
	{"ltrf_top", emit_ltrf_top, wave_ltrf_top},
	{"baseline_top", emit_baseline_top, wave_baseline_top},
	{"sharing_top", emit_sharing_top, wave_sharing_top},
	{"rfc_top", emit_rfc_top, wave_rfc_top},
	{"regvirt_top", emit_regvirt_top, wave_regvirt_top},
	{"finereg_top", emit_finereg_top, wave_finereg_top},
};

const struct emitter *emitter_find(const char *base)
{
	for (size_t i = 0; i < sizeof emitters / sizeof emitters[0]; i++)
		if (strcmp(emitters[i].base, base) == 0)
			return &emitters[i];
	return NULL;
}
