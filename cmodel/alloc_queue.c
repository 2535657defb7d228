/* alloc_queue.c: unused FIFO + occupied mask allocation (see alloc_queue.h). */
#include "alloc_queue.h"

#include <assert.h>

void alloc_queue_reset(struct alloc_queue *q, unsigned n)
{
	assert(n >= 1 && n <= ALLOC_QUEUE_MAX);
	q->n = n;
	q->head = q->tail = 0;
	q->count = n;
	q->occupied = 0;
	for (unsigned i = 0; i < n; i++)
		q->fifo[i] = (uint8_t)i;
}

void alloc_queue_tick(struct alloc_queue *q, int alloc, int free_, unsigned free_id)
{
	int take = alloc && q->count > 0;

	if (take) {
		q->occupied |= UINT64_C(1) << q->fifo[q->head];
		q->head = q->head + 1 == q->n ? 0 : q->head + 1;
		q->count--;
	}
	if (free_) {
		q->fifo[q->tail] = (uint8_t)free_id;
		q->tail = q->tail + 1 == q->n ? 0 : q->tail + 1;
		q->count++;
		q->occupied &= ~(UINT64_C(1) << free_id);
	}
}

void alloc_queue_tick_n(struct alloc_queue *q, unsigned nalloc, unsigned nfree, const unsigned *free_ids)
{
	unsigned take = nalloc < q->count ? nalloc : q->count;

	for (unsigned j = 0; j < take; j++) {
		q->occupied |= UINT64_C(1) << q->fifo[q->head];
		q->head = q->head + 1 == q->n ? 0 : q->head + 1;
		q->count--;
	}
	for (unsigned j = 0; j < nfree; j++) {
		q->fifo[q->tail] = (uint8_t)free_ids[j];
		q->tail = q->tail + 1 == q->n ? 0 : q->tail + 1;
		q->count++;
		q->occupied &= ~(UINT64_C(1) << free_ids[j]);
	}
}
