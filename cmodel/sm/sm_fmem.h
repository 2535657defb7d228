/* sm_fmem.h: the functional memory the executor reads and writes.
 *
 * Device (global) memory is one byte array at SM_GLOBAL_BASE holding the
 * module's .global variables and then the launch's buffers.  Each CTA has
 * its shared memory, each thread its local memory (a warp's lanes side by
 * side), the kernel one constant bank and one parameter buffer.  Addresses
 * are checked: an access outside every object is a fault the run reports
 * with the PTX line, never undefined behaviour. */
#ifndef GPURF_SM_FMEM_H
#define GPURF_SM_FMEM_H

#include <stdint.h>

struct sm_fmem_view {
	uint8_t *global;	/* device memory, global_size bytes from SM_GLOBAL_BASE */
	uint64_t global_size;
	uint8_t *shared;	/* this CTA's */
	uint32_t shared_size;
	uint8_t *local;		/* this warp's: lane l's bytes at l * local_size */
	uint32_t local_size;
	const uint8_t *cbank;
	uint32_t const_size;
	const uint8_t *param;
	uint32_t param_size;
};

/* Pointer to `size` bytes at `addr` of `space` (enum ptx_space; generic is
 * resolved through the windows of sm_prog.h) for lane `lane`, or NULL when
 * the access is out of bounds or writes a read-only space.  *resolved gets
 * the space the generic address fell into. */
uint8_t *sm_fmem_ptr(const struct sm_fmem_view *v, int space, uint64_t addr, unsigned size,
		     unsigned lane, int store, int *resolved, uint64_t *space_addr);

#endif
