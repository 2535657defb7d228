/* cfg_mem.h: the [mem] section of a configuration: which memory-system
 * model the SM model uses below the LD/ST unit, and the geometry and timing
 * of the detailed one (docs/sm.md, "Memory"; each key's GPGPU-Sim option is
 * in docs/configs.md).  Fields are filled from cfg_keys_mem (cfg_mem.c). */
#ifndef GPURF_CFG_MEM_H
#define GPURF_CFG_MEM_H

enum mem_model { MEM_SIMPLE = 0, MEM_DETAILED = 1 };
enum mem_dram_sched { DRAM_SCHED_FIFO = 0, DRAM_SCHED_FRFCFS = 1 };

struct cfg_mem {
	unsigned model;		  /* enum mem_model */
	/* L1 data cache (its size, ways and hit latency are [sim] l1_*) */
	unsigned l1_sector_bytes; /* sector of a 128-byte line */
	unsigned l1_mshrs;	  /* miss status holding registers per SM */
	unsigned l1_mshr_merge;	  /* requests one MSHR holds (the first included) */
	unsigned l1_skip_global;  /* global loads bypass the L1 */
	/* memory partitions and their L2 slices */
	unsigned partitions;	  /* memory partitions = DRAM channels */
	unsigned sub_partitions;  /* L2 slices per partition */
	unsigned l2_bytes;	  /* per slice */
	unsigned l2_assoc;
	unsigned l2_mshrs;	  /* outstanding DRAM reads per slice */
	unsigned l2_sectored;	  /* 0: a miss reads the whole line */
	unsigned l2_write_alloc;  /* enum: lazy (GPGPU-Sim L), fetch (W) */
	unsigned l2_latency;	  /* core cycles, access to data */
	/* interconnect */
	unsigned icnt_latency;	  /* core cycles each way */
	unsigned icnt_flit_bytes; /* bytes a port moves per interconnect cycle */
	/* DRAM channel (one per partition) */
	unsigned dram_banks;
	unsigned dram_bus_bytes;  /* data bus bytes per beat (two beats per DRAM clock) */
	unsigned dram_burst;	  /* beats of one column access */
	unsigned dram_data_ratio; /* data beats per DRAM command clock (2 = DDR) */
	unsigned dram_row_bytes;  /* row buffer of one bank */
	unsigned dram_tCCD, dram_tRRD, dram_tRCD, dram_tRAS, dram_tRP, dram_tRC;
	unsigned dram_tCL, dram_tWL, dram_tWR;
	unsigned dram_latency;	  /* core cycles from an L2 miss to its DRAM request */
	unsigned dram_sched;	  /* enum mem_dram_sched */
	unsigned dram_queue;	  /* scheduler entries per channel */
	/* clock domains */
	unsigned core_mhz, icnt_mhz, l2_mhz, dram_mhz;
};

#endif
