/* sm_fmem.c: address resolution of the functional memory (sm_fmem.h). */
#include "sm_fmem.h"

#include "ptx.h"
#include "sm_prog.h"

static uint8_t *in_range(uint8_t *base, uint64_t size, uint64_t off, unsigned n)
{
	return base && off <= size && n <= size - off ? base + off : NULL;
}

uint8_t *sm_fmem_ptr(const struct sm_fmem_view *v, int space, uint64_t addr, unsigned size,
		     unsigned lane, int store, int *resolved, uint64_t *space_addr)
{
	if (space == PTX_S_GENERIC || space == PTX_S_NONE) {
		if (addr >= SM_GLOBAL_BASE)
			space = PTX_S_GLOBAL;
		else if (addr >= SM_WIN_SHARED && addr < SM_WIN_SHARED + SM_WIN_SIZE)
			space = PTX_S_SHARED, addr -= SM_WIN_SHARED;
		else if (addr >= SM_WIN_LOCAL && addr < SM_WIN_LOCAL + SM_WIN_SIZE)
			space = PTX_S_LOCAL, addr -= SM_WIN_LOCAL;
		else if (addr >= SM_WIN_CONST && addr < SM_WIN_CONST + SM_WIN_SIZE)
			space = PTX_S_CONST, addr -= SM_WIN_CONST;
		else
			return NULL;
	}
	*resolved = space;
	*space_addr = addr;
	switch (space) {
	case PTX_S_GLOBAL:
		if (addr < SM_GLOBAL_BASE)
			return NULL;
		return in_range(v->global, v->global_size, addr - SM_GLOBAL_BASE, size);
	case PTX_S_SHARED:
		return in_range(v->shared, v->shared_size, addr, size);
	case PTX_S_LOCAL: {
		uint8_t *p = in_range(v->local, v->local_size, addr, size);

		return p ? p + (uint64_t)lane * v->local_size : NULL;
	}
	case PTX_S_CONST:
		return store ? NULL : in_range((uint8_t *)(uintptr_t)v->cbank, v->const_size, addr, size);
	case PTX_S_PARAM:
		return store ? NULL : in_range((uint8_t *)(uintptr_t)v->param, v->param_size, addr, size);
	default:
		return NULL;
	}
}
