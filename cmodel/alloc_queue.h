/* alloc_queue.h: the free-list allocator LTRF's Address Allocation Units
 * are made of (paper Sec. 4.1, Fig. 8), as a model.
 *
 * n ids (0..n-1).  An "unused" FIFO holds the free ids and an occupied mask
 * the allocated ones.  Reset: the FIFO holds 0, 1, ..., n-1 in that order
 * and nothing is occupied.  Allocation takes the head (visible before the
 * edge: ok and id), freeing appends to the tail; both may happen in one
 * cycle (an allocation from an empty queue is refused, even if a free
 * arrives that cycle).  gen/emit_lib.c emits the same policy in Verilog. */
#ifndef GPURF_ALLOC_QUEUE_H
#define GPURF_ALLOC_QUEUE_H

#include <stdint.h>

enum { ALLOC_QUEUE_MAX = 64 };

struct alloc_queue {
	unsigned n, head, tail, count;
	uint8_t fifo[ALLOC_QUEUE_MAX];
	uint64_t occupied;
};

void alloc_queue_reset(struct alloc_queue *q, unsigned n);

/* What an allocation this cycle would get. */
static inline int alloc_queue_ok(const struct alloc_queue *q)
{
	return q->count > 0;
}

static inline unsigned alloc_queue_head(const struct alloc_queue *q)
{
	return q->fifo[q->head];
}

/* The j-th id from the head (what the j-th of several allocations in one
 * cycle gets); 0 at or past the count. */
static inline unsigned alloc_queue_at(const struct alloc_queue *q, unsigned j)
{
	return j < q->count ? q->fifo[(q->head + j) % q->n] : 0u;
}

/* The clock edge: alloc (if ok) and/or free of free_id. */
void alloc_queue_tick(struct alloc_queue *q, int alloc, int free_, unsigned free_id);

/* The clock edge with several of each (LTRF's fill lanes): nalloc ids
 * taken from the head (at most the count), then nfree ids appended in the
 * order given.  With at most one of each it is alloc_queue_tick. */
void alloc_queue_tick_n(struct alloc_queue *q, unsigned nalloc, unsigned nfree, const unsigned *free_ids);

#endif
