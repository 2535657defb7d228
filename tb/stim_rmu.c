/* stim_rmu.c: stimulus, environment and scoreboard for FineReg's RMU.
 *
 * The environment around the RMU, as an SM would be:
 *   ACRF    a flat copy of the banked file; the arbitrator offers the read
 *           and write ports at random (the RMU holds its request until
 *           offered); read data returns [rf] read_latency cycles after the
 *           offered request, as rf_banked's does.
 *   PCRF    the pcrf C model itself (cmodel/pcrf.c, verified against its
 *           RTL by its own lockstep), driven by the RMU's pcrf_* outputs.
 *   memory  liveness vectors: a fixed pseudo-random vector per PC, returned
 *           lric_miss_latency cycles after vec_req_o.
 *   SM      CTAs launch into empty ACRF slots, run (their registers
 *           change), exit, stall; commands are issued one at a time:
 *           evict an active CTA, restore a pending one into an empty slot,
 *           swap the two.  The command is held until cmd_ready_o.
 * Protocol kept: CTA ids and slots in range, S active in s_slot, P pending,
 * S != P, restore only into an empty slot.
 *
 * Scoreboard (never calls the RMU model):
 *   - L_S = the sum over S's warps of popcount(vector(PC) & registers of a
 *     slot); done_live_o must equal it; refused iff L_S > free (+ COUNT[P]
 *     on a swap), with free and COUNT kept here;
 *   - every PCRF write carries a live, not yet evicted (warp, reg) of S and
 *     the value S's slot held when the command started; every ACRF write
 *     of a restore carries a saved (warp, reg) of P, once, with the value
 *     evicted; at done every one was restored;
 *   - chain invariants, every cycle, on a mirror of the tags built from the
 *     ports: each CTA's chain walks from its first entry through NEXT to an
 *     E bit, entries in the order they were written, every entry V = 1 and
 *     owned by one chain only; walks read P's entries in chain order;
 *     free_count_o equals the number of entries with V = 0.
 * Scenarios: random; pcrf_chain (a CTA of 3 live registers evicted, then
 * restored: the waveform of docs/finereg.md); fig6 (Fig. 6(a): evict and
 * launch while the PCRF has room; Fig. 6(b): PCRF full, so only a swap);
 * fig11 (the RMU itself builds Fig. 11's chain 0 -> 1 -> 4, checked entry by
 * entry, and walks it back). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcrf_desc.h"
#include "rmu_desc.h"
#include "rng.h"
#include "stim.h"
#include "unit.h"
#include "vec_mem.h"

enum { SCEN_RANDOM, SCEN_PCRF_CHAIN, SCEN_FIG6, SCEN_FIG11 };
static const char *const scenarios[] = {"random", "pcrf_chain", "fig6", "fig11", NULL};

enum cta_where { CTA_FREE, CTA_ACTIVE, CTA_PENDING };
enum { NPCS = 12, MAX_ACRF_RD = 16 };

struct acrf_rd {
	uint64_t due;
	uint32_t *value;	/* [lanes] */
};

struct rmu_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned W, E, C, R, AR, slots, lanes;	/* R: registers of a warp, AR: of an ACRF warp slot */
	uint64_t mask;
	/* environment */
	uint32_t *acrf;		/* [warps][R][lanes] */
	struct module_desc pdesc;
	const struct unit_ops *pops;
	void *pcrf;
	uint32_t *pin, *pout;	/* pcrf buses */
	struct acrf_rd rdq[MAX_ACRF_RD];
	unsigned rdq_head, rdq_n;
	struct vec_mem vmem;	/* the vector memory: in order, lric_miss_latency */
	uint32_t pcs[NPCS];
	uint64_t pc_vec[NPCS];
	unsigned gnt_pct;
	/* SM bookkeeping */
	int *slot_cta;		/* [slots] CTA or -1 */
	unsigned *where;	/* [C] enum cta_where */
	unsigned *cta_slot;	/* [C] */
	unsigned *count;	/* [C] PCRF entries of a pending CTA */
	uint32_t *saved;	/* [C][W][R][lanes] values evicted */
	uint8_t *saved_v;	/* [C][W][R] */
	/* the command in flight */
	int cmd_pending, busy;
	unsigned op, s, p, s_slot, p_slot, dst_slot;
	uint32_t cmd_pc[64];
	uint64_t exp_vec[64];	/* S's live registers not yet seen evicted */
	uint64_t unread_vec[64];	/* of them, not yet read from the ACRF (read granted) */
	unsigned exp_live;
	uint32_t *snap;		/* [W][R][lanes] S's slot at command start */
	unsigned restored, evicted;
	unsigned script;	/* directed scenarios: next step */
	/* mirror of the PCRF tags and the chains */
	struct pcrf_tag *mtag;	/* [E] */
	int *owner;		/* [E] CTA or -1 */
	int *chain;		/* [C][E]: entries of each CTA's chain, in order */
	unsigned *chain_n, *chain_head;	/* [C]; head = first not yet walked */
	uint32_t *scratch;
	char note[160];
};

static const struct port_desc *port(const struct rmu_stim *s, enum rmu_port p)
{
	return &s->m->ports[p];
}

static uint64_t get(const struct rmu_stim *s, const uint32_t *bus, enum rmu_port p)
{
	return bus_get(bus, port(s, p), 0);
}

static uint32_t *acrf_at(struct rmu_stim *s, unsigned warp, unsigned reg)
{
	return s->acrf + ((size_t)warp * s->AR + reg) * s->lanes;
}

/* The ACRF register of warp w's register r in slot `slot`. */
static uint32_t *slot_at(struct rmu_stim *s, unsigned slot, unsigned w, unsigned r)
{
	unsigned aw, ar;

	rmu_acrf_addr(s->cfg, slot, w, r, &aw, &ar);
	return acrf_at(s, aw, ar);
}

/* Warp and register within slot `slot` of an ACRF (warp slot, register);
 * -1 when the address is outside the slot.  Independent of
 * rmu_acrf_addr(): the CTA slot is W x R consecutive ACRF registers. */
static int slot_reg(const struct rmu_stim *s, unsigned slot, unsigned warp, unsigned reg, unsigned *w,
		    unsigned *r)
{
	size_t flat = (size_t)warp * s->AR + reg, base = (size_t)slot * s->W * s->R;

	if (reg >= s->AR || flat < base || flat >= base + (size_t)s->W * s->R)
		return -1;
	*w = (unsigned)((flat - base) / s->R);
	*r = (unsigned)((flat - base) % s->R);
	return 0;
}

static uint32_t *saved_at(struct rmu_stim *s, unsigned c, unsigned w, unsigned r)
{
	return s->saved + (((size_t)c * s->W + w) * s->R + r) * s->lanes;
}

static uint8_t *saved_v_at(struct rmu_stim *s, unsigned c, unsigned w, unsigned r)
{
	return s->saved_v + ((size_t)c * s->W + w) * s->R + r;
}

static uint64_t vec_of_pc(const struct rmu_stim *s, uint32_t pc)
{
	for (unsigned i = 0; i < NPCS; i++)
		if (s->pcs[i] == pc)
			return s->pc_vec[i];
	return 0;
}

static void randomize_slot(struct rmu_stim *s, unsigned slot)
{
	for (unsigned w = 0; w < s->W; w++)
		for (unsigned r = 0; r < s->R; r++)
			for (unsigned l = 0; l < s->lanes; l++)
				slot_at(s, slot, w, r)[l] = (uint32_t)rng_next(&s->rng);
}

static void rmu_stim_destroy(void *vs)
{
	struct rmu_stim *s = vs;

	if (!s)
		return;
	if (s->pcrf)
		s->pops->destroy(s->pcrf);
	for (unsigned i = 0; i < MAX_ACRF_RD; i++)
		free(s->rdq[i].value);
	free(s->acrf);
	free(s->pin);
	free(s->pout);
	free(s->slot_cta);
	free(s->where);
	free(s->cta_slot);
	free(s->count);
	free(s->saved);
	free(s->saved_v);
	free(s->snap);
	free(s->mtag);
	free(s->owner);
	free(s->chain);
	free(s->chain_n);
	free(s->chain_head);
	free(s->scratch);
	free(s);
}

/* Fixed vectors per PC: densities from empty to full, sometimes with bits
 * above the slot's registers (which the RMU must ignore). */
static void make_pcs(struct rmu_stim *s)
{
	unsigned maxr = s->cfg->finereg.max_regs;
	uint64_t all = maxr >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << maxr) - 1u;

	for (unsigned i = 0; i < NPCS; i++) {
		static const unsigned density[] = {0, 10, 30, 50, 70, 100};
		unsigned d = density[rng_below(&s->rng, 6)];
		uint64_t v = 0;

		/* PCs step by 8 (8-byte instructions); several share a cache line.
		 * A PC of a few bits cannot: then PC i is i. */
		s->pcs[i] = (uint32_t)((s->cfg->finereg.pc_bits > 6 ? rng_below(&s->rng, 64) * 8u : i) &
				       (s->cfg->finereg.pc_bits >= 32 ? 0xffffffffu
								      : (1u << s->cfg->finereg.pc_bits) - 1u));
		for (unsigned r = 0; r < maxr; r++)
			if (rng_chance(&s->rng, d))
				v |= UINT64_C(1) << r;
		if (!rng_chance(&s->rng, 20))
			v &= s->mask;
		s->pc_vec[i] = v & all;
	}
}

static void *rmu_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct rmu_stim *s = calloc(1, sizeof *s);
	size_t nacrf;

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scenario = strcmp(scenario, "pcrf_chain") == 0 ? SCEN_PCRF_CHAIN
		      : strcmp(scenario, "fig6") == 0	  ? SCEN_FIG6
		      : strcmp(scenario, "fig11") == 0	  ? SCEN_FIG11
							  : SCEN_RANDOM;
	s->W = cfg->finereg.warps_per_cta;
	s->E = cfg->finereg.pcrf_entries;
	s->C = cfg->finereg.resident_ctas;
	s->R = cfg->finereg.d.warp_regs;
	s->AR = cfg->d.regs_per_warp;
	s->slots = cfg->finereg.d.slots;
	s->lanes = cfg->lanes;
	s->mask = rmu_live_mask(cfg);
	nacrf = (size_t)cfg->warps * s->AR * s->lanes;
	s->acrf = calloc(nacrf, sizeof *s->acrf);
	desc_pcrf(cfg, &s->pdesc);
	s->pops = unit_ops_find("pcrf");
	s->pcrf = s->pops ? s->pops->create(cfg, &s->pdesc) : NULL;
	s->pin = calloc(s->pdesc.in_words + 1, sizeof *s->pin);
	s->pout = calloc(s->pdesc.out_words + 1, sizeof *s->pout);
	for (unsigned i = 0; i < MAX_ACRF_RD; i++)
		if (!(s->rdq[i].value = calloc(s->lanes, sizeof(uint32_t))))
			return NULL;
	s->slot_cta = calloc(s->slots, sizeof *s->slot_cta);
	s->where = calloc(s->C, sizeof *s->where);
	s->cta_slot = calloc(s->C, sizeof *s->cta_slot);
	s->count = calloc(s->C, sizeof *s->count);
	s->saved = calloc((size_t)s->C * s->W * s->R * s->lanes, sizeof *s->saved);
	s->saved_v = calloc((size_t)s->C * s->W * s->R, 1);
	s->snap = calloc((size_t)s->W * s->R * s->lanes, sizeof *s->snap);
	s->mtag = calloc(s->E, sizeof *s->mtag);
	s->owner = calloc(s->E, sizeof *s->owner);
	s->chain = calloc((size_t)s->C * s->E, sizeof *s->chain);
	s->chain_n = calloc(s->C, sizeof *s->chain_n);
	s->chain_head = calloc(s->C, sizeof *s->chain_head);
	s->scratch = calloc(s->lanes, sizeof *s->scratch);
	if (!s->acrf || !s->pcrf || !s->pin || !s->pout || !s->slot_cta || !s->where || !s->cta_slot ||
	    !s->count || !s->saved || !s->saved_v || !s->snap || !s->mtag || !s->owner || !s->chain ||
	    !s->chain_n || !s->chain_head || !s->scratch || s->W > 64)
		return NULL;
	s->pops->reset(s->pcrf);
	for (unsigned e = 0; e < s->E; e++)
		s->owner[e] = -1;
	for (unsigned i = 0; i < s->slots; i++)
		s->slot_cta[i] = -1;
	make_pcs(s);
	s->gnt_pct = 70;
	/* CTAs 0..slots-1 start in the slots. */
	for (unsigned i = 0; i < s->slots && i < s->C; i++) {
		s->slot_cta[i] = (int)i;
		s->where[i] = CTA_ACTIVE;
		s->cta_slot[i] = i;
		randomize_slot(s, i);
	}
	return s;
}

/* ---- choosing commands ---------------------------------------------------- */

static int pick(struct rmu_stim *s, unsigned where)
{
	unsigned n = 0, k;

	for (unsigned c = 0; c < s->C; c++)
		n += s->where[c] == where;
	if (!n)
		return -1;
	k = rng_below(&s->rng, n);
	for (unsigned c = 0; c < s->C; c++)
		if (s->where[c] == where && k-- == 0)
			return (int)c;
	return -1;
}

static int empty_slot(struct rmu_stim *s)
{
	for (unsigned i = 0; i < s->slots; i++)
		if (s->slot_cta[i] < 0)
			return (int)i;
	return -1;
}

static void launch_into(struct rmu_stim *s, unsigned slot)
{
	int c = pick(s, CTA_FREE);

	if (c < 0)
		return;
	s->slot_cta[slot] = c;
	s->where[c] = CTA_ACTIVE;
	s->cta_slot[c] = slot;
	randomize_slot(s, slot);
}

static void set_cmd(struct rmu_stim *s, unsigned op, unsigned sc, unsigned pc_, unsigned pslot)
{
	s->op = op;
	s->s = sc;
	s->p = pc_;
	s->s_slot = op == RMU_OP_RESTORE ? 0 : s->cta_slot[sc];
	s->p_slot = op == RMU_OP_RESTORE ? pslot : 0;
	for (unsigned w = 0; w < s->W; w++)
		s->cmd_pc[w] = s->pcs[rng_below(&s->rng, NPCS)];
	s->cmd_pending = 1;
}

/* Random SM activity between commands, then maybe a command. */
static void choose_random(struct rmu_stim *s)
{
	int a = pick(s, CTA_ACTIVE), p = pick(s, CTA_PENDING), e = empty_slot(s);
	unsigned k = rng_below(&s->rng, 100);

	if (a >= 0 && rng_chance(&s->rng, 30))	/* it ran: its registers changed */
		randomize_slot(s, s->cta_slot[a]);
	if (a >= 0 && rng_chance(&s->rng, 3)) {	/* it exited */
		s->slot_cta[s->cta_slot[a]] = -1;
		s->where[a] = CTA_FREE;
		return;
	}
	if (e >= 0 && rng_chance(&s->rng, 20)) {
		launch_into(s, (unsigned)e);
		return;
	}
	if (k < 40 && a >= 0)
		set_cmd(s, RMU_OP_EVICT, (unsigned)a, 0, 0);
	else if (k < 70 && a >= 0 && p >= 0)
		set_cmd(s, RMU_OP_SWAP, (unsigned)a, (unsigned)p, 0);
	else if (p >= 0 && e >= 0)
		set_cmd(s, RMU_OP_RESTORE, 0, (unsigned)p, (unsigned)e);
}

/* pcrf_chain: PCs of known vectors: warp 0 has R0, R1 and R2 live (or what
 * the slot has), the others none.  Evict CTA 0, then restore it. */
static void choose_chain(struct rmu_stim *s)
{
	if (s->script == 0) {
		s->pcs[0] = 0x40;
		s->pc_vec[0] = 0x7 & s->mask;
		s->pcs[1] = 0x48;
		s->pc_vec[1] = 0;
		set_cmd(s, RMU_OP_EVICT, 0, 0, 0);
		for (unsigned w = 0; w < s->W; w++)
			s->cmd_pc[w] = w == 0 ? 0x40 : 0x48;
		s->script = 1;
	} else if (s->script == 1 && empty_slot(s) >= 0) {
		set_cmd(s, RMU_OP_RESTORE, 0, 0, (unsigned)empty_slot(s));
		s->script = 2;
	} else if (s->script == 2)
		choose_random(s);
}

/* fig6: (a) the PCRF has room: T1 (CTA 1) stalls with R0 and R2 of each
 * warp live, goes to the PCRF, T2 launches into its space.  Then more
 * CTAs are evicted until one is refused (PCRF full); (b) from then on only
 * swaps of a stalled active CTA with a pending one are tried. */
static void choose_fig6(struct rmu_stim *s)
{
	unsigned k;

	if (s->script == 0) {
		s->pcs[0] = 0x10;
		s->pc_vec[0] = 0x5 & s->mask;	/* R0, R2 */
		set_cmd(s, RMU_OP_EVICT, s->slots > 1 ? 1u : 0u, 0, 0);
		for (unsigned w = 0; w < s->W; w++)
			s->cmd_pc[w] = 0x10;
		s->script = 1;
		return;
	}
	if (s->script == 1) {	/* evict until refused */
		int a = pick(s, CTA_ACTIVE);

		if (a >= 0)
			set_cmd(s, RMU_OP_EVICT, (unsigned)a, 0, 0);
		return;
	}
	k = (unsigned)pick(s, CTA_PENDING);
	if (pick(s, CTA_ACTIVE) >= 0 && (int)k >= 0)
		set_cmd(s, RMU_OP_SWAP, (unsigned)pick(s, CTA_ACTIVE), k, 0);
}

/* fig11: CTA 1 (2 live) takes entries 0, 1; CTA 2 (2 live) takes 2, 3;
 * CTA 1 comes back (0, 1 free again); CTA 0 (3 live) must take 0, 1, 4:
 * head 0, NEXT 1, NEXT 4, E at 4 (Fig. 11); then CTA 0 comes back, read in
 * that order.  Warp 0 holds the live registers, the other warps none. */
static void choose_fig11(struct rmu_stim *s)
{
	static const struct { unsigned op, s, p, pc0; } step[] = {
		{RMU_OP_EVICT, 1, 0, 0x100}, {RMU_OP_EVICT, 2, 0, 0x100}, {RMU_OP_RESTORE, 0, 1, 0},
		{RMU_OP_EVICT, 0, 0, 0x110}, {RMU_OP_RESTORE, 0, 0, 0}};

	if (s->slots < 3 || s->E < 5 || s->R < 3 || s->script >= 5) {
		choose_random(s);
		return;
	}
	s->pcs[0] = 0x100;
	s->pc_vec[0] = 0x3;
	s->pcs[1] = 0x108;
	s->pc_vec[1] = 0;
	s->pcs[2] = 0x110;
	s->pc_vec[2] = 0x7;
	set_cmd(s, step[s->script].op, step[s->script].s, step[s->script].p,
		step[s->script].op == RMU_OP_RESTORE ? (unsigned)empty_slot(s) : 0);
	for (unsigned w = 0; w < s->W; w++)
		s->cmd_pc[w] = w == 0 ? step[s->script].pc0 : 0x108;
	s->script++;
}

static void rmu_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rmu_stim *s = vs;

	if (!s->busy && !s->cmd_pending && rng_chance(&s->rng, 20)) {
		if (s->scenario == SCEN_PCRF_CHAIN)
			choose_chain(s);
		else if (s->scenario == SCEN_FIG6)
			choose_fig6(s);
		else if (s->scenario == SCEN_FIG11)
			choose_fig11(s);
		else
			choose_random(s);
	}
	if (s->cmd_pending) {
		bus_set(in, port(s, RMU_CMD_VALID_I), 0, 1);
		bus_set(in, port(s, RMU_CMD_OP_I), 0, s->op);
		bus_set(in, port(s, RMU_CMD_S_CTA_I), 0, s->op == RMU_OP_RESTORE ? 0 : s->s);
		bus_set(in, port(s, RMU_CMD_S_SLOT_I), 0, s->s_slot);
		bus_set(in, port(s, RMU_CMD_P_CTA_I), 0, s->op == RMU_OP_EVICT ? 0 : s->p);
		bus_set(in, port(s, RMU_CMD_P_SLOT_I), 0, s->p_slot);
		for (unsigned w = 0; w < s->W; w++)
			bus_set(in, port(s, RMU_CMD_PC_I), w, s->cmd_pc[w]);
	}
	if (vec_mem_ready(&s->vmem, cycle)) {
		bus_set(in, port(s, RMU_VEC_RSP_VALID_I), 0, 1);
		bus_set(in, port(s, RMU_VEC_RSP_DATA_I), 0, vec_mem_pop(&s->vmem));
	}
	if (cycle % 512 == 0)
		s->gnt_pct = (unsigned[]){100, 70, 30, 90}[rng_below(&s->rng, 4)];
	bus_set(in, port(s, RMU_ACRF_RD_GNT_I), 0, rng_chance(&s->rng, s->gnt_pct));
	bus_set(in, port(s, RMU_ACRF_WR_GNT_I), 0, rng_chance(&s->rng, s->gnt_pct));
	if (s->rdq_n && s->rdq[s->rdq_head].due == cycle) {
		bus_set(in, port(s, RMU_ACRF_RD_VALID_I), 0, 1);
		bus_set_words(in, port(s, RMU_ACRF_RD_DATA_I), 0, s->rdq[s->rdq_head].value);
		s->rdq_head = (s->rdq_head + 1u) % MAX_ACRF_RD;
		s->rdq_n--;
	}
	/* The PCRF's outputs depend on its state only. */
	s->pops->eval(s->pcrf, s->pin, s->pout);
	bus_set(in, port(s, RMU_PCRF_RD_VALID_I), 0, bus_get(s->pout, &s->pdesc.ports[PCRF_RD_VALID_O], 0));
	bus_set(in, port(s, RMU_PCRF_RD_END_I), 0, bus_get(s->pout, &s->pdesc.ports[PCRF_RD_END_O], 0));
	bus_set(in, port(s, RMU_PCRF_RD_NEXT_I), 0, bus_get(s->pout, &s->pdesc.ports[PCRF_RD_NEXT_O], 0));
	bus_set(in, port(s, RMU_PCRF_RD_WARP_I), 0, bus_get(s->pout, &s->pdesc.ports[PCRF_RD_WARP_O], 0));
	bus_set(in, port(s, RMU_PCRF_RD_REG_I), 0, bus_get(s->pout, &s->pdesc.ports[PCRF_RD_REG_O], 0));
	bus_get_words(s->pout, &s->pdesc.ports[PCRF_RD_DATA_O], 0, s->scratch);
	bus_set_words(in, port(s, RMU_PCRF_RD_DATA_I), 0, s->scratch);
}

/* ---- scoreboard ------------------------------------------------------------ */

#define FAIL(...) (snprintf(msg, msg_n, "scoreboard: " __VA_ARGS__), -1)

static unsigned free_expected(const struct rmu_stim *s)
{
	unsigned used = 0;

	for (unsigned c = 0; c < s->C; c++)
		used += s->chain_n[c] - s->chain_head[c];
	return s->E - used;
}

static void start_command(struct rmu_stim *s)
{
	s->busy = 1;
	s->cmd_pending = 0;
	s->restored = s->evicted = 0;
	s->exp_live = 0;
	s->dst_slot = s->op == RMU_OP_RESTORE ? s->p_slot : s->s_slot;
	if (s->op == RMU_OP_RESTORE)
		return;
	for (unsigned w = 0; w < s->W; w++) {
		s->exp_vec[w] = s->unread_vec[w] = vec_of_pc(s, s->cmd_pc[w]) & s->mask;
		for (uint64_t v = s->exp_vec[w]; v; v &= v - 1u)
			s->exp_live++;
		for (unsigned r = 0; r < s->R; r++)
			memcpy(s->snap + ((size_t)w * s->R + r) * s->lanes,
			       slot_at(s, s->s_slot, w, r), s->lanes * sizeof(uint32_t));
	}
}

/* The chain of CTA c on the mirror: from its first unwalked entry through
 * NEXT, the recorded entries in order, E on the last only. */
static int check_chain(struct rmu_stim *s, unsigned c, char *msg, size_t msg_n)
{
	unsigned n = s->chain_n[c], h = s->chain_head[c];

	for (unsigned i = h; i < n; i++) {
		unsigned e = (unsigned)s->chain[(size_t)c * s->E + i];
		const struct pcrf_tag *t = &s->mtag[e];

		if (!t->valid || s->owner[e] != (int)c)
			return FAIL("CTA %u chain entry %u (#%u) has V=%u owner %d", c, e, i, t->valid, s->owner[e]);
		if ((i + 1 == n) != (t->end != 0))
			return FAIL("CTA %u chain entry %u (#%u of %u) has E=%u", c, e, i, n, t->end);
		if (i + 1 < n && t->next != (unsigned)s->chain[(size_t)c * s->E + i + 1])
			return FAIL("CTA %u chain entry %u NEXT=%u, expected %d", c, e, t->next,
				    s->chain[(size_t)c * s->E + i + 1]);
	}
	return 0;
}

static int check_invariants(struct rmu_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned nfree = 0;

	for (unsigned e = 0; e < s->E; e++) {
		nfree += !s->mtag[e].valid;
		if (s->mtag[e].valid != (s->owner[e] >= 0))
			return FAIL("entry %u V=%u but owner %d", e, s->mtag[e].valid, s->owner[e]);
	}
	if (get(s, out, RMU_FREE_COUNT_O) != nfree || nfree != free_expected(s))
		return FAIL("free_count_o = %u, entries with V=0: %u, chains leave %u free",
			    (unsigned)get(s, out, RMU_FREE_COUNT_O), nfree, free_expected(s));
	for (unsigned c = 0; c < s->C; c++)
		if (check_chain(s, c, msg, msg_n))
			return -1;
	return 0;
}

/* The RMU writes a chain entry: a live register of S, value as started. */
static int on_pcrf_write(struct rmu_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned e = (unsigned)get(s, out, RMU_PCRF_WR_IDX_O), w = (unsigned)get(s, out, RMU_PCRF_WR_WARP_O);
	unsigned r = (unsigned)get(s, out, RMU_PCRF_WR_REG_O), n = s->chain_n[s->s];

	if (s->op == RMU_OP_RESTORE || e >= s->E || w >= s->W || r >= s->R)
		return FAIL("PCRF write entry %u warp %u reg %u out of protocol (op %u)", e, w, r, s->op);
	if (s->owner[e] >= 0)
		return FAIL("PCRF write to entry %u, still in CTA %d's chain", e, s->owner[e]);
	if (!(s->exp_vec[w] >> r & 1u))
		return FAIL("PCRF write of CTA %u warp %u reg %u: not live or already evicted", s->s, w, r);
	bus_get_words(out, port(s, RMU_PCRF_WR_DATA_O), 0, s->scratch);
	if (memcmp(s->scratch, s->snap + ((size_t)w * s->R + r) * s->lanes, s->lanes * sizeof(uint32_t)))
		return FAIL("PCRF write of CTA %u warp %u reg %u: 0x%08x..., ACRF held 0x%08x...", s->s, w, r,
			    s->scratch[0], s->snap[((size_t)w * s->R + r) * s->lanes]);
	if (get(s, out, RMU_PCRF_LINK_VALID_O) != (n > s->chain_head[s->s] ? 1u : 0u) ||
	    (n > s->chain_head[s->s] &&
	     (get(s, out, RMU_PCRF_LINK_IDX_O) != (unsigned)s->chain[(size_t)s->s * s->E + n - 1] ||
	      get(s, out, RMU_PCRF_LINK_NEXT_O) != e)))
		return FAIL("PCRF write of entry %u: link of the chain's last entry missing or wrong", e);
	s->exp_vec[w] &= ~(UINT64_C(1) << r);
	memcpy(saved_at(s, s->s, w, r), s->scratch, s->lanes * sizeof(uint32_t));
	*saved_v_at(s, s->s, w, r) = 1;
	s->chain[(size_t)s->s * s->E + n] = (int)e;
	s->chain_n[s->s]++;
	s->owner[e] = (int)s->s;
	s->evicted++;
	return 0;
}

/* The RMU reads and frees an entry: the next of P's chain. */
static int on_pcrf_read(struct rmu_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned e = (unsigned)get(s, out, RMU_PCRF_RD_IDX_O), h = s->chain_head[s->p];

	if (s->op == RMU_OP_EVICT || h >= s->chain_n[s->p] || s->chain[(size_t)s->p * s->E + h] != (int)e)
		return FAIL("PCRF read of entry %u: not the next entry of CTA %u's chain", e, s->p);
	s->chain_head[s->p]++;
	s->owner[e] = -1;
	return 0;
}

/* The RMU writes P's register to the ACRF. */
static int on_acrf_write(struct rmu_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned warp = (unsigned)get(s, out, RMU_ACRF_WR_WARP_O), ar = (unsigned)get(s, out, RMU_ACRF_WR_REG_O);
	unsigned w = 0, r = 0;

	if (s->op == RMU_OP_EVICT || slot_reg(s, s->dst_slot, warp, ar, &w, &r))
		return FAIL("ACRF write of warp slot %u reg %u: not in slot %u", warp, ar, s->dst_slot);
	if (!*saved_v_at(s, s->p, w, r))
		return FAIL("ACRF write of CTA %u warp %u reg %u: never saved or restored twice", s->p, w, r);
	/* The ACRF reads first at an edge: once S's register was read for its
	 * eviction (read granted) P's may take its place, even while S's value
	 * is still in the transfer buffer (a concurrent swap, V-E "Meanwhile"). */
	if (s->op == RMU_OP_SWAP && (s->unread_vec[w] >> r & 1u))
		return FAIL("swap overwrites S's live warp %u reg %u before evicting it", w, r);
	bus_get_words(out, port(s, RMU_ACRF_WR_DATA_O), 0, s->scratch);
	if (memcmp(s->scratch, saved_at(s, s->p, w, r), s->lanes * sizeof(uint32_t)))
		return FAIL("restore of CTA %u warp %u reg %u: 0x%08x..., evicted 0x%08x...", s->p, w, r,
			    s->scratch[0], saved_at(s, s->p, w, r)[0]);
	*saved_v_at(s, s->p, w, r) = 0;
	s->restored++;
	return 0;
}

static int on_done(struct rmu_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned refused = (unsigned)get(s, out, RMU_DONE_REFUSED_O);
	unsigned live = (unsigned)get(s, out, RMU_DONE_LIVE_O);
	/* free and COUNT[P] as they were before the command */
	unsigned pcount = s->op == RMU_OP_EVICT ? 0 : s->count[s->p];
	unsigned avail = free_expected(s) + s->evicted - (s->op == RMU_OP_EVICT ? 0 : s->restored);
	int want_refuse = s->op != RMU_OP_RESTORE && s->exp_live > avail + (s->op == RMU_OP_SWAP ? pcount : 0);

	if (live != (s->op == RMU_OP_RESTORE ? 0 : s->exp_live))
		return FAIL("done_live_o = %u, the PCs' vectors give %u", live, s->exp_live);
	if ((int)refused != want_refuse)
		return FAIL("done_refused_o = %u: L_S = %u, free %u, COUNT[P] %u", refused, s->exp_live, avail, pcount);
	s->busy = 0;
	if (refused)
		return 0;
	if (s->op != RMU_OP_EVICT) {
		for (unsigned w = 0; w < s->W; w++)
			for (unsigned r = 0; r < s->R; r++)
				if (*saved_v_at(s, s->p, w, r))
					return FAIL("CTA %u warp %u reg %u was never restored", s->p, w, r);
		if (s->restored != s->count[s->p])
			return FAIL("%u registers restored, CTA %u had %u", s->restored, s->p, s->count[s->p]);
		s->chain_n[s->p] = s->chain_head[s->p] = 0;
		s->count[s->p] = 0;
	}
	if (s->op != RMU_OP_RESTORE) {
		for (unsigned w = 0; w < s->W; w++)
			if (s->exp_vec[w])
				return FAIL("CTA %u warp %u: live registers 0x%llx never evicted", s->s, w,
					    (unsigned long long)s->exp_vec[w]);
		s->count[s->s] = s->evicted;
		s->where[s->s] = CTA_PENDING;
		s->slot_cta[s->s_slot] = -1;
	}
	if (s->op != RMU_OP_EVICT) {
		s->where[s->p] = CTA_ACTIVE;
		s->cta_slot[s->p] = s->dst_slot;
		s->slot_cta[s->dst_slot] = (int)s->p;
	}
	if (s->scenario == SCEN_FIG11 && s->script == 4) {
		const int *ch = s->chain + (size_t)s->s * s->E;

		if (s->chain_n[s->s] != 3 || ch[0] != 0 || ch[1] != 1 || ch[2] != 4)
			return FAIL("Fig. 11: CTA 0's chain is not 0 -> 1 -> 4 (%u entries: %d %d %d)",
				    s->chain_n[s->s], ch[0], ch[1], ch[2]);
		snprintf(s->note, sizeof s->note, "Fig. 11 chain 0 -> 1 -> 4 built");
	}
	if (s->op == RMU_OP_EVICT && s->scenario != SCEN_PCRF_CHAIN && s->scenario != SCEN_FIG11)
		launch_into(s, s->s_slot);	/* Fig. 6(a): a new CTA takes S's space */
	return 0;
}

static void feed_pcrf(struct rmu_stim *s, const uint32_t *out)
{
	const struct port_desc *pp = s->pdesc.ports;

	memset(s->pin, 0, s->pdesc.in_words * sizeof *s->pin);
	bus_set(s->pin, &pp[PCRF_WR_VALID_I], 0, get(s, out, RMU_PCRF_WR_VALID_O));
	bus_set(s->pin, &pp[PCRF_WR_IDX_I], 0, get(s, out, RMU_PCRF_WR_IDX_O));
	bus_set(s->pin, &pp[PCRF_WR_END_I], 0, 1);
	bus_set(s->pin, &pp[PCRF_WR_WARP_I], 0, get(s, out, RMU_PCRF_WR_WARP_O));
	bus_set(s->pin, &pp[PCRF_WR_REG_I], 0, get(s, out, RMU_PCRF_WR_REG_O));
	bus_get_words(out, port(s, RMU_PCRF_WR_DATA_O), 0, s->scratch);
	bus_set_words(s->pin, &pp[PCRF_WR_DATA_I], 0, s->scratch);
	bus_set(s->pin, &pp[PCRF_LINK_VALID_I], 0, get(s, out, RMU_PCRF_LINK_VALID_O));
	bus_set(s->pin, &pp[PCRF_LINK_IDX_I], 0, get(s, out, RMU_PCRF_LINK_IDX_O));
	bus_set(s->pin, &pp[PCRF_LINK_NEXT_I], 0, get(s, out, RMU_PCRF_LINK_NEXT_O));
	bus_set(s->pin, &pp[PCRF_RD_VALID_I], 0, get(s, out, RMU_PCRF_RD_VALID_O));
	bus_set(s->pin, &pp[PCRF_RD_IDX_I], 0, get(s, out, RMU_PCRF_RD_IDX_O));
	bus_set(s->pin, &pp[PCRF_RD_FREE_I], 0, 1);
	s->pops->tick(s->pcrf, s->pin);
}

/* The mirror of the tags, from the same ports (free, write, link order). */
static void mirror_tags(struct rmu_stim *s, const uint32_t *out)
{
	if (get(s, out, RMU_PCRF_RD_VALID_O))
		s->mtag[get(s, out, RMU_PCRF_RD_IDX_O) % s->E].valid = 0;
	if (get(s, out, RMU_PCRF_WR_VALID_O))
		s->mtag[get(s, out, RMU_PCRF_WR_IDX_O) % s->E] = (struct pcrf_tag){
			1, 1, 0, (unsigned)get(s, out, RMU_PCRF_WR_WARP_O), (unsigned)get(s, out, RMU_PCRF_WR_REG_O)};
	if (get(s, out, RMU_PCRF_LINK_VALID_O)) {
		struct pcrf_tag *t = &s->mtag[get(s, out, RMU_PCRF_LINK_IDX_O) % s->E];

		t->next = (unsigned)get(s, out, RMU_PCRF_LINK_NEXT_O);
		t->end = 0;
	}
}

static int rmu_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			    size_t msg_n)
{
	struct rmu_stim *s = vs;

	/* The mirror holds the state before this edge, as free_count_o does. */
	if (check_invariants(s, out, msg, msg_n))
		return -1;
	if (get(s, in, RMU_CMD_VALID_I) && get(s, out, RMU_CMD_READY_O))
		start_command(s);
	if (get(s, out, RMU_VEC_REQ_O)) {
		/* blocking: one fetch at a time; overlapped: at most one per warp */
		if (s->vmem.n >= (s->cfg->finereg.lric_fetch == FINEREG_FETCH_OVERLAPPED ? s->W : 1u))
			return FAIL("vec_req_o with every fetch the lookups may have outstanding");
		(void)vec_mem_push(&s->vmem, cycle + s->cfg->finereg.lric_miss_latency,
				   vec_of_pc(s, (uint32_t)get(s, out, RMU_VEC_PC_O)));
	}
	if (get(s, out, RMU_ACRF_RD_REQ_O) && get(s, in, RMU_ACRF_RD_GNT_I)) {
		unsigned warp = (unsigned)get(s, out, RMU_ACRF_RD_WARP_O), r = (unsigned)get(s, out, RMU_ACRF_RD_REG_O);
		struct acrf_rd *q = &s->rdq[(s->rdq_head + s->rdq_n) % MAX_ACRF_RD];
		unsigned sw, sr;

		if (!s->busy || s->op == RMU_OP_RESTORE || slot_reg(s, s->s_slot, warp, r, &sw, &sr) ||
		    s->rdq_n == MAX_ACRF_RD)
			return FAIL("ACRF read of warp slot %u reg %u outside S's slot %u", warp, r, s->s_slot);
		q->due = cycle + s->cfg->read_latency;
		memcpy(q->value, acrf_at(s, warp, r), s->lanes * sizeof(uint32_t));
		if (sw < 64 && sr < 64)
			s->unread_vec[sw] &= ~(UINT64_C(1) << sr);
		s->rdq_n++;
	}
	if (get(s, out, RMU_PCRF_RD_VALID_O) && on_pcrf_read(s, out, msg, msg_n))
		return -1;
	if (get(s, out, RMU_PCRF_WR_VALID_O) && on_pcrf_write(s, out, msg, msg_n))
		return -1;
	if (get(s, out, RMU_ACRF_WR_REQ_O) && get(s, in, RMU_ACRF_WR_GNT_I)) {
		if (on_acrf_write(s, out, msg, msg_n))
			return -1;
		bus_get_words(out, port(s, RMU_ACRF_WR_DATA_O), 0,
			      acrf_at(s, (unsigned)get(s, out, RMU_ACRF_WR_WARP_O),
				      (unsigned)get(s, out, RMU_ACRF_WR_REG_O)));
	}
	mirror_tags(s, out);
	feed_pcrf(s, out);
	if (get(s, out, RMU_DONE_O)) {
		if (!s->busy)
			return FAIL("done_o without a command");
		if (on_done(s, out, msg, msg_n))
			return -1;
		if (s->scenario == SCEN_FIG6 && s->script == 1 && get(s, out, RMU_DONE_REFUSED_O))
			s->script = 2;	/* Fig. 6(b): the PCRF is full */
	}
	return 0;
}

const struct stim_ops rmu_stim = {
	"rmu", scenarios, rmu_stim_create, rmu_stim_drive, rmu_stim_observe, rmu_stim_destroy,
};
