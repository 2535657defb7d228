/* rf_banked.h: cycle model of the banked register file (see rf_banked.c).
 *
 * Two faces over one implementation:
 *   - rf_banked_ops: the bus interface (eval/tick) the lockstep test bench
 *     drives against the RTL;
 *   - the typed interface below, for the SM model: the same arbitration and
 *     the same clock edge, without packing buses.  A cycle is
 *     rf_banked_outputs() (what rd_valid_o / rd_data_o show, from state only)
 *     then rf_banked_step() (this cycle's requests: the grants, then the
 *     edge). */
#ifndef GPURF_CMODEL_RF_BANKED_H
#define GPURF_CMODEL_RF_BANKED_H

#include "unit.h"

extern const struct unit_ops rf_banked_ops;

/* One cycle's requests: bit c of rd_req is collector c's read request
 * (rd_req_i), bit w of wr_req write port w's (wr_req_i). */
struct rfb_req {
	uint64_t rd_req;
	unsigned rd_warp[32], rd_reg[32];
	uint64_t wr_req;
	/* 32 write ports: [rf] write_ports (<= 16) plus LTRF's engine ports
	 * (LTRF_MRF_MAX_WRITE_PORTS, cfg_ltrf.h) */
	unsigned wr_warp[32], wr_reg[32];
	uint64_t wr_mask[32];
	const uint32_t *wr_data[32];	/* lanes words each */
};

struct rfb_grants {
	uint64_t rd_gnt, wr_gnt;	/* rd_gnt_o, wr_gnt_o */
	uint64_t conflict;		/* bank_conflict_o */
};

struct rfb_out {
	uint64_t rd_valid;		/* rd_valid_o */
	const uint32_t *rd_data[32];	/* rd_data_o per collector (lanes words), set for
					 * the collectors of rd_valid only */
};

/* Creates a model (reset) for a validated configuration; NULL when out of
 * memory.  cfg must outlive it. */
void *rf_banked_create(const struct gpurf_cfg *cfg);
void rf_banked_free(void *model);
/* The read-return outputs of the current cycle (valid until the next step). */
void rf_banked_outputs(void *model, struct rfb_out *out);
/* Arbitrates this cycle's requests and clocks the edge. */
void rf_banked_step(void *model, const struct rfb_req *req, struct rfb_grants *g);
/* The stored lanes of warp slot w's register r (debug and tests only). */
const uint32_t *rf_banked_peek(void *model, unsigned warp, unsigned reg);
/* n cycles with no request (the SM skipping idle cycles).  A co-simulation
 * wraps it to clock the RTL through the same cycles. */
void rf_banked_idle(void *model, uint64_t n);

/* The typed interface on the bus, for the SM-driven co-simulation: the
 * model's description, one cycle's requests as the input bus, and what the
 * typed interface returned (grants of step, outputs before it) as the output
 * bus the RTL must show. */
const struct module_desc *rf_banked_desc(void *model);
void rf_banked_bus_in(void *model, const struct rfb_req *req, uint32_t *in);
void rf_banked_bus_out(void *model, const struct rfb_grants *g, const struct rfb_out *o, uint32_t *out);

#endif
