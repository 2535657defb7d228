/* rf_banked_desc.h: ports and parameters of the banked register file.
 *
 * The SM register file as GPGPU-Sim and the papers model it: `banks`
 * single-ported (by default) SRAM banks of warp registers, read by
 * operand-collector units and written by write-back ports.  See
 * docs/rf_banked.md for the cycle behaviour. */
#ifndef GPURF_RF_BANKED_DESC_H
#define GPURF_RF_BANKED_DESC_H

#include "desc.h"

/* Port order is the bus order; desc_rf_banked() adds them in this order. */
enum rf_banked_port {
	RFB_RD_REQ_I,	/* [collectors] read request valid */
	RFB_RD_WARP_I,	/* [collectors] warp id */
	RFB_RD_REG_I,	/* [collectors] register index */
	RFB_WR_REQ_I,	/* [write_ports] write request valid */
	RFB_WR_WARP_I,
	RFB_WR_REG_I,
	RFB_WR_MASK_I,	/* [write_ports] lane mask */
	RFB_WR_DATA_I,	/* [write_ports] lanes x 32 bits */
	RFB_RD_GNT_O,	/* [collectors] read granted this cycle */
	RFB_WR_GNT_O,	/* [write_ports] write granted this cycle */
	RFB_BANK_CONFLICT_O, /* [banks] a request to this bank was refused */
	RFB_RD_VALID_O,	/* [collectors] read data valid (read_latency after grant) */
	RFB_RD_DATA_O,	/* [collectors] lanes x 32 bits; zero when not valid */
	RFB_NPORTS
};

void desc_rf_banked(const struct gpurf_cfg *cfg, struct module_desc *m);
/* The file's parameters after NUM_WARPS (REGS_PER_WARP .. BANK_MAP, in this
 * order: their tokens name the module), for every description of the
 * file or of a top around it. */
void desc_rf_banked_file_params(const struct gpurf_cfg *cfg, struct module_desc *m);

/* Bank and row of warp w's register r: the one address map, shared by the
 * C model and (as constants) the emitter. */
static inline unsigned rf_banked_bank(const struct gpurf_cfg *cfg, unsigned w, unsigned r)
{
	unsigned b = cfg->bank_map == BANK_MAP_REG_PLUS_WARP ? r + w : r, n = cfg->banks;

	return n & (n - 1) ? b % n : b & (n - 1);	/* banks are a power of two: no division */
}

static inline unsigned rf_banked_row(const struct gpurf_cfg *cfg, unsigned w, unsigned r)
{
	unsigned a = w * cfg->d.regs_per_warp + r, n = cfg->banks;

	return n & (n - 1) ? a / n : a >> __builtin_ctz(n);
}

#endif
