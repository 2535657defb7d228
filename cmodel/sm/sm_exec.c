/* sm_exec.c: PTX semantics, lane by lane (see sm_exec.h).  The commonest
 * instructions run for the whole warp at once (sm_exec_rows.c, chosen per
 * static instruction at load); this interpreter runs the rest and reports
 * every fault.
 *
 * Values travel as raw 64-bit patterns; each operation interprets them by
 * the instruction's type.  Floating-point results use the host's IEEE
 * arithmetic with the instruction's rounding mode (fesetround for the
 * directed modes), subnormals flushed for .ftz, clamped for .sat.  The
 * approximate instructions (ex2.approx, lg2.approx, sin, cos, rsqrt,
 * rcp.approx) use the correctly rounded libm functions.  The host references
 * of kernels/ follow the PTX operation for operation and match this bit for
 * bit; only ex2.approx, which a GPU computes within 2 ulp, gets a tolerance
 * (kernels/README.md, "How the references match the PTX"). */
#include "sm_exec.h"

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "ptx.h"
#include "sm_exec_ops.h"
#include "sm_prog.h"

enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_LS, CMP_HS, CMP_EQU, CMP_NEU, CMP_LTU,
       CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN };
enum { AOP_ADD, AOP_INC, AOP_DEC, AOP_EXCH, AOP_CAS, AOP_MIN, AOP_MAX, AOP_AND, AOP_OR, AOP_XOR };

static double sat64(double f)
{
	return isnan(f) ? 0.0 : f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
}

/* Switches the FPU to the instruction's rounding mode and returns 1, or
 * returns 0 for round to nearest: the mode the model always runs in (every
 * switch is undone by round_pop), so switching to it would change nothing. */
static int round_push(uint32_t flags, int *old)
{
	int m = fround(flags);

	if (m == FE_TONEAREST)
		return 0;
	*old = fegetround();
	fesetround(m);
	return 1;
}

static void round_pop(int pushed, int old)
{
	if (pushed)
		fesetround(old);
}

/* ---- operand access ------------------------------------------------------------- */


uint32_t sm_op_sreg(const struct sm_warp_ids *id, const struct sm_opnd *o, unsigned l)
{
	uint32_t lin = id->tid0 + l, comp = o->comp < 3 ? o->comp : 0;
	uint64_t below = (UINT64_C(1) << l) - 1, bit = UINT64_C(1) << l;

	switch (o->sreg) {
	case PTX_SR_TID:
		return comp == 0 ? lin % id->ntid[0] :
		       comp == 1 ? lin / id->ntid[0] % id->ntid[1] : lin / (id->ntid[0] * id->ntid[1]);
	case PTX_SR_NTID: return id->ntid[comp];
	case PTX_SR_CTAID: return id->ctaid[comp];
	case PTX_SR_NCTAID: return id->nctaid[comp];
	case PTX_SR_LANEID: return l;
	case PTX_SR_WARPID: return id->warpid;
	case PTX_SR_NWARPID: return id->nwarpid;
	case PTX_SR_SMID: return id->smid;
	case PTX_SR_NSMID: return id->nsmid;
	case PTX_SR_GRIDID: return 0;
	case PTX_SR_CLOCK: return (uint32_t)id->clock;
	case PTX_SR_LANEMASK_EQ: return (uint32_t)bit;
	case PTX_SR_LANEMASK_LE: return (uint32_t)(below | bit);
	case PTX_SR_LANEMASK_LT: return (uint32_t)below;
	case PTX_SR_LANEMASK_GE: return (uint32_t)~below;
	case PTX_SR_LANEMASK_GT: return (uint32_t)~(below | bit);
	case PTX_SR_DYN_SMEM: return id->dyn_smem;
	case PTX_SR_TOTAL_SMEM: return id->total_smem;
	default: return 0;
	}
}

/* Raw value of source operand o in lane l. */
static uint64_t val(const struct lanectx *c, const struct sm_opnd *o, unsigned l)
{
	const uint32_t *src = c->in->src;
	unsigned n = c->lanes;

	switch (o->kind) {
	case SM_O_REG: {
		uint64_t v = src[(unsigned)o->rs[0] * n + l];

		if (o->width >= 2)
			v |= (uint64_t)src[(unsigned)o->rs[1] * n + l] << 32;
		return v;
	}
	case SM_O_IMM:
		return (uint64_t)o->imm;
	case SM_O_SREG:
		if (o->sreg == PTX_SR_CLOCK64 || o->sreg == PTX_SR_GLOBALTIMER)
			return c->in->ids->clock;
		return sm_op_sreg(c->in->ids, o, l);
	case SM_O_PRED:
		return ((c->in->preds[o->pred] >> l) & 1u) ^ o->neg;
	default:
		return 0;
	}
}

static int pred_val(const struct lanectx *c, const struct sm_opnd *o, unsigned l)
{
	if (o->kind == SM_O_PRED)
		return (int)(((c->in->preds[o->pred] >> l) & 1u) ^ o->neg);
	return val(c, o, l) != 0;
}

/* Writes v into the destination registers of operand o (which must be a
 * register operand) for lane l; `bits` is how many bits are meaningful. */
static void put(const struct lanectx *c, struct sm_exec_out *out, const struct sm_opnd *o, unsigned l,
		uint64_t v)
{
	unsigned n = c->lanes;

	if (o->kind != SM_O_REG)
		return;
	out->dst[(unsigned)o->rs[0] * n + l] = (uint32_t)v;
	for (unsigned j = 1; j < o->width; j++)
		out->dst[(unsigned)o->rs[j] * n + l] = j == 1 ? (uint32_t)(v >> 32) : 0;
}

static void put_pred(struct sm_exec_out *out, int pred, unsigned l, int v)
{
	if (pred < 0)
		return;
	if (v)
		out->pred_val[pred] |= UINT64_C(1) << l;
	else
		out->pred_val[pred] &= ~(UINT64_C(1) << l);
}

static int fail(const struct lanectx *c, struct gpurf_err *err, const char *what)
{
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: '%s': %s", c->in->prog->path, c->si->line,
			  ptx_opcode_name((enum ptx_opcode)c->si->op), what);
}

/* ---- arithmetic ------------------------------------------------------------------ */

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

static uint64_t mul_hi_u64(uint64_t a, uint64_t b)
{
	return (uint64_t)(((u128)a * b) >> 64);
}

static uint64_t mul_hi_s64(int64_t a, int64_t b)
{
	return (uint64_t)(((s128)a * b) >> 64);
}

/* Integer multiply by the .lo/.hi/.wide rule; a and b already extended. */
static uint64_t imul(uint64_t a, uint64_t b, int t, uint32_t flags)
{
	unsigned bits = bits_of(t);

	if (flags & SM_F_WIDE)
		return a * b;	/* 2 x bits <= 64 for the wide forms PTX has */
	if (flags & SM_F_HI) {
		if (bits == 64)
			return is_signed(t) ? mul_hi_s64((int64_t)a, (int64_t)b) : mul_hi_u64(a, b);
		return (a * b) >> bits;
	}
	return a * b;
}

static uint64_t fcmp_bool(int cmp, double a, double b)
{
	int un = isnan(a) || isnan(b);

	switch (cmp) {
	case CMP_EQ: return !un && a == b;
	case CMP_NE: return !un && a != b;
	case CMP_LT: case CMP_LS: return !un && a < b;
	case CMP_LE: return !un && a <= b;
	case CMP_GT: return !un && a > b;
	case CMP_GE: case CMP_HS: return !un && a >= b;
	case CMP_EQU: return un || a == b;
	case CMP_NEU: return un || a != b;
	case CMP_LTU: return un || a < b;
	case CMP_LEU: return un || a <= b;
	case CMP_GTU: return un || a > b;
	case CMP_GEU: return un || a >= b;
	case CMP_NUM: return !un;
	case CMP_NAN: return un;
	default: return 0;
	}
}

static int icmp_bool(int cmp, uint64_t a, uint64_t b, int sgn)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	switch (cmp) {
	case CMP_EQ: case CMP_EQU: return a == b;
	case CMP_NE: case CMP_NEU: return a != b;
	case CMP_LT: case CMP_LTU: return sgn ? sa < sb : a < b;
	case CMP_LE: case CMP_LEU: return sgn ? sa <= sb : a <= b;
	case CMP_GT: case CMP_GTU: return sgn ? sa > sb : a > b;
	case CMP_GE: case CMP_GEU: return sgn ? sa >= sb : a >= b;
	case CMP_LS: return a <= b;
	case CMP_HS: return a >= b;
	default: return 0;
	}
}

int sm_op_compare(const struct sm_insn *si, uint64_t a, uint64_t b)
{
	int t = si->op == PTX_OP_SET ? si->type2 : si->type;

	if (t == PTX_T_F32) {
		float fa = f32(a), fb = f32(b);

		if (si->flags & SM_F_FTZ)
			fa = ftz32(fa), fb = ftz32(fb);
		return (int)fcmp_bool(si->cmp, fa, fb);
	}
	if (t == PTX_T_F64)
		return (int)fcmp_bool(si->cmp, f64(a), f64(b));
	return icmp_bool(si->cmp, ival(a, t), ival(b, t), is_signed(t));
}

static int bool_combine(int bop, int a, int b)
{
	return bop == 0 ? a && b : bop == 1 ? a || b : a != b;
}

/* Two- and three-operand fp32 arithmetic in the current rounding mode. */
float sm_op_f32(int op, float a, float b, float c)
{
	switch (op) {
	case PTX_OP_ADD: return a + b;
	case PTX_OP_SUB: return a - b;
	case PTX_OP_MUL: return a * b;
	case PTX_OP_FMA: case PTX_OP_MAD: return fmaf(a, b, c);
	case PTX_OP_DIV: return a / b;
	case PTX_OP_MIN: return fminf(a, b);
	case PTX_OP_MAX: return fmaxf(a, b);
	case PTX_OP_ABS: return fabsf(a);
	case PTX_OP_NEG: return -a;
	case PTX_OP_RCP: return 1.0f / a;
	case PTX_OP_SQRT: return sqrtf(a);
	case PTX_OP_RSQRT: return 1.0f / sqrtf(a);
	case PTX_OP_EX2: return exp2f(a);
	case PTX_OP_LG2: return log2f(a);
	case PTX_OP_SIN: return sinf(a);
	case PTX_OP_COS: return cosf(a);
	case PTX_OP_TANH: return tanhf(a);
	case PTX_OP_COPYSIGN: return copysignf(b, a);
	default: return 0.0f;
	}
}

static double f64_op(int op, double a, double b, double c)
{
	switch (op) {
	case PTX_OP_ADD: return a + b;
	case PTX_OP_SUB: return a - b;
	case PTX_OP_MUL: return a * b;
	case PTX_OP_FMA: case PTX_OP_MAD: return fma(a, b, c);
	case PTX_OP_DIV: return a / b;
	case PTX_OP_MIN: return fmin(a, b);
	case PTX_OP_MAX: return fmax(a, b);
	case PTX_OP_ABS: return fabs(a);
	case PTX_OP_NEG: return -a;
	case PTX_OP_RCP: return 1.0 / a;
	case PTX_OP_SQRT: return sqrt(a);
	case PTX_OP_RSQRT: return 1.0 / sqrt(a);
	case PTX_OP_EX2: return exp2(a);
	case PTX_OP_LG2: return log2(a);
	case PTX_OP_SIN: return sin(a);
	case PTX_OP_COS: return cos(a);
	case PTX_OP_TANH: return tanh(a);
	case PTX_OP_COPYSIGN: return copysign(b, a);
	default: return 0.0;
	}
}

/* Integer arithmetic of types up to 64 bits; a, b, c already extended. */
static int int_op(const struct sm_insn *si, uint64_t a, uint64_t b, uint64_t c, uint64_t *r)
{
	int t = si->type;
	unsigned bits = bits_of(t);
	int sgn = is_signed(t);

	switch (si->op) {
	case PTX_OP_ADD: *r = a + b; break;
	case PTX_OP_SUB: *r = a - b; break;
	case PTX_OP_MUL: *r = imul(a, b, t, si->flags); break;
	case PTX_OP_MAD:
		*r = imul(a, b, t, si->flags) + ((si->flags & SM_F_WIDE) ? c : c);
		break;
	case PTX_OP_MUL24: case PTX_OP_MAD24: {
		uint64_t a24 = sgn ? (uint64_t)sext(a, 24) : trunc_to(a, 24);
		uint64_t b24 = sgn ? (uint64_t)sext(b, 24) : trunc_to(b, 24);
		uint64_t p = a24 * b24;

		*r = ((si->flags & SM_F_HI) ? p >> 16 : p) + (si->op == PTX_OP_MAD24 ? c : 0);
		break;
	}
	case PTX_OP_DIV:
		if (trunc_to(b, bits) == 0)
			*r = sgn ? (uint64_t)-1 : trunc_to(~UINT64_C(0), bits);	/* undefined in PTX; pick all ones */
		else if (sgn)
			*r = (int64_t)a == INT64_MIN && (int64_t)b == -1 ? a : (uint64_t)((int64_t)a / (int64_t)b);
		else
			*r = a / b;
		break;
	case PTX_OP_REM:
		if (trunc_to(b, bits) == 0)
			*r = a;
		else if (sgn)
			*r = (int64_t)b == -1 ? 0 : (uint64_t)((int64_t)a % (int64_t)b);
		else
			*r = a % b;
		break;
	case PTX_OP_ABS: *r = sgn && (int64_t)a < 0 ? -a : a; break;
	case PTX_OP_NEG: *r = -a; break;
	case PTX_OP_MIN: *r = sgn ? ((int64_t)a < (int64_t)b ? a : b) : (a < b ? a : b); break;
	case PTX_OP_MAX: *r = sgn ? ((int64_t)a > (int64_t)b ? a : b) : (a > b ? a : b); break;
	case PTX_OP_SAD: *r = c + (sgn ? ((int64_t)a > (int64_t)b ? a - b : b - a) : (a > b ? a - b : b - a)); break;
	default: return -1;
	}
	if (!(si->flags & SM_F_WIDE))
		*r = trunc_to(*r, bits);
	return 0;
}

static int bit_op(const struct sm_insn *si, uint64_t a, uint64_t b, uint64_t c, uint64_t *r)
{
	unsigned bits = bits_of(si->type);
	int sgn = is_signed(si->type);

	switch (si->op) {
	case PTX_OP_AND: *r = a & b; break;
	case PTX_OP_OR: *r = a | b; break;
	case PTX_OP_XOR: *r = a ^ b; break;
	case PTX_OP_NOT: *r = ~a; break;
	case PTX_OP_CNOT: *r = trunc_to(a, bits) == 0; break;
	case PTX_OP_SHL: b = trunc_to(b, 32); *r = b >= bits ? 0 : a << b; break;
	case PTX_OP_SHR:
		b = trunc_to(b, 32);
		if (sgn)
			*r = (uint64_t)(sext(a, bits) >> (b >= bits ? bits - 1 : b));
		else
			*r = b >= bits ? 0 : trunc_to(a, bits) >> b;
		break;
	case PTX_OP_POPC: *r = (uint64_t)__builtin_popcountll(trunc_to(a, bits)); break;
	case PTX_OP_CLZ: {
		uint64_t v = trunc_to(a, bits);

		*r = v ? (uint64_t)(__builtin_clzll(v) - (64 - (int)bits)) : bits;
		break;
	}
	case PTX_OP_BREV: {
		uint64_t v = 0;

		for (unsigned i = 0; i < bits; i++)
			if (a >> i & 1u)
				v |= UINT64_C(1) << (bits - 1 - i);
		*r = v;
		break;
	}
	case PTX_OP_BFIND: {
		uint64_t v = sgn && sext(a, bits) < 0 ? ~a : a;

		v = trunc_to(v, bits);
		*r = v ? (uint64_t)(63 - __builtin_clzll(v)) : 0xffffffffu;
		if (v && (si->flags & SM_F_SHIFTAMT))
			*r = bits - 1 - *r;
		return 0;
	}
	case PTX_OP_BFE: {
		unsigned pos = (unsigned)(b & 0xff), len = (unsigned)(c & 0xff);
		uint64_t field = len == 0 || pos >= bits ? 0 : (a >> pos) & (len >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << len) - 1);
		unsigned top = pos + len - 1 < bits - 1 ? pos + len - 1 : bits - 1;

		if (sgn && len && ((a >> top) & 1u))
			field |= len >= 64 ? 0 : ~UINT64_C(0) << len;
		*r = field;
		break;
	}
	default: return -1;
	}
	*r = trunc_to(*r, bits);
	return 0;
}

int sm_op_int(const struct sm_insn *si, uint64_t a, uint64_t b, uint64_t cc, uint64_t *r)
{
	int t = si->type;

	if (si->op != PTX_OP_SHL && si->op != PTX_OP_SHR && si->op != PTX_OP_BFE) {
		a = ival(a, t);
		b = ival(b, t);
	}
	if (si->op == PTX_OP_MAD && (si->flags & SM_F_WIDE))
		cc = ival(cc, is_signed(t) ? PTX_T_S64 : PTX_T_U64);
	else if (si->op == PTX_OP_MAD || si->op == PTX_OP_MAD24 || si->op == PTX_OP_SAD)
		cc = ival(cc, t);
	return int_op(si, a, b, cc, r) == 0 || bit_op(si, a, b, cc, r) == 0 ? 0 : -1;
}

/* cvt: every combination of integer and f32/f64 types. */
uint64_t sm_op_convert(const struct sm_insn *si, uint64_t a)
{
	int dt = si->type, st = si->type2;
	uint32_t fl = si->flags;
	int sat = (fl & SM_F_SAT) != 0;

	if (!is_float(dt) && !is_float(st)) {
		uint64_t v = ival(a, st);
		unsigned db = bits_of(dt);

		if (sat) {
			if (is_signed(dt)) {
				int64_t lo = -(INT64_C(1) << (db - 1)), hi = (int64_t)((UINT64_C(1) << (db - 1)) - 1);
				int64_t sv = (int64_t)v;

				if (!is_signed(st) && v > (uint64_t)hi)
					sv = hi;
				v = (uint64_t)(sv < lo ? lo : sv > hi ? hi : sv);
			} else {
				uint64_t hi = db >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << db) - 1;

				if (is_signed(st) && (int64_t)v < 0)
					v = 0;
				else if (v > hi)
					v = hi;
			}
		}
		return is_signed(dt) ? (uint64_t)sext(v, db) : trunc_to(v, db);
	}
	if (is_float(st) && !is_float(dt)) {
		double x = st == PTX_T_F64 ? f64(a) : (double)((fl & SM_F_FTZ) ? ftz32(f32(a)) : f32(a));
		unsigned db = bits_of(dt);
		double lo, hi;

		switch (fround(fl)) {
		case FE_TOWARDZERO: x = trunc(x); break;
		case FE_DOWNWARD: x = floor(x); break;
		case FE_UPWARD: x = ceil(x); break;
		default: x = nearbyint(x); break;
		}
		if (isnan(x))
			return 0;
		if (is_signed(dt)) {
			lo = -ldexp(1.0, (int)db - 1);
			hi = ldexp(1.0, (int)db - 1) - 1;
			if (x <= lo)
				return trunc_to((uint64_t)(int64_t)lo, db);
			if (x >= hi)
				return trunc_to(db == 64 ? (uint64_t)INT64_MAX : (uint64_t)(int64_t)hi, db);
			return trunc_to((uint64_t)(int64_t)x, db);
		}
		hi = ldexp(1.0, (int)db);
		if (x <= 0)
			return 0;
		if (x >= hi)
			return db == 64 ? ~UINT64_C(0) : (UINT64_C(1) << db) - 1;
		return (uint64_t)x;
	}
	if (!is_float(st)) {
		uint64_t v = ival(a, st);
		int old = 0, pushed = round_push(fl, &old);
		uint64_t r;

		if (dt == PTX_T_F64) {
			volatile double d = is_signed(st) ? (double)(int64_t)v : (double)v;

			r = from_f64(sat ? sat64(d) : d);
		} else {
			volatile float f = is_signed(st) ? (float)(int64_t)v : (float)v;

			r = from_f32(sat ? sat32(f) : f);
		}
		round_pop(pushed, old);
		return r;
	}
	/* float to float */
	if (dt == PTX_T_F64) {
		double d = st == PTX_T_F64 ? f64(a) : (double)f32(a);

		if (fl & (SM_F_RNI | SM_F_RZI | SM_F_RMI | SM_F_RPI)) {
			int old = 0, pushed = round_push(fl, &old);

			d = nearbyint(d);
			round_pop(pushed, old);
		}
		return from_f64(sat ? sat64(d) : d);
	} else {
		float f;
		int old = 0, pushed = round_push(fl, &old);

		if (st == PTX_T_F64) {
			volatile double d = f64(a);

			f = (float)d;
		} else {
			f = f32(a);
			if (fl & SM_F_FTZ)
				f = ftz32(f);
			if (fl & (SM_F_RNI | SM_F_RZI | SM_F_RMI | SM_F_RPI))
				f = nearbyintf(f);
		}
		round_pop(pushed, old);
		if (fl & SM_F_FTZ)
			f = ftz32(f);
		return from_f32(sat ? sat32(f) : f);
	}
}

uint64_t sm_op_cvta(const struct sm_insn *si, uint64_t a)
{
	uint64_t win = si->space == PTX_S_SHARED ? SM_WIN_SHARED : si->space == PTX_S_LOCAL ? SM_WIN_LOCAL :
		       si->space == PTX_S_CONST ? SM_WIN_CONST : 0;

	if (si->flags & SM_F_TO)
		return a >= win ? a - win : a;
	return a + win;
}

/* One arithmetic instruction (not memory, not control) for lane l. */
static int alu_lane(const struct lanectx *c, struct sm_exec_out *out, unsigned l, struct gpurf_err *err)
{
	const struct sm_insn *si = c->si;
	const struct sm_opnd *o = si->opnd;
	int t = si->type;
	uint64_t a, b, r = 0;

	switch (si->op) {
	case PTX_OP_MOV:
		if (o[0].kind == SM_O_PRED) {
			put_pred(out, o[0].pred, l, pred_val(c, &o[1], l));
			return 0;
		}
		if (o[0].kind == SM_O_VEC) {	/* unpack */
			uint64_t v = val(c, &o[1], l);
			unsigned eb = bits_of(t) / o[0].nelems;

			for (unsigned e = 0; e < o[0].nelems; e++) {
				int s = o[0].rs[e * o[0].width];

				if (s >= 0)
					out->dst[(unsigned)s * c->lanes + l] = (uint32_t)trunc_to(v >> (e * eb), eb);
			}
			return 0;
		}
		if (o[1].kind == SM_O_VEC) {	/* pack */
			unsigned eb = bits_of(t) / o[1].nelems;

			for (unsigned e = 0; e < o[1].nelems; e++) {
				int s = o[1].rs[e * o[1].width];
				uint64_t ev = s >= 0 ? c->in->src[(unsigned)s * c->lanes + l] : 0;

				r |= trunc_to(ev, eb) << (e * eb);
			}
			put(c, out, &o[0], l, r);
			return 0;
		}
		put(c, out, &o[0], l, val(c, &o[1], l));
		return 0;
	case PTX_OP_CVT:
		put(c, out, &o[0], l, sm_op_convert(si, val(c, &o[1], l)));
		return 0;
	case PTX_OP_CVTA:
		put(c, out, &o[0], l, sm_op_cvta(si, val(c, &o[1], l)));
		return 0;
	case PTX_OP_SETP: {
		int cmp = sm_op_compare(si, val(c, &o[1], l), val(c, &o[2], l)), p = cmp, q = !cmp;

		if (si->bop >= 0 && si->nopnds > 3) {
			int cp = pred_val(c, &o[3], l);

			p = bool_combine(si->bop, cmp, cp);
			q = bool_combine(si->bop, !cmp, cp);
		}
		if (o[0].kind == SM_O_PAIR) {
			put_pred(out, o[0].pred, l, p);
			put_pred(out, o[0].pred2, l, q);
		} else {
			put_pred(out, o[0].pred, l, p);
		}
		return 0;
	}
	case PTX_OP_SET: {
		int p = sm_op_compare(si, val(c, &o[1], l), val(c, &o[2], l));

		if (si->bop >= 0 && si->nopnds > 3)
			p = bool_combine(si->bop, p, pred_val(c, &o[3], l));
		put(c, out, &o[0], l, t == PTX_T_F32 ? (p ? from_f32(1.0f) : 0) : (p ? 0xffffffffu : 0));
		return 0;
	}
	case PTX_OP_SELP:
		put(c, out, &o[0], l, pred_val(c, &o[3], l) ? val(c, &o[1], l) : val(c, &o[2], l));
		return 0;
	case PTX_OP_SLCT: {
		uint64_t cv = val(c, &o[3], l);
		int ge = si->type2 == PTX_T_F32 ? f32(cv) >= 0.0f : (int32_t)cv >= 0;

		put(c, out, &o[0], l, ge ? val(c, &o[1], l) : val(c, &o[2], l));
		return 0;
	}
	case PTX_OP_MEMBAR: case PTX_OP_FENCE: case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU:
	case PTX_OP_NANOSLEEP: case PTX_OP_PMEVENT:
		return 0;
	case PTX_OP_BFI: {
		uint64_t f = val(c, &o[1], l), base = val(c, &o[2], l);
		unsigned pos = (unsigned)(val(c, &o[3], l) & 0xff), len = (unsigned)(val(c, &o[4], l) & 0xff);
		unsigned bits = bits_of(t);
		uint64_t m;

		if (len == 0 || pos >= bits) {
			put(c, out, &o[0], l, base);
			return 0;
		}
		if (pos + len > bits)
			len = bits - pos;
		m = (len >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << len) - 1)) << pos;
		put(c, out, &o[0], l, trunc_to((base & ~m) | ((f << pos) & m), bits));
		return 0;
	}
	case PTX_OP_PRMT: {
		uint32_t x = (uint32_t)val(c, &o[1], l), y = (uint32_t)val(c, &o[2], l);
		uint32_t sel = (uint32_t)val(c, &o[3], l);
		uint64_t bytes = (uint64_t)y << 32 | x;

		r = 0;
		for (int i = 0; i < 4; i++) {
			unsigned s = sel >> (4 * i) & 0xf;
			uint32_t byte = (uint32_t)(bytes >> (8 * (s & 7))) & 0xff;

			if (s & 8)
				byte = (byte & 0x80) ? 0xff : 0;
			r |= (uint64_t)byte << (8 * i);
		}
		put(c, out, &o[0], l, r);
		return 0;
	}
	default:
		break;
	}
	/* predicate logic: and/or/xor/not on .pred */
	if (t == PTX_T_PRED) {
		int pa = pred_val(c, &o[1], l), pb = si->nopnds > 2 ? pred_val(c, &o[2], l) : 0, v;

		switch (si->op) {
		case PTX_OP_AND: v = pa && pb; break;
		case PTX_OP_OR: v = pa || pb; break;
		case PTX_OP_XOR: v = pa != pb; break;
		case PTX_OP_NOT: v = !pa; break;
		default: return fail(c, err, "unsupported predicate operation");
		}
		put_pred(out, o[0].pred, l, v);
		return 0;
	}
	a = val(c, &o[1], l);
	b = si->nopnds > 2 ? val(c, &o[2], l) : 0;
	if (t == PTX_T_F32) {
		float fa = f32(a), fb = f32(b), fc = si->nopnds > 3 ? f32(val(c, &o[3], l)) : 0.0f, fr;
		int ftz = (si->flags & SM_F_FTZ) != 0, mode = fround(si->flags);

		if (ftz)
			fa = ftz32(fa), fb = ftz32(fb), fc = ftz32(fc);
		if (si->op == PTX_OP_TESTP)
			return fail(c, err, "testp is not supported");
		if (mode != FE_TONEAREST && !c->mode_set) {
			int old = fegetround();
			volatile float vr;

			fesetround(mode);
			vr = sm_op_f32(si->op, fa, fb, fc);
			fesetround(old);
			fr = vr;
		} else if (mode != FE_TONEAREST) {
			volatile float vr = sm_op_f32(si->op, fa, fb, fc);

			fr = vr;
		} else {
			fr = sm_op_f32(si->op, fa, fb, fc);
		}
		if (ftz)
			fr = ftz32(fr);
		if (si->flags & SM_F_SAT)
			fr = sat32(fr);
		put(c, out, &o[0], l, from_f32(fr));
		return 0;
	}
	if (t == PTX_T_F64) {
		double da = f64(a), db = f64(b), dc = si->nopnds > 3 ? f64(val(c, &o[3], l)) : 0.0, dr;
		int mode = fround(si->flags);

		if (mode != FE_TONEAREST && c->mode_set) {
			volatile double vr = f64_op(si->op, da, db, dc);

			dr = vr;
		} else if (mode != FE_TONEAREST) {
			int old = fegetround();
			volatile double vr;

			fesetround(mode);
			vr = f64_op(si->op, da, db, dc);
			fesetround(old);
			dr = vr;
		} else {
			dr = f64_op(si->op, da, db, dc);
		}
		if (si->flags & SM_F_SAT)
			dr = sat64(dr);
		put(c, out, &o[0], l, from_f64(dr));
		return 0;
	}
	if (is_float(t))
		return fail(c, err, "f16 arithmetic is not supported");
	if (sm_op_int(si, a, b, si->nopnds > 3 ? val(c, &o[3], l) : 0, &r) == 0) {
		put(c, out, &o[0], l, r);
		return 0;
	}
	return fail(c, err, "unsupported operation or type");
}

/* ---- memory ------------------------------------------------------------------------ */

static uint64_t load_bytes(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	memcpy(&v, p, n);	/* little-endian host, as the device */
	return v;
}

static void store_bytes(uint8_t *p, uint64_t v, unsigned n)
{
	memcpy(p, &v, n);
}

static uint64_t atomic_new(int aop, int t, uint64_t old, uint64_t v, uint64_t cmpv)
{
	unsigned bits = bits_of(t);

	switch (aop) {
	case AOP_ADD:
		if (t == PTX_T_F32)
			return from_f32(f32(old) + f32(v));
		if (t == PTX_T_F64)
			return from_f64(f64(old) + f64(v));
		return old + v;
	case AOP_INC: return trunc_to(old, bits) >= trunc_to(v, bits) ? 0 : old + 1;
	case AOP_DEC: return trunc_to(old, bits) == 0 || trunc_to(old, bits) > trunc_to(v, bits) ? v : old - 1;
	case AOP_EXCH: return v;
	case AOP_CAS: return trunc_to(old, bits) == trunc_to(cmpv, bits) ? v : old;
	case AOP_MIN:
		return is_signed(t) ? (sext(old, bits) < sext(v, bits) ? old : v)
				    : (trunc_to(old, bits) < trunc_to(v, bits) ? old : v);
	case AOP_MAX:
		return is_signed(t) ? (sext(old, bits) > sext(v, bits) ? old : v)
				    : (trunc_to(old, bits) > trunc_to(v, bits) ? old : v);
	case AOP_AND: return old & v;
	case AOP_OR: return old | v;
	case AOP_XOR: return old ^ v;
	default: return old;
	}
}

static int mem_fault(const struct lanectx *c, struct gpurf_err *err, unsigned l, int space, uint64_t addr,
		     unsigned n, int store)
{
	return gpurf_fail(err, GPURF_ERR_INPUT,
			  "%s:%d: '%s' %s %u bytes at %s address 0x%llx in lane %u (warp %u, CTA %u): "
			  "outside every %s object%s", c->in->prog->path, c->si->line,
			  ptx_opcode_name((enum ptx_opcode)c->si->op), store ? "stores" : "loads", n,
			  ptx_space_name((enum ptx_space)space), (unsigned long long)addr, l,
			  c->in->ids->warpid, c->in->ids->ctaid[0],
			  ptx_space_name((enum ptx_space)space), store ? " or a read-only space" : "");
}

static int mem_lane(const struct lanectx *c, struct sm_exec_out *out, unsigned l, struct gpurf_err *err)
{
	const struct sm_insn *si = c->si;
	const struct sm_opnd *ao = si->op == PTX_OP_ST || si->op == PTX_OP_RED ? &si->opnd[0] : &si->opnd[1];
	const struct sm_opnd *vo = si->op == PTX_OP_ST ? &si->opnd[1] : &si->opnd[0];
	unsigned esz = bits_of(si->type) / 8, n = esz * si->vec;
	uint64_t addr = (ao->rs[0] >= 0 ? val(c, &(struct sm_opnd){.kind = SM_O_REG, .width = ao->width,
								  .rs = {ao->rs[0], ao->rs[1]}}, l) : 0) +
			(uint64_t)ao->imm;
	int space;
	uint64_t saddr;
	int store = (si->flags & SM_F_STORE) != 0;
	uint8_t *p;

	if (esz == 0)
		esz = 1, n = si->vec;
	p = sm_fmem_ptr(c->in->mem, si->space, addr, n, l, store, &space, &saddr);
	if (!p)
		return mem_fault(c, err, l, si->space, addr, n, store);
	if (addr % (esz > 8 ? 8 : esz) != 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: misaligned %u-byte access at 0x%llx in lane %u",
				  c->in->prog->path, si->line, esz, (unsigned long long)addr, l);
	if (out->acc) {
		struct sm_access *acc = out->acc;

		if (!acc->mask)
			acc->space = (uint8_t)space;
		acc->mask |= UINT64_C(1) << l;
		acc->addr[l] = saddr;
	}
	switch (si->op) {
	case PTX_OP_LD: case PTX_OP_LDU:
		if (vo->kind == SM_O_VEC) {
			for (unsigned e = 0; e < vo->nelems; e++) {
				uint64_t v = ival(load_bytes(p + e * esz, esz), si->type);

				for (unsigned j = 0; j < vo->width; j++) {
					int s = vo->rs[e * vo->width + j];

					if (s >= 0)
						out->dst[(unsigned)s * c->lanes + l] = (uint32_t)(v >> (32 * j));
				}
			}
		} else {
			put(c, out, vo, l, ival(load_bytes(p, esz), si->type));
		}
		return 0;
	case PTX_OP_ST:
		if (vo->kind == SM_O_VEC) {
			for (unsigned e = 0; e < vo->nelems; e++) {
				uint64_t v = 0;

				for (unsigned j = 0; j < vo->width && j < 2; j++) {
					int s = vo->rs[e * vo->width + j];

					if (s >= 0)
						v |= (uint64_t)c->in->src[(unsigned)s * c->lanes + l] << (32 * j);
				}
				store_bytes(p + e * esz, v, esz);
			}
		} else {
			store_bytes(p, val(c, vo, l), esz);
		}
		return 0;
	case PTX_OP_ATOM: case PTX_OP_RED: {
		const struct sm_opnd *bo = si->op == PTX_OP_ATOM ? &si->opnd[2] : &si->opnd[1];
		uint64_t old = load_bytes(p, esz), v = val(c, bo, l);
		uint64_t cmpv = 0;

		if (si->aop == AOP_CAS && si->nopnds > 3) {
			cmpv = v;
			v = val(c, &si->opnd[3], l);
		}
		store_bytes(p, atomic_new(si->aop, si->type, old, v, cmpv), esz);
		if (si->op == PTX_OP_ATOM)
			put(c, out, vo, l, old);
		return 0;
	}
	default:
		return fail(c, err, "unsupported memory operation");
	}
}

/* ---- warp-wide instructions --------------------------------------------------------- */

static int warp_op(const struct lanectx *c, struct sm_exec_out *out, struct gpurf_err *err)
{
	const struct sm_insn *si = c->si;
	uint64_t mask = c->in->mask;

	if (si->op == PTX_OP_ACTIVEMASK) {
		for (uint64_t m = mask; m; m &= m - 1)
			put(c, out, &si->opnd[0], (unsigned)__builtin_ctzll(m), mask);
		return 0;
	}
	if (si->op == PTX_OP_VOTE) {
		uint64_t ballot = 0;

		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			if (pred_val(c, &si->opnd[1], l))
				ballot |= UINT64_C(1) << l;
		}
		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			switch (si->mode) {
			case 0: put_pred(out, si->opnd[0].pred, l, ballot == mask); break;
			case 1: put_pred(out, si->opnd[0].pred, l, ballot != 0); break;
			case 2: put_pred(out, si->opnd[0].pred, l, ballot == 0 || ballot == mask); break;
			case 3: put(c, out, &si->opnd[0], l, ballot); break;
			default: return fail(c, err, "unsupported vote mode");
			}
		}
		return 0;
	}
	if (si->op == PTX_OP_SHFL) {
		/* shfl.sync.mode.b32 d[|p], a, b, c, membermask */
		const struct sm_opnd *d = &si->opnd[0];
		unsigned n = c->lanes;

		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint32_t b = (uint32_t)val(c, &si->opnd[2], l), cv = (uint32_t)val(c, &si->opnd[3], l);
			uint32_t clamp = cv & 0x1f, segmask = (cv >> 8) & 0x1f;
			uint32_t maxl = (l & segmask) | (clamp & ~segmask), minl = l & segmask;
			int j = (int)l, ok;

			switch (si->mode) {
			case 4: j = (int)l - (int)b; ok = j >= (int)maxl; break;
			case 5: j = (int)l + (int)b; ok = j <= (int)maxl; break;
			case 6: j = (int)(l ^ b); ok = j <= (int)maxl; break;
			default: j = (int)(minl | (b & ~segmask)); ok = j <= (int)maxl; break;
			}
			if (!ok || j < 0 || (unsigned)j >= n || !(mask >> j & 1u))
				j = (int)l;
			if (d->kind == SM_O_PAIR) {
				return fail(c, err, "shfl with a predicate destination pair is not supported");
			}
			put(c, out, d, l, val(c, &si->opnd[1], (unsigned)j));
		}
		return 0;
	}
	return fail(c, err, "unsupported warp-wide operation");
}

int sm_exec(const struct sm_exec_in *in, const struct sm_insn *si, struct sm_exec_out *out,
	    struct gpurf_err *err)
{
	struct lanectx c = {in, si, in->lanes, 0};
	int old = 0, rc = 0;

	if (si->cls == SM_CLS_MEM) {
		if (out->acc) {
			out->acc->mask = 0;
			out->acc->store = (si->flags & SM_F_STORE) != 0;
			out->acc->load = (si->flags & SM_F_LOAD) != 0;
			out->acc->bytes = (bits_of(si->type) / 8) * si->vec;
			out->acc->space = si->space;
		}
		if (si->xk && sm_exec_rows(&c, out))
			return 0;
		for (uint64_t m = in->mask; m; m &= m - 1)
			if (mem_lane(&c, out, (unsigned)__builtin_ctzll(m), err))
				return -1;
		return 0;
	}
	if (si->op == PTX_OP_VOTE || si->op == PTX_OP_SHFL || si->op == PTX_OP_ACTIVEMASK)
		return warp_op(&c, out, err);
	if (si->xk && sm_exec_rows(&c, out))
		return 0;
	/* directed rounding of fp arithmetic: set once for every lane */
	if ((si->type == PTX_T_F32 || si->type == PTX_T_F64) && si->op != PTX_OP_CVT &&
	    fround(si->flags) != FE_TONEAREST) {
		old = fegetround();
		fesetround(fround(si->flags));
		c.mode_set = 1;
	}
	for (uint64_t m = in->mask; m; m &= m - 1)
		if (alu_lane(&c, out, (unsigned)__builtin_ctzll(m), err)) {
			rc = -1;
			break;
		}
	if (c.mode_set)
		fesetround(old);
	return rc;
}
