/* sm_hints.c: the compiler's hints over struct sm_insn (see sm_hints.h). */
#include "sm_hints.h"

#include <stdlib.h>

#include "kc.h"
#include "sm_prog.h"

uint16_t *sm_hints_rfc_last_use(const struct sm_prog *p)
{
	const struct kc_kernel *k = p->k;
	uint16_t *last = calloc((size_t)p->ninsns + 1, sizeof *last);

	if (!last || !k || !k->rfc.last_use)
		return last;
	for (int pc = 0; pc < p->ninsns && pc < k->mir.n; pc++) {
		const struct mir_insn *mi = &k->mir.insns[pc];
		const struct sm_insn *si = &p->insns[pc];
		uint64_t dead[KC_REGSET_WORDS] = {0};

		for (int j = 0; j < mi->nsrc; j++)
			if (k->rfc.last_use[pc] >> mi->src[j].slot & 1u)
				mir_ref_bits(&mi->src[j], dead);
		for (unsigned i = 0; i < si->nsrc && i < 16; i++) {
			unsigned r = si->src[i];
			int later = 0;

			for (unsigned j = i + 1; j < si->nsrc; j++)
				later |= si->src[j] == r;
			if (r < 64 * KC_REGSET_WORDS && (dead[r >> 6] >> (r & 63) & 1u) && !later)
				last[pc] |= (uint16_t)(1u << i);
		}
	}
	return last;
}

void sm_hints_renumber(const struct sm_prog *p, uint8_t map[256])
{
	const struct kc_kernel *k = p ? p->k : NULL;
	uint8_t taken[256] = {0}, done[256] = {0};
	unsigned pos = 0;

	for (unsigned r = 0; r < 256; r++) {
		int m = k ? k->renumber.map[r] : -1;

		if (m >= 0 && m < 256 && !taken[m]) {
			map[r] = (uint8_t)m;
			taken[m] = done[r] = 1;
		}
	}
	for (unsigned r = 0; r < 256; r++) {
		if (done[r])
			continue;
		while (taken[pos])
			pos++;
		map[r] = (uint8_t)pos;
		taken[pos] = 1;
	}
}
