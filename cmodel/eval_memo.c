/* eval_memo.c: allocation of a model's remembered combinational pass
 * (eval_memo.h). */
#include "eval_memo.h"

#include <stdlib.h>

int eval_memo_init(struct eval_memo *m, unsigned words)
{
	m->bytes = (size_t)words * sizeof *m->in;
	m->valid = 0;
	m->in = calloc(words + 1u, sizeof *m->in);
	return m->in ? 0 : -1;
}

void eval_memo_free(struct eval_memo *m)
{
	free(m->in);
	m->in = NULL;
	m->valid = 0;
}
