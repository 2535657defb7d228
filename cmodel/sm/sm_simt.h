/* sm_simt.h: the SIMT reconvergence stack of one warp.
 *
 * Entries are (pc, rpc, mask); the top entry is what the warp executes.  A
 * divergent branch turns the top entry into the reconvergence entry (its pc
 * becomes the branch's immediate post-dominator) and pushes the taken path,
 * then the fall-through path, so the fall-through path runs first.  An
 * entry whose pc reaches its rpc is popped (the lanes reconverge).  Lanes
 * that exit leave every entry; empty entries are popped. */
#ifndef GPURF_SM_SIMT_H
#define GPURF_SM_SIMT_H

#include <stddef.h>
#include <stdint.h>

enum { SIMT_DEPTH = 64 };

struct simt_entry {
	int pc, rpc;		/* rpc -1: reconverges only at exit */
	uint64_t mask;
};

struct simt_stack {
	int depth;
	struct simt_entry e[SIMT_DEPTH];
};

void simt_init(struct simt_stack *s, uint64_t mask);
/* The executing entry, NULL when every lane has exited. */
static inline const struct simt_entry *simt_top(const struct simt_stack *s)
{
	return s->depth ? &s->e[s->depth - 1] : NULL;
}
/* Sequential advance of the top entry to pc (then reconvergence pops). */
void simt_goto(struct simt_stack *s, int pc);
/* A branch at `pc` to `target` taken by `taken` (a subset of the top mask),
 * reconverging at rpc.  Returns -1 when the stack would overflow. */
int simt_branch(struct simt_stack *s, int pc, int target, int rpc, uint64_t taken);
/* Lanes leave the warp. */
void simt_exit(struct simt_stack *s, uint64_t lanes);

#endif
