/* sm_kc.c: copies the compiler analyses a register-file scheme needs into
 * the plain arrays of sm_kc.h. */
#include "sm_kc.h"

#include <stdlib.h>
#include <string.h>

#include "analyses.h"
#include "kc.h"
#include "sm_prog.h"

int sm_kc_regvirt(const struct sm_prog *p, unsigned exempt_n, struct sm_kc_regvirt *rv)
{
	const struct kc_kernel *k = p->k;
	struct kc_regvirt r;
	int n = k->mir.n, total = 0;

	memset(rv, 0, sizeof *rv);
	memset(&r, 0, sizeof r);
	if (kc_regvirt_run(&k->mir, &k->cfg, &k->live_thread, k->opt.loop_pin, (int)exempt_n, &r))
		return -1;
	rv->exempt_n = (unsigned)r.exempt_n;
	memcpy(rv->exempt_map, r.exempt_map, sizeof rv->exempt_map);
	rv->nmeta = r.nmeta;
	rv->npbr = r.npbr;
	rv->unencodable = r.unencodable;
	for (int i = 0; i < r.npbr; i++)
		total += r.pbr[i].nregs;
	rv->meta_word = calloc((size_t)r.nmeta + 1, sizeof *rv->meta_word);
	rv->meta_before = calloc((size_t)r.nmeta + 1, sizeof *rv->meta_before);
	rv->meta_is_pbr = calloc((size_t)r.nmeta + 1, 1);
	rv->release = calloc((size_t)n + 1, 1);
	rv->slot_regs = calloc(((size_t)n + 1) * 3 * SM_KC_SET_WORDS, sizeof *rv->slot_regs);
	rv->pbr_insn = calloc((size_t)r.npbr + 1, sizeof *rv->pbr_insn);
	rv->pbr_off = calloc((size_t)r.npbr + 1, sizeof *rv->pbr_off);
	rv->pbr_reg = calloc((size_t)total + 1, 1);
	if (!rv->meta_word || !rv->meta_before || !rv->meta_is_pbr || !rv->release || !rv->slot_regs ||
	    !rv->pbr_insn || !rv->pbr_off || !rv->pbr_reg) {
		kc_regvirt_free(&r);
		sm_kc_regvirt_free(rv);
		return -1;
	}
	for (int i = 0; i < r.nmeta; i++) {
		rv->meta_word[i] = r.meta[i].word;
		rv->meta_before[i] = r.meta[i].before_insn;
		rv->meta_is_pbr[i] = (uint8_t)r.meta[i].is_pbr;
	}
	memcpy(rv->release, r.release, (size_t)n);
	for (int pc = 0; pc < n; pc++) {
		const struct mir_insn *mi = &k->mir.insns[pc];

		for (int s = 0; s < mi->nsrc; s++)
			if (mi->src[s].slot >= 0 && mi->src[s].slot < 3)
				for (int j = 0; j < mi->src[s].width; j++)
					bits_set(rv->slot_regs + ((size_t)pc * 3 + (size_t)mi->src[s].slot) *
							 SM_KC_SET_WORDS, mi->src[s].reg + j);
	}
	for (int i = 0, o = 0; i < r.npbr; i++) {
		rv->pbr_insn[i] = r.pbr[i].insn;
		rv->pbr_off[i] = o;
		for (int j = 0; j < r.pbr[i].nregs; j++)
			rv->pbr_reg[o++] = r.pbr[i].regs[j];
		rv->pbr_off[i + 1] = o;
	}
	kc_regvirt_free(&r);
	return 0;
}

void sm_kc_regvirt_free(struct sm_kc_regvirt *rv)
{
	free(rv->meta_word);
	free(rv->meta_before);
	free(rv->meta_is_pbr);
	free(rv->release);
	free(rv->slot_regs);
	free(rv->pbr_insn);
	free(rv->pbr_off);
	free(rv->pbr_reg);
	memset(rv, 0, sizeof *rv);
}

int sm_kc_ltrf(const struct sm_prog *p, unsigned limit, struct sm_kc_ltrf *lt)
{
	const struct kc_kernel *k = p->k;
	struct kc_ltrf r;
	int n = k->mir.n, w = k->live_warp.words < SM_KC_SET_WORDS ? k->live_warp.words : SM_KC_SET_WORDS;

	memset(lt, 0, sizeof *lt);
	memset(&r, 0, sizeof r);
	if (kc_ltrf_run(&k->mir, &k->cfg, (int)limit, &r))
		return -1;
	lt->nintervals = r.nintervals;
	lt->header = calloc((size_t)r.nintervals + 1, sizeof *lt->header);
	lt->ws = calloc(((size_t)r.nintervals + 1) * SM_KC_SET_WORDS, sizeof *lt->ws);
	lt->interval_of = calloc((size_t)n + 1, sizeof *lt->interval_of);
	lt->live_in = calloc(((size_t)n + 1) * SM_KC_SET_WORDS, sizeof *lt->live_in);
	if (!lt->header || !lt->ws || !lt->interval_of || !lt->live_in) {
		kc_ltrf_free(&r);
		sm_kc_ltrf_free(lt);
		return -1;
	}
	for (int i = 0; i < r.nintervals; i++) {
		lt->header[i] = r.iv[i].header;
		memcpy(lt->ws + (size_t)i * SM_KC_SET_WORDS, r.iv[i].regs, sizeof r.iv[i].regs);
	}
	memcpy(lt->interval_of, r.interval_of, sizeof *lt->interval_of * (size_t)n);
	for (int i = 0; i < n && i < k->live_warp.n; i++)
		memcpy(lt->live_in + (size_t)i * SM_KC_SET_WORDS, kc_live_in(&k->live_warp, i),
		       sizeof(uint64_t) * (size_t)w);
	kc_ltrf_free(&r);
	return 0;
}

void sm_kc_ltrf_free(struct sm_kc_ltrf *lt)
{
	free(lt->header);
	free(lt->ws);
	free(lt->interval_of);
	free(lt->live_in);
	memset(lt, 0, sizeof *lt);
}
