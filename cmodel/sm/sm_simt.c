/* sm_simt.c: the SIMT reconvergence stack (see sm_simt.h). */
#include "sm_simt.h"

void simt_init(struct simt_stack *s, uint64_t mask)
{
	s->depth = mask ? 1 : 0;
	s->e[0] = (struct simt_entry){0, -1, mask};
}

/* Pops reconverged and empty entries. */
static void settle(struct simt_stack *s)
{
	while (s->depth) {
		struct simt_entry *t = &s->e[s->depth - 1];

		if (t->mask == 0 || (t->rpc >= 0 && t->pc == t->rpc))
			s->depth--;
		else
			break;
	}
}

void simt_goto(struct simt_stack *s, int pc)
{
	s->e[s->depth - 1].pc = pc;
	settle(s);
}

int simt_branch(struct simt_stack *s, int pc, int target, int rpc, uint64_t taken)
{
	struct simt_entry *t = &s->e[s->depth - 1];
	uint64_t fall = t->mask & ~taken;

	taken &= t->mask;
	if (!fall || !taken) {
		simt_goto(s, taken ? target : pc + 1);
		return 0;
	}
	if (s->depth + 2 > SIMT_DEPTH)
		return -1;
	/* the top entry waits at the reconvergence point for both paths */
	t->pc = rpc;
	s->e[s->depth++] = (struct simt_entry){target, rpc, taken};
	s->e[s->depth++] = (struct simt_entry){pc + 1, rpc, fall};
	settle(s);
	return 0;
}

void simt_exit(struct simt_stack *s, uint64_t lanes)
{
	for (int i = 0; i < s->depth; i++)
		s->e[i].mask &= ~lanes;
	settle(s);
}
