/* cfg_sharing.h: the [sharing] section of a configuration: register sharing
 * (Jatala, Anantpur, Karkare).  Fields are filled from cfg_keys_sharing
 * (cfg_sharing.c). */
#ifndef GPURF_CFG_SHARING_H
#define GPURF_CFG_SHARING_H

struct cfg_sharing {
	unsigned threshold_tenths;	/* t x 10: unshared fraction of a warp's registers */
	unsigned max_regs_per_thread;	/* largest register count a kernel may use */
	unsigned smem_bytes;		/* shared memory per SM (dispatcher limit) */
	unsigned unroll;		/* SM model: registers split in first-use order (Sec. 5.2) */
	unsigned dwe;			/* SM model: Dynamic Warp Execution (Sec. 5.3) */
	unsigned dwe_adaptive;		/* SM model: SMs other than 0 adapt their probability */
	/* derived by cfg_finish_sharing() */
	struct {
		unsigned reg_bits;	/* register index and threshold width: holds max_regs_per_thread */
		unsigned blk_bits;	/* block slot index width: ceil(log2(T)) >= 1 */
		unsigned partner_bits;	/* sharer-block id: ceil(log2(T + 1)), NONE = all ones */
		unsigned warp_bits;	/* warp index width */
		unsigned lock_bits;	/* lock holder: ceil(log2(W + 1)), FREE = all ones */
		unsigned nlocks;	/* floor(W / 2): one lock per warp pair */
		unsigned lock_idx_bits;	/* lock index width */
		unsigned paper_bits;	/* the paper's storage count per SM (Sec. 6) */
	} d;
};

#endif
