/* stim_ltrf_top.c: stimulus and scoreboard for ltrf_top, the LTRF
 * register-file subsystem as the SM model drives it.  The stimulus is a
 * small SM: a policy giving engine commands (activations, interval changes,
 * deactivations) and freeing rows, and operand collectors / write ports
 * holding accesses until granted.
 *
 * Protocol kept (common/ltrf_top_desc.h, docs/ltrf.md):
 *   - nothing before init_done_o; state outputs are those the stimulus saw
 *     last cycle, so a row is commanded, freed or accessed only when it was
 *     neither busy nor commanded in the previous cycle (as the SM does);
 *   - at most one command per cycle; an activation takes the global AAU's
 *     head, predicted here (cmodel/alloc_queue.c); the top frees rows
 *     itself (free_o);
 *   - reads: of warps whose row is ready; mostly working-set registers
 *     already written (a register never written holds the memories'
 *     power-up contents), some outside on purpose (answered rd_miss_o,
 *     never served);
 *     cached writes (wr_cached_i) to such warps, direct writes to warps
 *     with no row; no write to a register a collector is reading; half
 *     the cached writes bring their location (wr_loc_i), taken from the
 *     address table as the monitor outputs wrote it (the SM takes it from
 *     its collector's destination lookup);
 *   - destination lookups (dl_*) of usable warps' registers, at random;
 *   - LTRF+: each command's live vector drops some registers at random;
 *     a register sent dead is undefined until written in full.
 * Scoreboard (independent of the model):
 *   - a truth value per (warp, register) and whether it is defined: every
 *     read served carries the truth (the cycle after its grant), through
 *     write-backs, fetches and direct main-file writes;
 *   - a read is served or missed as its register is in the warp's working
 *     set or not; a cached write goes to the main file only outside it;
 *   - a destination lookup given a port (dl_gnt_o) is answered the cycle
 *     after (dl_valid_o) with the register's bank and row in the address
 *     table as the monitor outputs wrote it (nothing when it is invalid);
 *   - the global AAU's head and ok as the FIFO predicts; a row freed as
 *     the SM's policy frees it: the row of the lowest warp whose DEACTIVATE
 *     is two edges old or more and whose engine job is over;
 *   - from the address-table writes (mon_tw_*): no two valid registers of a
 *     warp in one bank; when a command finishes the valid entries are
 *     exactly the working set (after a DEACTIVATE: none). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_queue.h"
#include "ltrf_engine_desc.h"
#include "ltrf_tb.h"
#include "ltrf_top_desc.h"
#include "rng.h"
#include "stim.h"
#include "wcb_desc.h"

static const char *const scenarios[] = {"random", "interval", "roundtrip", "direct", NULL};

enum { DW = 64, VW = LTRF_TB_VW, MAXW = 64, MAXC = 32, MAXWP = 15, MAXR = 256, MAXA = 64 };

enum { W_NONE, W_GOING, W_ACTIVE, W_DEACT };	/* no row / command running / usable / leaving */

/* An access held until granted. */
struct lt_acc {
	int v, cached, loc;
	unsigned w, r;
	uint64_t mask;
	uint32_t data[DW];
};

/* Where the address table has a register: what a lookup answers. */
struct lt_loc {
	int hit;
	unsigned bank, off;
};

struct lt_warp {
	int st, row;
	uint64_t cmd_at;
	uint32_t ws[VW];
};

struct lt_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scen, init, live;
	unsigned nw, nr, na, nb, dw, lanes, C, WP;
	uint64_t now;
	struct lt_warp w[MAXW];
	/* last cycle's state outputs */
	int busy[MAXA], ready[MAXA];
	/* this cycle's command */
	int cmd_v, cmd_op, cmd_alloc, cmd_w;
	uint32_t cmd_vec[VW], cmd_live[VW];
	struct alloc_queue rows;	/* the global AAU, predicted */
	struct lt_acc rd[MAXC], wr[MAXWP];
	int d_v[MAXC], d_def[MAXC];
	struct lt_acc dl[MAXC];		/* this cycle's destination lookups */
	int dl_v[MAXC];			/* an answer is due */
	struct lt_loc dl_want[MAXC];	/* and what it must say */
	uint32_t d_exp[MAXC][DW];
	uint32_t *truth;
	uint8_t *def;
	int8_t *tbank;			/* shadow address table: bank, -1 invalid */
	uint64_t reads, misses, writes, direct, located, lookups, cmds, acts, deacts, frees, dead;
};

static const struct port_desc *port(const struct lt_stim *s, enum ltrf_top_port p)
{
	return &s->m->ports[p];
}

static uint64_t get(const struct lt_stim *s, const uint32_t *bus, enum ltrf_top_port p, unsigned e)
{
	return bus_get(bus, port(s, p), e);
}

static void set(const struct lt_stim *s, uint32_t *bus, enum ltrf_top_port p, unsigned e, uint64_t v)
{
	bus_set(bus, port(s, p), e, v);
}

static uint32_t *val(struct lt_stim *s, unsigned w, unsigned r)
{
	return s->truth + ((size_t)w * s->nr + r) * s->dw;
}

static void *lt_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			    const char *scenario)
{
	struct lt_stim *s = calloc(1, sizeof *s);
	size_t regs;

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scen = ltrf_tb_scenario(scenarios, scenario);
	s->live = (int)cfg->ltrf.d.liveness;
	s->nw = cfg->warps;
	s->nr = cfg->ltrf.d.arch_regs;
	s->na = cfg->ltrf.active_warps;
	s->nb = cfg->ltrf.regs_per_interval;
	s->dw = cfg->d.warp_bits / 32u;
	s->lanes = cfg->lanes;
	s->C = cfg->collectors;
	s->WP = cfg->write_ports;
	regs = (size_t)s->nw * s->nr;
	s->truth = calloc(regs * s->dw, sizeof *s->truth);
	s->def = calloc(regs, 1);
	s->tbank = malloc(regs);
	if (!s->truth || !s->def || !s->tbank || s->nw > MAXW || s->C > MAXC || s->WP > MAXWP || s->dw > DW ||
	    s->nr > MAXR || s->na > MAXA) {
		free(s->truth);
		free(s->def);
		free(s->tbank);
		free(s);
		return NULL;
	}
	memset(s->tbank, -1, regs);
	for (unsigned w = 0; w < s->nw; w++)
		s->w[w].row = -1;
	alloc_queue_reset(&s->rows, s->na);
	return s;
}

static void lt_stim_destroy(void *vs)
{
	struct lt_stim *s = vs;

	if (!s)
		return;
	printf("  scoreboard: %llu reads checked, %llu outside the working set refused, %llu writes (%llu to the "
	       "main file, %llu bringing their location), %llu destination lookups answered, %llu commands (%llu "
	       "activations, %llu deactivations, %llu rows freed), %llu registers sent dead\n",
	       (unsigned long long)s->reads, (unsigned long long)s->misses, (unsigned long long)s->writes,
	       (unsigned long long)s->direct, (unsigned long long)s->located, (unsigned long long)s->lookups,
	       (unsigned long long)s->cmds, (unsigned long long)s->acts,
	       (unsigned long long)s->deacts, (unsigned long long)s->frees, (unsigned long long)s->dead);
	free(s->truth);
	free(s->def);
	free(s->tbank);
	free(s);
}

/* Register r of warp x in the shadow address table (0s when invalid, as
 * the WCB gates them). */
static struct lt_loc table_loc(const struct lt_stim *s, unsigned x, unsigned r)
{
	int8_t b = s->tbank[(size_t)x * s->nr + r];

	return b >= 0 ? (struct lt_loc){1, (unsigned)b, (unsigned)s->w[x].row} : (struct lt_loc){0, 0, 0};
}

/* The warp's row was neither busy nor commanded last cycle. */
static int settled(const struct lt_stim *s, unsigned x)
{
	const struct lt_warp *w = &s->w[x];

	return w->row >= 0 && !s->busy[w->row] && s->now > w->cmd_at + 1u;
}

/* Usable this cycle: its working set present, no command to it now. */
static int usable(const struct lt_stim *s, unsigned x)
{
	return s->w[x].st == W_ACTIVE && settled(s, x) && s->ready[s->w[x].row] && !(s->cmd_v && s->cmd_w == (int)x);
}

/* ---- commands ---- */

/* The live vector of a command: LTRF+ drops some defined registers (they
 * become undefined). */
static void make_live(struct lt_stim *s, unsigned x)
{
	unsigned pct = s->scen == 0 ? 15u : 5u;

	memset(s->cmd_live, 0, sizeof s->cmd_live);
	for (unsigned r = 0; r < s->nr; r++) {
		uint8_t *d = &s->def[(size_t)x * s->nr + r];

		if (!s->live || !rng_chance(&s->rng, pct)) {
			ltrf_put(s->cmd_live, r, 1);
			continue;
		}
		s->dead += *d;
		*d = 0;
	}
}

static void command(struct lt_stim *s)
{
	unsigned pa = 8, pi = 8, pd = 6, x = rng_below(&s->rng, s->nw);
	struct lt_warp *w = &s->w[x];

	if (s->scen == 1)
		pi = 30, pd = 3;
	else if (s->scen == 2)
		pa = 25, pd = 20, pi = 2;
	else if (s->scen == 3)
		pa = 3, pd = 15;
	s->cmd_v = 0;
	if (w->st == W_NONE && alloc_queue_ok(&s->rows) && rng_chance(&s->rng, pa)) {
		s->cmd_v = 1, s->cmd_op = LE_OP_PREFETCH, s->cmd_alloc = 1;
		w->row = (int)alloc_queue_head(&s->rows);
		ltrf_random_vec(&s->rng, s->nr, s->nb, w->ws, NULL);
		w->st = W_GOING;
		s->acts++;
	} else if (w->st == W_ACTIVE && settled(s, x) && s->ready[w->row] && rng_chance(&s->rng, pi)) {
		uint32_t old[VW];

		memcpy(old, w->ws, sizeof old);
		s->cmd_v = 1, s->cmd_op = LE_OP_PREFETCH, s->cmd_alloc = 0;
		ltrf_random_vec(&s->rng, s->nr, s->nb, w->ws, old);
		w->st = W_GOING;
	} else if (w->st == W_ACTIVE && settled(s, x) && s->ready[w->row] && rng_chance(&s->rng, pd)) {
		s->cmd_v = 1, s->cmd_op = LE_OP_DEACTIVATE, s->cmd_alloc = 0;
		memset(w->ws, 0, sizeof w->ws);
		w->st = W_DEACT;
		s->deacts++;
	}
	if (!s->cmd_v)
		return;
	s->cmd_w = (int)x;
	memcpy(s->cmd_vec, w->ws, sizeof s->cmd_vec);
	make_live(s, x);
	w->cmd_at = s->now;
	s->cmds++;
}

/* A command that finished makes its warp usable. */
static void settle(struct lt_stim *s)
{
	for (unsigned x = 0; x < s->nw; x++) {
		struct lt_warp *w = &s->w[x];

		if (w->st == W_GOING && settled(s, x) && s->ready[w->row])
			w->st = W_ACTIVE;
	}
}

/* ---- accesses ---- */

static int reading(const struct lt_stim *s, unsigned x, unsigned r)
{
	for (unsigned c = 0; c < s->C; c++)
		if (s->rd[c].v && s->rd[c].w == x && s->rd[c].r == r)
			return 1;
	return 0;
}

static int writing(const struct lt_stim *s, unsigned x, unsigned r)
{
	for (unsigned p = 0; p < s->WP; p++)
		if (s->wr[p].v && s->wr[p].w == x && s->wr[p].r == r)
			return 1;
	return 0;
}

/* A register of the warp: of its working set mostly. */
static unsigned pick_reg(struct lt_stim *s, unsigned x, unsigned pct_ws)
{
	if (rng_chance(&s->rng, pct_ws))
		for (unsigned tries = 0; tries < 4u * s->nr; tries++) {
			unsigned r = rng_below(&s->rng, s->nr);

			if (ltrf_bit(s->w[x].ws, r))
				return r;
		}
	return rng_below(&s->rng, s->nr);
}

static void new_read(struct lt_stim *s, unsigned c)
{
	unsigned x = rng_below(&s->rng, s->nw), r;

	if (!usable(s, x))
		return;
	r = pick_reg(s, x, 92);
	/* never a read of a register not yet written (its bits are the
	 * memories' power-up contents); outside the working set it misses */
	if (writing(s, x, r) || (ltrf_bit(s->w[x].ws, r) && !s->def[(size_t)x * s->nr + r]))
		return;
	s->rd[c] = (struct lt_acc){.v = 1, .w = x, .r = r};
}

static void new_write(struct lt_stim *s, unsigned p)
{
	unsigned x = rng_below(&s->rng, s->nw), r;
	struct lt_acc *a = &s->wr[p];
	int cached = usable(s, x);

	if (!cached && !(s->w[x].st == W_NONE && !(s->cmd_v && s->cmd_w == (int)x)))
		return;
	r = pick_reg(s, x, cached ? 85 : 30);
	if (reading(s, x, r) || writing(s, x, r))
		return;
	memset(a, 0, sizeof *a);
	a->v = 1, a->cached = cached, a->w = x, a->r = r;
	a->loc = cached && rng_chance(&s->rng, 50);
	a->mask = s->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1u;
	if (s->def[(size_t)x * s->nr + r] && rng_chance(&s->rng, 50))
		a->mask &= rng_next(&s->rng) | 1u;
	for (unsigned i = 0; i < s->dw; i++)
		a->data[i] = (uint32_t)rng_next(&s->rng);
}

static void accesses(struct lt_stim *s, uint32_t *in)
{
	unsigned pr = s->scen == 3 ? 20 : 45, pw = s->scen == 3 ? 50 : 25;

	for (unsigned c = 0; c < s->C; c++) {
		struct lt_acc *a = &s->rd[c];

		if (a->v && !usable(s, a->w))
			a->v = 0;	/* the warp's row is busy: the collector retries later */
		if (!a->v && rng_chance(&s->rng, pr))
			new_read(s, c);
		if (!a->v)
			continue;
		set(s, in, LT_RD_REQ_I, c, 1);
		set(s, in, LT_RD_WARP_I, c, a->w);
		set(s, in, LT_RD_REG_I, c, a->r);
	}
	for (unsigned p = 0; p < s->WP; p++) {
		struct lt_acc *a = &s->wr[p];

		if (a->v && (a->cached ? !usable(s, a->w) : s->w[a->w].st != W_NONE || (s->cmd_v && s->cmd_w == (int)a->w)))
			a->v = 0;
		if (!a->v && rng_chance(&s->rng, pw))
			new_write(s, p);
		if (!a->v)
			continue;
		set(s, in, LT_WR_REQ_I, p, 1);
		set(s, in, LT_WR_CACHED_I, p, (unsigned)a->cached);
		if (a->loc) {	/* where the address table has it now (the warp is usable: no command since) */
			struct lt_loc l = table_loc(s, a->w, a->r);

			set(s, in, LT_WR_LOC_I, p, 1);
			set(s, in, LT_WR_HIT_I, p, (unsigned)l.hit);
			set(s, in, LT_WR_BANK_I, p, l.bank);
			set(s, in, LT_WR_OFF_I, p, l.off);
		}
		set(s, in, LT_WR_WARP_I, p, a->w);
		set(s, in, LT_WR_REG_I, p, a->r);
		set(s, in, LT_WR_MASK_I, p, a->mask);
		bus_set_words(in, port(s, LT_WR_DATA_I), p, a->data);
	}
	for (unsigned c = 0; c < s->C; c++) {
		struct lt_acc *d = &s->dl[c];
		unsigned x = rng_below(&s->rng, s->nw);

		d->v = usable(s, x) && rng_chance(&s->rng, s->scen == 3 ? 10 : 30);
		if (!d->v)
			continue;
		d->w = x;
		d->r = pick_reg(s, x, 85);
		set(s, in, LT_DL_REQ_I, c, 1);
		set(s, in, LT_DL_WARP_I, c, d->w);
		set(s, in, LT_DL_REG_I, c, d->r);
	}
}

static void lt_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct lt_stim *s = vs;

	s->now = cycle;
	s->cmd_v = 0;
	if (!s->init)
		return;
	settle(s);
	command(s);
	if (s->cmd_v) {
		set(s, in, LT_CMD_REQ_I, 0, 1);
		set(s, in, LT_CMD_OP_I, 0, (unsigned)s->cmd_op);
		set(s, in, LT_CMD_ROW_I, 0, (unsigned)s->w[s->cmd_w].row);
		set(s, in, LT_CMD_WARP_I, 0, (unsigned)s->cmd_w);
		set(s, in, LT_CMD_ALLOC_I, 0, (unsigned)s->cmd_alloc);
		bus_set_words(in, port(s, LT_CMD_VEC_I), 0, s->cmd_vec);
		if (s->live)
			bus_set_words(in, port(s, LT_CMD_LIVE_I), 0, s->cmd_live);
	}
	accesses(s, in);
}

/* ---- scoreboard ---- */

static int fail(char *msg, size_t n, const char *what, unsigned a, unsigned b, unsigned c)
{
	char f[160];

	snprintf(f, sizeof f, "%s", what);
	snprintf(msg, n, f, a, b, c);
	return -1;
}

static int check_reads(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	uint32_t d[DW];

	for (unsigned c = 0; c < s->C; c++) {
		int v = get(s, out, LT_RD_VALID_O, c) != 0;

		if (v != s->d_v[c])
			return fail(msg, n, "collector %u: rd_valid_o %u, a grant last cycle: %u", c, (unsigned)v,
				    (unsigned)s->d_v[c]);
		if (!v || !s->d_def[c])
			continue;
		bus_get_words(out, port(s, LT_RD_DATA_O), c, d);
		if (memcmp(d, s->d_exp[c], s->dw * sizeof *d))
			return fail(msg, n, "collector %u: read data 0x%08x..., the register holds 0x%08x...", c, d[0],
				    s->d_exp[c][0]);
		s->reads++;
	}
	for (unsigned c = 0; c < s->C; c++) {
		struct lt_acc *a = &s->rd[c];
		int gnt = get(s, out, LT_RD_GNT_O, c) != 0, miss = get(s, out, LT_RD_MISS_O, c) != 0;
		int in_ws = a->v && ltrf_bit(s->w[a->w].ws, a->r);

		s->d_v[c] = gnt;
		if ((gnt || miss) && !a->v)
			return fail(msg, n, "collector %u: rd_gnt_o / rd_miss_o without a read", c, 0, 0);
		if ((gnt && !in_ws) || (miss && in_ws))
			return fail(msg, n, gnt ? "collector %u: r%u of warp %u served, outside its working set" :
						  "collector %u: r%u of warp %u missed, in its working set", c, a->r, a->w);
		if (gnt) {
			s->d_def[c] = s->def[(size_t)a->w * s->nr + a->r];
			memcpy(s->d_exp[c], val(s, a->w, a->r), s->dw * sizeof *d);
		}
		if (miss)
			s->misses++;
		if (gnt || miss)
			a->v = 0;
	}
	return 0;
}

static int check_writes(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	for (unsigned p = 0; p < s->WP; p++) {
		struct lt_acc *a = &s->wr[p];
		int gnt = get(s, out, LT_WR_GNT_O, p) != 0, dir = get(s, out, LT_WR_DIRECT_O, p) != 0;
		uint32_t *v;

		if (!a->v) {
			if (gnt || dir)
				return fail(msg, n, "write port %u: wr_gnt_o / wr_direct_o without a write", p, 0, 0);
			continue;
		}
		if ((dir || gnt) && dir != (!a->cached || !ltrf_bit(s->w[a->w].ws, a->r)))
			return fail(msg, n, "write port %u: r%u of warp %u went to the wrong file", p, a->r, a->w);
		if (!gnt)
			continue;
		v = val(s, a->w, a->r);
		for (unsigned l = 0; l < s->lanes; l++)
			if (a->mask >> l & 1)
				memcpy(v + l * (s->dw / s->lanes), a->data + l * (s->dw / s->lanes),
				       s->dw / s->lanes * sizeof *v);
		if (a->mask == (s->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1u))
			s->def[(size_t)a->w * s->nr + a->r] = 1;
		s->writes++;
		s->direct += (unsigned)dir;
		s->located += (unsigned)a->loc;
		a->v = 0;
	}
	return 0;
}

/* Destination lookups: last cycle's granted ones answered now, as the
 * address table stood; this cycle's grants expected next cycle. */
static int check_dests(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	for (unsigned c = 0; c < s->C; c++) {
		int v = get(s, out, LT_DL_VALID_O, c) != 0, hit = get(s, out, LT_DL_HIT_O, c) != 0;
		unsigned bank = (unsigned)get(s, out, LT_DL_BANK_O, c), off = (unsigned)get(s, out, LT_DL_OFF_O, c);

		if (v != s->dl_v[c])
			return fail(msg, n, "collector %u: dl_valid_o %u, a destination lookup granted last cycle: %u", c,
				    (unsigned)v, (unsigned)s->dl_v[c]);
		if (hit != s->dl_want[c].hit || bank != s->dl_want[c].bank)
			return fail(msg, n, "collector %u: destination lookup answered hit %u bank %u, against the address table",
				    c, (unsigned)hit, bank);
		if (off != s->dl_want[c].off)
			return fail(msg, n, "collector %u: destination lookup answered row %u, the warp's row is %u", c, off,
				    s->dl_want[c].off);
		s->lookups += (unsigned)v;
		s->dl_v[c] = 0;
		s->dl_want[c] = (struct lt_loc){0, 0, 0};
		if (!get(s, out, LT_DL_GNT_O, c))
			continue;
		if (!s->dl[c].v)
			return fail(msg, n, "collector %u: dl_gnt_o without a destination lookup", c, 0, 0);
		s->dl_v[c] = 1;
		s->dl_want[c] = table_loc(s, s->dl[c].w, s->dl[c].r);
	}
	return 0;
}

/* The address table as the engine writes it, and the working set present
 * when a command finishes. */
static int check_table(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	for (unsigned k = 0; k < s->cfg->ltrf.fill_ports; k++) {	/* the table writes, in lane order */
		unsigned x = (unsigned)get(s, out, LT_MON_TW_WARP_O, k), r = (unsigned)get(s, out, LT_MON_TW_REG_O, k);
		int8_t b = get(s, out, LT_MON_TW_VALID_O, k) ? (int8_t)get(s, out, LT_MON_TW_BANK_O, k) : -1;

		if (!get(s, out, LT_MON_TW_REQ_O, k))
			continue;

		if (x >= s->nw || r >= s->nr)
			return fail(msg, n, "address-table write of warp %u r%u: out of range", x, r, 0);
		if (wcb_table_bank(s->cfg, r) != k % wcb_banks(s->cfg))	/* lane k writes WCB table bank k % B */
			return fail(msg, n, "address-table write of r%u on lane %u: another table bank's lane", r, k, 0);
		for (unsigned q = 0; b >= 0 && q < s->nr; q++)
			if (q != r && s->tbank[(size_t)x * s->nr + q] == b)
				return fail(msg, n, "warp %u: r%u and r%u valid in one bank", x, q, r);
		s->tbank[(size_t)x * s->nr + r] = b;
	}
	for (unsigned x = 0; x < s->nw; x++) {
		const struct lt_warp *w = &s->w[x];

		if (w->st != W_GOING || !settled(s, x) || !get(s, out, LT_ROW_READY_O, (unsigned)w->row))
			continue;
		for (unsigned r = 0; r < s->nr; r++)
			if ((s->tbank[(size_t)x * s->nr + r] >= 0) != ltrf_bit(w->ws, r))
				return fail(msg, n, "warp %u ready: r%u valid %u in the address table, against its working set",
					    x, r, (unsigned)(s->tbank[(size_t)x * s->nr + r] >= 0));
	}
	return 0;
}

/* Row freeing: the row of the lowest warp whose DEACTIVATE was taken two
 * edges ago or more and whose engine job is over; that warp has no row. */
static int check_free(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	int want = -1, got = get(s, out, LT_FREE_O, 0) ? (int)get(s, out, LT_FREE_ROW_O, 0) : -1;

	for (unsigned x = 0; x < s->nw && want < 0; x++) {
		const struct lt_warp *w = &s->w[x];

		if (w->st == W_DEACT && s->now > w->cmd_at + 1u && !get(s, out, LT_ROW_BUSY_O, (unsigned)w->row))
			want = w->row;
	}
	if (got != want)
		return fail(msg, n, "row freeing: free_o / free_row_o say %u / %u, expected row %u (~0: none)",
			    (unsigned)(got >= 0), (unsigned)got, (unsigned)want);
	for (unsigned x = 0; x < s->nw && got >= 0; x++)
		if (s->w[x].st == W_DEACT && s->w[x].row == got) {
			s->w[x].st = W_NONE;
			s->w[x].row = -1;
			s->frees++;
		}
	return 0;
}

static int lt_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	struct lt_stim *s = vs;
	int alloc = s->cmd_v && s->cmd_alloc;

	(void)cycle;
	(void)in;
	if (!s->init) {
		s->init = get(s, out, LT_INIT_DONE_O, 0) != 0;
		return 0;
	}
	if ((get(s, out, LT_OA_OK_O, 0) != 0) != alloc_queue_ok(&s->rows) ||
	    (alloc_queue_ok(&s->rows) && get(s, out, LT_OA_OFF_O, 0) != alloc_queue_head(&s->rows)))
		return fail(msg, msg_n, "global AAU: oa_off_o %u, the FIFO's head %u", (unsigned)get(s, out, LT_OA_OFF_O, 0),
			    alloc_queue_head(&s->rows), 0);
	if (check_reads(s, out, msg, msg_n) || check_writes(s, out, msg, msg_n) || check_dests(s, out, msg, msg_n) ||
	    check_table(s, out, msg, msg_n) || check_free(s, out, msg, msg_n))
		return -1;
	alloc_queue_tick(&s->rows, alloc, get(s, out, LT_FREE_O, 0) != 0, (unsigned)get(s, out, LT_FREE_ROW_O, 0));
	for (unsigned a = 0; a < s->na; a++) {
		s->busy[a] = get(s, out, LT_ROW_BUSY_O, a) != 0;
		s->ready[a] = get(s, out, LT_ROW_READY_O, a) != 0;
	}
	return 0;
}

const struct stim_ops ltrf_top_stim = {
	"ltrf_top", scenarios, lt_stim_create, lt_drive, lt_observe, lt_stim_destroy,
};
