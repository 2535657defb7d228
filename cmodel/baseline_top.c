/* baseline_top.c: cycle model of baseline_top (common/baseline_top_desc.h):
 * rf_banked composed through cmodel/compose_units.h along
 * baseline_top_wiring, plus the glue, mirrored by gen/emit_baseline_top.c:
 *   - address mapping: collector c's (warp, reg) becomes the file's slot
 *     warp * kern_slots_i + reg / regs_per_warp, index reg mod
 *     regs_per_warp; the same for every write port (combinational);
 *   - monitors: the mapped addresses on mon_*_o.
 * No state of its own: the file's read pipeline is the subsystem's. */
#include "baseline_top.h"

#include <stdlib.h>
#include <string.h>

#include "baseline_top_desc.h"
#include "compose_units.h"
#include "eval_memo.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"

struct bt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct compose_units cu;
	struct eval_memo memo;	/* bt_comb's last inputs */
};

static const struct port_desc *tport(const struct bt_model *m, unsigned p)
{
	return &m->desc->ports[p];
}

static void bt_destroy(void *vm)
{
	struct bt_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	eval_memo_free(&m->memo);
	free(m);
}

static void *bt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct bt_model *m = calloc(1, sizeof *m);
	struct module_desc sub[1];
	const struct gpurf_cfg *cfgs[1] = {cfg};
	const struct unit_ops *ops[1] = {&rf_banked_ops};

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	desc_rf_banked(cfg, &sub[BT_U_RF]);
	if (cu_create(&m->cu, desc, &baseline_top_wiring, 1, sub, cfgs, ops)) {
		free(m);
		return NULL;
	}
	if (eval_memo_init(&m->memo, desc->in_words, desc->out_words)) {
		bt_destroy(m);
		return NULL;
	}
	return m;
}

static void bt_reset(void *vm)
{
	struct bt_model *m = vm;

	cu_reset(&m->cu);
	eval_memo_forget(&m->memo);
}

/* One request port's address: (warp, reg) of the top's input ports wp / rp,
 * element e, onto the file's ports fw / fr and the monitors mw / mr; spw is
 * kern_slots_i. */
static void map_addr(struct bt_model *m, const uint32_t *in, uint32_t *out, unsigned spw, unsigned wp, unsigned rp,
		     unsigned fw, unsigned fr, unsigned mw, unsigned mr, unsigned e)
{
	unsigned rpw = m->cfg->d.regs_per_warp;
	unsigned w = (unsigned)bus_get_inline(in, tport(m, wp), e), r = (unsigned)bus_get_inline(in, tport(m, rp), e);
	unsigned slot = w * spw + r / rpw, idx = r % rpw;

	cu_set(&m->cu, BT_U_RF, fw, e, slot);
	cu_set(&m->cu, BT_U_RF, fr, e, idx);
	bus_set_inline(out, tport(m, mw), e, slot);
	bus_set_inline(out, tport(m, mr), e, idx);
}

/* The cycle's submodule inputs and the top's outputs into out.  A port with
 * warp and register 0 maps to slot 0, index 0, which the cleared buses hold
 * already: only ports with an address are mapped. */
static void bt_comb(struct bt_model *m, const uint32_t *in, uint32_t *out)
{
	unsigned spw = (unsigned)bus_get_inline(in, tport(m, BT_KERN_SLOTS_I), 0);

	memset(out, 0, m->desc->out_words * sizeof *out);
	cu_clear_inputs(&m->cu);
	cu_wire(&m->cu, BT_U_RF, in, out);
	for (unsigned c = 0; c < m->cfg->collectors; c++)
		if (bus_get_inline(in, tport(m, SMT_RD_WARP_I), c) | bus_get_inline(in, tport(m, SMT_RD_REG_I), c))
			map_addr(m, in, out, spw, SMT_RD_WARP_I, SMT_RD_REG_I, RFB_RD_WARP_I, RFB_RD_REG_I,
				 SMT_MON_RD_WARP_O, SMT_MON_RD_REG_O, c);
	for (unsigned p = 0; p < m->cfg->write_ports; p++)
		if (bus_get_inline(in, tport(m, SMT_WR_WARP_I), p) | bus_get_inline(in, tport(m, SMT_WR_REG_I), p))
			map_addr(m, in, out, spw, SMT_WR_WARP_I, SMT_WR_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I,
				 SMT_MON_WR_WARP_O, SMT_MON_WR_REG_O, p);
	cu_eval(&m->cu, BT_U_RF);
	cu_wire(&m->cu, BT_U_TOP, in, out);
}

static void bt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct bt_model *m = vm;

	bt_comb(m, in, out);
	eval_memo_note(&m->memo, in);
}

static void bt_tick(void *vm, const uint32_t *in)
{
	struct bt_model *m = vm;

	if (!eval_memo_hit(&m->memo, in))
		bt_comb(m, in, m->memo.out);
	cu_tick(&m->cu);
	eval_memo_forget(&m->memo);
}

void *baseline_top_file(void *vm)
{
	struct bt_model *m = vm;

	return m->cu.u[BT_U_RF];
}

const struct unit_ops baseline_top_ops = {
	"baseline_top", bt_create, bt_reset, bt_eval, bt_tick, bt_destroy,
};
