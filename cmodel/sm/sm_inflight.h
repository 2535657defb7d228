/* sm_inflight.h: the register operands of the instructions each warp has
 * issued and not yet retired from the register file, for the SM
 * subsystems that must know which instruction a read or a write belongs to
 * (LTRF: its interval; register virtualization: its physical registers).
 *
 * A record holds an instruction's sources and destinations and which of
 * them were read or written.  A scheme extends it by making struct
 * sm_inflight_rec the first member of its own record and giving the pool
 * that record's size; sm_inflight_at() returns the base, which the scheme
 * casts back.  Records of a warp form a list, oldest first; freed records
 * are reused, so indices stay valid until the record retires. */
#ifndef GPURF_SM_INFLIGHT_H
#define GPURF_SM_INFLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "sm_insn.h"

struct sm_inflight_rec {
	int next;			/* the warp's next (younger) record, -1; free list when retired */
	unsigned nsrc, ndst;
	uint16_t src[SM_MAX_SRC], dst[SM_MAX_DST];
	uint32_t sread, dwritten;	/* bit s: source / destination s done */
	int bound;			/* a collector reads for it */
	unsigned pending;		/* stages still to pass before its operands can be
					 * used (register virtualization: rename chunks);
					 * not found for writes, not retired, while > 0 */
};

struct sm_inflight {
	size_t rec_size;		/* the scheme's record, base first */
	unsigned char *pool;
	unsigned n, cap;
	int free_head;
	int (*warp)[2];			/* per warp: head, tail (-1 empty) */
	unsigned nwarps;
	int col[64];			/* record collector c reads for, -1 */
};

/* -1 when out of memory (f is then safe to free). */
int sm_inflight_init(struct sm_inflight *f, unsigned nwarps, size_t rec_size);
void sm_inflight_free(struct sm_inflight *f);

static inline struct sm_inflight_rec *sm_inflight_at(const struct sm_inflight *f, int i)
{
	return (struct sm_inflight_rec *)(void *)(f->pool + (size_t)i * f->rec_size);
}

static inline int sm_inflight_head(const struct sm_inflight *f, unsigned warp)
{
	return f->warp[warp][0];
}

/* Forgets the warp's records (a new warp on the slot). */
void sm_inflight_clear_warp(struct sm_inflight *f, unsigned warp);

/* A zeroed record with the instruction's operands, appended to the warp's
 * list; its index, or -1 when out of memory.  The caller skips
 * instructions without register operands. */
int sm_inflight_add(struct sm_inflight *f, unsigned warp, const struct sm_insn *si);

/* The record collector c reads register reg for, and the index of that
 * unread source; -1 none.  See the .c for the binding rule. */
int sm_inflight_collector(struct sm_inflight *f, unsigned c, unsigned warp, unsigned reg, unsigned *idx);

/* The warp's oldest record whose source (dst = 0) or destination (dst = 1)
 * reg is not done yet, and the operand's index; -1 none, or when that
 * record is still pending. */
int sm_inflight_find(const struct sm_inflight *f, unsigned warp, unsigned reg, int dst, unsigned *idx);

/* Source idx of record i read by collector c (the collector is free when
 * the record's last source is read); destination idx of record i written. */
void sm_inflight_mark_read(struct sm_inflight *f, unsigned c, int i, unsigned idx);
void sm_inflight_mark_written(struct sm_inflight *f, int i, unsigned idx);

/* Every source read, every destination written. */
int sm_inflight_all_read(const struct sm_inflight_rec *r);
int sm_inflight_all_written(const struct sm_inflight_rec *r);

/* Frees the warp's records that are done (all read, all written, none pending). */
void sm_inflight_retire(struct sm_inflight *f, unsigned warp);

#endif
