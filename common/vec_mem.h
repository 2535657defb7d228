/* vec_mem.h: the liveness-vector memory the RMU's environments model (the
 * test benches of rmu and finereg_top, and the SM's adapter): each request
 * answered lric_miss_latency cycles later, in order, several in flight
 * ([finereg] lric_fetch = overlapped has one per missing warp of a CTA;
 * blocking one).  One home for the queue the three environments share. */
#ifndef GPURF_VEC_MEM_H
#define GPURF_VEC_MEM_H

#include <stdint.h>

#define VEC_MEM_MAX 64	/* at least [finereg] warps_per_cta's maximum */

struct vec_mem {
	uint64_t due[VEC_MEM_MAX], data[VEC_MEM_MAX];
	unsigned hd, n;
};

/* A request due at cycle due; 0 when the queue is full (more requests in
 * flight than an RMU command can have: the environment reports it). */
static inline int vec_mem_push(struct vec_mem *v, uint64_t due, uint64_t data)
{
	if (v->n == VEC_MEM_MAX)
		return 0;
	v->due[(v->hd + v->n) % VEC_MEM_MAX] = due;
	v->data[(v->hd + v->n) % VEC_MEM_MAX] = data;
	v->n++;
	return 1;
}

/* Whether the oldest request is due at cycle now. */
static inline int vec_mem_ready(const struct vec_mem *v, uint64_t now)
{
	return v->n && v->due[v->hd] <= now;
}

/* The oldest request's vector, taken out of the queue. */
static inline uint64_t vec_mem_pop(struct vec_mem *v)
{
	uint64_t d = v->data[v->hd];

	v->hd = (v->hd + 1) % VEC_MEM_MAX;
	v->n--;
	return d;
}

#endif
