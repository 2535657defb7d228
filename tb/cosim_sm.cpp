// cosim_sm.cpp: SM-driven co-simulation of a register-file subsystem's units.
//
// Linked into the SM model's command line (sim/gpurf_sim.c) with the
// -Wl,--wrap= flags of scripts/cosim-sm-wraps: on rf_banked's typed
// interface (rf_banked_create/_free/_outputs/_step/_idle), on every unit
// table of tb/cosim_sm_units.def (rfc_ops, pcrf_ops, ...: GNU ld wraps data
// symbols too, so each sm_rfsys_<scheme>.c reaches the tables defined here)
// and on sm_rfsys_ops.  The Verilated top is gpurf_sm_twins
// (gen/emit_sm_twins.c): every unit module the SM creates for this
// configuration and kernel, side by side, each on its own clock.
//
// Every subsystem the SM creates gets its own top; every unit the subsystem
// creates (not the submodels a composed unit creates inside its own create:
// they run as plain C models, the composed unit's RTL holds their modules)
// is bound to the instance of its module (the desc's name: the exact
// parameters the SM gave it).  Then, for a unit table:
//   eval(in)   the C model's eval and the RTL instance's, with the same
//              inputs; the whole output bus compared (bus_first_diff); the
//              caller gets the RTL's outputs;
//   tick(in)   the same comparison, then the clock edge on both;
//   reset      the C model's reset and the RTL's reset sequence.
// For rf_banked (typed interface): rf_banked_outputs returns the RTL's
// registered read outputs; rf_banked_step drives the requests through
// rf_banked_bus_in, compares the whole output bus (the C side assembled by
// rf_banked_bus_out), returns the RTL's grants and clocks both;
// rf_banked_idle clocks both through each idle cycle with no requests.
// The SM therefore continues on the RTL's values: a wrong value in the RTL
// changes the kernel's result too.  The first difference prints the SM
// cycle, the unit's cycle, the port, element, expected and actual value,
// and exits 1.  A unit whose module this binary was not built for: exit 2.
//
// --wrap gives a function no context, so the twins live in one registry
// keyed by the C models' pointers: the only global state, owned here.
//
// Environment: GPURF_COSIM_FST=FILE traces the first subsystem's twins for
// the whole run (make cosim-sm WAVE=1; open with the generated
// glue/gpurf_sm_twins.gtkw).
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include "Vdut.h"
#include "vl_trace.h"
#include "gpurf_glue.h"

extern "C" {
#include "bus_diff.h"
#include "cfg.h"
#include "desc.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "sm_rfsys.h"
#include "unit.h"

void *__real_rf_banked_create(const struct gpurf_cfg *cfg);
void __real_rf_banked_free(void *m);
void __real_rf_banked_outputs(void *m, struct rfb_out *o);
void __real_rf_banked_step(void *m, const struct rfb_req *rq, struct rfb_grants *g);
void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg);
void __wrap_rf_banked_free(void *m);
void __wrap_rf_banked_outputs(void *m, struct rfb_out *o);
void __wrap_rf_banked_step(void *m, const struct rfb_req *rq, struct rfb_grants *g);
void __wrap_rf_banked_idle(void *m, uint64_t n);
void __real_rf_banked_idle(void *m, uint64_t n);

const struct sm_rfsys_ops *__real_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err);
const struct sm_rfsys_ops *__wrap_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err);
}

namespace {

// One subsystem's twins: one Verilated gpurf_sm_twins.
struct top {
	unsigned sm;				// creation order
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vdut> dut;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t cycle = 0;			// the subsystem's current cycle
	unsigned sub = 0;			// evaluations dumped in this cycle
	uint64_t stepped = 0, skipped = 0;	// the subsystem's cycles
	std::vector<bool> bound;		// instance taken by a unit
};

// One unit of a subsystem and its RTL instance.
struct twin {
	top *tp;
	unsigned inst;
	const module_desc *d;
	const unit_ops *ops;			// NULL: rf_banked (typed interface)
	std::vector<uint32_t> in, exp, act;
	uint64_t cycles = 0;			// clock edges compared
	// rf_banked only
	unsigned lanes = 0;
	std::vector<uint32_t> c_data, rtl_data;	// [collector][lane]
	rfb_out c_out{};
	bool have_out = false;
};

struct registry {
	std::map<void *, std::unique_ptr<twin>> twins;		// by C model
	// Units created inside another unit's create (the submodels of a
	// composed top: its RTL holds their modules) run as plain C models.
	unsigned creating = 0;					// wrapped creates in progress
	std::map<void *, const unit_ops *> plain;		// by C model: its real table
	std::map<void *, bool> plain_rfb;			// rf_banked models, likewise
	std::map<void *, std::unique_ptr<top>> tops;		// by subsystem
	std::unique_ptr<top> building;				// the subsystem being created
	const struct sm_rfsys_ops *real = nullptr;
	struct sm_rfsys_ops wrapped{};
	unsigned created = 0;
	bool traced = false;
};

registry &reg()
{
	static registry r;
	return r;
}

[[noreturn]] void fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fail(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	std::fprintf(stderr, "cosim-sm: ");
	std::vfprintf(stderr, fmt, ap);
	std::fprintf(stderr, "\n");
	va_end(ap);
	std::fflush(nullptr);
	std::_Exit(code);	// the RTL's state is what failed: no destructors, no statistics file
}

twin &twin_of(void *m)
{
	auto it = reg().twins.find(m);
	if (it == reg().twins.end()) fail(1, "internal: a unit without an RTL twin");
	return *it->second;
}

// FST time: FST_PER_CYCLE units per SM cycle, one per evaluation dumped in
// it (a cycle's units are evaluated and clocked one after the other).
constexpr unsigned FST_PER_CYCLE = 32;

void dump(top &tp)
{
	if (tp.fst) tp.fst->dump(tp.cycle * FST_PER_CYCLE + tp.sub);
	if (tp.sub + 1 < FST_PER_CYCLE) tp.sub++;
}

void next_cycle(top &tp, uint64_t to)
{
	tp.cycle = to;
	tp.sub = 0;
}

void rtl_reset(top &tp, unsigned i)
{
	twins_clock(tp.dut.get(), i, 0, 0);
	tp.dut->eval();
	for (int k = 0; k < 2; k++) {
		twins_clock(tp.dut.get(), i, 1, 0);
		tp.dut->eval();
		twins_clock(tp.dut.get(), i, 0, 0);
		tp.dut->eval();
	}
	twins_clock(tp.dut.get(), i, 0, 1);
	tp.dut->eval();
}

// This cycle's inputs on instance t.inst, evaluated; its outputs into t.act.
void rtl_eval(twin &t, const uint32_t *in)
{
	twins_put_inputs(t.tp->dut.get(), t.inst, in);
	t.tp->dut->eval();
	dump(*t.tp);
	twins_get_outputs(t.tp->dut.get(), t.inst, t.act.data());
}

void rtl_edge(twin &t)
{
	twins_clock(t.tp->dut.get(), t.inst, 1, 1);
	t.tp->dut->eval();
	dump(*t.tp);
	twins_clock(t.tp->dut.get(), t.inst, 0, 1);
	t.tp->dut->eval();
	t.cycles++;
}

void compare(twin &t)
{
	char msg[4096];

	if (bus_first_diff(t.d, t.exp.data(), t.act.data(), msg, sizeof msg)) {
		if (t.tp->fst) { dump(*t.tp); t.tp->fst->close(); }
		fail(1, "SM cycle %" PRIu64 ", cycle %" PRIu64 " of SM %u's %s (%s): MISMATCH %s",
		     t.tp->cycle, t.cycles, t.tp->sm, t.d->base, t.d->name, msg);
	}
}

top &new_top()
{
	registry &r = reg();
	auto tp = std::make_unique<top>();
	const char *fst = std::getenv("GPURF_COSIM_FST");
	bool trace = fst && *fst && !r.traced;

	tp->sm = r.created++;
	tp->bound.assign(TWINS_N, false);
	tp->ctx = std::make_unique<VerilatedContext>();
	tp->ctx->traceEverOn(trace);
	tp->dut = std::make_unique<Vdut>(tp->ctx.get(), "TOP");
	if (trace) {
		r.traced = true;
		tp->fst = std::make_unique<VerilatedFstC>();
		if (!vl_trace_attach(tp->dut.get(), tp->fst.get(), fst)) std::exit(2);
	}
	for (unsigned i = 0; i < TWINS_N; i++) twins_clock(tp->dut.get(), i, 0, 0);
	tp->dut->eval();
	r.building = std::move(tp);
	return *r.building;
}

std::string built_for()
{
	std::string s;
	for (unsigned i = 0; i < TWINS_N; i++) s += std::string(i ? ", " : "") + twins_modules[i].name;
	return s;
}

// A unit the SM created: its twin, on the first free instance of its module.
twin &bind(void *m, const module_desc *d, const unit_ops *ops)
{
	registry &r = reg();
	top *tp = r.building.get();
	unsigned i, known = 0;

	if (!tp) fail(1, "internal: %s created outside a register-file subsystem", d->name);
	for (i = 0; i < TWINS_N; i++) {
		if (std::strcmp(twins_modules[i].name, d->name) != 0) continue;
		known = 1;
		if (twins_modules[i].in_words != d->in_words || twins_modules[i].out_words != d->out_words)
			fail(2, "module %s: its bus differs from the twin's; rebuild (make cosim-sm CFG=... KERNEL=...)",
			     d->name);
		if (!tp->bound[i]) break;
	}
	if (!known)
		fail(2, "the SM creates module %s for this configuration and kernel, but this binary was built for %s; "
			"rebuild it (make cosim-sm CFG=... KERNEL=...)", d->name, built_for().c_str());
	if (i == TWINS_N) fail(1, "internal: two units of module %s in one subsystem", d->name);
	tp->bound[i] = true;
	auto t = std::make_unique<twin>();
	t->tp = tp;
	t->inst = i;
	t->d = d;
	t->ops = ops;
	t->in.assign(d->in_words + 1, 0);
	t->exp.assign(d->out_words + 1, 0);
	t->act.assign(d->out_words + 1, 0);
	rtl_reset(*tp, i);
	twin &ref = *t;
	r.twins[m] = std::move(t);
	return ref;
}

void unbind(void *m)
{
	auto it = reg().twins.find(m);
	if (it == reg().twins.end()) return;
	twin &t = *it->second;
	std::printf("cosim-sm: SM %u %s: %" PRIu64 " cycles compared, every output equal\n", t.tp->sm, t.d->name,
		    t.cycles);
	reg().twins.erase(it);
}

// ---- the unit tables ----

void *unit_create(const unit_ops *real, const gpurf_cfg *cfg, const module_desc *d)
{
	registry &r = reg();
	if (r.creating) {
		void *m = real->create(cfg, d);
		if (m) r.plain[m] = real;
		return m;
	}
	r.creating++;
	void *m = real->create(cfg, d);
	r.creating--;
	if (m) bind(m, d, real);
	return m;
}

// The real table of a submodel of a composed top, or NULL for a twin.
const unit_ops *plain_ops(void *m)
{
	registry &r = reg();
	if (r.plain.empty()) return nullptr;	// no composed unit: every unit is a twin
	auto it = r.plain.find(m);
	return it == r.plain.end() ? nullptr : it->second;
}

void unit_reset(void *m)
{
	if (const unit_ops *p = plain_ops(m)) return p->reset(m);
	twin &t = twin_of(m);
	t.ops->reset(m);
	rtl_reset(*t.tp, t.inst);
}

void unit_eval(void *m, const uint32_t *in, uint32_t *out)
{
	if (const unit_ops *p = plain_ops(m)) return p->eval(m, in, out);
	twin &t = twin_of(m);
	std::memcpy(t.exp.data(), out, t.d->out_words * sizeof *out);
	t.ops->eval(m, in, t.exp.data());
	rtl_eval(t, in);
	compare(t);
	std::memcpy(out, t.act.data(), t.d->out_words * sizeof *out);
}

void unit_tick(void *m, const uint32_t *in)
{
	if (const unit_ops *p = plain_ops(m)) return p->tick(m, in);
	twin &t = twin_of(m);
	t.ops->eval(m, in, t.exp.data());
	rtl_eval(t, in);
	compare(t);
	t.ops->tick(m, in);
	rtl_edge(t);
}

void unit_destroy(void *m)
{
	if (const unit_ops *p = plain_ops(m)) {
		reg().plain.erase(m);
		return p->destroy(m);
	}
	const unit_ops *real = twin_of(m).ops;
	unbind(m);
	real->destroy(m);
}

// ---- the subsystem: one top per create ----

void *sys_create(const gpurf_cfg *cfg, const sm_rf_kernel *k, gpurf_err *err)
{
	registry &r = reg();
	new_top();
	void *s = r.real->create(cfg, k, err);
	if (s) r.tops[s] = std::move(r.building);
	r.building.reset();
	return s;
}

void sys_free(void *s)
{
	registry &r = reg();
	r.real->free(s);
	auto it = r.tops.find(s);
	if (it == r.tops.end()) return;
	top &tp = *it->second;
	std::printf("cosim-sm: SM %u %s subsystem: %" PRIu64 " register-file cycles (%" PRIu64 " stepped, %" PRIu64
		    " skipped)\n", tp.sm, r.real->name, tp.stepped + tp.skipped, tp.stepped, tp.skipped);
	if (tp.fst) { dump(tp); tp.fst->close(); }
	tp.dut->final();
	r.tops.erase(it);
}

top &top_of(void *s)
{
	auto it = reg().tops.find(s);
	if (it == reg().tops.end()) fail(1, "internal: a subsystem without twins");
	return *it->second;
}

void sys_step(void *s, const sm_rf_in *in, sm_rf_gnt *g, sm_stats *st)
{
	top &tp = top_of(s);
	reg().real->step(s, in, g, st);
	tp.stepped++;
	next_cycle(tp, tp.cycle + 1);
}

void sys_skip(void *s, uint64_t n, sm_stats *st)
{
	top &tp = top_of(s);
	uint64_t from = tp.cycle;
	reg().real->skip(s, n, st);	// rf_banked_idle moves tp.cycle through them
	tp.skipped += n;
	next_cycle(tp, from + n);
}

// rf_banked: the C model's outputs at the start of the cycle, copied (its
// step moves the read pipeline the pointers point into).
void capture_c_outputs(void *m, twin &t)
{
	unsigned lanes = t.lanes;
	__real_rf_banked_outputs(m, &t.c_out);
	for (uint64_t v = t.c_out.rd_valid; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);
		std::memcpy(&t.c_data[(size_t)c * lanes], t.c_out.rd_data[c], lanes * sizeof(uint32_t));
		t.c_out.rd_data[c] = &t.c_data[(size_t)c * lanes];
	}
	t.have_out = true;
}

}  // namespace

#define SM_UNIT(u)                                                                                       \
	extern "C" const struct unit_ops __real_##u##_ops;                                               \
	static void *twin_create_##u(const gpurf_cfg *cfg, const module_desc *d)                         \
	{                                                                                                \
		return unit_create(&__real_##u##_ops, cfg, d);                                           \
	}                                                                                                \
	extern "C" const struct unit_ops __wrap_##u##_ops;                                               \
	const struct unit_ops __wrap_##u##_ops = {#u, twin_create_##u, unit_reset, unit_eval, unit_tick, \
						   unit_destroy};
#include "cosim_sm_units.def"
#undef SM_UNIT

// A scheme is admitted when every unit its subsystem composes has a twin
// here (cosim_sm_units.def, rf_banked): a scheme added later is refused
// until then, rather than co-simulating part of it and looking green.
const struct sm_rfsys_ops *__wrap_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	registry &r = reg();
	const struct sm_rfsys_ops *real;

	switch (cfg->scheme) {
	case SCHEME_BASELINE: case SCHEME_FINEREG: case SCHEME_REGVIRT: case SCHEME_LTRF: case SCHEME_LTRF_PLUS:
	case SCHEME_RFC: case SCHEME_SHARING:
		break;
	default:
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: [sm] scheme = %s: the SM-driven co-simulation has no RTL twins for this scheme's "
			   "units yet; allowed: baseline, finereg, regvirt, ltrf, ltrf_plus, rfc, sharing", cfg->path,
			   cfg_enum_name("scheme", cfg->scheme));
		return nullptr;
	}
	if (!(real = __real_sm_rfsys_ops(cfg, err))) return nullptr;
	if (r.real && r.real != real) fail(1, "internal: two schemes in one run");
	if (!r.real) std::printf("cosim-sm: RTL twins of %s\n", built_for().c_str());
	r.real = real;
	r.wrapped = *real;
	r.wrapped.create = sys_create;
	r.wrapped.free = sys_free;
	r.wrapped.step = sys_step;
	r.wrapped.skip = sys_skip;
	return &r.wrapped;
}

static bool plain_rfb(void *m)
{
	registry &r = reg();
	return !r.plain_rfb.empty() && r.plain_rfb.count(m);
}

void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg)
{
	void *m = __real_rf_banked_create(cfg);
	if (!m) return nullptr;
	if (reg().creating) {
		reg().plain_rfb[m] = true;
		return m;
	}
	twin &t = bind(m, rf_banked_desc(m), nullptr);
	t.lanes = cfg->lanes;
	t.c_data.assign((size_t)64 * cfg->lanes, 0);
	t.rtl_data.assign((size_t)64 * cfg->lanes, 0);
	return m;
}

void __wrap_rf_banked_free(void *m)
{
	reg().plain_rfb.erase(m);
	unbind(m);
	__real_rf_banked_free(m);
}

// What the SM reads at the start of a cycle: the RTL's registered read
// outputs (the C model's are kept to be compared at the step).
void __wrap_rf_banked_outputs(void *m, struct rfb_out *o)
{
	if (plain_rfb(m)) return __real_rf_banked_outputs(m, o);
	twin &t = twin_of(m);
	unsigned lanes = t.lanes;
	const port_desc *valid = &t.d->ports[RFB_RD_VALID_O], *data = &t.d->ports[RFB_RD_DATA_O];

	capture_c_outputs(m, t);
	twins_get_outputs(t.tp->dut.get(), t.inst, t.act.data());
	o->rd_valid = 0;
	for (unsigned c = 0; c < valid->count; c++) {
		bus_get_words(t.act.data(), data, c, &t.rtl_data[(size_t)c * lanes]);
		o->rd_data[c] = &t.rtl_data[(size_t)c * lanes];
		if (bus_get(t.act.data(), valid, c)) o->rd_valid |= UINT64_C(1) << c;
	}
}

// One cycle: the same requests to both sides, every output compared, the
// RTL's grants returned, then both clock edges.
void __wrap_rf_banked_step(void *m, const struct rfb_req *rq, struct rfb_grants *g)
{
	if (plain_rfb(m)) return __real_rf_banked_step(m, rq, g);
	twin &t = twin_of(m);
	rfb_grants cg;

	if (!t.have_out) capture_c_outputs(m, t);
	rf_banked_bus_in(m, rq, t.in.data());
	rtl_eval(t, t.in.data());
	__real_rf_banked_step(m, rq, &cg);
	rf_banked_bus_out(m, &cg, &t.c_out, t.exp.data());
	compare(t);
	g->rd_gnt = g->wr_gnt = g->conflict = 0;
	for (unsigned c = 0; c < t.d->ports[RFB_RD_GNT_O].count; c++)
		g->rd_gnt |= bus_get(t.act.data(), &t.d->ports[RFB_RD_GNT_O], c) << c;
	for (unsigned w = 0; w < t.d->ports[RFB_WR_GNT_O].count; w++)
		g->wr_gnt |= bus_get(t.act.data(), &t.d->ports[RFB_WR_GNT_O], w) << w;
	for (unsigned b = 0; b < t.d->ports[RFB_BANK_CONFLICT_O].count; b++)
		g->conflict |= bus_get(t.act.data(), &t.d->ports[RFB_BANK_CONFLICT_O], b) << b;
	rtl_edge(t);
	t.have_out = false;
}

// Idle cycles are clocked and compared like any other: the RTL must stay
// as quiet as the model.
void __wrap_rf_banked_idle(void *m, uint64_t n)
{
	if (plain_rfb(m)) return __real_rf_banked_idle(m, n);
	rfb_req none{};
	rfb_grants g;
	top &tp = *twin_of(m).tp;
	for (uint64_t i = 0; i < n; i++) {
		__wrap_rf_banked_step(m, &none, &g);
		next_cycle(tp, tp.cycle + 1);
	}
}
