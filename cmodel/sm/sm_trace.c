/* sm_trace.c: Accel-Sim trace reader (see sm_trace.h).
 *
 * kernelslist.g lists MemcpyHtoD lines and kernel trace files, in launch
 * order; sm_trace_list() reads it, sm_trace_load_entry() one kernel.  Its header is "-key = value"
 * lines (kernel name, grid dim, block dim, shmem, nregs, accelsim tracer
 * version, enable lineinfo), then per CTA:
 *
 *   #BEGIN_TB / thread block = x,y,z / warp = w / insts = n / n lines / ... / #END_TB
 *
 * and an instruction line is (versions 3 and 4):
 *
 *   [line] PC mask ndst R.. OPCODE nsrc R.. width [format addresses...]
 *
 * with width = bytes per lane of a memory access, 0 for none; the address
 * formats are 0 = one address per active lane, 1 = base and stride (the
 * k-th active lane at base + k * stride), 2 = base then one delta per further
 * active lane.  Registers other than R0..R254 (RZ, uniform registers,
 * predicates) carry no register-file traffic here.  Every field is checked;
 * a malformed file is reported with its line, never trusted. */
#include "sm_trace.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "sm_tsrc.h"

enum { MAX_TOK = 160 };

struct reader {
	const char *path;
	struct sm_tsrc *f;
	char *line;
	size_t cap;
	unsigned lineno;
	char *tok[MAX_TOK];
	int ntok;
	char key[128];		/* the key of the header line just read */
	struct gpurf_err *err;
};

static int fail(struct reader *r, const char *fmt, const char *got)
{
	return gpurf_fail(r->err, GPURF_ERR_INPUT, "%s:%u: %s (found '%.60s')", r->path, r->lineno, fmt,
			  got ? got : "");
}

/* Next non-empty line, split into tokens; 0 at end of file. */
static int next_line(struct reader *r)
{
	for (;;) {
		ssize_t n = sm_tsrc_getline(r->f, &r->line, &r->cap);
		char *p;

		if (n < 0) {
			if (sm_tsrc_error(r->f))
				return fail(r, sm_tsrc_error(r->f), "end of the data"), -1;
			return 0;
		}
		if (memchr(r->line, '\0', (size_t)n))
			return r->lineno++, fail(r, "a NUL byte in a text line (binary data?)", ""), -1;
		r->lineno++;
		r->ntok = 0;
		for (p = r->line; *p;) {
			while (*p && isspace((unsigned char)*p))
				*p++ = '\0';
			if (!*p)
				break;
			if (r->ntok == MAX_TOK)
				return fail(r, "too many fields on one line (at most 160)", r->tok[0]), -1;
			r->tok[r->ntok++] = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
		}
		if (r->ntok)
			return 1;
	}
}

static int parse_u64(const char *s, int base, uint64_t *v)
{
	char *end;

	if (!s || !*s || *s == '-')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	return errno || *end ? -1 : 0;
}

/* "(x,y,z)" or "x,y,z" */
static int parse_dim3(const char *s, uint32_t d[3])
{
	unsigned long long a, b, c;
	char tail;

	if (sscanf(s, " (%llu,%llu,%llu)%c", &a, &b, &c, &tail) == 3 ||
	    sscanf(s, " %llu,%llu,%llu%c", &a, &b, &c, &tail) == 3) {
		if (!a || !b || !c || a > 0x7fffffffULL || b > 65535 || c > 65535)
			return -1;
		d[0] = (uint32_t)a, d[1] = (uint32_t)b, d[2] = (uint32_t)c;
		return 0;
	}
	return -1;
}

static void *grow(void *p, uint64_t *cap, uint64_t need, size_t elem)
{
	uint64_t c = *cap ? *cap : 64;
	void *n;

	if (need <= *cap)
		return p;
	while (c < need)
		c *= 2;
	n = realloc(p, (size_t)(c * elem));
	if (n)
		*cap = c;
	return n;
}

#define GROW(arr, cap32, need)                                                               \
	do {                                                                                 \
		uint64_t c64 = (cap32);                                                      \
		void *g = grow((arr), &c64, (need), sizeof *(arr));                          \
		if (!g)                                                                      \
			return gpurf_fail(r->err, GPURF_ERR_IO, "out of memory reading the trace"); \
		(arr) = g;                                                                   \
		(cap32) = (uint32_t)c64;                                                     \
	} while (0)

/* ---- opcodes ----------------------------------------------------------------- */

static int starts(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* Every SASS base opcode (the name before the first '.') of binary versions
 * 50 to 90 the reader accepts, with its class: the class picks the unit and
 * the latency of the configuration ([sim] alu_latency, sfu_*, dp_*, the
 * memory system).  Uniform-datapath opcodes (U*) are ALU work whose
 * registers the tracer does not list.  Tensor-core opcodes go to the SFU
 * (the model's only long fixed-latency unit besides fp64); an opcode not in
 * the table is an error naming the line, never guessed. */
enum { K_ALU, K_SFU, K_DP, K_BRA, K_EXIT, K_BAR, K_SHARED, K_CONST, K_GLOBAL };

struct sass_op {
	const char *name;
	unsigned char kind;
};

static const struct sass_op sass_ops[] = {
	/* fp32, fp16 */
	{"FADD", K_ALU}, {"FADD32I", K_ALU}, {"FCHK", K_ALU}, {"FCMP", K_ALU}, {"FFMA", K_ALU},
	{"FFMA32I", K_ALU}, {"FMNMX", K_ALU}, {"FMUL", K_ALU}, {"FMUL32I", K_ALU}, {"FSEL", K_ALU},
	{"FSET", K_ALU}, {"FSETP", K_ALU}, {"FSWZADD", K_ALU}, {"FRND", K_ALU}, {"F2F", K_ALU},
	{"F2I", K_ALU}, {"I2F", K_ALU}, {"I2I", K_ALU}, {"F2FP", K_ALU}, {"I2FP", K_ALU}, {"F2IP", K_ALU},
	{"HADD2", K_ALU}, {"HADD2_32I", K_ALU}, {"HFMA2", K_ALU}, {"HFMA2_32I", K_ALU}, {"HMUL2", K_ALU},
	{"HMUL2_32I", K_ALU}, {"HSET2", K_ALU}, {"HSETP2", K_ALU}, {"HMNMX2", K_ALU},
	/* integer, logic, moves, predicates, special registers */
	{"BFE", K_ALU}, {"BFI", K_ALU}, {"BMSK", K_ALU}, {"BREV", K_ALU}, {"FLO", K_ALU}, {"IABS", K_ALU},
	{"IADD", K_ALU}, {"IADD3", K_ALU}, {"IADD32I", K_ALU}, {"ICMP", K_ALU}, {"IDP", K_ALU},
	{"IDP4A", K_ALU}, {"IMAD", K_ALU}, {"IMAD32I", K_ALU}, {"IMADSP", K_ALU}, {"IMNMX", K_ALU},
	{"IMUL", K_ALU}, {"IMUL32I", K_ALU}, {"ISAD", K_ALU}, {"ISCADD", K_ALU}, {"ISCADD32I", K_ALU},
	{"ISET", K_ALU}, {"ISETP", K_ALU}, {"LEA", K_ALU}, {"LOP", K_ALU}, {"LOP3", K_ALU},
	{"LOP32I", K_ALU}, {"POPC", K_ALU}, {"SHF", K_ALU}, {"SHL", K_ALU}, {"SHR", K_ALU},
	{"VABSDIFF", K_ALU}, {"VABSDIFF4", K_ALU}, {"XMAD", K_ALU}, {"VIADD", K_ALU}, {"VIMNMX", K_ALU},
	{"VIADDMNMX", K_ALU}, {"MOV", K_ALU}, {"MOV32I", K_ALU}, {"PRMT", K_ALU}, {"SEL", K_ALU},
	{"SGXT", K_ALU}, {"SHFL", K_ALU}, {"P2R", K_ALU}, {"R2P", K_ALU}, {"CS2R", K_ALU}, {"S2R", K_ALU},
	{"S2UR", K_ALU}, {"R2UR", K_ALU}, {"CSET", K_ALU}, {"CSETP", K_ALU}, {"PSET", K_ALU},
	{"PSETP", K_ALU}, {"PLOP3", K_ALU}, {"R2B", K_ALU}, {"B2R", K_ALU}, {"LEPC", K_ALU},
	{"VOTE", K_ALU}, {"VOTEU", K_ALU}, {"MATCH", K_ALU}, {"REDUX", K_ALU}, {"ELECT", K_ALU},
	{"NOP", K_ALU}, {"MEMBAR", K_ALU}, {"FENCE", K_ALU}, {"DEPBAR", K_ALU}, {"ERRBAR", K_ALU},
	{"CCTL", K_ALU}, {"CCTLL", K_ALU}, {"CCTLT", K_ALU}, {"TEXDEPBAR", K_ALU}, {"LDGDEPBAR", K_ALU},
	{"NANOSLEEP", K_ALU}, {"YIELD", K_ALU}, {"PMTRIG", K_ALU}, {"SETCTAID", K_ALU},
	{"SETLMEMBASE", K_ALU}, {"GETLMEMBASE", K_ALU}, {"ULDC", K_ALU}, {"UMOV", K_ALU},
	{"UIMAD", K_ALU}, {"UIADD3", K_ALU}, {"USHF", K_ALU}, {"ULOP3", K_ALU}, {"ULOP", K_ALU},
	{"ULEA", K_ALU}, {"UISETP", K_ALU}, {"USEL", K_ALU}, {"UPRMT", K_ALU}, {"UFLO", K_ALU},
	{"UPOPC", K_ALU}, {"UBREV", K_ALU}, {"UBMSK", K_ALU}, {"USGXT", K_ALU}, {"UPLOP3", K_ALU},
	{"UPSETP", K_ALU}, {"UP2UR", K_ALU}, {"UR2UP", K_ALU}, {"USETMAXREG", K_ALU}, {"UCLEA", K_ALU},
	{"UCGABAR_ARV", K_ALU}, {"UCGABAR_WAIT", K_ALU}, {"ACQBULK", K_ALU}, {"WARPGROUP", K_ALU},
	/* transcendental; tensor cores (see above) */
	{"MUFU", K_SFU}, {"RRO", K_SFU}, {"HMMA", K_SFU}, {"IMMA", K_SFU}, {"BMMA", K_SFU},
	{"HGMMA", K_SFU}, {"IGMMA", K_SFU}, {"QGMMA", K_SFU}, {"BGMMA", K_SFU},
	/* fp64 */
	{"DADD", K_DP}, {"DFMA", K_DP}, {"DMUL", K_DP}, {"DSETP", K_DP}, {"DMNMX", K_DP}, {"DSET", K_DP},
	{"DMMA", K_DP},
	/* control */
	{"BRA", K_BRA}, {"BRX", K_BRA}, {"JMP", K_BRA}, {"JMX", K_BRA}, {"SSY", K_BRA}, {"SYNC", K_BRA},
	{"PBK", K_BRA}, {"BRK", K_BRA}, {"CAL", K_BRA}, {"CALL", K_BRA}, {"JCAL", K_BRA}, {"RET", K_BRA},
	{"PRET", K_BRA}, {"BSSY", K_BRA}, {"BSYNC", K_BRA}, {"BREAK", K_BRA}, {"BMOV", K_BRA},
	{"BPT", K_BRA}, {"WARPSYNC", K_BRA}, {"PCNT", K_BRA}, {"CONT", K_BRA}, {"PEXIT", K_BRA},
	{"RPCMOV", K_BRA}, {"EXIT", K_EXIT}, {"KILL", K_EXIT}, {"BAR", K_BAR},
	/* memory */
	{"LDS", K_SHARED}, {"STS", K_SHARED}, {"ATOMS", K_SHARED}, {"LDSM", K_SHARED}, {"LDC", K_CONST},
	{"LDG", K_GLOBAL}, {"STG", K_GLOBAL}, {"LD", K_GLOBAL}, {"ST", K_GLOBAL}, {"LDL", K_GLOBAL},
	{"STL", K_GLOBAL}, {"ATOM", K_GLOBAL}, {"ATOMG", K_GLOBAL}, {"RED", K_GLOBAL}, {"LDGSTS", K_GLOBAL},
	{"TEX", K_GLOBAL}, {"TEXS", K_GLOBAL}, {"TLD", K_GLOBAL}, {"TLDS", K_GLOBAL}, {"TLD4", K_GLOBAL},
	{"TLD4S", K_GLOBAL}, {"TMML", K_GLOBAL}, {"TXD", K_GLOBAL}, {"TXQ", K_GLOBAL}, {"SULD", K_GLOBAL},
	{"SUST", K_GLOBAL}, {"SUATOM", K_GLOBAL}, {"SURED", K_GLOBAL},
};

/* Class, memory space and direction of a SASS opcode; -1 when the base
 * name is not in sass_ops. */
static int classify(const char *op, struct sm_insn *si)
{
	char base[32];
	size_t n = strcspn(op, ".");
	const struct sass_op *o = NULL;

	if (n >= sizeof base)
		return -1;
	memcpy(base, op, n);
	base[n] = '\0';
	for (size_t i = 0; i < sizeof sass_ops / sizeof sass_ops[0]; i++)
		if (!strcmp(base, sass_ops[i].name)) {
			o = &sass_ops[i];
			break;
		}
	if (!o)
		return -1;
	si->cls = SM_CLS_ALU;
	si->space = PTX_S_NONE;
	switch (o->kind) {
	case K_SFU: si->cls = SM_CLS_SFU; break;
	case K_DP: si->cls = SM_CLS_DP; break;
	case K_BRA: si->cls = SM_CLS_BRANCH; break;
	case K_EXIT: si->cls = SM_CLS_EXIT; break;
	case K_BAR: si->cls = SM_CLS_BAR; break;
	case K_SHARED: si->cls = SM_CLS_MEM, si->space = PTX_S_SHARED; break;
	case K_CONST: si->cls = SM_CLS_MEM, si->space = PTX_S_CONST; break;
	case K_GLOBAL:
		/* local addresses in traces are already per thread: timed like global */
		si->cls = SM_CLS_MEM, si->space = PTX_S_GLOBAL;
		break;
	default: break;
	}
	if (si->cls == SM_CLS_MEM) {
		int store = (base[0] == 'S' && base[1] == 'T') || !strcmp(base, "SUST");
		int atomic = starts(base, "ATOM") || starts(base, "RED") || starts(base, "SUATOM") ||
			     starts(base, "SURED");
		int noload = starts(base, "RED") || starts(base, "SURED") || (store && !atomic);

		si->flags |= store || atomic ? SM_F_STORE : 0;
		si->flags |= !noload ? SM_F_LOAD : 0;
		si->longlat = si->space == PTX_S_GLOBAL && (si->flags & SM_F_LOAD);
	}
	return 0;
}

/* ---- one instruction line ------------------------------------------------------- */

enum { TRACE_HASH = 1 << 16 };

struct tstate {
	struct sm_trace *t;
	int lineinfo;
	int have_version;	/* a '-accelsim tracer version' line was read */
	unsigned maxreg;
	uint32_t *hash;		/* PC -> static instruction + 1 */
	unsigned hash_used;
};

static int reg_index(const char *s, int *r)
{
	uint64_t v;

	if (s[0] != 'R' || parse_u64(s + 1, 10, &v) || v > 255) {
		*r = -1;	/* not a general register: no register-file traffic */
		return (s[0] == 'R' && isdigit((unsigned char)s[1])) ? -1 : 0;
	}
	*r = v == 255 ? -1 : (int)v;	/* RZ */
	return 0;
}

static int same_static(const struct sm_insn *a, const struct sm_insn *b)
{
	return a->cls == b->cls && a->space == b->space && a->flags == b->flags && a->nsrc == b->nsrc &&
	       a->ndst == b->ndst && a->vec == b->vec && !memcmp(a->src, b->src, sizeof a->src) &&
	       !memcmp(a->dst, b->dst, sizeof a->dst);
}

static int parse_inst(struct reader *r, struct tstate *ts, uint32_t warp_lanes)
{
	struct sm_trace *t = ts->t;
	struct sm_insn si;
	struct sm_tinst ti;
	int k = ts->lineinfo ? 1 : 0, n;
	uint64_t pc, mask, cnt, width, fmt;
	const char *op;

	(void)warp_lanes;
	if (t->version >= 5) {
		/* version 5 ends every line with the instruction's immediate */
		const char *imm = r->tok[r->ntok - 1];
		char *end;

		errno = 0;
		(void)strtoll(imm, &end, 0);
		if (r->ntok < 2 || errno || *end || !*imm)
			return fail(r, "expected the immediate value at the end of a version-5 line", imm);
		r->ntok--;
	}
	if (t->version < 3) {
		/* versions before 3: "tb_x tb_y tb_z warp" first, checked against
		 * the thread block and warp being read */
		const struct sm_tcta *c = &t->ctas[t->nctas - 1];
		uint64_t want[4] = {c->ctaid[0], c->ctaid[1], c->ctaid[2], c->nwarps - 1};

		if (r->ntok < 4)
			return fail(r, "a pre-version-3 line starts with tb_x tb_y tb_z warp", r->tok[0]);
		for (int i = 0; i < 4; i++) {
			uint64_t v;

			if (parse_u64(r->tok[i], 10, &v))
				return fail(r, "expected the decimal thread block and warp a pre-version-3 line starts with",
					    r->tok[i]);
			if (v != want[i])
				return fail(r, "the line's thread block or warp prefix differs from the "
					    "'thread block =' / 'warp =' lines above it", r->tok[i]);
		}
		memmove(r->tok, r->tok + 4, (size_t)(r->ntok - 4) * sizeof r->tok[0]);
		r->ntok -= 4;
		if (!r->ntok)
			return fail(r, "an instruction line needs at least PC mask ndst opcode nsrc width", "");
	}
	memset(&si, 0, sizeof si);
	si.guard = -1;
	si.target = si.rpc = -1;
	si.cmp = si.bop = si.aop = si.mode = -1;
	if (k + 5 > r->ntok)
		return fail(r, "an instruction line needs at least PC mask ndst opcode nsrc width", r->tok[0]);
	if (parse_u64(r->tok[k], 16, &pc))
		return fail(r, "expected a hexadecimal PC", r->tok[k]);
	if (parse_u64(r->tok[k + 1], 16, &mask))
		return fail(r, "expected a hexadecimal active mask", r->tok[k + 1]);
	k += 2;
	if (parse_u64(r->tok[k], 10, &cnt) || cnt > 16)
		return fail(r, "expected a destination count (0 to 16)", r->tok[k]);
	k++;
	if ((uint64_t)k + cnt >= (uint64_t)r->ntok)
		return fail(r, "the line ends inside the destination registers", r->tok[r->ntok - 1]);
	for (n = 0; n < (int)cnt; n++) {
		int reg;

		if (reg_index(r->tok[k + n], &reg))
			return fail(r, "expected a register name (R0..R255 or another register file's)", r->tok[k + n]);
		if (reg >= 0 && si.ndst < SM_MAX_DST) {
			si.dst[si.ndst++] = (uint16_t)reg;
			if ((unsigned)reg + 1 > ts->maxreg)
				ts->maxreg = (unsigned)reg + 1;
		}
	}
	k += (int)cnt;
	op = r->tok[k++];
	if (!isalpha((unsigned char)op[0]))
		return fail(r, "expected a SASS opcode", op);
	if (k >= r->ntok || parse_u64(r->tok[k], 10, &cnt) || cnt > 16)
		return fail(r, "expected a source count (0 to 16)", k < r->ntok ? r->tok[k] : op);
	k++;
	if ((uint64_t)k + cnt >= (uint64_t)r->ntok)
		return fail(r, "the line ends inside the source registers or before the memory width",
			    r->tok[r->ntok - 1]);
	for (n = 0; n < (int)cnt; n++) {
		int reg, dup = 0;

		if (reg_index(r->tok[k + n], &reg))
			return fail(r, "expected a register name (R0..R255 or another register file's)", r->tok[k + n]);
		for (int j = 0; j < si.nsrc; j++)
			dup |= si.src[j] == reg;
		if (reg >= 0 && !dup && si.nsrc < SM_MAX_SRC) {
			si.src[si.nsrc++] = (uint16_t)reg;
			if ((unsigned)reg + 1 > ts->maxreg)
				ts->maxreg = (unsigned)reg + 1;
		}
	}
	k += (int)cnt;
	if (parse_u64(r->tok[k], 10, &width) || width > 64)
		return fail(r, "expected the memory width in bytes (0 to 64)", r->tok[k]);
	k++;
	if (classify(op, &si))
		return fail(r, "unknown SASS opcode (not in the reader's table, docs/sm.md \"Trace input\")", op);
	si.line = (int)r->lineno;
	si.vec = (uint8_t)width;
	ti.mask = mask;
	ti.addr = (uint32_t)t->naddrs;
	if (width) {
		unsigned active = (unsigned)__builtin_popcountll(mask);
		uint64_t v, base;

		if (si.cls != SM_CLS_MEM)
			si.cls = SM_CLS_MEM, si.space = PTX_S_GLOBAL, si.flags |= SM_F_LOAD;
		if (k >= r->ntok || parse_u64(r->tok[k], 10, &fmt) || fmt > 2)
			return fail(r, "expected an address format (0 list, 1 base+stride, 2 base+deltas)",
				    k < r->ntok ? r->tok[k] : "");
		k++;
		{
			uint64_t cap = t->ncap_a;
			void *g = grow(t->addrs, &cap, t->naddrs + active + 1, sizeof *t->addrs);

			if (!g)
				return gpurf_fail(r->err, GPURF_ERR_IO, "out of memory reading the trace");
			t->addrs = g;
			t->ncap_a = cap;
		}
		if (active && k >= r->ntok)
			return fail(r, "a memory instruction without addresses", r->tok[r->ntok - 1]);
		if (fmt == 0) {
			if ((unsigned)(r->ntok - k) != active)
				return fail(r, "format 0 needs one address per active lane", r->tok[k]);
			for (unsigned i = 0; i < active; i++) {
				if (parse_u64(r->tok[k + (int)i], 16, &v))
					return fail(r, "expected a hexadecimal address", r->tok[k + (int)i]);
				t->addrs[t->naddrs++] = v;
			}
		} else if (active) {
			int64_t step;
			char *end;

			if (parse_u64(r->tok[k], 16, &base))
				return fail(r, "expected a hexadecimal base address", r->tok[k]);
			if (fmt == 1 && r->ntok - k != 2)
				return fail(r, "format 1 needs a base address and a stride", r->tok[k]);
			if (fmt == 2 && (unsigned)(r->ntok - k) != active)
				return fail(r, "format 2 needs a base address and one delta per further active lane",
					    r->tok[k]);
			v = base;
			for (unsigned i = 0; i < active; i++) {
				if (i) {
					const char *s = r->tok[k + (fmt == 1 ? 1 : (int)i)];

					errno = 0;
					step = strtoll(s, &end, 10);
					if (errno || *end || !*s)
						return fail(r, "expected a decimal stride or delta", s);
					v += (uint64_t)step;
				}
				t->addrs[t->naddrs++] = v;
			}
		}
	} else if (k != r->ntok) {
		return fail(r, "unexpected fields after a memory width of 0", r->tok[k]);
	} else if (si.cls == SM_CLS_MEM) {
		/* a memory opcode the tracer recorded no access for (LDC of a
		 * kernel parameter or constant: width 0): nothing to time in the
		 * memory system, so it is ALU work */
		si.cls = SM_CLS_ALU;
		si.space = PTX_S_NONE;
		si.flags &= ~(uint32_t)(SM_F_LOAD | SM_F_STORE);
		si.longlat = 0;
	}
	/* intern the static instruction by PC (the hash keeps the latest) */
	{
		uint32_t h = (uint32_t)((pc * 0x9e3779b97f4a7c15ULL) >> 40) & (TRACE_HASH - 1), found = UINT32_MAX;

		while (ts->hash[h] && t->sinsns[ts->hash[h] - 1].pc != (int64_t)pc)
			h = (h + 1) & (TRACE_HASH - 1);
		if (ts->hash[h] && same_static(&t->sinsns[ts->hash[h] - 1], &si))
			found = ts->hash[h] - 1;
		if (found == UINT32_MAX) {
			if (!ts->hash[h] && ++ts->hash_used > TRACE_HASH / 2)
				return fail(r, "more than 32768 distinct instruction addresses in one kernel", r->tok[0]);
			GROW(t->sinsns, t->ncap_s, (uint64_t)t->nsinsns + 1);
			si.pc = (int64_t)pc;
			t->sinsns[t->nsinsns] = si;
			found = t->nsinsns++;
			ts->hash[h] = found + 1;
		}
		ti.si = found;
	}
	if (mask >> 32)
		return fail(r, "an active mask wider than 32 lanes", r->tok[ts->lineinfo ? 2 : 1]);
	if (mask && 64 - (unsigned)__builtin_clzll(mask) > t->max_lanes)
		t->max_lanes = 64 - (unsigned)__builtin_clzll(mask);
	GROW(t->insts, t->ncap_i, (uint64_t)t->ninsts + 1);
	t->insts[t->ninsts++] = ti;
	return 0;
}

/* ---- the kernel file ---------------------------------------------------------------- */

static int header_value(struct reader *r, const char **key, const char **val)
{
	/* "-key words = value" : the key is the text between '-' and '=' (a
	 * longer key is cut: no key we read is near the buffer's size) */
	size_t used = 0;
	int i;

	r->key[0] = '\0';
	for (i = 0; i < r->ntok && strcmp(r->tok[i], "=") != 0; i++) {
		if (used + 1 >= sizeof r->key)
			continue;
		int n = snprintf(r->key + used, sizeof r->key - used, "%s%s", i ? " " : "",
				 i ? r->tok[i] : r->tok[i] + 1);
		used = n < 0 ? used : used + (size_t)n < sizeof r->key ? used + (size_t)n : sizeof r->key - 1;
	}
	if (i >= r->ntok - 1)
		return fail(r, "expected '-key = value'", r->tok[0]);
	*key = r->key;
	*val = r->tok[i + 1];
	return 0;
}

static int parse_kernel_with(struct reader *r, struct sm_trace *t, struct tstate *tsp);

static int parse_kernel(struct reader *r, struct sm_trace *t)
{
	struct tstate ts = {t, 0, 0, 0, calloc(TRACE_HASH, sizeof(uint32_t)), 0};
	int rc;

	if (!ts.hash)
		return gpurf_fail(r->err, GPURF_ERR_IO, "out of memory reading the trace");
	rc = parse_kernel_with(r, t, &ts);
	free(ts.hash);
	return rc;
}

static int parse_kernel_with(struct reader *r, struct sm_trace *t, struct tstate *tsp)
{
	struct tstate *ts = tsp;
	int in_tb = 0, rc;
	uint64_t v, warp_left = 0;
	int have_warp = 0;
	char dim[128];

	while ((rc = next_line(r)) > 0) {
		const char *t0 = r->tok[0];

		if (t0[0] == '-' && !in_tb) {
			const char *key = NULL, *val = NULL;

			if (header_value(r, &key, &val))
				return -1;
			/* dims may be written with spaces: join the rest */
			snprintf(dim, sizeof dim, "%s", val);
			for (int i = 0; i < r->ntok; i++)
				if (r->tok[i] == val)
					for (int j = i + 1; j < r->ntok; j++)
						strncat(dim, r->tok[j], sizeof dim - strlen(dim) - 1);
			if (!strcmp(key, "kernel name"))
				snprintf(t->kernel, sizeof t->kernel, "%s", val);
			else if (!strcmp(key, "grid dim") && parse_dim3(dim, t->grid))
				return fail(r, "expected grid dim = (x,y,z)", val);
			else if (!strcmp(key, "block dim") && parse_dim3(dim, t->block))
				return fail(r, "expected block dim = (x,y,z)", val);
			else if (!strcmp(key, "shmem")) {
				if (parse_u64(val, 10, &v) || v > (1u << 24))
					return fail(r, "expected shmem = bytes (at most 16 MB)", val);
				t->shmem = (uint32_t)v;
			} else if (!strcmp(key, "nregs")) {
				if (parse_u64(val, 10, &v) || v > 256)
					return fail(r, "expected nregs = 0 to 256", val);
				t->nregs = (uint32_t)v;
			} else if (!strcmp(key, "accelsim tracer version")) {
				/* "3", "4", "5"; before 3 the tracer wrote "1.2" and the
				 * like (and earlier still no line: see #BEGIN_TB) */
				uint64_t minor = 0;
				char major[16];
				const char *dot = strchr(val, '.');

				snprintf(major, sizeof major, "%.*s", dot ? (int)(dot - val) : 15, val);
				if (parse_u64(major, 10, &v) || (dot && parse_u64(dot + 1, 10, &minor)))
					return fail(r, "expected a tracer version number", val);
				if (v == 0 || v > 5 || (dot && v >= 3))
					return fail(r, "tracer version not supported (allowed: 1.x and 2.x, the pre-3 "
						    "format, 3, 4 and 5)", val);
				t->version = (unsigned)v;
				ts->have_version = 1;
			} else if (!strcmp(key, "enable lineinfo")) {
				if (parse_u64(val, 10, &v) || v > 1)
					return fail(r, "expected enable lineinfo = 0 or 1", val);
				ts->lineinfo = (int)v;
			}
			continue;
		}
		if (t0[0] == '#') {
			if (!strcmp(t0, "#BEGIN_TB")) {
				if (in_tb)
					return fail(r, "#BEGIN_TB inside a thread block", t0);
				/* no version line: the oldest format (Accel-Sim reads
				 * it as version 0, with the per-line prefix) */
				if (!ts->have_version)
					t->version = 0;
				GROW(t->ctas, t->ncap_c, (uint64_t)t->nctas + 1);
				memset(&t->ctas[t->nctas], 0, sizeof t->ctas[0]);
				t->ctas[t->nctas].first_warp = t->nwarps;
				t->nctas++;
				in_tb = 1;
				have_warp = 0;
			} else if (!strcmp(t0, "#END_TB")) {
				if (!in_tb)
					return fail(r, "#END_TB without #BEGIN_TB", t0);
				if (warp_left)
					return fail(r, "the thread block ends before its warp's 'insts' count", t0);
				in_tb = 0;
			}
			continue;	/* other '#' lines are comments (the format line) */
		}
		if (!in_tb)
			return fail(r, "expected a '-key = value' header, #BEGIN_TB or a comment", t0);
		if (!strcmp(t0, "thread") && r->ntok >= 4 && !strcmp(r->tok[1], "block")) {
			struct sm_tcta *c = &t->ctas[t->nctas - 1];
			char joined[128] = "", tail;
			unsigned long long a, b, cc;

			for (int j = 3; j < r->ntok; j++)
				strncat(joined, r->tok[j], sizeof joined - strlen(joined) - 1);
			if (sscanf(joined, "%llu,%llu,%llu%c", &a, &b, &cc, &tail) != 3 || a > 0x7fffffffULL ||
			    b > 65535 || cc > 65535)
				return fail(r, "expected thread block = x,y,z", joined);
			c->ctaid[0] = (uint32_t)a, c->ctaid[1] = (uint32_t)b, c->ctaid[2] = (uint32_t)cc;
			continue;
		}
		if (!strcmp(t0, "warp") && r->ntok == 3 && !strcmp(r->tok[1], "=")) {
			struct sm_tcta *c = &t->ctas[t->nctas - 1];

			if (warp_left)
				return fail(r, "a new warp before the previous one's 'insts' count was reached", t0);
			if (parse_u64(r->tok[2], 10, &v) || v >= 64)
				return fail(r, "expected warp = 0 to 63", r->tok[2]);
			if (v != c->nwarps)
				return fail(r, "warps of a thread block must come in order 0, 1, 2, ...", r->tok[2]);
			GROW(t->warps, t->ncap_w, (uint64_t)t->nwarps + 1);
			t->warps[t->nwarps].first = t->ninsts;
			t->warps[t->nwarps].count = 0;
			t->nwarps++;
			c->nwarps++;
			have_warp = 1;
			continue;
		}
		if (!strcmp(t0, "insts") && r->ntok == 3 && !strcmp(r->tok[1], "=")) {
			if (!have_warp)
				return fail(r, "'insts' before 'warp ='", t0);
			if (parse_u64(r->tok[2], 10, &v) || v > 100000000)
				return fail(r, "expected insts = a count", r->tok[2]);
			warp_left = v;
			continue;
		}
		if (!have_warp || !warp_left)
			return fail(r, "an instruction outside a warp's 'insts' count", t0);
		if (parse_inst(r, ts, 32))
			return -1;
		t->warps[t->nwarps - 1].count++;
		warp_left--;
	}
	if (rc < 0)
		return -1;
	if (in_tb)
		return fail(r, "the file ends inside a thread block (no #END_TB)", "");
	if (!t->nctas)
		return fail(r, "no thread block in the trace", "");
	if (t->nregs < ts->maxreg)
		t->nregs = ts->maxreg;
	for (uint32_t c = 0; c < t->nctas; c++)
		if (t->ctas[c].nwarps * 32 < t->block[0] * t->block[1] * t->block[2] && t->ctas[c].nwarps == 0)
			return fail(r, "a thread block without warps", "");
	return 0;
}

int sm_trace_list(const char *dir, struct sm_trace_list *l, struct gpurf_err *err)
{
	struct reader r = {0};
	int rc;

	memset(l, 0, sizeof *l);
	if (snprintf(l->path, sizeof l->path, "%s/kernelslist.g", dir) >= (int)sizeof l->path)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%.200s...: trace directory path too long", dir);
	r.path = l->path;
	r.err = err;
	r.f = sm_tsrc_open(l->path);
	if (!r.f)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read the kernel list (--trace takes an "
				  "Accel-Sim trace directory with kernelslist.g)", l->path);
	while ((rc = next_line(&r)) > 0) {
		struct sm_trace_entry *e;
		uint64_t cap = l->cap;
		void *g;

		if (starts(r.tok[0], "Memcpy"))
			continue;
		if (r.ntok != 1 || !strstr(r.tok[0], ".traceg") || strchr(r.tok[0], '/')) {
			fail(&r, "expected MemcpyHtoD,... or a kernel-N.traceg file name", r.tok[0]);
			rc = -1;
			break;
		}
		if (strlen(r.tok[0]) >= sizeof e->file || strlen(dir) + strlen(r.tok[0]) + 2 > 1024) {
			fail(&r, "trace path too long", r.tok[0]);
			rc = -1;
			break;
		}
		if (!(g = grow(l->k, &cap, (uint64_t)l->n + 1, sizeof *l->k))) {
			rc = gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			break;
		}
		l->k = g;
		l->cap = (uint32_t)cap;
		e = &l->k[l->n++];
		snprintf(e->file, sizeof e->file, "%s", r.tok[0]);
		e->line = r.lineno;
	}
	sm_tsrc_close(r.f);
	free(r.line);
	if (rc < 0) {
		sm_trace_list_free(l);
		return -1;
	}
	if (l->n == 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no kernel trace listed (allowed: lines "
				  "kernel-N.traceg and MemcpyHtoD,...)", l->path);
	return 0;
}

void sm_trace_list_free(struct sm_trace_list *l)
{
	free(l->k);
	l->k = NULL;
	l->n = l->cap = 0;
}

int sm_trace_load_entry(struct sm_trace *t, const char *dir, const struct sm_trace_list *l, unsigned i,
			struct gpurf_err *err)
{
	char kpath[1024];
	struct reader r = {0};
	int rc;

	memset(t, 0, sizeof *t);
	snprintf(kpath, sizeof kpath, "%s/%s", dir, l->k[i].file);
	r.path = kpath;
	r.err = err;
	snprintf(t->file, sizeof t->file, "%s", kpath);
	r.f = sm_tsrc_open(kpath);
	if (!r.f)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%u: cannot read the kernel trace '%s' listed there "
				  "(%s)", l->path, l->k[i].line, l->k[i].file, kpath);
	rc = parse_kernel(&r, t);
	sm_tsrc_close(r.f);
	free(r.line);
	if (rc)
		sm_trace_free(t);
	return rc ? -1 : 0;
}

int sm_trace_load(struct sm_trace *t, const char *dir, int which, struct gpurf_err *err)
{
	struct sm_trace_list l;
	unsigned i = which > 0 ? (unsigned)which - 1 : 0;
	int rc;

	memset(t, 0, sizeof *t);
	if (sm_trace_list(dir, &l, err))
		return -1;
	if (i >= l.n)
		rc = gpurf_fail(err, GPURF_ERR_INPUT, "%s: kernel %d asked for, but only %u kernel traces "
				"are listed (allowed: 1..%u)", l.path, which, l.n, l.n);
	else
		rc = sm_trace_load_entry(t, dir, &l, i, err);
	sm_trace_list_free(&l);
	return rc;
}

void sm_trace_free(struct sm_trace *t)
{
	free(t->sinsns);
	free(t->insts);
	free(t->addrs);
	free(t->warps);
	free(t->ctas);
	memset(t, 0, sizeof *t);
}
