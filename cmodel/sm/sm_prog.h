/* sm_prog.h: a kernel ready for the SM model's executor.
 *
 * sm_prog_load() parses the PTX, compiles the entry (register allocation,
 * the analyses; compiler/kc.h), decodes every instruction into a struct
 * sm_insn with physical registers, and lays out the kernel's memory:
 *
 *   global   device addresses from SM_GLOBAL_BASE: module .global variables
 *            first, then the launch's buffers (sm_fmem.c)
 *   const    the constant bank: module .const variables, from 0
 *   param    the parameter buffer, in .entry order, naturally aligned
 *   shared   per CTA: .shared variables, then dynamic shared memory
 *   local    per thread: .local variables, then the spill area __kc_spill
 *
 * Generic addresses: global addresses are their own generic addresses;
 * shared, local and const addresses are offset into windows below the
 * global base (SM_WIN_*).  A symbol names its address in its own state
 * space (mov r, sym), as PTX defines; cvta converts. */
#ifndef GPURF_SM_PROG_H
#define GPURF_SM_PROG_H

#include <stdint.h>

#include "err.h"
#include "sm_insn.h"

#define SM_GLOBAL_BASE UINT64_C(0x100000000)
#define SM_WIN_SHARED UINT64_C(0x01000000)
#define SM_WIN_LOCAL UINT64_C(0x02000000)
#define SM_WIN_CONST UINT64_C(0x03000000)
#define SM_WIN_SIZE UINT64_C(0x01000000)

struct ptx_module;
struct kc_kernel;

struct sm_prog {
	struct ptx_module *mod;
	struct kc_kernel *k;
	const char *path;
	const char *entry;
	int ninsns;
	struct sm_insn *insns;
	int nregs, npreds;		/* per thread */
	int nparams;
	uint32_t *param_off;		/* per .entry parameter */
	uint8_t *param_size;
	uint32_t param_bytes;
	uint8_t *const_image;		/* the constant bank, initialised */
	uint32_t const_bytes;
	uint8_t *global_image;		/* module .global variables, initialised */
	uint64_t global_bytes;
	uint32_t shared_bytes;		/* static shared memory per CTA */
	uint32_t local_bytes;		/* per thread, spill area included */
	unsigned reqntid;		/* threads per CTA the kernel requires, 0 = any */
};

/* Loads `entry` (NULL: the only .entry) of a PTX file.  A parse, compile or
 * decode problem (an instruction the model does not execute) fills err with
 * file, line, construct and what is allowed, and returns -1. */
int sm_prog_load(struct sm_prog *p, const char *ptx_path, const char *entry, struct gpurf_err *err);
void sm_prog_free(struct sm_prog *p);
/* Registers live into instruction pc for the whole warp (the compiler's
 * divergence-safe live_warp.in: bit r of word r / 64), *words words
 * (sm_prog_live.c). */
const uint64_t *sm_prog_live_warp(const struct sm_prog *p, int pc, unsigned *words);

#endif
