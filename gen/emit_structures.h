/* emit_structures.h: one emitter per structure, and the table tying each
 * structure's base name to its Verilog emitter and its waveform groups. */
#ifndef GPURF_EMIT_STRUCTURES_H
#define GPURF_EMIT_STRUCTURES_H

#include "design.h"
#include "emit_glue.h"

struct emitter {
	const char *base;
	int (*emit)(struct design *d, const struct module_desc *m);
	/* Fills up to 8 groups of signals for the .gtkw file; returns count. */
	unsigned (*wave)(const struct gpurf_cfg *cfg, const struct module_desc *m,
			 struct wave_group *groups);
};

const struct emitter *emitter_find(const char *base);

int emit_rf_banked(struct design *d, const struct module_desc *m);
unsigned wave_rf_banked(const struct gpurf_cfg *cfg, const struct module_desc *m,
			struct wave_group *groups);
int emit_wcb(struct design *d, const struct module_desc *m);
unsigned wave_wcb(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_ltrf_cache(struct design *d, const struct module_desc *m);
unsigned wave_ltrf_cache(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_ltrf_engine(struct design *d, const struct module_desc *m);
unsigned wave_ltrf_engine(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

int emit_rename_table(struct design *d, const struct module_desc *m);
unsigned wave_rename_table(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_release_flag_cache(struct design *d, const struct module_desc *m);
unsigned wave_release_flag_cache(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

int emit_rfc(struct design *d, const struct module_desc *m);
unsigned wave_rfc(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_sched_2level(struct design *d, const struct module_desc *m);
unsigned wave_sched_2level(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_share_lock(struct design *d, const struct module_desc *m);
unsigned wave_share_lock(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

int emit_pcrf(struct design *d, const struct module_desc *m);
unsigned wave_pcrf(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_rmu(struct design *d, const struct module_desc *m);
unsigned wave_rmu(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_cta_monitor(struct design *d, const struct module_desc *m);
unsigned wave_cta_monitor(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

int emit_ltrf_top(struct design *d, const struct module_desc *m);
unsigned wave_ltrf_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_baseline_top(struct design *d, const struct module_desc *m);
unsigned wave_baseline_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_sharing_top(struct design *d, const struct module_desc *m);
unsigned wave_sharing_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_rfc_top(struct design *d, const struct module_desc *m);
unsigned wave_rfc_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

int emit_regvirt_top(struct design *d, const struct module_desc *m);
unsigned wave_regvirt_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);
int emit_finereg_top(struct design *d, const struct module_desc *m);
unsigned wave_finereg_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups);

#endif
