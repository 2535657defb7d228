/* eval_memo.h: a model's last combinational pass, remembered by its inputs.
 *
 * The SM and the lockstep drivers evaluate a unit, then clock it with the
 * same inputs.  A model whose clock edge needs its combinational results
 * (grants, the policy's decisions, its submodules' inputs) notes the inputs
 * of each pass and, at the edge, repeats the pass only when they differ.
 * The results must be a function of the state and the inputs alone; any
 * state change (tick, reset) forgets the pass.  One home for what rf_banked,
 * ltrf_top and rfc_top each did by hand. */
#ifndef GPURF_EVAL_MEMO_H
#define GPURF_EVAL_MEMO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct eval_memo {
	uint32_t *in;		/* the inputs of the last pass (owned) */
	uint32_t *out;		/* where the edge's repeated pass puts its outputs,
				 * which nobody reads (owned) */
	size_t bytes;
	int valid;
};

/* in_words, out_words: the model's buses (module_desc.in_words, out_words;
 * out_words 0 when the edge's pass has no outputs).  0, or -1 out of
 * memory. */
int eval_memo_init(struct eval_memo *m, unsigned in_words, unsigned out_words);
void eval_memo_free(struct eval_memo *m);

/* Nonzero when the last pass since the last state change saw `in`. */
static inline int eval_memo_hit(const struct eval_memo *m, const uint32_t *in)
{
	return m->valid && memcmp(m->in, in, m->bytes) == 0;
}

static inline void eval_memo_note(struct eval_memo *m, const uint32_t *in)
{
	memcpy(m->in, in, m->bytes);
	m->valid = 1;
}

static inline void eval_memo_forget(struct eval_memo *m)
{
	m->valid = 0;
}

#endif
