/* gpgpusim_cfg.h: GPGPU-Sim configuration files (gpgpusim.config,
 * Accel-Sim's trace.config) read as gpurf configurations.
 *
 * gsim_read() reads one or more files (later files override earlier ones,
 * as Accel-Sim's repeated -config does) and maps every option the model has
 * an equivalent for onto configuration keys (docs/configs.md, "GPGPU-Sim
 * configurations"); every other option is listed as ignored.  gsim_apply()
 * turns the mapping into a checked struct gpurf_cfg, gsim_write_ini() into
 * the equivalent INI text: both go through the same list of key settings,
 * so the INI read with --config gives the same configuration. */
#ifndef GPURF_GPGPUSIM_CFG_H
#define GPURF_GPGPUSIM_CFG_H

#include <stdio.h>

#include "cfg.h"
#include "err.h"

#define GSIM_MAX_FILES 4
#define GSIM_MAX_OPTS 512
#define GSIM_MAX_SETS 96

/* One option as written: -name value (a quoted value may span lines). */
struct gsim_opt {
	char name[80];
	char value[512];
	unsigned file, line;	/* file index, 1-based line of the option */
	int used;		/* mapped onto a key (or read to derive one) */
};

/* One key setting the mapping produced. */
struct gsim_set {
	const char *section, *key;
	char value[32];
	const struct gsim_opt *from;	/* the option it comes from (its line) */
	char how[192];			/* the options it is computed from, for the INI comment */
};

struct gsim_map {
	const char *paths[GSIM_MAX_FILES];
	unsigned npaths;
	char name[128];			/* the configuration's name (its folder for gpgpusim.config) */
	struct gsim_opt opt[GSIM_MAX_OPTS];
	unsigned nopt;
	struct gsim_set set[GSIM_MAX_SETS];
	unsigned nset;
	char ignored_fields[256];	/* sub-fields of mapped options without an equivalent */
	char notes[1024];		/* values the model holds differently (clamped, rounded) */
};

/* Reads and maps paths[0..npaths-1].  A malformed or contradictory file
 * fills err (kind INPUT, naming file, line, option, value and what is
 * allowed) and returns -1. */
int gsim_read(const char *const *paths, unsigned npaths, struct gsim_map *m, struct gpurf_err *err);

/* Defaults, the mapped keys, then sets[0..nsets-1] (--set) and the cross-key
 * checks: the configuration a run uses.  Keys this build does not register
 * (the [mem] section before the detailed memory system) are left out. */
int gsim_apply(const struct gsim_map *m, const char *const *sets, unsigned nsets, struct gpurf_cfg *cfg,
	       struct gpurf_err *err);

/* The equivalent INI (keys this build does not register as comments). */
void gsim_write_ini(const struct gsim_map *m, FILE *out);

/* One line on `out` listing the ignored options in file order (nothing when
 * there are none), and one listing the notes. */
void gsim_print_ignored(const struct gsim_map *m, const char *tool, FILE *out);

#endif
