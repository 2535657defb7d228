/* cfg_mem.c: keys of the [mem] section (the SM model's memory system:
 * simple = one fixed-latency L1 and one FIFO DRAM server, detailed = sectored
 * L1 with MSHRs, interconnect, L2 slices and DRAM channels as in GPGPU-Sim)
 * and their cross-checks.  Defaults are the GTX 1080-like configuration of
 * Accel-Sim (../shared/realdata/accelsim-reference/configs/log_gtx1080like). */
#include "cfg_key.h"

static const char *const model_names[] = {"simple", "detailed", NULL};
static const char *const sched_names[] = {"fifo", "frfcfs", NULL};
static const char *const write_alloc_names[] = {"lazy", "fetch", NULL};

#define F(field) CFG_FIELD(field)
#define DRAM_T(name, def, opt)                                                             \
	{"mem", "dram_" #name, KEY_UINT, F(mem.dram_##name), def, 0, 1000, 0, NULL,        \
	 "GPGPU-Sim -gpgpu_dram_timing_opt " opt " (GTX 1080-like)",                       \
	 "DRAM timing " #name " in DRAM clock cycles (detailed model)."}

const struct cfg_key cfg_keys_mem[] = {
	{"mem", "model", KEY_ENUM, F(mem.model), "simple", 0, 0, 0, model_names,
	 "chosen (simple reproduces the results before issue 23)",
	 "Memory system of the SM model: simple = fixed-latency L1 and one FIFO DRAM server "
	 "shared by all SMs ([sim] l1_*, dram_*); detailed = sectored L1 with MSHRs, "
	 "interconnect, L2 slices and DRAM channels with banks and FR-FCFS (docs/sm.md)."},
	{"mem", "l1_sector_bytes", KEY_UINT, F(mem.l1_sector_bytes), "32", 32, 32, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl1 S:... (sectored, 32-byte sectors)",
	 "Sector of the L1's 128-byte lines: the unit of a fill and of validity."},
	{"mem", "l1_mshrs", KEY_UINT, F(mem.l1_mshrs), "128", 1, 4096, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl1 A:<entries>:<merge> (GTX 1080-like 128)",
	 "L1 miss status holding registers per SM; a miss that needs one when all are busy "
	 "is a reservation fail and the LD/ST unit retries the instruction next cycle."},
	{"mem", "l1_mshr_merge", KEY_UINT, F(mem.l1_mshr_merge), "8", 1, 64, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl1 A:<entries>:<merge> (GTX 1080-like 8)",
	 "Requests one L1 MSHR holds, the one that allocated it included; a miss to a line "
	 "already in flight merges into its MSHR while there is room."},
	{"mem", "l1_skip_global", KEY_UINT, F(mem.l1_skip_global), "0", 0, 1, 0, NULL,
	 "GPGPU-Sim -gpgpu_gmem_skip_L1D (GTX 1080-like 1)",
	 "1: global loads bypass the L1 (no lookup, no allocation, no merging; each line "
	 "takes an MSHR until its data arrives); local loads and stores are not affected."},
	{"mem", "partitions", KEY_UINT, F(mem.partitions), "8", 1, 64, 0, NULL,
	 "GPGPU-Sim -gpgpu_n_mem (GTX 1080-like 8)",
	 "Memory partitions, each with one DRAM channel."},
	{"mem", "sub_partitions", KEY_UINT, F(mem.sub_partitions), "2", 1, 8, 0, NULL,
	 "GPGPU-Sim -gpgpu_n_sub_partition_per_mchannel (GTX 1080-like 2)",
	 "L2 slices per memory partition; 128-byte lines interleave over all slices."},
	{"mem", "l2_bytes", KEY_UINT, F(mem.l2_bytes), "128K", 1024, 1UL << 26, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl2 sets x line x assoc (GTX 1080-like 64 x 128 x 16)",
	 "L2 bytes per slice, 128-byte lines of four 32-byte sectors; a multiple of "
	 "128 x l2_assoc."},
	{"mem", "l2_assoc", KEY_UINT, F(mem.l2_assoc), "16", 1, 64, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl2 (GTX 1080-like 16)",
	 "L2 ways (LRU)."},
	{"mem", "l2_mshrs", KEY_UINT, F(mem.l2_mshrs), "1024", 1, 65536, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl2 A:<entries> (GTX 1080-like 1024)",
	 "DRAM reads one L2 slice has outstanding; a further miss waits, in order, until one "
	 "finishes (counted in l2_reservation_fails); misses to a line already being read "
	 "join its MSHR without limit."},
	{"mem", "l2_sectored", KEY_UINT, F(mem.l2_sectored), "1", 0, 1, 0, NULL,
	 "GPGPU-Sim -gpgpu_cache:dl2 S (sectored) or N (GTX 1080-like log: N)",
	 "1: a read miss reads from DRAM only the 32-byte sectors it needs; 0: the whole "
	 "128-byte line's missing sectors (GPGPU-Sim's non-sectored cache)."},
	{"mem", "l2_write_alloc", KEY_ENUM, F(mem.l2_write_alloc), "lazy", 0, 0, 0, write_alloc_names,
	 "GPGPU-Sim -gpgpu_cache:dl2 write-allocate field (L lazy fetch on read, W write allocate)",
	 "A write that misses the L2: lazy keeps its sectors in the line, valid and dirty, with no "
	 "DRAM access (GPGPU-Sim L); fetch forwards the write to DRAM and reads the line's "
	 "missing sectors (l2_sectored = 0: the whole line), clean (GPGPU-Sim W, its naive "
	 "write-allocate)."},
	{"mem", "l2_latency", KEY_UINT, F(mem.l2_latency), "120", 1, 10000, 0, NULL,
	 "GPGPU-Sim -gpgpu_l2_rop_latency (120)",
	 "Core cycles from a request's arrival at its L2 slice to the slice's answer (hit "
	 "data, or the miss leaving for DRAM); the fill back from DRAM adds it once more."},
	{"mem", "icnt_latency", KEY_UINT, F(mem.icnt_latency), "8", 1, 10000, 0, NULL,
	 "chosen (GPGPU-Sim -network_mode 1 crossbar, a few cycles per hop)",
	 "Core cycles a packet spends in the interconnect each way, on top of its flits' "
	 "serialisation."},
	{"mem", "icnt_flit_bytes", KEY_UINT, F(mem.icnt_flit_bytes), "32", 4, 1024, 0, NULL,
	 "GPGPU-Sim -icnt_flit_size (GTX 1080-like 32)",
	 "Bytes one interconnect port (an SM's, a slice's) moves per interconnect cycle: a "
	 "read request is one flit, a store or data reply one flit per flit_bytes of data."},
	{"mem", "dram_banks", KEY_UINT, F(mem.dram_banks), "16", 1, 64, 0, NULL,
	 "GPGPU-Sim -gpgpu_dram_timing_opt nbk (16)",
	 "Banks of one DRAM channel, each with its own row buffer."},
	{"mem", "dram_bus_bytes", KEY_UINT, F(mem.dram_bus_bytes), "4", 1, 256, 0, NULL,
	 "GPGPU-Sim -gpgpu_dram_buswidth x -gpgpu_n_mem_per_ctrlr (GTX 1080-like 4 x 1)",
	 "Data bus bytes of one channel per beat; one column access moves dram_bus_bytes x "
	 "dram_burst bytes (GPGPU-Sim's dram_atom_size) in dram_burst / dram_data_ratio DRAM "
	 "clocks."},
	{"mem", "dram_burst", KEY_UINT, F(mem.dram_burst), "8", 2, 64, 0, NULL,
	 "GPGPU-Sim -gpgpu_dram_burst_length (8)",
	 "Beats of one column access; a multiple of dram_data_ratio."},
	{"mem", "dram_data_ratio", KEY_UINT, F(mem.dram_data_ratio), "2", 1, 16, 0, NULL,
	 "GPGPU-Sim -dram_data_command_freq_ratio (2 = DDR; GTX 1080-like 4, GDDR5X)",
	 "Data beats per DRAM command clock."},
	{"mem", "dram_row_bytes", KEY_UINT, F(mem.dram_row_bytes), "2048", 128, 1UL << 20, KEY_POW2, NULL,
	 "GPGPU-Sim -gpgpu_mem_addr_mapping column bits (GTX 1080-like 2 KB)",
	 "Row buffer of one bank: the partition's consecutive 128-byte lines fill a row of "
	 "one bank before the next bank; a power of two, at least 128."},
	DRAM_T(tCCD, "2", "CCD"),
	DRAM_T(tRRD, "6", "RRD"),
	DRAM_T(tRCD, "12", "RCD"),
	DRAM_T(tRAS, "28", "RAS"),
	DRAM_T(tRP, "12", "RP"),
	DRAM_T(tRC, "40", "RC"),
	DRAM_T(tCL, "12", "CL"),
	DRAM_T(tWL, "4", "WL"),
	DRAM_T(tWR, "12", "WR"),
	{"mem", "dram_latency", KEY_UINT, F(mem.dram_latency), "100", 0, 100000, 0, NULL,
	 "GPGPU-Sim -dram_latency (100)",
	 "Core cycles between an L2 miss leaving its slice and its request reaching the "
	 "DRAM channel's queue (GPGPU-Sim's DRAM latency queue)."},
	{"mem", "dram_sched", KEY_ENUM, F(mem.dram_sched), "frfcfs", 0, 0, 0, sched_names,
	 "GPGPU-Sim -gpgpu_dram_scheduler (0 fifo, 1 frfcfs)",
	 "DRAM scheduler of each channel: fifo serves the oldest request; frfcfs serves the "
	 "oldest request to an open row first, else the oldest."},
	{"mem", "dram_queue", KEY_UINT, F(mem.dram_queue), "64", 1, 4096, 0, NULL,
	 "GPGPU-Sim -gpgpu_frfcfs_dram_sched_queue_size (64)",
	 "Requests the scheduler of one channel chooses among; later ones wait in order "
	 "behind them."},
	{"mem", "core_mhz", KEY_UINT, F(mem.core_mhz), "1607", 1, 100000, 0, NULL,
	 "GPGPU-Sim -gpgpu_clock_domains core (GTX 1080-like 1607)",
	 "Core clock: every time of the model is counted in its cycles."},
	{"mem", "icnt_mhz", KEY_UINT, F(mem.icnt_mhz), "1607", 1, 100000, 0, NULL,
	 "GPGPU-Sim -gpgpu_clock_domains icnt",
	 "Interconnect clock: one flit per port per cycle of it."},
	{"mem", "l2_mhz", KEY_UINT, F(mem.l2_mhz), "1607", 1, 100000, 0, NULL,
	 "GPGPU-Sim -gpgpu_clock_domains l2",
	 "L2 clock: a slice starts one access per cycle of it."},
	{"mem", "dram_mhz", KEY_UINT, F(mem.dram_mhz), "2500", 1, 100000, 0, NULL,
	 "GPGPU-Sim -gpgpu_clock_domains dram (GTX 1080-like 2500)",
	 "DRAM command clock: the dram_t* timings count its cycles."},
	{NULL},
};

#undef DRAM_T
#undef F

/* Checks the [mem] keys against each other; only the detailed model reads
 * them, so only it is checked. */
int cfg_finish_mem(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	const struct cfg_mem *m = &cfg->mem;

	if (m->model != MEM_DETAILED)
		return 0;
	if (m->l2_bytes % (128u * m->l2_assoc))
		return cfg_bad_combo(cfg, err, "mem", "l2_bytes",
				     "not a whole number of sets of l2_assoc = %u 128-byte lines; "
				     "allowed: a multiple of %u", m->l2_assoc, 128u * m->l2_assoc);
	if (m->dram_burst % m->dram_data_ratio)
		return cfg_bad_combo(cfg, err, "mem", "dram_burst",
				     "the data bus moves dram_data_ratio = %u beats per DRAM clock; "
				     "allowed: a multiple of %u from 2 to 64", m->dram_data_ratio,
				     m->dram_data_ratio);
	if (m->dram_tCCD == 0)
		return cfg_bad_combo(cfg, err, "mem", "dram_tCCD",
				     "column commands need at least one cycle apart; allowed: 1 to 1000");
	return 0;
}
