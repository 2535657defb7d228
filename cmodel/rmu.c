/* rmu.c: cycle model of FineReg's register management unit (V-C, V-E).
 *
 * One command at a time (spec point 24).  Per state, what eval drives and
 * what the clock edge does (docs/finereg.md has the same table):
 *
 *   IDLE      cmd_ready_o.  Edge with cmd_valid_i: latch the command and
 *             the PCs; a restore goes to WALK_RD at P's head (FINISH if P
 *             has no live registers), evict and swap to LOOKUP at warp 0.
 *   LOOKUP    LRIC line PC[lsb +: log2 N] of the current warp's PC.  Hit:
 *             the vector (masked to the ACRF's registers) is staged for the
 *             warp and its popcount added to L_S; after the last warp,
 *             DECIDE.  Miss: vec_req_o for one cycle, then FILL.
 *   FILL      edge with vec_rsp_valid_i: fill the line, back to LOOKUP.
 *             lric_fetch = overlapped instead: a miss in LOOKUP raises
 *             vec_req_o, marks the warp pending and goes on with the next
 *             warp; a response (any cycle of LOOKUP or FILL; the memory
 *             answers in order, so it is the lowest pending warp's) fills
 *             its line and stages its vector; after the last warp FILL
 *             waits for the pending ones, then DECIDE.
 *   DECIDE    refuse when L_S > free + (swap ? COUNT[P] : 0) (V-E); a swap
 *             with a chain walks it first (WALK_RD), anything else evicts
 *             (EV_RD).
 *   EV_RD     acrf_rd_req_o for the register to evict: in phase 1 (a swap
 *             displacing S's register that P's is about to overwrite) the
 *             walked (warp, reg), else the first live one (lowest warp,
 *             lowest register: the register index decoder).  None left:
 *             FINISH.  Edge with acrf_rd_gnt_i: clear its live bit, EV_WAIT.
 *   EV_WAIT   edge with acrf_rd_valid_i: data into the transfer buffer.
 *   EV_WR     pcrf write of the buffer to the first free entry, E = 1;
 *             link the chain's previous entry to it (append; the tags are
 *             flops, so the link is a second tag write, not a read-modify-
 *             write).  Then RS_WR in phase 1, else EV_RD.
 *   WALK_RD   pcrf read of the current entry of P's chain, freeing it.
 *   WALK_WAIT edge with pcrf_rd_valid_i: latch tag and data; on a swap
 *             whose S still has that (warp, reg) live, evict it first
 *             (phase 1, EV_RD), else RS_WR.
 *   RS_WR     acrf_wr_req_o of P's register to its slot.  Edge with
 *             acrf_wr_gnt_i: after E, FINISH (restore) or EV_RD for S's
 *             remaining registers (swap); else WALK_RD at NEXT.
 *   FINISH    done_o.  Edge: pointer table (P's COUNT := 0, then S's head
 *             and count), IDLE.
 *   EV_PIPE   (rmu = pipelined, phase 0 only; DECIDE and the end of a
 *             swap's walk go here instead of EV_RD.)  Every cycle:
 *             acrf_rd_req_o for the decoder's next live register while the
 *             transfer-buffer FIFO (rmu_fifo_depth() entries: a register's
 *             (warp, reg) from its grant, its data from acrf_rd_valid_i) has
 *             an entry or frees one this cycle; and the FIFO's head, once
 *             its data is in, written to the first free PCRF entry and
 *             linked, as EV_WR.  No register left and the FIFO empty: FINISH.
 *             The free-space monitor marks the entry at the edge, so the
 *             find-first-set names a new entry every cycle.
 *   RS_PIPE   (rmu = pipelined: a restore, and a swap after EV_PIPE.)
 *             Every cycle: pcrf read of the walk's next entry, freeing it,
 *             while COUNT[P] entries are not all read and the restore FIFO
 *             (rmu_rfifo_depth()) has an entry; the entry after it comes
 *             from the RMU's own copy of the links it wrote (nxt[]: the
 *             tags are flops, read ahead of the SRAM data; docs/finereg.md),
 *             so the walk does not wait pcrf_latency for NEXT.  The FIFO's
 *             head, once its tag and data are in, is written to the ACRF
 *             (held until acrf_wr_gnt_i).  All read and written: FINISH.
 *   A pipelined swap whose S fits the free entries runs both at once
 *   ("Meanwhile", V-E): in EV_PIPE the walk and the restore FIFO work as in
 *   RS_PIPE, except that the FIFO's head waits while S's register it
 *   overwrites is still live (its eviction read not granted yet); when S is
 *   out, RS_PIPE finishes the restore.  The eviction never waits for the
 *   walk (L_S <= free), so neither waits on the other in a cycle.  When S
 *   does not fit (the PCRF too full: Fig. 6(b)) it interleaves as the
 *   serial RMU does and evicts the rest in EV_PIPE.
 * The swap order is the spec's in-place interleave (point 13): each walk
 * step frees an entry before the step uses at most one, so a swap admitted
 * with zero free entries cannot deadlock. */
#include "rmu.h"

#include <stdlib.h>
#include <string.h>

#include "bitscan.h"

struct rmu_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned W, E, C, N, lanes;
	uint64_t live_mask;
	/* control */
	unsigned state, op, s_cta, s_slot, p_cta, dst_slot;
	unsigned warp, live, phase, refused;
	unsigned ev_w, ev_r;
	unsigned cur, walk_w, walk_r, walk_end, walk_next;
	unsigned tail, has_tail, s_head, s_cnt;
	unsigned free_cnt;
	uint32_t *pc;		/* [W] */
	uint64_t *vec;		/* [W] staged live vectors */
	unsigned ovl;		/* lric_fetch = overlapped */
	uint8_t *pend;		/* [W] overlapped: vector requested, not yet returned */
	unsigned *ptab_head, *ptab_count;	/* [C] */
	uint8_t *occ;		/* [E] free-space monitor: 1 = occupied */
	uint8_t *free_scan;	/* [E] scratch: 1 = free */
	uint8_t *lric_valid;	/* [N] */
	uint32_t *lric_tag;	/* [N] */
	uint64_t *lric_vec;	/* [N] */
	uint32_t *buf;		/* [lanes] 128-byte transfer buffer (ACRF -> PCRF) */
	uint32_t *pbuf;		/* [lanes] register read from the PCRF */
	/* rmu = pipelined: the transfer-buffer FIFO */
	unsigned pipelined, D;	/* FIFO entries (rmu_fifo_depth) */
	unsigned f_hd, f_alloc, f_data;	/* head; entries taken (granted); of them with data */
	unsigned *f_w, *f_r;	/* [D] */
	uint32_t *f_buf;	/* [D][lanes] */
	unsigned conc;	/* swap: the walk and restore run during EV_PIPE */
	unsigned *nxt;		/* [E] NEXT of each entry, as linked */
	unsigned RD, w_left;	/* restore FIFO entries; entries the walk has still to read */
	unsigned r_hd, r_alloc, r_data;
	unsigned *r_w, *r_r;	/* [RD] */
	uint32_t *r_buf;	/* [RD][lanes] */
};

static const struct port_desc *port(const struct rmu_model *m, enum rmu_port p)
{
	return &m->desc->ports[p];
}

static uint64_t in_get(const struct rmu_model *m, const uint32_t *in, enum rmu_port p)
{
	return bus_get(in, port(m, p), 0);
}

static void rmu_destroy(void *vm)
{
	struct rmu_model *m = vm;

	if (!m)
		return;
	free(m->pc);
	free(m->vec);
	free(m->pend);
	free(m->ptab_head);
	free(m->ptab_count);
	free(m->occ);
	free(m->free_scan);
	free(m->lric_valid);
	free(m->lric_tag);
	free(m->lric_vec);
	free(m->buf);
	free(m->pbuf);
	free(m->f_w);
	free(m->f_r);
	free(m->f_buf);
	free(m->nxt);
	free(m->r_w);
	free(m->r_r);
	free(m->r_buf);
	free(m);
}

static void *rmu_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rmu_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->W = cfg->finereg.warps_per_cta;
	m->E = cfg->finereg.pcrf_entries;
	m->C = cfg->finereg.resident_ctas;
	m->N = cfg->finereg.lric_entries;
	m->lanes = cfg->lanes;
	m->live_mask = rmu_live_mask(cfg);
	m->pc = calloc(m->W, sizeof *m->pc);
	m->vec = calloc(m->W, sizeof *m->vec);
	m->pend = calloc(m->W, 1);
	m->ovl = cfg->finereg.lric_fetch == FINEREG_FETCH_OVERLAPPED;
	m->ptab_head = calloc(m->C, sizeof *m->ptab_head);
	m->ptab_count = calloc(m->C, sizeof *m->ptab_count);
	m->occ = calloc(m->E, 1);
	m->free_scan = calloc(m->E, 1);
	m->lric_valid = calloc(m->N, 1);
	m->lric_tag = calloc(m->N, sizeof *m->lric_tag);
	m->lric_vec = calloc(m->N, sizeof *m->lric_vec);
	m->buf = calloc(m->lanes, sizeof *m->buf);
	m->pbuf = calloc(m->lanes, sizeof *m->pbuf);
	m->pipelined = cfg->finereg.rmu == FINEREG_RMU_PIPELINED;
	m->D = rmu_fifo_depth(cfg);
	m->f_w = calloc(m->D, sizeof *m->f_w);
	m->f_r = calloc(m->D, sizeof *m->f_r);
	m->f_buf = calloc((size_t)m->D * m->lanes, sizeof *m->f_buf);
	m->RD = rmu_rfifo_depth(cfg);
	m->nxt = calloc(m->E, sizeof *m->nxt);
	m->r_w = calloc(m->RD, sizeof *m->r_w);
	m->r_r = calloc(m->RD, sizeof *m->r_r);
	m->r_buf = calloc((size_t)m->RD * m->lanes, sizeof *m->r_buf);
	if (!m->f_w || !m->f_r || !m->f_buf || !m->nxt || !m->r_w || !m->r_r || !m->r_buf ||
	    !m->pc || !m->vec || !m->pend || !m->ptab_head || !m->ptab_count || !m->occ || !m->free_scan ||
	    !m->lric_valid || !m->lric_tag || !m->lric_vec || !m->buf || !m->pbuf) {
		rmu_destroy(m);
		return NULL;
	}
	return m;
}

/* Reset clears the control state, the pointer table's counts, the
 * free-space monitor and the LRIC valid bits; data (PCs, vectors, tags of
 * the cache, buffers, heads) keeps whatever it holds. */
static void rmu_reset(void *vm)
{
	struct rmu_model *m = vm;

	m->state = RMU_IDLE;
	m->op = m->s_cta = m->s_slot = m->p_cta = m->dst_slot = 0;
	m->warp = m->live = m->phase = m->refused = 0;
	m->ev_w = m->ev_r = 0;
	m->cur = m->walk_w = m->walk_r = m->walk_end = m->walk_next = 0;
	m->tail = m->has_tail = m->s_head = m->s_cnt = 0;
	m->free_cnt = m->E;
	m->f_hd = m->f_alloc = m->f_data = 0;
	m->conc = m->w_left = m->r_hd = m->r_alloc = m->r_data = 0;
	memset(m->ptab_count, 0, m->C * sizeof *m->ptab_count);
	memset(m->occ, 0, m->E);
	memset(m->lric_valid, 0, m->N);
	memset(m->pend, 0, m->W);
}

static int is_swap(const struct rmu_model *m)
{
	return m->op == RMU_OP_SWAP;
}

static int is_restore(const struct rmu_model *m)
{
	return m->op == RMU_OP_RESTORE;
}

/* LOOKUP: the current warp's LRIC line and whether it hits. */
static unsigned lric_line(const struct rmu_model *m, int *hit)
{
	uint32_t pc = m->pc[m->warp];
	unsigned i = rmu_lric_index(m->cfg, pc);

	*hit = m->lric_valid[i] && m->lric_tag[i] == pc;
	return i;
}

/* EV_RD: the register to evict; 0 when none is left. */
static int evict_target(const struct rmu_model *m, unsigned *w, unsigned *r)
{
	if (m->phase) {
		*w = m->walk_w;
		*r = m->walk_r;
		return 1;
	}
	for (unsigned i = 0; i < m->W; i++)
		if (m->vec[i]) {
			*w = i;
			*r = (unsigned)bitscan_first64(m->vec[i]);
			return 1;
		}
	return 0;
}

/* EV_WR: the free-space monitor's first free entry (0 if none). */
static unsigned first_free(struct rmu_model *m)
{
	int e;

	for (unsigned i = 0; i < m->E; i++)
		m->free_scan[i] = (uint8_t)!m->occ[i];
	e = bitscan_first(m->free_scan, m->E);
	return e < 0 ? 0 : (unsigned)e;
}

/* EV_RD, EV_PIPE: the ACRF read of S's register (w, r). */
static void drive_acrf_read(const struct rmu_model *m, uint32_t *out, unsigned w, unsigned r)
{
	unsigned aw, ar;

	rmu_acrf_addr(m->cfg, m->s_slot, w, r, &aw, &ar);
	bus_set(out, port(m, RMU_ACRF_RD_REQ_O), 0, 1);
	bus_set(out, port(m, RMU_ACRF_RD_WARP_O), 0, aw);
	bus_set(out, port(m, RMU_ACRF_RD_REG_O), 0, ar);
}

/* RS_WR, RS_PIPE: P's register (w, r) to its slot. */
static void drive_acrf_write(const struct rmu_model *m, uint32_t *out, unsigned w, unsigned r,
			     const uint32_t *data)
{
	unsigned aw, ar;

	rmu_acrf_addr(m->cfg, m->dst_slot, w, r, &aw, &ar);
	bus_set(out, port(m, RMU_ACRF_WR_REQ_O), 0, 1);
	bus_set(out, port(m, RMU_ACRF_WR_WARP_O), 0, aw);
	bus_set(out, port(m, RMU_ACRF_WR_REG_O), 0, ar);
	bus_set_words(out, port(m, RMU_ACRF_WR_DATA_O), 0, data);
}

/* EV_WR, EV_PIPE: register (w, r) to the first free entry, E = 1, linked
 * from the chain's last entry. */
static void drive_pcrf_write(struct rmu_model *m, uint32_t *out, unsigned w, unsigned r, const uint32_t *data)
{
	unsigned e = first_free(m);

	bus_set(out, port(m, RMU_PCRF_WR_VALID_O), 0, 1);
	bus_set(out, port(m, RMU_PCRF_WR_IDX_O), 0, e);
	bus_set(out, port(m, RMU_PCRF_WR_WARP_O), 0, w);
	bus_set(out, port(m, RMU_PCRF_WR_REG_O), 0, r);
	bus_set_words(out, port(m, RMU_PCRF_WR_DATA_O), 0, data);
	if (m->has_tail) {
		bus_set(out, port(m, RMU_PCRF_LINK_VALID_O), 0, 1);
		bus_set(out, port(m, RMU_PCRF_LINK_IDX_O), 0, m->tail);
		bus_set(out, port(m, RMU_PCRF_LINK_NEXT_O), 0, e);
	}
}

/* EV_PIPE: a FIFO entry for a new read, free or freed by this cycle's
 * write.  (With a fixed read latency the FIFO never fills; the test keeps
 * the bound structural.) */
static int pipe_can_issue(const struct rmu_model *m)
{
	return m->f_alloc < m->D || m->f_data;
}

/* RS_PIPE, and EV_PIPE of a concurrent swap: the restore FIFO's head may go
 * to the ACRF unless S's register there is still live, i.e. its eviction
 * read not yet granted (the ACRF reads first at an edge, so once granted the
 * slot may be overwritten the cycle after). */
static int rs_head_ready(const struct rmu_model *m)
{
	unsigned w = m->r_w[m->r_hd], r = m->r_r[m->r_hd];

	return m->r_data && !(m->conc && w < m->W && r < 64 && (m->vec[w] >> r & 1u));
}

/* The walk reads the next entry while entries are left and the restore FIFO
 * has one. */
static int rs_can_issue(const struct rmu_model *m)
{
	return m->w_left && m->r_alloc < m->RD;
}

static void drive_restore(const struct rmu_model *m, uint32_t *out)
{
	if (rs_head_ready(m))
		drive_acrf_write(m, out, m->r_w[m->r_hd], m->r_r[m->r_hd], m->r_buf + m->r_hd * m->lanes);
	if (rs_can_issue(m)) {
		bus_set(out, port(m, RMU_PCRF_RD_VALID_O), 0, 1);
		bus_set(out, port(m, RMU_PCRF_RD_IDX_O), 0, m->cur);
	}
}

static void rmu_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rmu_model *m = vm;
	unsigned w, r;
	int hit;

	(void)in;
	memset(out, 0, m->desc->out_words * sizeof *out);
	bus_set(out, port(m, RMU_FREE_COUNT_O), 0, m->free_cnt);
	switch (m->state) {
	case RMU_IDLE:
		bus_set(out, port(m, RMU_CMD_READY_O), 0, 1);
		break;
	case RMU_LOOKUP:
		(void)lric_line(m, &hit);
		if (!hit) {
			bus_set(out, port(m, RMU_VEC_REQ_O), 0, 1);
			bus_set(out, port(m, RMU_VEC_PC_O), 0, m->pc[m->warp]);
		}
		break;
	case RMU_EV_RD:
		if (evict_target(m, &w, &r))
			drive_acrf_read(m, out, w, r);
		break;
	case RMU_EV_WR:
		drive_pcrf_write(m, out, m->ev_w, m->ev_r, m->buf);
		break;
	case RMU_EV_PIPE:
		if (m->f_data)
			drive_pcrf_write(m, out, m->f_w[m->f_hd], m->f_r[m->f_hd], m->f_buf + m->f_hd * m->lanes);
		if (pipe_can_issue(m) && evict_target(m, &w, &r))
			drive_acrf_read(m, out, w, r);
		if (m->conc)
			drive_restore(m, out);
		break;
	case RMU_RS_PIPE:
		drive_restore(m, out);
		break;
	case RMU_WALK_RD:
		bus_set(out, port(m, RMU_PCRF_RD_VALID_O), 0, 1);
		bus_set(out, port(m, RMU_PCRF_RD_IDX_O), 0, m->cur);
		break;
	case RMU_RS_WR:
		drive_acrf_write(m, out, m->walk_w, m->walk_r, m->pbuf);
		break;
	case RMU_FINISH:
		bus_set(out, port(m, RMU_DONE_O), 0, 1);
		bus_set(out, port(m, RMU_DONE_REFUSED_O), 0, m->refused);
		bus_set(out, port(m, RMU_DONE_LIVE_O), 0, m->live);
		break;
	default:
		break;
	}
}

static void tick_idle(struct rmu_model *m, const uint32_t *in)
{
	unsigned p;

	if (!in_get(m, in, RMU_CMD_VALID_I))
		return;
	m->op = (unsigned)in_get(m, in, RMU_CMD_OP_I);
	m->s_cta = (unsigned)in_get(m, in, RMU_CMD_S_CTA_I);
	m->s_slot = (unsigned)in_get(m, in, RMU_CMD_S_SLOT_I);
	m->p_cta = p = (unsigned)in_get(m, in, RMU_CMD_P_CTA_I);
	m->dst_slot = is_restore(m) ? (unsigned)in_get(m, in, RMU_CMD_P_SLOT_I) : m->s_slot;
	for (unsigned w = 0; w < m->W; w++)
		m->pc[w] = (uint32_t)bus_get(in, port(m, RMU_CMD_PC_I), w);
	m->warp = m->live = m->phase = m->refused = 0;
	m->has_tail = m->s_cnt = m->conc = 0;
	if (!is_restore(m))
		m->state = RMU_LOOKUP;
	else if (p < m->C && m->ptab_count[p]) {
		m->cur = m->ptab_head[p];
		m->w_left = m->ptab_count[p];
		m->state = m->pipelined ? RMU_RS_PIPE : RMU_WALK_RD;
	} else
		m->state = RMU_FINISH;
}

/* Where S's registers are evicted from (phase 0). */
static unsigned evict_state(const struct rmu_model *m)
{
	return m->pipelined ? RMU_EV_PIPE : RMU_EV_RD;
}

/* Overlapped fetch: an edge with vec_rsp_valid_i fills the line of the
 * lowest pending warp (the memory answers in order, requests go out in warp
 * order) and stages its vector.  Returns whether a warp is still pending. */
static int take_vector(struct rmu_model *m, const uint32_t *in)
{
	unsigned w = 0, left = 0;

	while (w < m->W && !m->pend[w])
		w++;
	if (w < m->W && in_get(m, in, RMU_VEC_RSP_VALID_I)) {
		uint64_t v = in_get(m, in, RMU_VEC_RSP_DATA_I);
		unsigned i = rmu_lric_index(m->cfg, m->pc[w]);

		m->lric_valid[i] = 1;
		m->lric_tag[i] = m->pc[w];
		m->lric_vec[i] = v;
		m->vec[w] = v & m->live_mask;
		m->live += bitscan_popcount64(m->vec[w]);
		m->pend[w] = 0;
	}
	for (w = 0; w < m->W; w++)
		left |= m->pend[w];
	return left != 0;
}

static void tick_lookup(struct rmu_model *m, const uint32_t *in)
{
	int hit, left = 0;
	unsigned i = lric_line(m, &hit);	/* the cache before this edge's fill */
	uint64_t line = m->lric_vec[i];

	if (!hit && !m->ovl) {
		m->state = RMU_FILL;
		return;
	}
	if (m->ovl)
		left = take_vector(m, in);
	if (hit) {
		m->vec[m->warp] = line & m->live_mask;
		m->live += bitscan_popcount64(m->vec[m->warp]);
	} else {
		m->pend[m->warp] = 1;
		left = 1;
	}
	if (m->warp + 1u == m->W)
		m->state = left ? RMU_FILL : RMU_DECIDE;
	else
		m->warp++;
}

static void tick_decide(struct rmu_model *m)
{
	unsigned pcount = m->p_cta < m->C ? m->ptab_count[m->p_cta] : 0;
	unsigned long avail = m->free_cnt + (is_swap(m) ? pcount : 0u);

	if (m->live > avail) {
		m->refused = 1;
		m->state = RMU_FINISH;
	} else if (is_swap(m) && pcount && m->pipelined && m->live <= m->free_cnt) {
		m->conc = 1;	/* S out and P in at once: the eviction never waits for the walk */
		m->cur = m->ptab_head[m->p_cta];
		m->w_left = pcount;
		m->state = RMU_EV_PIPE;
	} else if (is_swap(m) && pcount) {
		m->cur = m->ptab_head[m->p_cta];
		m->state = RMU_WALK_RD;
	} else
		m->state = evict_state(m);
}

static void tick_walk_wait(struct rmu_model *m, const uint32_t *in)
{
	unsigned w, r;

	if (!in_get(m, in, RMU_PCRF_RD_VALID_I))
		return;
	m->walk_w = w = (unsigned)in_get(m, in, RMU_PCRF_RD_WARP_I);
	m->walk_r = r = (unsigned)in_get(m, in, RMU_PCRF_RD_REG_I);
	m->walk_end = (unsigned)in_get(m, in, RMU_PCRF_RD_END_I);
	m->walk_next = (unsigned)in_get(m, in, RMU_PCRF_RD_NEXT_I);
	bus_get_words(in, port(m, RMU_PCRF_RD_DATA_I), 0, m->pbuf);
	if (is_swap(m) && w < m->W && r < 64 && (m->vec[w] >> r & 1u)) {
		m->phase = 1;
		m->state = RMU_EV_RD;
	} else
		m->state = RMU_RS_WR;
}

/* EV_WR, EV_PIPE edge: the written entry joins S's chain. */
static void chain_append(struct rmu_model *m)
{
	unsigned e = first_free(m);

	m->occ[e] = 1;
	m->free_cnt--;
	if (!m->has_tail)
		m->s_head = e;
	if (m->has_tail)
		m->nxt[m->tail] = e;
	m->tail = e;
	m->has_tail = 1;
	m->s_cnt++;
}

/* The walk and the restore FIFO at the edge; pop: the head went to the
 * ACRF (decided on the state before the edge). */
static void rs_step(struct rmu_model *m, const uint32_t *in, unsigned pop)
{
	unsigned fill = 0, issue = 0;

	if (in_get(m, in, RMU_PCRF_RD_VALID_I)) {
		unsigned t = (m->r_hd + m->r_data) % m->RD;

		m->r_w[t] = (unsigned)in_get(m, in, RMU_PCRF_RD_WARP_I);
		m->r_r[t] = (unsigned)in_get(m, in, RMU_PCRF_RD_REG_I);
		bus_get_words(in, port(m, RMU_PCRF_RD_DATA_I), 0, m->r_buf + t * m->lanes);
		fill = 1;
	}
	if (rs_can_issue(m)) {
		m->occ[m->cur] = 0;
		m->free_cnt++;
		m->cur = m->nxt[m->cur];
		m->w_left--;
		issue = 1;
	}
	if (pop)
		m->r_hd = (m->r_hd + 1u) % m->RD;
	m->r_alloc = m->r_alloc + issue - pop;
	m->r_data = m->r_data + fill - pop;
}

static int rs_done(const struct rmu_model *m)
{
	return !m->w_left && !m->r_alloc;
}

static void tick_rs_pipe(struct rmu_model *m, const uint32_t *in)
{
	if (rs_done(m))
		m->state = RMU_FINISH;
	else
		rs_step(m, in, rs_head_ready(m) && in_get(m, in, RMU_ACRF_WR_GNT_I));
}

/* EV_PIPE: the eviction's read and write stages; in a concurrent swap the
 * walk and restore too.  The restore's pop, the free entry and the live bits
 * are all read from the state before the edge, as in the RTL: the pop is
 * decided first, the eviction (first_free) runs before the walk frees an
 * entry. */
static void tick_ev_pipe(struct rmu_model *m, const uint32_t *in)
{
	unsigned w, r, pop = m->f_data != 0, fill = 0, grant = 0;
	unsigned rpop = m->conc && rs_head_ready(m) && in_get(m, in, RMU_ACRF_WR_GNT_I);
	int any = evict_target(m, &w, &r);

	if (!any && !m->f_alloc) {
		m->state = m->conc && !rs_done(m) ? RMU_RS_PIPE : RMU_FINISH;
		if (m->conc)
			rs_step(m, in, rpop);
		return;
	}
	if (in_get(m, in, RMU_ACRF_RD_VALID_I)) {
		bus_get_words(in, port(m, RMU_ACRF_RD_DATA_I), 0,
			      m->f_buf + ((m->f_hd + m->f_data) % m->D) * m->lanes);
		fill = 1;
	}
	if (any && pipe_can_issue(m) && in_get(m, in, RMU_ACRF_RD_GNT_I)) {
		unsigned t = (m->f_hd + m->f_alloc) % m->D;

		m->vec[w] &= ~(UINT64_C(1) << r);
		m->f_w[t] = w;
		m->f_r[t] = r;
		grant = 1;
	}
	if (pop) {
		chain_append(m);
		m->f_hd = (m->f_hd + 1u) % m->D;
	}
	m->f_alloc = m->f_alloc + grant - pop;
	m->f_data = m->f_data + fill - pop;
	if (m->conc)
		rs_step(m, in, rpop);
}

static void tick_finish(struct rmu_model *m)
{
	if (!m->refused) {
		if (!is_restore(m) && !is_swap(m) ? 0 : m->p_cta < m->C)
			m->ptab_count[m->p_cta] = 0;
		if (!is_restore(m) && m->s_cta < m->C) {
			m->ptab_head[m->s_cta] = m->s_head;
			m->ptab_count[m->s_cta] = m->s_cnt;
		}
	}
	m->state = RMU_IDLE;
}

static void rmu_tick(void *vm, const uint32_t *in)
{
	struct rmu_model *m = vm;
	unsigned w, r;

	switch (m->state) {
	case RMU_IDLE:
		tick_idle(m, in);
		break;
	case RMU_LOOKUP:
		tick_lookup(m, in);
		break;
	case RMU_FILL:
		if (m->ovl) {
			if (!take_vector(m, in))
				m->state = RMU_DECIDE;
		} else if (in_get(m, in, RMU_VEC_RSP_VALID_I)) {
			unsigned i = rmu_lric_index(m->cfg, m->pc[m->warp]);

			m->lric_valid[i] = 1;
			m->lric_tag[i] = m->pc[m->warp];
			m->lric_vec[i] = in_get(m, in, RMU_VEC_RSP_DATA_I);
			m->state = RMU_LOOKUP;
		}
		break;
	case RMU_DECIDE:
		tick_decide(m);
		break;
	case RMU_EV_RD:
		if (!evict_target(m, &w, &r))
			m->state = RMU_FINISH;
		else if (in_get(m, in, RMU_ACRF_RD_GNT_I)) {
			m->vec[w] &= ~(UINT64_C(1) << r);
			m->ev_w = w;
			m->ev_r = r;
			m->state = RMU_EV_WAIT;
		}
		break;
	case RMU_EV_WAIT:
		if (in_get(m, in, RMU_ACRF_RD_VALID_I)) {
			bus_get_words(in, port(m, RMU_ACRF_RD_DATA_I), 0, m->buf);
			m->state = RMU_EV_WR;
		}
		break;
	case RMU_EV_WR:
		chain_append(m);
		m->state = m->phase ? RMU_RS_WR : RMU_EV_RD;
		break;
	case RMU_EV_PIPE:
		tick_ev_pipe(m, in);
		break;
	case RMU_RS_PIPE:
		tick_rs_pipe(m, in);
		break;
	case RMU_WALK_RD:
		m->occ[m->cur] = 0;
		m->free_cnt++;
		m->state = RMU_WALK_WAIT;
		break;
	case RMU_WALK_WAIT:
		tick_walk_wait(m, in);
		break;
	case RMU_RS_WR:
		if (!in_get(m, in, RMU_ACRF_WR_GNT_I))
			break;
		m->phase = 0;
		if (m->walk_end)
			m->state = is_swap(m) ? evict_state(m) : RMU_FINISH;
		else {
			m->cur = m->walk_next & ((1u << cfg_index_bits(m->E)) - 1u);
			m->state = RMU_WALK_RD;
		}
		break;
	case RMU_FINISH:
		tick_finish(m);
		break;
	default:
		m->state = RMU_IDLE;
		break;
	}
}

const struct unit_ops rmu_ops = {
	"rmu", rmu_create, rmu_reset, rmu_eval, rmu_tick, rmu_destroy,
};
