/* test_sm_timing.c: the SM pipeline against hand-computed cycle counts.
 *
 * Configuration: one SM, one scheduler, 4 lanes, alu_latency 4, ibuffer 2,
 * read_latency 1, 4 collectors, 2 write ports.  The stage order of a cycle
 * is docs/sm.md's: read return, completion, write-back, dispatch, operand
 * requests, register file (writes win the bank), issue, fetch.  A CTA is
 * launched at cycle 0, fetched at 0, can issue from cycle 1.  "Ix cN" below
 * means instruction x does something in cycle N.  The run's cycle count is
 * the cycle of the last write-back + 1. */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "sm_run.h"

static CHECK_STATE;

static void setup(struct gpurf_cfg *cfg, unsigned banks, unsigned bank_ports, unsigned sched)
{
	struct gpurf_err err = {0};

	cfg_defaults(cfg);
	snprintf(cfg->path, sizeof cfg->path, "test_sm_timing");
	cfg->warps = 4;
	cfg->ctas = 2;
	cfg->threads = 16;
	cfg->schedulers = 1;
	cfg->lanes = 4;
	cfg->rf_bytes = 1024;
	cfg->banks = banks;
	cfg->collectors = 4;
	cfg->write_ports = 2;
	cfg->bank_ports = bank_ports;
	cfg->sim.scheduler = sched;
	cfg->sim.active_warps = 1;
	cfg->sim.alu_latency = 4;
	cfg->sim.ibuffer = 2;
	CHECK_EQ(cfg_finish(cfg, &err), 0);
}

static uint64_t run(const struct gpurf_cfg *cfg, const char *ptx, unsigned threads, struct sm_result *res)
{
	struct gpurf_err err = {0};
	uint32_t grid[3] = {1, 1, 1}, block[3] = {threads, 1, 1};

	if (sm_run_ptx(cfg, ptx, grid, block, res, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		CHECK(0);
		return 0;
	}
	return res->cycles;
}

int main(void)
{
	struct gpurf_cfg cfg;
	struct sm_result res;

	/* Dependent chain: mov R0; add R0,R0,1; add R0,R0,1; ret.
	 * I0 issue c1, dispatch c2 (no operands), done c6 and written c6.
	 * I1 issues c6 (scoreboard freed by the granted write), reads c7, data
	 * and dispatch c8, written c12.  I2 issues c12, written c18.  The ret
	 * issues c13.  Each dependent instruction costs latency + 2. */
	setup(&cfg, 4, 1, SCHED_GTO);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/chain.ptx", 4, &res), 19);
	CHECK_EQ(res.total.warp_insts, 4);
	CHECK_EQ(res.total.rf_reads[0] + res.total.rf_reads[1] + res.total.rf_reads[2] + res.total.rf_reads[3], 2);

	/* Three operands in one bank (banks = 1): movs written c6, c7, c8; the
	 * mad issues c8, its collector reads R0, R1, R2 in c9, c10, c11 (one
	 * read port per collector), dispatches c12, is written c16. */
	setup(&cfg, 1, 1, SCHED_GTO);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/three_operand.ptx", 4, &res), 17);
	CHECK_EQ(res.total.rf_read_refused, 0);
	CHECK_EQ(res.total.rf_reads[0], 3);
	CHECK_EQ(res.total.rf_writes[0], 4);

	/* Write-back colliding with a read (banks = 1, one access per bank per
	 * cycle): mov R0 written c6, mov R1 written c7; the add issues c6 and
	 * asks for R0 in c7, where R1's write wins the bank; the read is
	 * granted c8, dispatch c9, written c13. */
	setup(&cfg, 1, 1, SCHED_GTO);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/wb_collide.ptx", 4, &res), 14);
	CHECK_EQ(res.total.rf_read_refused, 1);
	CHECK_EQ(res.total.rf_conflict_cycles[0], 1);
	/* ... and with a separate read and write port per bank the read is
	 * granted c7 beside the write: one cycle less. */
	setup(&cfg, 1, 2, SCHED_GTO);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/wb_collide.ptx", 4, &res), 13);
	CHECK_EQ(res.total.rf_read_refused, 0);

	/* Two warps of mov R0; mov R0 (waits for the first write); ret.
	 * GTO: w0.I0 c1, w1.I0 c2 (w0 stalls), w0.I1 c6, w0 ret c7 (greedy),
	 * w1.I1 c8, w1 ret c9; w1.I1 written c13. */
	setup(&cfg, 4, 1, SCHED_GTO);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/two_warps.ptx", 8, &res), 14);
	/* LRR: w0.I0 c1, w1.I0 c2, w0.I1 c6, w1.I1 c7, rets c8 and c9; w1.I1
	 * written c12. */
	setup(&cfg, 4, 1, SCHED_LRR);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/two_warps.ptx", 8, &res), 13);
	/* Two-level with one active warp: w1 waits until w0 has left (c7),
	 * enters the active set c8 and runs alone: I0 c8, I1 c13, ret c14,
	 * written c18. */
	setup(&cfg, 4, 1, SCHED_TWO_LEVEL);
	CHECK_EQ(run(&cfg, "tests/sm/ptx/two_warps.ptx", 8, &res), 19);
	return CHECK_DONE();
}
