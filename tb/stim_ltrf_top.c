/* stim_ltrf_top.c: stimulus and scoreboard for ltrf_top, the LTRF
 * register-file subsystem.  The stimulus is the SM pipeline: the warp
 * scheduler's commands and the operand collectors' / execution units'
 * accesses.
 *
 * Protocol kept (common/ltrf_top_desc.h, docs/ltrf.md):
 *   - nothing before init_done_o; one command at a time, held until
 *     cmd_gnt_o; ACTIVATE / REACTIVATE only while fewer than active_warps
 *     warps hold or wait for a row; PREFETCH / DEACTIVATE only of an active
 *     warp whose last command has finished (ready_o fell and rose again);
 *   - from the cycle a command is composed until it has finished, the warp
 *     is not accessed (its live vector is the one sent);
 *   - legal accesses: reads of written registers of the working set, writes
 *     of working-set registers (the first write of a register full-mask);
 *     illegal reads on purpose: a register outside the working set of a
 *     ready warp, or any register of a warp without a row;
 *   - LTRF+: registers are marked dead at random (the compiler's last
 *     read) and become live when a write to them issues; a dead register
 *     is not read.  A register fetched dead (not live when its command was
 *     sent) holds nothing defined until written: its first write is
 *     full-mask, as for a register never written.
 * Scoreboard (independent of the model):
 *   - a truth value per (warp, register), and the value the main file holds:
 *     a write-back (address-table write with valid 0 of a register sent
 *     live) keeps the truth, a drop (sent dead) returns it to the main
 *     file's value, so a reactivated register must read back what was
 *     written before deactivation and an LTRF+ dead register what the main
 *     file held before (the directed scenario fetches one back live and
 *     reads it to prove it); a register fetched dead is undefined;
 *   - every read served carries the truth; a read outside the working set
 *     is answered acc_err_o and never served; a legal access never errs;
 *   - invariants every cycle, from the address-table writes (mon_tw_*) and
 *     the row AAUs (mon_banks_held_o): no two valid registers of a warp in
 *     one bank, every valid entry in a bank its row holds, no valid entry
 *     for a warp without a row; rows allocated as the global AAU's FIFO
 *     (cmodel/alloc_queue.c) predicts and freed only after a DEACTIVATE;
 *   - when a command finishes (ready_o rises) the valid entries are exactly
 *     the working set; ready_o never drops on its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_queue.h"
#include "ltrf_tb.h"
#include "ltrf_top_desc.h"
#include "rng.h"
#include "stim.h"

static const char *const scenarios[] = {"random", "interval", "roundtrip", "directed", NULL};

enum { DW = 32, VW = LTRF_TB_VW, MAXW = 64, MAXP = 4, MAXR = 256 };

/* One access: this cycle's (cur) or last cycle's, answered now (prev). */
struct lt_acc {
	int v, we, legal;
	unsigned w, r;
	uint64_t mask;
	uint32_t data[DW];
};

/* A warp as the scheduler sees it. */
enum { W_IDLE, W_GOING, W_ACTIVE };	/* no row / command in flight / usable */

struct lt_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scen;
	unsigned step, nw, nr, na, nb, dw, lanes, P;
	int init;
	/* warps */
	int st[MAXW], has_ws[MAXW], fell[MAXW], deact[MAXW];
	uint32_t ws[MAXW][VW], live[MAXW][VW], sent_live[MAXW][VW];
	int row_of[MAXW];
	int row_warp[MAXW], row_deact[MAXW];
	uint32_t row_live[MAXW][VW];	/* live vector of the row's last command */
	unsigned holders;		/* warps holding or waiting for a row */
	/* the command being offered */
	int cmd_v;
	unsigned cmd_op, cmd_warp;
	uint32_t cmd_vec[VW];
	/* values: truth, main file, whether defined */
	uint32_t *truth, *mrf;
	uint8_t *def, *mdef;
	/* shadow address table from mon_tw_* */
	int8_t *tbank;			/* [w][r] bank, -1 invalid */
	struct alloc_queue rows;	/* the global AAU, predicted */
	/* accesses in flight: looked up (cur -> prev), read data due (d_*) */
	struct lt_acc cur[MAXP], prev[MAXP];
	int d_v[MAXP];
	uint32_t d_exp[MAXP][DW];
	unsigned d_w[MAXP], d_r[MAXP];
	uint64_t reads, writes, errs, conflicts, cmds, reacts, overlaps, drops, dead_fetches, wbs, finished;
};

static const struct port_desc *port(const struct lt_stim *s, enum ltrf_top_port p)
{
	return &s->m->ports[p];
}

static unsigned get(const struct lt_stim *s, const uint32_t *bus, enum ltrf_top_port p, unsigned e)
{
	return (unsigned)bus_get(bus, port(s, p), e);
}

static uint32_t *val(const struct lt_stim *s, uint32_t *base, unsigned w, unsigned r)
{
	return base + ((size_t)w * s->nr + r) * s->dw;
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
	s->nw = cfg->warps;
	s->nr = cfg->ltrf.d.arch_regs;
	s->na = cfg->ltrf.active_warps;
	s->nb = cfg->ltrf.regs_per_interval;
	s->dw = cfg->d.warp_bits / 32u;
	s->lanes = cfg->lanes;
	s->P = cfg->ltrf.lookup_ports;
	regs = (size_t)s->nw * s->nr;
	s->truth = calloc(regs * s->dw, sizeof *s->truth);
	s->mrf = calloc(regs * s->dw, sizeof *s->mrf);
	s->def = calloc(regs, 1);
	s->mdef = calloc(regs, 1);
	s->tbank = malloc(regs);
	if (!s->truth || !s->mrf || !s->def || !s->mdef || !s->tbank || s->nw > MAXW || s->P > MAXP ||
	    s->dw > DW || s->nr > MAXR) {
		free(s->truth);
		free(s->mrf);
		free(s->def);
		free(s->mdef);
		free(s->tbank);
		free(s);
		return NULL;
	}
	memset(s->tbank, -1, regs);
	for (unsigned w = 0; w < s->nw; w++)
		s->row_of[w] = -1;
	for (unsigned a = 0; a < s->na; a++)
		s->row_warp[a] = -1;
	alloc_queue_reset(&s->rows, s->na);
	return s;
}

static void lt_stim_destroy(void *vs)
{
	struct lt_stim *s = vs;

	if (!s)
		return;
	printf("  scoreboard: %llu reads checked, %llu writes, %llu reads outside the working set refused, "
	       "%llu bank conflicts, %llu commands (%llu finished, %llu reactivations, %llu interval changes "
	       "with overlap), %llu write-backs, %llu dead registers dropped, %llu fetched dead\n",
	       (unsigned long long)s->reads, (unsigned long long)s->writes, (unsigned long long)s->errs,
	       (unsigned long long)s->conflicts, (unsigned long long)s->cmds, (unsigned long long)s->finished,
	       (unsigned long long)s->reacts, (unsigned long long)s->overlaps, (unsigned long long)s->wbs,
	       (unsigned long long)s->drops, (unsigned long long)s->dead_fetches);
	if (s->scen == 3)
		printf("  directed sequence: %u of 10 steps done\n", s->step);
	free(s->truth);
	free(s->mrf);
	free(s->def);
	free(s->mdef);
	free(s->tbank);
	free(s);
}

/* ---- commands ---- */

static void offer(struct lt_stim *s, unsigned op, unsigned w, const uint32_t *vec)
{
	s->cmd_v = 1;
	s->cmd_op = op;
	s->cmd_warp = w;
	memset(s->cmd_vec, 0, sizeof s->cmd_vec);
	if (vec)
		memcpy(s->cmd_vec, vec, sizeof s->cmd_vec);
	if (op == LT_OP_ACTIVATE || op == LT_OP_PREFETCH)
		memcpy(s->ws[w], s->cmd_vec, sizeof s->ws[w]);
	if (op == LT_OP_ACTIVATE)
		s->has_ws[w] = 1;
	if (op == LT_OP_ACTIVATE || op == LT_OP_REACTIVATE)
		s->holders++;
	if (!s->cfg->ltrf.d.liveness)
		memset(s->live[w], 0xff, sizeof s->live[w]);
	memcpy(s->sent_live[w], s->live[w], sizeof s->live[w]);
	s->st[w] = W_GOING;
	s->fell[w] = 0;
	s->deact[w] = op == LT_OP_DEACTIVATE;
}

static void random_command(struct lt_stim *s)
{
	unsigned w = rng_below(&s->rng, s->nw);
	uint32_t vec[VW];

	if (s->st[w] == W_GOING)
		return;
	if (s->st[w] == W_IDLE) {
		if (s->holders >= s->na)
			return;
		if (s->has_ws[w] && (s->scen == 2 || rng_chance(&s->rng, 60))) {
			s->reacts++;
			offer(s, LT_OP_REACTIVATE, w, NULL);
			return;
		}
		ltrf_random_vec(&s->rng, s->nr, s->nb, vec, NULL);
		offer(s, LT_OP_ACTIVATE, w, vec);
		return;
	}
	if (rng_chance(&s->rng, s->scen == 1 ? 85 : s->scen == 2 ? 15 : 50)) {
		if (ltrf_random_vec(&s->rng, s->nr, s->nb, vec, s->ws[w]))
			s->overlaps++;
		offer(s, LT_OP_PREFETCH, w, vec);
		return;
	}
	offer(s, LT_OP_DEACTIVATE, w, NULL);
}

/* ---- accesses ---- */

static int readable(const struct lt_stim *s, unsigned w, unsigned r)
{
	return ltrf_bit(s->ws[w], r) && s->def[w * s->nr + r] && ltrf_bit(s->live[w], r);
}

static void access_write(struct lt_stim *s, uint32_t *in, unsigned p, unsigned w, unsigned r, uint64_t mask)
{
	uint32_t data[DW];

	for (unsigned i = 0; i < s->dw; i++)
		data[i] = (uint32_t)rng_next(&s->rng);
	bus_set(in, port(s, LT_ACC_REQ_I), p, 1);
	bus_set(in, port(s, LT_ACC_WE_I), p, 1);
	bus_set(in, port(s, LT_ACC_WARP_I), p, w);
	bus_set(in, port(s, LT_ACC_REG_I), p, r);
	bus_set(in, port(s, LT_ACC_MASK_I), p, mask);
	bus_set_words(in, port(s, LT_ACC_DATA_I), p, data);
	ltrf_put(s->live[w], r, 1);	/* written: live (the compiler's set bit) */
	s->cur[p] = (struct lt_acc){1, 1, 1, w, r, mask, {0}};
	memcpy(s->cur[p].data, data, sizeof data);
}

static void access_read(struct lt_stim *s, uint32_t *in, unsigned p, unsigned w, unsigned r, int legal)
{
	bus_set(in, port(s, LT_ACC_REQ_I), p, 1);
	bus_set(in, port(s, LT_ACC_WARP_I), p, w);
	bus_set(in, port(s, LT_ACC_REG_I), p, r);
	s->cur[p] = (struct lt_acc){1, 0, legal, w, r, 0, {0}};
}

static void random_access(struct lt_stim *s, uint32_t *in, unsigned p)
{
	unsigned w = rng_below(&s->rng, s->nw), r = rng_below(&s->rng, s->nr);
	uint64_t full = s->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1u;

	for (unsigned k = 0; k < s->nw && s->st[w] != W_ACTIVE && rng_chance(&s->rng, 80); k++)
		w = (w + 1u) % s->nw;	/* mostly usable warps */
	if (s->st[w] == W_IDLE && s->row_of[w] < 0 && rng_chance(&s->rng, 5)) {
		access_read(s, in, p, w, r, 0);	/* a warp without a row */
		return;
	}
	if (s->st[w] != W_ACTIVE || (s->cmd_v && s->cmd_warp == w))
		return;
	if (!ltrf_bit(s->ws[w], r) && rng_chance(&s->rng, 80))
		for (unsigned k = 0; k < s->nr && !ltrf_bit(s->ws[w], r); k++)
			r = (r + 1u) % s->nr;	/* mostly the working set */
	if (!ltrf_bit(s->ws[w], r)) {
		if (rng_chance(&s->rng, 50))
			access_read(s, in, p, w, r, 0);	/* outside the working set */
		return;
	}
	if (rng_chance(&s->rng, 40) || !s->def[w * s->nr + r]) {
		access_write(s, in, p, w, r, s->def[w * s->nr + r] ? rng_next(&s->rng) & full : full);
		return;
	}
	if (s->cfg->ltrf.d.liveness && rng_chance(&s->rng, 10)) {
		ltrf_put(s->live[w], r, 0);	/* last read: dead from now on */
		return;
	}
	if (readable(s, w, r))
		access_read(s, in, p, w, r, 1);
}

/* ---- the directed scenario ----
 * On the last warp, one step each time the warp is usable again:
 *   0 ACTIVATE {1, 3};        1 write 1 and 3 (full);
 *   2 DEACTIVATE (both live: written back);
 *   3 REACTIVATE ({1, 3} from the WCB);   4 read 1 and 3: the values written;
 *   5 write 1 (new value) and, LTRF+, mark 1 dead;
 *   6 PREFETCH {3, 5}: interval change, 3 stays, 1 dropped (LTRF+) or
 *     written back;   7 write 5;
 *   8 PREFETCH {1, 3, 5}: 1 fetched again (live);  9 read 1, 3: LTRF+ 1 is the
 *     value of step 1 (the dead write never reached the main file), LTRF
 *     the value of step 5.  Random traffic follows. */
static int directed(struct lt_stim *s, uint32_t *in)
{
	unsigned w = s->nw - 1u, r1 = 1u % s->nr, r3 = 3u % s->nr, r5 = 5u % s->nr;
	uint64_t full = s->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1u;
	uint32_t vec[VW] = {0};

	if (s->step >= 10 || s->nr < 6 || s->nb < 3 || s->P < 2)
		return 0;	/* done, or too small: random traffic */
	if (s->st[w] == W_GOING || s->cmd_v)
		return 1;
	switch (s->step) {
	case 0:
		ltrf_put(vec, r1, 1);
		ltrf_put(vec, r3, 1);
		offer(s, LT_OP_ACTIVATE, w, vec);
		break;
	case 1:
	case 7:
		access_write(s, in, 0, w, s->step == 1 ? r1 : r5, full);
		if (s->step == 1)
			access_write(s, in, 1, w, r3, full);
		break;
	case 2:
		offer(s, LT_OP_DEACTIVATE, w, NULL);
		break;
	case 3:
		s->reacts++;
		offer(s, LT_OP_REACTIVATE, w, NULL);
		break;
	case 4:
		access_read(s, in, 0, w, r1, 1);
		access_read(s, in, 1, w, r3, 1);
		break;
	case 5:
		access_write(s, in, 0, w, r1, full);
		break;
	case 6:
		if (s->cfg->ltrf.d.liveness)
			ltrf_put(s->live[w], r1, 0);
		ltrf_put(vec, r3, 1);
		ltrf_put(vec, r5, 1);
		s->overlaps++;
		offer(s, LT_OP_PREFETCH, w, vec);
		break;
	case 8:
		ltrf_put(s->live[w], r1, 1);	/* read next: fetched from the main file */
		ltrf_put(vec, r1, 1);
		ltrf_put(vec, r3, 1);
		ltrf_put(vec, r5, 1);
		offer(s, LT_OP_PREFETCH, w, vec);
		break;
	default:
		/* LTRF+: register 1 was dropped: the main file's value (step 1) */
		access_read(s, in, 0, w, r1, 1);
		access_read(s, in, 1, w, r3, 1);
		break;
	}
	s->step++;
	return 1;
}

static void lt_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct lt_stim *s = vs;

	(void)cycle;
	memset(s->cur, 0, sizeof s->cur);
	if (!s->init)
		return;
	if (s->scen != 3 || !directed(s, in)) {
		if (!s->cmd_v && rng_chance(&s->rng, 8))
			random_command(s);
		for (unsigned p = 0; p < s->P; p++)
			if (rng_chance(&s->rng, 70))
				random_access(s, in, p);
	}
	if (s->cmd_v) {
		bus_set(in, port(s, LT_CMD_REQ_I), 0, 1);
		bus_set(in, port(s, LT_CMD_OP_I), 0, s->cmd_op);
		bus_set(in, port(s, LT_CMD_WARP_I), 0, s->cmd_warp);
		bus_set_words(in, port(s, LT_CMD_VEC_I), 0, s->cmd_vec);
		if (s->cfg->ltrf.d.liveness)
			bus_set_words(in, port(s, LT_CMD_LIVE_I), 0, s->sent_live[s->cmd_warp]);
	}
}

/* ---- the scoreboard ---- */

static int fail(char *msg, size_t n, const char *what, unsigned w, unsigned r)
{
	snprintf(msg, n, "scoreboard: %s (warp %u, register %u)", what, w, r);
	return -1;
}

static int check_table(struct lt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	for (unsigned w = 0; w < s->nw; w++) {
		uint64_t seen = 0, held = 0;
		int a = s->row_of[w];

		if (a >= 0)
			held = bus_get(out, port(s, LT_MON_BANKS_HELD_O), (unsigned)a);
		for (unsigned r = 0; r < s->nr; r++) {
			int b = s->tbank[w * s->nr + r];

			if (b < 0)
				continue;
			if (a < 0)
				return fail(msg, n, "valid address-table entry for a warp without a row", w, r);
			if (seen >> b & 1u)
				return fail(msg, n, "two registers of a warp in one bank", w, r);
			if (!(held >> b & 1u))
				return fail(msg, n, "address-table entry points at a bank the row does not hold", w, r);
			seen |= UINT64_C(1) << b;
		}
	}
	return 0;
}

/* ready_o rises: the last command finished. */
static int finished(struct lt_stim *s, unsigned w, char *msg, size_t n)
{
	for (unsigned r = 0; r < s->nr; r++)
		if ((s->tbank[w * s->nr + r] >= 0) != ltrf_bit(s->ws[w], r))
			return fail(msg, n, "warp ready without exactly its working set cached", w, r);
	s->st[w] = W_ACTIVE;
	s->finished++;
	return 0;
}

static int lt_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			   size_t msg_n)
{
	struct lt_stim *s = vs;
	uint64_t used = bus_get(out, port(s, LT_MON_ROWS_USED_O), 0);

	(void)cycle;
	if (!s->init) {
		s->init = (int)get(s, out, LT_INIT_DONE_O, 0);
		return 0;
	}
	/* rows: the predicted occupied set; a row freed only after its DEACTIVATE */
	for (unsigned a = 0; a < s->na; a++) {
		int w = s->row_warp[a];

		if ((used >> a & 1u) == (s->rows.occupied >> a & 1u))
			continue;
		if (!(s->rows.occupied >> a & 1u) || w < 0 || !s->row_deact[a])
			return fail(msg, msg_n, "global AAU row use differs from the prediction", w < 0 ? 0u : (unsigned)w,
				    a);
		for (unsigned r = 0; r < s->nr; r++)
			if (s->tbank[(unsigned)w * s->nr + r] >= 0)
				return fail(msg, msg_n, "row freed while its warp has valid entries", (unsigned)w, r);
		alloc_queue_tick(&s->rows, 0, 1, a);
		s->row_of[w] = -1;
		s->row_warp[a] = -1;
		s->row_deact[a] = 0;
		s->holders--;
	}
	if (check_table(s, out, msg, msg_n))
		return -1;
	/* ready_o */
	for (unsigned w = 0; w < s->nw; w++) {
		int rdy = (int)get(s, out, LT_READY_O, w);

		if (s->st[w] == W_GOING && !(s->cmd_v && s->cmd_warp == w)) {
			if (!rdy)
				s->fell[w] = 1;
			else if (s->fell[w] && s->deact[w])
				return fail(msg, msg_n, "ready_o rose after DEACTIVATE", w, 0);
			else if (s->fell[w] && finished(s, w, msg, msg_n))
				return -1;
			if (s->fell[w] && s->deact[w])
				s->st[w] = W_IDLE;
		} else if (s->st[w] == W_ACTIVE && !rdy) {
			return fail(msg, msg_n, "ready_o fell with no command", w, 0);
		} else if (s->st[w] == W_IDLE && rdy) {
			return fail(msg, msg_n, "ready_o of a warp without a row", w, 0);
		}
	}
	/* read data due */
	for (unsigned p = 0; p < s->P; p++) {
		int v = (int)get(s, out, LT_RD_VALID_O, p);
		uint32_t data[DW];

		if (v != s->d_v[p])
			return fail(msg, msg_n, v ? "read data nobody is owed (a refused read served?)" : "read data missing",
				    s->d_w[p], s->d_r[p]);
		if (v) {
			bus_get_words(out, port(s, LT_RD_DATA_O), p, data);
			if (memcmp(data, s->d_exp[p], s->dw * sizeof *data))
				return fail(msg, msg_n, "read data is not the register's value", s->d_w[p], s->d_r[p]);
			s->reads++;
		}
		s->d_v[p] = 0;
	}
	/* last cycle's accesses: reads first (read-first in the cache), then writes */
	for (int pass = 0; pass < 2; pass++)
		for (unsigned p = 0; p < s->P; p++) {
			const struct lt_acc *a = &s->prev[p];
			unsigned ack = get(s, out, LT_ACC_ACK_O, p), err = get(s, out, LT_ACC_ERR_O, p);
			unsigned w = a->w, r = a->r;

			if (!a->v || a->we != pass) {
				if (pass == 1 && !a->v && (ack || err))
					return fail(msg, msg_n, "answer to no access", 0, p);
				continue;
			}
			if (ack && err)
				return fail(msg, msg_n, "access both granted and refused", w, r);
			if (!a->legal) {
				if (!err)
					return fail(msg, msg_n, "access outside the working set not refused", w, r);
				s->errs++;
				continue;
			}
			if (err)
				return fail(msg, msg_n, "legal access refused as outside the working set", w, r);
			if (!ack) {
				s->conflicts++;
				continue;
			}
			if (pass == 0) {
				s->d_v[p] = 1;
				s->d_w[p] = w;
				s->d_r[p] = r;
				memcpy(s->d_exp[p], val(s, s->truth, w, r), s->dw * sizeof(uint32_t));
			} else {
				uint32_t *t = val(s, s->truth, w, r);

				for (unsigned l = 0; l < s->dw; l++)
					if (a->mask >> l & 1u)
						t[l] = a->data[l];
				s->def[w * s->nr + r] = 1;
				s->writes++;
			}
		}
	/* this cycle's accesses are answered next cycle */
	memcpy(s->prev, s->cur, sizeof s->prev);
	/* address-table writes: the shadow table, write-back or drop */
	if (get(s, out, LT_MON_TW_REQ_O, 0)) {
		unsigned w = get(s, out, LT_MON_TW_WARP_O, 0), r = get(s, out, LT_MON_TW_REG_O, 0);
		size_t i = (size_t)w * s->nr + r;

		if (get(s, out, LT_MON_TW_VALID_O, 0)) {
			if (s->tbank[i] >= 0 || !ltrf_bit(s->ws[w], r))
				return fail(msg, msg_n, "fetched a register already cached or not in the working set", w, r);
			s->tbank[i] = (int8_t)get(s, out, LT_MON_TW_BANK_O, 0);
			if (s->row_of[w] >= 0 && !ltrf_bit(s->row_live[s->row_of[w]], r)) {
				s->def[i] = 0;	/* fetched dead: contents undefined until written */
				s->dead_fetches++;
			}
		} else {
			int a = s->row_of[w];

			if (a < 0 || s->tbank[i] < 0 || (!s->row_deact[a] && ltrf_bit(s->ws[w], r)))
				return fail(msg, msg_n, "evicted a register not cached or still in the working set", w, r);
			s->tbank[i] = -1;
			if (ltrf_bit(s->row_live[a], r)) {
				memcpy(val(s, s->mrf, w, r), val(s, s->truth, w, r), s->dw * sizeof(uint32_t));
				s->mdef[i] = s->def[i];
				s->wbs++;
			} else {
				memcpy(val(s, s->truth, w, r), val(s, s->mrf, w, r), s->dw * sizeof(uint32_t));
				s->def[i] = s->mdef[i];
				s->drops++;
			}
		}
	}
	/* the command granted this cycle */
	if (s->cmd_v && get(s, out, LT_CMD_GNT_O, 0)) {
		unsigned w = s->cmd_warp;

		if (s->cmd_op == LT_OP_ACTIVATE || s->cmd_op == LT_OP_REACTIVATE) {
			if (!alloc_queue_ok(&s->rows))
				return fail(msg, msg_n, "(re)activation granted with no free row", w, 0);
			s->row_of[w] = (int)alloc_queue_head(&s->rows);
			s->row_warp[s->row_of[w]] = (int)w;
			alloc_queue_tick(&s->rows, 1, 0, 0);
		}
		if (s->cmd_op == LT_OP_DEACTIVATE)
			s->row_deact[s->row_of[w]] = 1;
		memcpy(s->row_live[s->row_of[w]], s->sent_live[w], sizeof s->row_live[0]);
		s->cmd_v = 0;
		s->cmds++;
	} else if (get(s, out, LT_CMD_GNT_O, 0)) {
		return fail(msg, msg_n, "command granted that was not offered", 0, 0);
	}
	(void)in;
	return 0;
}

const struct stim_ops ltrf_top_stim = {
	"ltrf_top", scenarios, lt_stim_create, lt_stim_drive, lt_stim_observe, lt_stim_destroy,
};
