/* sm_hints.h: the compiler's per-instruction hints (compiler/analyses.h)
 * restated over the SM's decoded instructions (struct sm_insn), for the
 * register-file schemes, which cannot include the compiler's headers
 * beside common/cfg.h. */
#ifndef GPURF_SM_HINTS_H
#define GPURF_SM_HINTS_H

#include <stdint.h>

struct sm_prog;

/* Register file cache last-use hints (compiler/rfc_hints.c): per
 * instruction, bit i = source src[i] is the last read of its value.  The
 * compiler marks mir source slots (a slot may cover 2 or 4 registers); a
 * register named by several sources gets the bit on its last one only.
 * A calloc'd array of p->ninsns + 1 entries (the caller frees), all zero
 * when the compiler gave no hints; NULL when out of memory. */
uint16_t *sm_hints_rfc_last_use(const struct sm_prog *p);

/* Register sharing's unrolled, reordered declarations (compiler
 * renumbering, Jatala Sec. 5.2): map[r] = register r's position in order
 * of first textual use, a permutation of 0..255 (registers the compiler did
 * not number keep their place after the numbered ones). */
void sm_hints_renumber(const struct sm_prog *p, uint8_t map[256]);

#endif
