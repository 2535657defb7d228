/* rename_table.c: cycle model of RegVirt's renaming unit (Sec. 7.1, 8.1,
 * 8.2; decisions in docs/regvirt.md).  It is the specification the RTL
 * (gen/emit_rename_table.c) is checked against, cycle by cycle.
 *
 * One cycle, in the order the hardware decides it:
 *   1. slots: each rename port's instruction has 3 source slots and a
 *      destination slot.  A slot is done without the table when it is
 *      absent, renaming-exempt (register < N: static map), a repeated
 *      source (copies the first one) or was served in an earlier cycle.
 *      Every other slot requests its home bank's table port; a destination
 *      waits while a source of the same port in the same bank is still
 *      pending (so a source's unmap comes before the destination's check);
 *      with rt_ports > 1 only a source of the same register holds it, and
 *      the destination then shares that source's lookup (after its unmap)
 *      in the source's cycle instead of looking up itself.  A warp-exit
 *      sweep runs beside the renames: it reads the exited warp's rows
 *      through its own port, and the environment presents no instruction
 *      of the warp being swept.
 *   2. per bank, a round-robin arbiter (cmodel/rr_arb.c) over the slots
 *      grants rt_ports lookups (read ports; one with the defaults): more
 *      conflicting lookups serialize (Sec. 7.1).  A bank allocates at most
 *      one register per cycle; a second granted destination needing one
 *      retries.
 *   3. a granted source reads its entry; if it carries a release bit and
 *      is mapped, the entry is unmapped at the edge (the register is freed
 *      later, through free_*, once the operand collector has read it).
 *   4. a granted destination that is mapped writes in place; otherwise it
 *      allocates in its home bank the lowest free register of a powered
 *      subarray, or the lowest free one at all (waking its subarray); with
 *      the bank full it retries.  The CTA throttle (throttle_o) acts when
 *      the scheduler selects, not here.
 *   5. an instruction whose slots are all done leaves (ren_ready_o) and
 *      appears on out_* one cycle later: the paper's extra rename cycle.
 *   6. at the edge: frees and sweep frees clear availability bits; warp
 *      launches, exits and the kernel launch update the CTA bookkeeping. */
#include "rename_table.h"

#include <stdlib.h>
#include <string.h>

#include "rename_table_desc.h"
#include "rr_arb.h"

enum { MAXP = 4, MAXB = 64, MAXC = 128 };

/* What one slot does this cycle. */
struct slot_cycle {
	int valid, exempt, dup, first;	/* first: index of the slot a dup copies */
	int req, gnt, served_now;
	int follow;			/* destination: the same-register source whose lookup it shares, -1 */
	unsigned bank, row, reg;
	unsigned pid, mapped, rel, fresh, wake;	/* result when served now (or exempt) */
	int unmap;			/* clear the entry at the edge */
};

struct rt_cycle {
	struct slot_cycle s[MAXP][RT_SLOTS];
	int ready[MAXP];
	int alloc[MAXB];		/* bank allocates this cycle */
	unsigned alloc_idx[MAXB], alloc_row[MAXB], alloc_cta[MAXB];
	int alloc_wake[MAXB];
	unsigned arb_next[MAXB];
	/* throttle */
	int any_res, throttle;
	unsigned fav;
};

/* Captured result of a slot served before its instruction completed. */
struct slot_cap {
	int served;
	unsigned pid, mapped, rel, fresh, wake;
};

struct out_reg {
	int valid;
	unsigned warp;
	unsigned src_pid[RT_SRCS], src_mapped[RT_SRCS], src_rel[RT_SRCS];
	unsigned dst_pid, dst_new, dst_wake;
};

struct rt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned nb, np, nf, nl, nsub, sub_regs, bank_regs;	/* nl: lookups per bank */
	/* launch-time state */
	unsigned n_exempt, ex_rows, demand, bank_demand;
	/* table: [bank][row] */
	uint8_t *rt_valid;
	unsigned *rt_idx;
	/* availability: [bank][index], 1 = busy */
	uint8_t *busy;
	unsigned free_cnt[MAXB];
	/* CTA bookkeeping */
	unsigned *k;		/* [cta] renamed registers held */
	unsigned *kb;		/* [cta][bank] (per-bank throttle) */
	unsigned *cta_warps;	/* [cta] */
	unsigned *warp_cta;	/* [warp] */
	unsigned fav;
	int fav_valid;
	/* sweep */
	int sweep_busy, sweep_spill;	/* a spill sweep keeps the warp (cta_warps) */
	unsigned sweep_warp, sweep_row;
	uint32_t sweep_keep[RT_KEEP_WORDS];	/* a spill's kept entries: bit row x banks + bank */
	/* rename stage */
	struct slot_cap cap[MAXP][RT_SLOTS];
	struct out_reg out[MAXP];
	unsigned arb_ptr[MAXB];
	unsigned *wake_cnt;	/* [bank][subarray] */
	struct rt_cycle cy;
};

static const struct port_desc *port(const struct rt_model *m, enum rename_table_port p)
{
	return &m->desc->ports[p];
}

static unsigned in1(const struct rt_model *m, const uint32_t *in, enum rename_table_port p, unsigned e)
{
	return (unsigned)bus_get(in, port(m, p), e);
}

static int sub_on(const struct rt_model *m, unsigned b, unsigned s)
{
	const uint8_t *busy = m->busy + (size_t)b * m->bank_regs + (size_t)s * m->sub_regs;

	for (unsigned i = 0; i < m->sub_regs; i++)
		if (busy[i])
			return 1;
	return 0;
}

/* Lowest free register of bank b in a powered subarray, else the lowest
 * free one (*wake = 1: its subarray is gated).  -1 when the bank is full. */
static int pick_free(const struct rt_model *m, unsigned b, int *wake)
{
	const uint8_t *busy = m->busy + (size_t)b * m->bank_regs;
	int any = -1;

	for (unsigned i = 0; i < m->bank_regs; i++) {
		if (busy[i])
			continue;
		if (sub_on(m, b, i / m->sub_regs)) {
			*wake = 0;
			return (int)i;
		}
		if (any < 0)
			any = (int)i;
	}
	*wake = any >= 0;
	return any;
}

static unsigned sat_sub(unsigned a, unsigned b)
{
	return a > b ? a - b : 0;
}

/* The throttle decision (Sec. 8.1): the favoured CTA and whether the
 * scheduler must select only its warps.  It acts at selection, so the
 * check keeps a margin of one allocation per rename port for instructions
 * selected before it engaged. */
static void decide_throttle(const struct rt_model *m, struct rt_cycle *cy)
{
	const struct gpurf_cfg *cfg = m->cfg;
	unsigned best = 0, argmin = 0, avail = 0;
	int found = 0;

	for (unsigned b = 0; b < m->nb; b++)
		avail += m->free_cnt[b];
	for (unsigned c = 0; c < cfg->ctas; c++) {
		unsigned need = sat_sub(m->demand, m->k[c]);

		if (!m->cta_warps[c])
			continue;
		if (!found || need < best) {
			best = need;
			argmin = c;
		}
		found = 1;
	}
	cy->any_res = found;
	if (cfg->regvirt.throttle == RV_THROTTLE_GLOBAL) {
		cy->fav = argmin;
		cy->throttle = found && avail <= best + m->np;
		return;
	}
	/* per_bank: the favoured CTA is sticky until it retires. */
	cy->fav = m->fav_valid && m->cta_warps[m->fav] ? m->fav : argmin;
	cy->throttle = 0;
	if (found)
		for (unsigned b = 0; b < m->nb; b++)
			cy->throttle |= m->free_cnt[b] <= sat_sub(m->bank_demand, m->kb[cy->fav * m->nb + b]) + m->np;
}

static void decide(const struct rt_model *m, const uint32_t *in, struct rt_cycle *cy)
{
	const struct gpurf_cfg *cfg = m->cfg;
	uint64_t req[MAXB] = {0};
	memset(cy, 0, sizeof *cy);
	decide_throttle(m, cy);
	/* 1. slots and requests */
	for (unsigned p = 0; p < m->np; p++) {
		unsigned w = in1(m, in, RT_REN_WARP_I, p);
		int valid = in1(m, in, RT_REN_VALID_I, p);

		for (unsigned s = 0; s < RT_SLOTS; s++) {
			struct slot_cycle *sc = &cy->s[p][s];

			sc->valid = valid && (s < RT_SRCS ? in1(m, in, RT_REN_SRC_VALID_I, p * RT_SRCS + s)
							  : in1(m, in, RT_REN_DST_VALID_I, p));
			sc->reg = s < RT_SRCS ? in1(m, in, RT_REN_SRC_I, p * RT_SRCS + s) : in1(m, in, RT_REN_DST_I, p);
			sc->bank = rt_home_bank(cfg, w, sc->reg);
			sc->exempt = sc->reg < m->n_exempt;
			sc->first = (int)s;
			sc->follow = -1;
			for (unsigned i = 0; i < s && s < RT_SRCS; i++)
				if (cy->s[p][i].valid && cy->s[p][i].reg == sc->reg && !sc->dup) {
					sc->dup = 1;
					sc->first = (int)i;
				}
			if (!sc->valid)
				continue;
			if (sc->exempt) {
				sc->pid = rt_pid(cfg, sc->bank,
						 rt_exempt_index(cfg, m->n_exempt, w, sc->reg) & ((1u << cfg->regvirt.d.idx_bits) - 1u));
				sc->mapped = 1;
				continue;
			}
			/* Row arithmetic is modulo 2^ROW_W, as in the RTL; rows past
			 * the table (a protocol violation) read unmapped. */
			sc->row = rt_row(cfg, m->n_exempt, w, sc->reg) & ((1u << cfg_index_bits(cfg->regvirt.d.rt_rows)) - 1u);
			if (sc->dup || m->cap[p][s].served)
				continue;
			sc->req = 1;
			if (s == RT_SRCS)
				for (unsigned i = 0; i < RT_SRCS; i++) {
					const struct slot_cycle *si = &cy->s[p][i];

					if (si->req && si->bank == sc->bank && (m->nl == 1 || si->reg == sc->reg))
						sc->req = 0;
					if (m->nl > 1 && si->req && si->reg == sc->reg)
						sc->follow = (int)i;
				}
			if (sc->req)
				req[sc->bank] |= UINT64_C(1) << (p * RT_SLOTS + s);
		}
	}
	/* 2. rt_ports lookups per table bank */
	for (unsigned b = 0; b < m->nb; b++) {
		struct rr_grant g = rr_arb_grant(m->np * RT_SLOTS, m->arb_ptr[b], req[b], m->nl);

		cy->arb_next[b] = g.next_ptr;
		for (unsigned i = 0; i < m->np * RT_SLOTS; i++)
			if (g.gnt >> i & 1u)
				cy->s[i / RT_SLOTS][i % RT_SLOTS].gnt = 1;
	}
	/* 3-4. lookups, unmaps, allocations (banks in order for the throttle) */
	for (unsigned b = 0; b < m->nb; b++)
		for (unsigned p = 0; p < m->np; p++)
			for (unsigned s = 0; s < RT_SLOTS; s++) {
				struct slot_cycle *sc = &cy->s[p][s];
				unsigned c = m->warp_cta[in1(m, in, RT_REN_WARP_I, p)];
				int valid, wake = 0, idx;

				if (sc->bank != b)
					continue;
				if (sc->follow >= 0 && cy->s[p][sc->follow].gnt) {
					/* the source's lookup of the same entry, after its unmap */
					const struct slot_cycle *si = &cy->s[p][sc->follow];

					valid = si->mapped && !si->unmap;
					idx = (int)rt_pid_index(cfg, si->pid);
				} else if (!sc->gnt) {
					continue;
				} else {
					valid = sc->row < m->cfg->regvirt.d.rt_rows &&
						m->rt_valid[(size_t)b * cfg->regvirt.d.rt_rows + sc->row];
					idx = valid ? (int)m->rt_idx[(size_t)b * cfg->regvirt.d.rt_rows + sc->row] : 0;
				}
				if (s < RT_SRCS) {
					unsigned rel = 0;

					for (unsigned j = s; j < RT_SRCS; j++)
						if (cy->s[p][j].valid && cy->s[p][j].reg == sc->reg &&
						    in1(m, in, RT_REN_REL_I, p * RT_SRCS + j))
							rel = 1;
					sc->served_now = 1;
					sc->mapped = (unsigned)valid;
					sc->pid = rt_pid(cfg, b, (unsigned)idx);
					sc->rel = rel && valid;
					sc->unmap = (int)sc->rel;
					continue;
				}
				if (valid) {
					sc->served_now = 1;
					sc->mapped = 1;
					sc->pid = rt_pid(cfg, b, (unsigned)idx);
					continue;
				}
				/* The throttle acts at selection (throttle_o); an
				 * instruction already here only waits for a register,
				 * and for the bank's one allocation per cycle (the
				 * lowest granted slot takes it). */
				if (cy->alloc[b])
					continue;
				idx = pick_free(m, b, &wake);
				if (idx < 0)
					continue;
				sc->served_now = 1;
				sc->mapped = 1;
				sc->fresh = 1;
				sc->wake = (unsigned)wake;
				sc->pid = rt_pid(cfg, b, (unsigned)idx);
				cy->alloc[b] = 1;
				cy->alloc_idx[b] = (unsigned)idx;
				cy->alloc_row[b] = sc->row;
				cy->alloc_cta[b] = c;
				cy->alloc_wake[b] = wake;
			}
	/* 5. readiness */
	for (unsigned p = 0; p < m->np; p++) {
		cy->ready[p] = in1(m, in, RT_REN_VALID_I, p);
		for (unsigned s = 0; s < RT_SLOTS; s++) {
			const struct slot_cycle *sc = &cy->s[p][s];

			if (sc->valid && !sc->exempt && !sc->dup && !m->cap[p][s].served && !sc->served_now)
				cy->ready[p] = 0;
		}
	}
}

static void *rt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rt_model *m = calloc(1, sizeof *m);
	const struct cfg_regvirt *rv = &cfg->regvirt;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->nb = cfg->banks;
	m->np = rv->rename_ports;
	m->nf = rv->free_ports;
	m->nl = rv->rt_ports ? rv->rt_ports : 1;
	m->nsub = rv->subarrays;
	m->sub_regs = rv->d.sub_regs;
	m->bank_regs = rv->d.bank_regs;
	m->rt_valid = calloc((size_t)m->nb * rv->d.rt_rows, 1);
	m->rt_idx = calloc((size_t)m->nb * rv->d.rt_rows, sizeof *m->rt_idx);
	m->busy = calloc((size_t)m->nb * m->bank_regs, 1);
	m->k = calloc(cfg->ctas, sizeof *m->k);
	m->kb = calloc((size_t)cfg->ctas * m->nb, sizeof *m->kb);
	m->cta_warps = calloc(cfg->ctas, sizeof *m->cta_warps);
	m->warp_cta = calloc(cfg->warps, sizeof *m->warp_cta);
	m->wake_cnt = calloc((size_t)m->nb * m->nsub, sizeof *m->wake_cnt);
	if (!m->rt_valid || !m->rt_idx || !m->busy || !m->k || !m->kb || !m->cta_warps || !m->warp_cta ||
	    !m->wake_cnt || m->nb > MAXB || m->np > MAXP || cfg->ctas > MAXC) {
		rename_table_ops.destroy(m);
		return NULL;
	}
	return m;
}

static void rt_destroy(void *vm)
{
	struct rt_model *m = vm;

	if (!m)
		return;
	free(m->rt_valid);
	free(m->rt_idx);
	free(m->busy);
	free(m->k);
	free(m->kb);
	free(m->cta_warps);
	free(m->warp_cta);
	free(m->wake_cnt);
	free(m);
}

/* Kernel-launch state with N exempt registers (reset is a launch with
 * N = 0 and zero demands). */
static void launch(struct rt_model *m, unsigned n_exempt, unsigned demand, unsigned bank_demand)
{
	const struct gpurf_cfg *cfg = m->cfg;
	unsigned reserved;

	m->n_exempt = n_exempt;
	m->ex_rows = rt_exempt_rows(cfg, n_exempt);
	m->demand = demand;
	m->bank_demand = bank_demand;
	reserved = cfg->warps * m->ex_rows;
	memset(m->rt_valid, 0, (size_t)m->nb * cfg->regvirt.d.rt_rows);
	for (unsigned b = 0; b < m->nb; b++) {
		for (unsigned i = 0; i < m->bank_regs; i++)
			m->busy[(size_t)b * m->bank_regs + i] = i < reserved;
		m->free_cnt[b] = reserved < m->bank_regs ? m->bank_regs - reserved : 0;
	}
	memset(m->k, 0, cfg->ctas * sizeof *m->k);
	memset(m->kb, 0, (size_t)cfg->ctas * m->nb * sizeof *m->kb);
	memset(m->cta_warps, 0, cfg->ctas * sizeof *m->cta_warps);
	m->fav = 0;
	m->fav_valid = 0;
	m->sweep_busy = m->sweep_spill = 0;
	memset(m->wake_cnt, 0, (size_t)m->nb * m->nsub * sizeof *m->wake_cnt);
}

static void rt_reset(void *vm)
{
	struct rt_model *m = vm;

	launch(m, 0, 0, 0);
	memset(m->warp_cta, 0, m->cfg->warps * sizeof *m->warp_cta);
	memset(m->cap, 0, sizeof m->cap);
	memset(m->out, 0, sizeof m->out);
	memset(m->arb_ptr, 0, sizeof m->arb_ptr);
	m->sweep_warp = m->sweep_row = 0;
	memset(m->sweep_keep, 0, sizeof m->sweep_keep);
}

static void rt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rt_model *m = vm;
	const struct gpurf_cfg *cfg = m->cfg;
	struct rt_cycle *cy = &m->cy;

	decide(m, in, cy);
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned p = 0; p < m->np; p++) {
		const struct out_reg *o = &m->out[p];

		bus_set(out, port(m, RT_REN_READY_O), p, (uint64_t)cy->ready[p]);
		bus_set(out, port(m, RT_OUT_VALID_O), p, (uint64_t)o->valid);
		bus_set(out, port(m, RT_OUT_WARP_O), p, o->warp);
		for (unsigned s = 0; s < RT_SRCS; s++) {
			bus_set(out, port(m, RT_OUT_SRC_PID_O), p * RT_SRCS + s, o->src_pid[s]);
			bus_set(out, port(m, RT_OUT_SRC_MAPPED_O), p * RT_SRCS + s, o->src_mapped[s]);
			bus_set(out, port(m, RT_OUT_SRC_REL_O), p * RT_SRCS + s, o->src_rel[s]);
		}
		bus_set(out, port(m, RT_OUT_DST_PID_O), p, o->dst_pid);
		bus_set(out, port(m, RT_OUT_DST_NEW_O), p, o->dst_new);
		bus_set(out, port(m, RT_OUT_DST_WAKE_O), p, o->dst_wake);
	}
	bus_set(out, port(m, RT_SWEEP_BUSY_O), 0, (uint64_t)m->sweep_busy);
	for (unsigned b = 0; b < m->nb; b++) {
		bus_set(out, port(m, RT_FREE_CNT_O), b, m->free_cnt[b]);
		for (unsigned s = 0; s < m->nsub; s++) {
			bus_set(out, port(m, RT_PG_ON_O), b * m->nsub + s, (uint64_t)sub_on(m, b, s));
			bus_set(out, port(m, RT_PG_WAKING_O), b * m->nsub + s, m->wake_cnt[b * m->nsub + s] != 0);
		}
	}
	bus_set(out, port(m, RT_THROTTLE_O), 0, (uint64_t)cy->throttle);
	bus_set(out, port(m, RT_THROTTLE_CTA_O), 0, cy->any_res ? cy->fav : 0);
	(void)cfg;
}

/* Result of slot s of port p for the output register. */
static void slot_result(const struct rt_model *m, const struct rt_cycle *cy, unsigned p, unsigned s,
			struct slot_cap *r)
{
	const struct slot_cycle *sc = &cy->s[p][s];

	memset(r, 0, sizeof *r);
	if (!sc->valid)
		return;
	if (sc->dup) {
		slot_result(m, cy, p, (unsigned)sc->first, r);
		r->rel = 0;
		return;
	}
	if (sc->exempt || sc->served_now) {
		*r = (struct slot_cap){1, sc->pid, sc->mapped, sc->rel, sc->fresh, sc->wake};
		return;
	}
	*r = m->cap[p][s];
}

static void rt_tick(void *vm, const uint32_t *in)
{
	struct rt_model *m = vm;
	const struct gpurf_cfg *cfg = m->cfg;
	unsigned rows = cfg->regvirt.d.rt_rows;
	struct rt_cycle cy;

	decide(m, in, &cy);
	for (unsigned b = 0; b < m->nb; b++)
		m->arb_ptr[b] = cy.arb_next[b];
	if (in1(m, in, RT_LAUNCH_I, 0)) {
		/* Kernel launch wins: the protocol keeps everything else idle. */
		launch(m, in1(m, in, RT_LAUNCH_EXEMPT_I, 0), in1(m, in, RT_LAUNCH_DEMAND_I, 0),
		       in1(m, in, RT_LAUNCH_BANK_DEMAND_I, 0));
		memset(m->cap, 0, sizeof m->cap);
		memset(m->out, 0, sizeof m->out);
		return;
	}
	/* output register and captures */
	for (unsigned p = 0; p < m->np; p++) {
		struct out_reg *o = &m->out[p];
		struct slot_cap r;

		memset(o, 0, sizeof *o);
		if (cy.ready[p]) {
			o->valid = 1;
			o->warp = in1(m, in, RT_REN_WARP_I, p);
			for (unsigned s = 0; s < RT_SRCS; s++) {
				slot_result(m, &cy, p, s, &r);
				o->src_pid[s] = r.pid;
				o->src_mapped[s] = r.mapped;
				o->src_rel[s] = r.rel;
			}
			slot_result(m, &cy, p, RT_SRCS, &r);
			o->dst_pid = r.pid;
			o->dst_new = r.fresh;
			o->dst_wake = r.wake;
		}
		for (unsigned s = 0; s < RT_SLOTS; s++) {
			const struct slot_cycle *sc = &cy.s[p][s];

			if (cy.ready[p])
				m->cap[p][s].served = 0;
			else if (sc->served_now)
				m->cap[p][s] = (struct slot_cap){1, sc->pid, sc->mapped, sc->rel, sc->fresh, sc->wake};
		}
	}
	/* table writes: unmaps and installs (one per bank) */
	for (unsigned p = 0; p < m->np; p++)
		for (unsigned s = 0; s < RT_SRCS; s++)
			if (cy.s[p][s].unmap && cy.s[p][s].row < rows)
				m->rt_valid[(size_t)cy.s[p][s].bank * rows + cy.s[p][s].row] = 0;
	/* wake counters run down, then new wake-ups load them */
	for (unsigned i = 0; i < m->nb * m->nsub; i++)
		if (m->wake_cnt[i])
			m->wake_cnt[i]--;
	for (unsigned b = 0; b < m->nb; b++) {
		if (!cy.alloc[b])
			continue;
		if (cy.alloc_row[b] < rows) {
			m->rt_valid[(size_t)b * rows + cy.alloc_row[b]] = 1;
			m->rt_idx[(size_t)b * rows + cy.alloc_row[b]] = cy.alloc_idx[b];
		}
		m->busy[(size_t)b * m->bank_regs + cy.alloc_idx[b]] = 1;
		m->free_cnt[b]--;
		m->k[cy.alloc_cta[b]]++;
		m->kb[cy.alloc_cta[b] * m->nb + b]++;
		if (cy.alloc_wake[b] && cfg->regvirt.wake_latency)
			m->wake_cnt[b * m->nsub + cy.alloc_idx[b] / m->sub_regs] = cfg->regvirt.wake_latency;
	}
	/* read-time frees */
	for (unsigned f = 0; f < m->nf; f++) {
		unsigned pid, b, c;

		if (!in1(m, in, RT_FREE_VALID_I, f))
			continue;
		pid = in1(m, in, RT_FREE_PID_I, f);
		b = rt_pid_bank(cfg, pid);
		c = m->warp_cta[in1(m, in, RT_FREE_WARP_I, f)];
		m->busy[(size_t)b * m->bank_regs + rt_pid_index(cfg, pid)] = 0;
		m->free_cnt[b]++;
		m->k[c]--;
		m->kb[c * m->nb + b]--;
	}
	/* per_bank throttle: the favoured CTA, chosen before this edge */
	m->fav = cy.fav;
	m->fav_valid = cy.any_res;
	/* warp-exit sweep: row sweep_row of the warp in every bank */
	if (m->sweep_busy) {
		unsigned c = m->warp_cta[m->sweep_warp];

		for (unsigned b = 0; b < m->nb; b++) {
			size_t e = (size_t)b * rows + m->sweep_warp * cfg->regvirt.d.rows_per_warp + m->sweep_row;

			unsigned kb = m->sweep_row * m->nb + b;

			if (!m->rt_valid[e] || (m->sweep_keep[kb / 32] >> kb % 32 & 1))
				continue;
			m->rt_valid[e] = 0;
			m->busy[(size_t)b * m->bank_regs + m->rt_idx[e]] = 0;
			m->free_cnt[b]++;
			m->k[c]--;
			m->kb[c * m->nb + b]--;
		}
		if (++m->sweep_row == cfg->regvirt.d.rows_per_warp) {
			m->sweep_busy = 0;
			if (!m->sweep_spill)
				m->cta_warps[c]--;
		}
	} else if (in1(m, in, RT_EXIT_VALID_I, 0)) {
		m->sweep_busy = 1;
		m->sweep_warp = in1(m, in, RT_EXIT_WARP_I, 0);
		m->sweep_spill = (int)in1(m, in, RT_EXIT_SPILL_I, 0);
		m->sweep_row = 0;
		memset(m->sweep_keep, 0, sizeof m->sweep_keep);
		if (m->sweep_spill)
			bus_get_words(in, port(m, RT_EXIT_KEEP_I), 0, m->sweep_keep);
	}
	if (in1(m, in, RT_WL_VALID_I, 0)) {
		unsigned w = in1(m, in, RT_WL_WARP_I, 0), c = in1(m, in, RT_WL_CTA_I, 0);

		m->warp_cta[w] = c;
		m->cta_warps[c]++;
	}
}

const struct unit_ops rename_table_ops = {
	"rename_table", rt_create, rt_reset, rt_eval, rt_tick, rt_destroy,
};
