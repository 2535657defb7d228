/* design.h: the set of files one generator run produces.
 *
 * Emitters add Verilog files to a design; shared building blocks (the
 * round-robin arbiter, SRAM macros) are emitted once however many
 * structures instantiate them.  Nothing is written to disk until
 * design_write() stages the whole set and renames it into place. */
#ifndef GPURF_DESIGN_H
#define GPURF_DESIGN_H

#include "cfg.h"
#include "desc.h"
#include "sbuf.h"

enum { DESIGN_MAX_FILES = 128, DESIGN_MAX_MODULES = 16, DESIGN_MAX_CELLS = 16 };

struct gen_file {
	char path[256];		/* relative to the output directory */
	struct sbuf text;
};

struct design {
	const struct gpurf_cfg *cfg;
	struct gen_file files[DESIGN_MAX_FILES];
	unsigned nfiles;
	struct module_desc modules[DESIGN_MAX_MODULES];	/* structures generated */
	unsigned nmodules;
	const char *cells[DESIGN_MAX_CELLS];	/* leaf cells in rtl/ (cells.h) */
	unsigned ncells;
};

/* The buffer of file `path`; *fresh says whether it was just created (an
 * emitter of a shared block writes its body only then).  NULL when the
 * design is full. */
struct sbuf *design_file(struct design *d, const char *path, int *fresh);
/* The buffer of rtl/<module>.v, the one file of a Verilog module; as
 * design_file otherwise. */
struct sbuf *design_module_file(struct design *d, const char *module, int *fresh);
/* Whether rtl/<module>.v is already in the design (a composed structure
 * emits its submodules; the structure of the same module then is not
 * emitted twice). */
int design_has_module(const struct design *d, const char *module);
void design_free(struct design *d);

/* Writes every file under out_dir (created if missing): each file goes to a
 * temporary name first and is renamed into place, so an interrupted run
 * leaves old files or new ones, never partial ones. */
int design_write(const struct design *d, const char *out_dir, struct gpurf_err *err);

#endif
