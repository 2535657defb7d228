/* eval_memo.c: allocation of a model's remembered combinational pass
 * (eval_memo.h). */
#include "eval_memo.h"

#include <stdlib.h>

int eval_memo_init(struct eval_memo *m, unsigned in_words, unsigned out_words)
{
	m->bytes = (size_t)in_words * sizeof *m->in;
	m->valid = 0;
	m->in = calloc(in_words + 1u, sizeof *m->in);
	m->out = calloc(out_words + 1u, sizeof *m->out);
	return m->in && m->out ? 0 : -1;
}

void eval_memo_free(struct eval_memo *m)
{
	free(m->in);
	free(m->out);
	m->in = m->out = NULL;
	m->valid = 0;
}
