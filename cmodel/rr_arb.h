/* rr_arb.h: the round-robin arbiter every structure uses, as a model.
 *
 * n requesters, up to `limit` grants per cycle.  Requests are scanned from
 * the pointer upward (wrapping); the first `limit` requesters found are
 * granted.  After a cycle with grants the pointer moves to one past the last
 * requester granted, so a requester that was passed over is scanned first
 * next time.  gen/emit_rr_arb.c emits the same policy in Verilog. */
#ifndef GPURF_RR_ARB_H
#define GPURF_RR_ARB_H

#include <stdint.h>

enum { RR_ARB_MAX = 64 };

struct rr_grant {
	uint64_t gnt;		/* granted requesters */
	unsigned count;		/* popcount of gnt */
	unsigned next_ptr;	/* pointer after the edge */
};

/* Pure: computes the grants of one cycle; the caller commits next_ptr at
 * the clock edge. */
struct rr_grant rr_arb_grant(unsigned n, unsigned ptr, uint64_t req, unsigned limit);

#endif
