/* sm_top_rf.h: the register-file ports of an SM register-file subsystem top
 * whose collectors read a banked file (baseline_top, sharing_top): the SM
 * boundary of cmodel/sm/sm_rfsys.h in hardware terms.
 *
 * Port order is rf_banked's for the first SMT_NPORTS_RFB ports (a top wires
 * them to its file one to one), then the file-side addresses as monitor
 * outputs: the glue's address mapping, which the SM's per-bank statistics
 * read (no logic behind them).  Addresses on the input side are the SM's:
 * hardware warp and architectural register (the ISA's 8-bit field). */
#ifndef GPURF_SM_TOP_RF_H
#define GPURF_SM_TOP_RF_H

#include "cfg.h"
#include "desc.h"

enum { SMT_REG_BITS = 8 };	/* architectural register: 0 .. 255 */

enum sm_top_rf_port {
	SMT_RD_REQ_I,		/* [collectors] read request */
	SMT_RD_WARP_I,		/* [collectors] hardware warp */
	SMT_RD_REG_I,		/* [collectors] architectural register */
	SMT_WR_REQ_I,		/* [write_ports] write request */
	SMT_WR_WARP_I,
	SMT_WR_REG_I,
	SMT_WR_MASK_I,		/* [write_ports] lanes */
	SMT_WR_DATA_I,		/* [write_ports] lanes x 32 bits */
	SMT_RD_GNT_O,		/* [collectors] the file's grants */
	SMT_WR_GNT_O,		/* [write_ports] */
	SMT_BANK_CONFLICT_O,	/* [banks] */
	SMT_RD_VALID_O,		/* [collectors] read data (read_latency after the grant) */
	SMT_RD_DATA_O,		/* [collectors] zero unless valid */
	SMT_NPORTS_RFB,
	SMT_MON_RD_WARP_O = SMT_NPORTS_RFB,	/* [collectors] the file's warp slot of each read */
	SMT_MON_RD_REG_O,	/* [collectors] its index in the slot */
	SMT_MON_WR_WARP_O,	/* [write_ports] */
	SMT_MON_WR_REG_O,
	SMT_NPORTS
};

/* The file's plain wires (struct compose_conn entries, common/compose.h)
 * between the file's unit rf and the top: the requests but their addresses,
 * which the top's glue maps; the grants and read returns, which are the
 * subsystem's.  Needs rf_banked_desc.h. */
#define SMT_FILE_CONNS(rf, top)                                                                       \
	{rf, RFB_RD_REQ_I, top, SMT_RD_REQ_I}, {rf, RFB_WR_REQ_I, top, SMT_WR_REQ_I},                 \
	{rf, RFB_WR_MASK_I, top, SMT_WR_MASK_I}, {rf, RFB_WR_DATA_I, top, SMT_WR_DATA_I},             \
	{top, SMT_RD_GNT_O, rf, RFB_RD_GNT_O}, {top, SMT_WR_GNT_O, rf, RFB_WR_GNT_O},                 \
	{top, SMT_BANK_CONFLICT_O, rf, RFB_BANK_CONFLICT_O}, {top, SMT_RD_VALID_O, rf, RFB_RD_VALID_O}, \
	{top, SMT_RD_DATA_O, rf, RFB_RD_DATA_O}

/* Adds ports 0 .. SMT_NPORTS-1 to m; fcfg is the file's configuration
 * (rf_banked's warp slots and registers per slot size the monitors). */
void sm_top_rf_ports(const struct gpurf_cfg *fcfg, struct module_desc *m);

#endif
