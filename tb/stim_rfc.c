/* stim_rfc.c: stimulus and scoreboard for the register file cache.
 *
 * The stimulus runs warps through the active slots.  Protocol it keeps
 * (docs/rfc.md):
 *   - at most one tag check (one instruction's sources) and one result
 *     write per cycle, each on a slot that is not being flushed;
 *   - a source is a register of the slot's warp that holds a value and is
 *     not dead (no read after its last use until it is written again);
 *   - a flush holds fl_i until fl_done_o; the slot then gets another warp,
 *     whose registers the main file (MRF) holds; a drop means the warp
 *     finished, and its registers hold nothing any more.
 * Scoreboard, independent of the model: a flat register file (the value
 * the program last wrote to every register of every warp, and whether it
 * is dead) and the MRF as the RFC's main-file writes left it.  It checks:
 *   - a hit returns, next cycle, the register's value before this cycle's
 *     write: the RFC never returns a stale value;
 *   - a miss finds the live value in the MRF (a write-back caused by cycle
 *     t lands before a miss of cycle t+1 reads): a live value is always
 *     written back before it leaves the RFC;
 *   - an eviction or flush never writes a dead value back, and writes the
 *     current one;
 *   - after a flush every live register of the warp is in the MRF, and a
 *     flush finishes within 2 x entries + 4 cycles in which the result path
 *     left the MRF write port free and fl_hold_i was low (results have
 *     priority, so a flush can wait behind them; the hold is driven in 20 %
 *     of cycles);
 * with a victim buffer (victim_entries > 0), end to end:
 *   - every cycle, every live register of every warp without a slot is in
 *     the MRF or in the buffer (vb_*_o), and a miss finds its register's
 *     live value in the MRF unless the buffer still holds the register
 *     (the environment then waits: docs/rfc.md); so a buffered entry that
 *     is lost, or an older copy that drains after a newer write-back of
 *     its register, leaves a stale MRF value that the next such check sees;
 *   - a flush finishes within 2 x entries + 4 + victim_entries free cycles
 *     (it waits for the buffer to make room).
 * Scenario `victim` returns a flushed warp to its slot half the time and
 * bypasses 40 % of results, so registers still buffered are read, written
 * and written back again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc_desc.h"
#include "rng.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_EVICT, SCEN_FLUSH, SCEN_VICTIM };
static const char *const scenarios[] = {"random", "evict", "flush", "victim", NULL};

struct rfc_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned na, nn, ns, nw, nr, lanes, reg_range, nv;
	int *slot_warp, *slot_warp_last;	/* [slot] warp, -1 free */
	uint8_t *in_slot;			/* [warp] */
	uint32_t *ref, *mrf;			/* [warp][reg][lane] */
	uint8_t *defined, *dead;		/* [warp][reg] */
	/* hits of last cycle: expected data */
	unsigned pend_v[3];
	uint32_t *pend;				/* [src][lane] */
	/* flush in progress */
	int fl_active, fl_slot, fl_drop;
	unsigned fl_cycles;
	uint32_t *scratch;
	uint64_t evictions, flushes, kills, superseded, buffered_misses, fl_waits;
};

static const struct port_desc *port(const struct rfc_stim *s, enum rfc_port p)
{
	return &s->m->ports[p];
}

static size_t reg_at(const struct rfc_stim *s, unsigned w, unsigned r)
{
	return (size_t)w * s->nr + r;
}

static void stim_destroy(void *vs)
{
	struct rfc_stim *s = vs;

	if (!s)
		return;
	free(s->slot_warp);
	free(s->slot_warp_last);
	free(s->in_slot);
	free(s->ref);
	free(s->mrf);
	free(s->defined);
	free(s->dead);
	free(s->pend);
	free(s->scratch);
	free(s);
}

static void *stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			 const char *scenario)
{
	struct rfc_stim *s = calloc(1, sizeof *s);
	size_t regs;

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scenario = strcmp(scenario, "evict") == 0    ? SCEN_EVICT
		      : strcmp(scenario, "flush") == 0  ? SCEN_FLUSH
		      : strcmp(scenario, "victim") == 0 ? SCEN_VICTIM
							: SCEN_RANDOM;
	s->nv = cfg->rfc.victim_entries;
	s->na = cfg->rfc.active_warps;
	s->nn = cfg->rfc.entries;
	s->ns = cfg->rfc.src_ports;
	s->nw = cfg->warps;
	s->nr = cfg->d.regs_per_warp;
	s->lanes = cfg->lanes;
	/* Directed eviction: a few more registers than entries, so nearly
	 * every result evicts and the hints decide what is written back. */
	s->reg_range = (s->scenario == SCEN_EVICT || s->scenario == SCEN_VICTIM) && s->nn + 2u < s->nr ? s->nn + 2u
													   : s->nr;
	regs = (size_t)s->nw * s->nr;
	s->slot_warp = calloc(s->na, sizeof *s->slot_warp);
	s->slot_warp_last = calloc(s->na, sizeof *s->slot_warp_last);
	s->in_slot = calloc(s->nw, 1);
	s->ref = calloc(regs * s->lanes, sizeof *s->ref);
	s->mrf = calloc(regs * s->lanes, sizeof *s->mrf);
	s->defined = calloc(regs, 1);
	s->dead = calloc(regs, 1);
	s->pend = calloc((size_t)3 * s->lanes, sizeof *s->pend);
	s->scratch = calloc(s->lanes, sizeof *s->scratch);
	if (!s->slot_warp || !s->slot_warp_last || !s->in_slot || !s->ref || !s->mrf || !s->defined ||
	    !s->dead || !s->pend || !s->scratch) {
		stim_destroy(s);
		return NULL;
	}
	for (unsigned a = 0; a < s->na; a++) {
		s->slot_warp[a] = s->slot_warp_last[a] = (int)a;
		s->in_slot[a] = 1;
	}
	s->fl_slot = -1;
	return s;
}

/* A slot that may issue: it has a warp and is not being flushed. */
static int pick_slot(struct rfc_stim *s)
{
	unsigned a = rng_below(&s->rng, s->na);

	return s->slot_warp[a] >= 0 && !(s->fl_active && s->fl_slot == (int)a) ? (int)a : -1;
}

static int readable(const struct rfc_stim *s, unsigned w, unsigned r)
{
	return s->defined[reg_at(s, w, r)] && !s->dead[reg_at(s, w, r)];
}

static void stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rfc_stim *s = vs;
	unsigned flush_pct = s->scenario == SCEN_FLUSH || s->scenario == SCEN_VICTIM ? 8 : s->scenario == SCEN_EVICT ? 1 : 2;
	unsigned bypass_pct = s->scenario == SCEN_VICTIM ? 40 : 15;
	unsigned last_pct = s->scenario == SCEN_EVICT ? 40 : 20;
	int a;
	(void)cycle;

	if (!s->fl_active && rng_below(&s->rng, 100) < flush_pct && (a = pick_slot(s)) >= 0) {
		s->fl_active = 1;
		s->fl_slot = a;
		s->fl_drop = rng_chance(&s->rng, 25);
		s->fl_cycles = 0;
	}
	if (s->fl_active) {
		bus_set(in, port(s, RFC_FL_I), 0, 1);
		bus_set(in, port(s, RFC_FL_SLOT_I), 0, (unsigned)s->fl_slot);
		bus_set(in, port(s, RFC_FL_DROP_I), 0, (unsigned)s->fl_drop);
		bus_set(in, port(s, RFC_FL_WARP_I), 0, (unsigned)s->slot_warp[s->fl_slot]);
	}
	/* The top's hold (a result of its own wants the MRF port): any cycle. */
	bus_set(in, port(s, RFC_FL_HOLD_I), 0, rng_chance(&s->rng, 20));
	if (rng_chance(&s->rng, 70) && (a = pick_slot(s)) >= 0) {
		unsigned w = (unsigned)s->slot_warp[a], any = 0;

		bus_set(in, port(s, RFC_RD_SLOT_I), 0, (unsigned)a);
		for (unsigned k = 0; k < s->ns; k++) {
			unsigned r = rng_below(&s->rng, s->reg_range);

			if (!readable(s, w, r) || !rng_chance(&s->rng, 75))
				continue;
			any = 1;
			bus_set(in, port(s, RFC_RD_REGV_I), k, 1);
			bus_set(in, port(s, RFC_RD_REG_I), k, r);
			bus_set(in, port(s, RFC_RD_LAST_I), k, rng_chance(&s->rng, last_pct));
		}
		bus_set(in, port(s, RFC_RD_I), 0, any);
	}
	if (rng_chance(&s->rng, 60) && (a = pick_slot(s)) >= 0) {
		bus_set(in, port(s, RFC_WR_I), 0, 1);
		bus_set(in, port(s, RFC_WR_SLOT_I), 0, (unsigned)a);
		bus_set(in, port(s, RFC_WR_REG_I), 0, rng_below(&s->rng, s->reg_range));
		bus_set(in, port(s, RFC_WR_WARP_I), 0, (unsigned)s->slot_warp[a]);
		bus_set(in, port(s, RFC_WR_BYPASS_I), 0, rng_chance(&s->rng, bypass_pct));
		for (unsigned l = 0; l < s->lanes; l++)
			s->scratch[l] = (uint32_t)rng_next(&s->rng);
		bus_set_words(in, port(s, RFC_WR_DATA_I), 0, s->scratch);
	}
}

#define FAIL(...) do { snprintf(msg, msg_n, "scoreboard: " __VA_ARGS__); return -1; } while (0)

static int same(const uint32_t *a, const uint32_t *b, unsigned lanes)
{
	return memcmp(a, b, lanes * sizeof *a) == 0;
}

/* The main-file write the RFC caused last cycle. */
static int check_mrf_write(struct rfc_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned kind, slot, r;
	int w;
	size_t i;

	if (!bus_get(out, port(s, RFC_MRF_WR_O), 0))
		return 0;
	kind = (unsigned)bus_get(out, port(s, RFC_MRF_WR_KIND_O), 0);
	slot = (unsigned)bus_get(out, port(s, RFC_MRF_WR_SLOT_O), 0);
	r = (unsigned)bus_get(out, port(s, RFC_MRF_WR_REG_O), 0);
	w = (int)bus_get(out, port(s, RFC_MRF_WR_WARP_O), 0);
	if (s->nv && kind == RFC_MRF_FLUSH) {
		/* A drained buffer entry: its slot may hold another warp, and
		 * its value may be older than a newer copy still cached; the
		 * end-to-end checks judge what it leaves in the MRF. */
		if ((unsigned)w >= s->nw || r >= s->nr)
			FAIL("buffer drained warp %d reg %u, which does not exist", w, r);
		bus_get_words(out, port(s, RFC_MRF_WR_DATA_O), 0, s->mrf + reg_at(s, (unsigned)w, r) * s->lanes);
		if (s->fl_active && s->fl_cycles)
			s->fl_cycles--;
		return 0;
	}
	if (slot >= s->na || r >= s->nr || s->slot_warp_last[slot] < 0)
		FAIL("main-file write to slot %u reg %u, which holds no warp", slot, r);
	if (w != s->slot_warp_last[slot])
		FAIL("main-file write names warp %d, slot %u held warp %d", w, slot, s->slot_warp_last[slot]);
	i = reg_at(s, (unsigned)w, r);
	bus_get_words(out, port(s, RFC_MRF_WR_DATA_O), 0, s->scratch);
	/* Last cycle the result path had the MRF port: the flush could not
	 * step then, so that cycle does not count against its bound. */
	if (kind != RFC_MRF_FLUSH && s->fl_active && s->fl_cycles)
		s->fl_cycles--;
	if (kind == RFC_MRF_EVICT || kind == RFC_MRF_FLUSH) {
		if (s->dead[i])
			FAIL("%s wrote back warp %d reg %u, which its last use made dead",
			     kind == RFC_MRF_EVICT ? "eviction" : "flush", w, r);
		if (!s->defined[i] || !same(s->scratch, s->ref + i * s->lanes, s->lanes))
			FAIL("%s of warp %d reg %u wrote 0x%08x, the register holds 0x%08x",
			     kind == RFC_MRF_EVICT ? "eviction" : "flush", w, r, s->scratch[0], s->ref[i * s->lanes]);
		s->evictions += kind == RFC_MRF_EVICT;
	} else if (kind == RFC_MRF_BYPASS) {
		if (!same(s->scratch, s->ref + i * s->lanes, s->lanes))
			FAIL("bypass write of warp %d reg %u carries the wrong data", w, r);
	} else {
		FAIL("mrf_wr_kind_o = %u", kind);
	}
	memcpy(s->mrf + i * s->lanes, s->scratch, s->lanes * sizeof *s->mrf);
	return 0;
}

/* The victim buffer shows a value of (w, r) still to drain. */
static int buffered(const struct rfc_stim *s, const uint32_t *out, unsigned w, unsigned r)
{
	for (unsigned b = 0; b < s->nv; b++)
		if (bus_get(out, port(s, RFC_VB_VALID_O), b) && bus_get(out, port(s, RFC_VB_WARP_O), b) == w &&
		    bus_get(out, port(s, RFC_VB_REG_O), b) == r)
			return 1;
	return 0;
}

/* End to end: a warp without a slot has each live register in the MRF
 * or in the buffer. */
static int check_slotless(struct rfc_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	for (unsigned w = 0; w < s->nw && s->nv; w++) {
		if (s->in_slot[w])
			continue;
		for (unsigned r = 0; r < s->nr; r++) {
			size_t i = reg_at(s, w, r);

			if (readable(s, w, r) && !same(s->mrf + i * s->lanes, s->ref + i * s->lanes, s->lanes) &&
			    !buffered(s, out, w, r))
				FAIL("warp %u (no slot) reg %u: the MRF holds 0x%08x, not its live value 0x%08x, "
				     "and the victim buffer does not hold it", w, r, s->mrf[i * s->lanes], s->ref[i * s->lanes]);
		}
	}
	return 0;
}

static int check_reads(struct rfc_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	int rd = (int)bus_get(in, port(s, RFC_RD_I), 0);
	unsigned a = (unsigned)bus_get(in, port(s, RFC_RD_SLOT_I), 0);

	for (unsigned k = 0; k < s->ns; k++) {
		unsigned v = (unsigned)bus_get(out, port(s, RFC_RD_VALID_O), k);

		if (v != s->pend_v[k])
			FAIL("source %u rd_valid_o = %u, but last cycle's tag check %s", k, v,
			     s->pend_v[k] ? "hit" : "did not hit");
		if (v) {
			bus_get_words(out, port(s, RFC_RD_DATA_O), k, s->scratch);
			if (!same(s->scratch, s->pend + k * s->lanes, s->lanes))
				FAIL("source %u hit returned 0x%08x, the register held 0x%08x (stale)", k, s->scratch[0],
				     s->pend[k * s->lanes]);
		}
	}
	for (unsigned k = 0; k < s->ns; k++) {
		unsigned regv = rd && bus_get(in, port(s, RFC_RD_REGV_I), k);
		unsigned hit = (unsigned)bus_get(out, port(s, RFC_RD_HIT_O), k);
		unsigned r = (unsigned)bus_get(in, port(s, RFC_RD_REG_I), k);
		size_t i;

		s->pend_v[k] = hit;
		if (bus_get(out, port(s, RFC_MRF_RD_O), k) != (regv && !hit) || (hit && !regv))
			FAIL("source %u: hit %u / mrf_rd_o %u for an operand that is %s", k, hit,
			     (unsigned)bus_get(out, port(s, RFC_MRF_RD_O), k), regv ? "valid" : "not valid");
		if (!regv)
			continue;
		i = reg_at(s, (unsigned)s->slot_warp[a], r);
		if (hit) {
			memcpy(s->pend + k * s->lanes, s->ref + i * s->lanes, s->lanes * sizeof *s->pend);
		} else if (buffered(s, out, (unsigned)s->slot_warp[a], r)) {
			s->buffered_misses++;	/* the MRF read waits for the drain */
		} else if (!same(s->mrf + i * s->lanes, s->ref + i * s->lanes, s->lanes)) {
			FAIL("source %u: warp %d reg %u missed, but the MRF holds 0x%08x, not its live value "
			     "0x%08x (a live value left the RFC without write-back)", k, s->slot_warp[a], r,
			     s->mrf[i * s->lanes], s->ref[i * s->lanes]);
		}
	}
	return 0;
}

static int check_flush(struct rfc_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned done = (unsigned)bus_get(out, port(s, RFC_FL_DONE_O), 0);
	int w;

	if (!s->fl_active) {
		if (done)
			FAIL("fl_done_o without a flush");
		return 0;
	}
	if (!done) {
		s->fl_waits += s->nv != 0;	/* a buffered flush waits only for room */
		/* A held cycle gives the flush no MRF write (if the result
		 * path took the port too, the cycle is credited twice: the
		 * bound only gets looser). */
		if (bus_get(in, port(s, RFC_FL_HOLD_I), 0))
			return 0;
		if (++s->fl_cycles > 2u * s->nn + 4u + s->nv)
			FAIL("flush of slot %d not done after %u cycles", s->fl_slot, s->fl_cycles);
		return 0;
	}
	w = s->slot_warp[s->fl_slot];
	for (unsigned r = 0; r < s->nr && !s->fl_drop && !s->nv; r++) {
		size_t i = reg_at(s, (unsigned)w, r);

		if (readable(s, (unsigned)w, r) && !same(s->mrf + i * s->lanes, s->ref + i * s->lanes, s->lanes))
			FAIL("after the flush of warp %d, live reg %u is not in the MRF", w, r);
	}
	if (s->fl_drop)	/* the warp finished: nothing of it is live */
		for (unsigned r = 0; r < s->nr; r++)
			s->defined[reg_at(s, (unsigned)w, r)] = 0;
	s->flushes++;
	return 0;
}

/* The clock edge as the program sees it: last uses kill, the result lands,
 * a finished flush hands the slot to another warp. */
static void apply_edge(struct rfc_stim *s, const uint32_t *in, const uint32_t *out)
{
	unsigned a;

	memcpy(s->slot_warp_last, s->slot_warp, s->na * sizeof *s->slot_warp);
	if (bus_get(in, port(s, RFC_RD_I), 0)) {
		a = (unsigned)bus_get(in, port(s, RFC_RD_SLOT_I), 0);
		for (unsigned k = 0; k < s->ns; k++)
			if (bus_get(in, port(s, RFC_RD_REGV_I), k) && bus_get(in, port(s, RFC_RD_LAST_I), k)) {
				s->dead[reg_at(s, (unsigned)s->slot_warp[a], (unsigned)bus_get(in, port(s, RFC_RD_REG_I), k))] = 1;
				s->kills++;
			}
	}
	if (bus_get(in, port(s, RFC_WR_I), 0)) {
		size_t i;

		a = (unsigned)bus_get(in, port(s, RFC_WR_SLOT_I), 0);
		i = reg_at(s, (unsigned)s->slot_warp[a], (unsigned)bus_get(in, port(s, RFC_WR_REG_I), 0));
		bus_get_words(in, port(s, RFC_WR_DATA_I), 0, s->ref + i * s->lanes);
		s->defined[i] = 1;
		s->dead[i] = 0;
	}
	if (s->fl_active && bus_get(out, port(s, RFC_FL_DONE_O), 0)) {
		unsigned free_warps[1024], n = 0;

		s->in_slot[s->slot_warp[s->fl_slot]] = 0;
		for (unsigned w = 0; w < s->nw; w++)
			if (!s->in_slot[w])
				free_warps[n++] = w;
		s->slot_warp[s->fl_slot] = (int)free_warps[rng_below(&s->rng, n)];
		if (s->scenario == SCEN_VICTIM && rng_chance(&s->rng, 50))
			s->slot_warp[s->fl_slot] = s->slot_warp_last[s->fl_slot];	/* straight back */
		s->in_slot[s->slot_warp[s->fl_slot]] = 1;
		s->fl_active = 0;
	}
}

static int stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			size_t msg_n)
{
	struct rfc_stim *s = vs;

	if (check_mrf_write(s, out, msg, msg_n) || check_slotless(s, out, msg, msg_n) ||
	    check_reads(s, in, out, msg, msg_n) || check_flush(s, in, out, msg, msg_n))
		return -1;
	if (bus_get(in, port(s, RFC_WR_I), 0) && bus_get(in, port(s, RFC_WR_BYPASS_I), 0) &&
	    buffered(s, out, (unsigned)bus_get(in, port(s, RFC_WR_WARP_I), 0), (unsigned)bus_get(in, port(s, RFC_WR_REG_I), 0)))
		s->superseded++;	/* a newer write-back of a register still buffered */
	apply_edge(s, in, out);
	if (cycle == 4000 && (s->evictions == 0 || s->flushes == 0 || s->kills == 0))
		FAIL("after 4000 cycles: %llu evictions, %llu flushes, %llu last-use kills; the stimulus is too weak",
		     (unsigned long long)s->evictions, (unsigned long long)s->flushes, (unsigned long long)s->kills);
	if (cycle == 4000 && s->scenario == SCEN_VICTIM && s->nv &&
	    (s->superseded == 0 || s->buffered_misses == 0 || (s->nv == s->nn && s->fl_waits == 0)))
		FAIL("after 4000 cycles: %llu write-backs of buffered registers, %llu misses on buffered registers, "
		     "%llu cycles of a flush waiting for room; the victim scenario is too weak",
		     (unsigned long long)s->superseded, (unsigned long long)s->buffered_misses,
		     (unsigned long long)s->fl_waits);
	return 0;
}

const struct stim_ops rfc_stim = {
	"rfc", scenarios, stim_create, stim_drive, stim_observe, stim_destroy,
};
