/* sm_exec_ops.h: the executor's scalar semantics, shared by the lane-by-lane
 * interpreter (sm_exec.c) and the whole-warp rows (sm_exec_rows.c).  Internal
 * to cmodel/sm/: values are raw 64-bit patterns interpreted by a PTX type. */
#ifndef GPURF_SM_EXEC_OPS_H
#define GPURF_SM_EXEC_OPS_H

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ptx.h"
#include "sm_exec.h"

static inline float f32(uint64_t v)
{
	uint32_t u = (uint32_t)v;
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static inline uint64_t from_f32(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

static inline double f64(uint64_t v)
{
	double d;

	memcpy(&d, &v, 8);
	return d;
}

static inline uint64_t from_f64(double d)
{
	uint64_t u;

	memcpy(&u, &d, 8);
	return u;
}

static inline int is_signed(int t)
{
	return t == PTX_T_S8 || t == PTX_T_S16 || t == PTX_T_S32 || t == PTX_T_S64;
}

static inline int is_float(int t)
{
	return t == PTX_T_F32 || t == PTX_T_F64 || t == PTX_T_F16;
}

static inline unsigned bits_of(int t)
{
	unsigned b = ptx_type_bits((enum ptx_type)t);

	return b ? b : 32;
}

static inline uint64_t trunc_to(uint64_t v, unsigned bits)
{
	return bits >= 64 ? v : v & ((UINT64_C(1) << bits) - 1);
}

static inline int64_t sext(uint64_t v, unsigned bits)
{
	if (bits >= 64)
		return (int64_t)v;
	v &= (UINT64_C(1) << bits) - 1;
	return (int64_t)(v ^ (UINT64_C(1) << (bits - 1))) - (int64_t)(UINT64_C(1) << (bits - 1));
}

/* The integer value of v as type t: sign- or zero-extended to 64 bits. */
static inline uint64_t ival(uint64_t v, int t)
{
	unsigned b = bits_of(t);

	return is_signed(t) ? (uint64_t)sext(v, b) : trunc_to(v, b);
}

static inline float ftz32(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

static inline float sat32(float f)
{
	return isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}


struct lanectx {
	const struct sm_exec_in *in;
	const struct sm_insn *si;
	unsigned lanes;
	int mode_set;		/* sm_exec already set the rounding mode */
};

/* The rounding mode an instruction asks for, as fenv's. */
static inline int fround(uint32_t flags)
{
	if (flags & (SM_F_RZ | SM_F_RZI))
		return FE_TOWARDZERO;
	if (flags & (SM_F_RM | SM_F_RMI))
		return FE_DOWNWARD;
	if (flags & (SM_F_RP | SM_F_RPI))
		return FE_UPWARD;
	return FE_TONEAREST;
}

/* One operation of the instruction in lane l (sm_exec.c).  sm_op_int is the
 * integer arithmetic and bit operations on raw values: a and b are extended
 * by the type here (except shifts and bfe), the result truncated; -1 when
 * the operation is not one of them. */
uint32_t sm_op_sreg(const struct sm_warp_ids *id, const struct sm_opnd *o, unsigned l);
int sm_op_compare(const struct sm_insn *si, uint64_t a, uint64_t b);
float sm_op_f32(int op, float a, float b, float c);
int sm_op_int(const struct sm_insn *si, uint64_t a, uint64_t b, uint64_t cc, uint64_t *r);
uint64_t sm_op_convert(const struct sm_insn *si, uint64_t a);
uint64_t sm_op_cvta(const struct sm_insn *si, uint64_t a);

/* The instruction for every lane at once when its kind (si->xk, from
 * sm_exec_kind at load) allows: returns 1 when done, 0 when the lane-by-lane
 * path must run (a memory access that would fault reports from there). */
int sm_exec_rows(const struct lanectx *c, struct sm_exec_out *out);

#endif
