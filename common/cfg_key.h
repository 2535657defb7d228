/* cfg_key.h: how a configuration key is described, for cfg.c and the
 * per-scheme key tables (cfg_<scheme>.c).
 *
 * A scheme adds its section by filling its table (ending in {NULL}) and its
 * cross-key check; cfg.c walks every table for parsing, defaults, messages
 * and docs/configs.md. */
#ifndef GPURF_CFG_KEY_H
#define GPURF_CFG_KEY_H

#include <stddef.h>

#include "cfg.h"

enum key_type { KEY_UINT, KEY_ENUM };
enum { KEY_POW2 = 1 };

struct cfg_key {
	const char *section;
	const char *name;		/* NULL ends a table */
	enum key_type type;
	size_t offset;			/* of an unsigned field of gpurf_cfg */
	const char *def;		/* default, as it would be written */
	unsigned long min, max;		/* KEY_UINT range */
	unsigned flags;
	const char *const *choices;	/* KEY_ENUM names, NULL-terminated */
	const char *source;		/* where the value comes from */
	const char *doc;
};

#define CFG_FIELD(field) offsetof(struct gpurf_cfg, field)

unsigned *cfg_field(struct gpurf_cfg *cfg, const struct cfg_key *k);

/* The i-th registered key (0-based, every table in order), NULL past the
 * last: for tools that walk the key space (tools/randcfg). */
const struct cfg_key *cfg_key_index(unsigned i);

/* Reports a bad combination of keys, naming [section] key, its value and
 * the line it was set on; returns -1. */
int cfg_bad_combo(const struct gpurf_cfg *cfg, struct gpurf_err *err, const char *section,
		  const char *key, const char *fmt, ...) GPURF_PRINTF(5, 6);

/* The scheme tables and checks (cfg_<scheme>.c). */
extern const struct cfg_key cfg_keys_finereg[], cfg_keys_regvirt[], cfg_keys_ltrf[],
	cfg_keys_rfc[], cfg_keys_sharing[];
/* [energy] (cfg_energy.c): no cross-key checks. */
extern const struct cfg_key cfg_keys_energy[];
/* [mem] (cfg_mem.c): the SM model's memory system. */
extern const struct cfg_key cfg_keys_mem[];
int cfg_finish_mem(struct gpurf_cfg *cfg, struct gpurf_err *err);
int cfg_finish_finereg(struct gpurf_cfg *cfg, struct gpurf_err *err);
int cfg_finish_regvirt(struct gpurf_cfg *cfg, struct gpurf_err *err);
int cfg_finish_ltrf(struct gpurf_cfg *cfg, struct gpurf_err *err);
int cfg_finish_rfc(struct gpurf_cfg *cfg, struct gpurf_err *err);
int cfg_finish_sharing(struct gpurf_cfg *cfg, struct gpurf_err *err);

#endif
