// cosim_sm.cpp: SM-driven co-simulation of the banked register file.
//
// Linked into the SM model's command line (sim/gpurf_sim.c) with
// -Wl,--wrap= on rf_banked_create/_free/_outputs/_step/_idle (see
// scripts/tb-build, driver cosim-sm).  Every register file the SM model
// creates gets a Verilated twin built from this configuration's RTL.  Each
// cycle the SM's requests (rf_banked_step) go to the C model and, through
// rf_banked_bus_in, to the RTL's ports; every output port is compared (the
// C side's output bus is what its typed interface returned, through
// rf_banked_bus_out); the SM continues with the RTL's grants and read data,
// so a wrong value in the RTL also changes the kernel's result.  The first
// difference prints cycle, SM, port, element, expected and actual, and
// exits 1.
//
// --wrap gives a function no context, so the twins live in one registry
// keyed by the C model's pointer: the only global state, owned here.
//
// Environment: GPURF_COSIM_FST=FILE traces the first SM's RTL for the whole
// run (make cosim-sm WAVE=1; the waveform of a kernel).
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vdut.h"
#include "gpurf_glue.h"

extern "C" {
#include "bus_diff.h"
#include "cfg.h"
#include "desc.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"

void *__real_rf_banked_create(const struct gpurf_cfg *cfg);
void __real_rf_banked_free(void *m);
void __real_rf_banked_outputs(void *m, struct rfb_out *o);
void __real_rf_banked_step(void *m, const struct rfb_req *rq, struct rfb_grants *g);
void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg);
void __wrap_rf_banked_free(void *m);
void __wrap_rf_banked_outputs(void *m, struct rfb_out *o);
void __wrap_rf_banked_step(void *m, const struct rfb_req *rq, struct rfb_grants *g);
void __wrap_rf_banked_idle(void *m, uint64_t n);

struct sm_rfsys_ops;
const struct sm_rfsys_ops *__real_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err);
const struct sm_rfsys_ops *__wrap_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err);
}

namespace {

// One register file of the SM model and its RTL twin.
struct twin {
	unsigned sm;				// creation order: SM number
	const module_desc *d;
	unsigned lanes;
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vdut> dut;
	std::unique_ptr<VerilatedFstC> fst;
	std::vector<uint32_t> in, exp, act;
	std::vector<uint32_t> c_data, rtl_data;	// [collector][lane]
	rfb_out c_out{};			// the C model's outputs this cycle
	bool have_out = false;
	uint64_t cycles = 0;
};

struct registry {
	std::map<void *, std::unique_ptr<twin>> twins;
	unsigned created = 0;
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
	if (it == reg().twins.end()) fail(1, "internal: a register file without an RTL twin");
	return *it->second;
}

void dump(twin &t, unsigned half)
{
	if (t.fst) t.fst->dump(2 * t.cycles + half);
}

// The C model's outputs at the start of the cycle, copied: its step moves
// the read pipeline the pointers point into.
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

// Only a scheme whose whole register-file subsystem has an RTL twin here may
// run: today the baseline, whose subsystem is rf_banked.  Anything else would
// co-simulate part of the subsystem, or nothing, and still look green.
const struct sm_rfsys_ops *__wrap_sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	if (cfg->scheme != SCHEME_BASELINE) {
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: [sm] scheme = %s: the SM-driven co-simulation has no RTL top for this scheme yet; "
			   "allowed: baseline", cfg->path, cfg_enum_name("scheme", cfg->scheme));
		return nullptr;
	}
	return __real_sm_rfsys_ops(cfg, err);
}

void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg)
{
	void *m = __real_rf_banked_create(cfg);
	if (!m) return nullptr;
	auto t = std::make_unique<twin>();
	t->sm = reg().created++;
	t->d = rf_banked_desc(m);
	if (std::strcmp(t->d->name, GLUE_MODULE) != 0 || t->d->in_words != GLUE_IN_WORDS ||
	    t->d->out_words != GLUE_OUT_WORDS)
		fail(2, "the configuration describes module %s, but this binary was built for %s; rebuild it "
			"(make cosim-sm CFG=...)", t->d->name, GLUE_MODULE);
	t->in.assign(t->d->in_words + 1, 0);
	t->exp.assign(t->d->out_words + 1, 0);
	t->act.assign(t->d->out_words + 1, 0);
	t->lanes = cfg->lanes;
	t->c_data.assign((size_t)64 * cfg->lanes, 0);
	t->rtl_data.assign((size_t)64 * cfg->lanes, 0);
	t->ctx = std::make_unique<VerilatedContext>();
	const char *fst = std::getenv("GPURF_COSIM_FST");
	t->ctx->traceEverOn(fst && *fst && t->sm == 0);
	t->dut = std::make_unique<Vdut>(t->ctx.get(), "TOP");
	if (fst && *fst && t->sm == 0) {
		t->fst = std::make_unique<VerilatedFstC>();
		t->dut->trace(t->fst.get(), 99);
		t->fst->open(fst);
	}
	gpurf_reset(t->dut.get());
	reg().twins[m] = std::move(t);
	return m;
}

void __wrap_rf_banked_free(void *m)
{
	auto it = reg().twins.find(m);
	if (it != reg().twins.end()) {
		twin &t = *it->second;
		std::printf("cosim-sm: SM %u %s: %" PRIu64 " cycles compared, every output equal\n", t.sm,
			    t.d->name, t.cycles);
		if (t.fst) { dump(t, 2); t.fst->close(); }
		t.dut->final();
		reg().twins.erase(it);
	}
	__real_rf_banked_free(m);
}

// What the SM reads at the start of a cycle: the RTL's registered read
// outputs (the C model's are kept to be compared at the step).
void __wrap_rf_banked_outputs(void *m, struct rfb_out *o)
{
	twin &t = twin_of(m);
	unsigned lanes = t.lanes;
	const port_desc *valid = &t.d->ports[RFB_RD_VALID_O], *data = &t.d->ports[RFB_RD_DATA_O];

	capture_c_outputs(m, t);
	glue_get_outputs(t.dut.get(), t.act.data());
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
	twin &t = twin_of(m);
	rfb_grants cg;
	char msg[4096];

	if (!t.have_out) capture_c_outputs(m, t);
	rf_banked_bus_in(m, rq, t.in.data());
	glue_put_inputs(t.dut.get(), t.in.data());
	t.dut->clk_i = 0;
	t.dut->eval();
	dump(t, 0);
	glue_get_outputs(t.dut.get(), t.act.data());
	__real_rf_banked_step(m, rq, &cg);
	rf_banked_bus_out(m, &cg, &t.c_out, t.exp.data());
	if (bus_first_diff(t.d, t.exp.data(), t.act.data(), msg, sizeof msg)) {
		if (t.fst) { dump(t, 1); t.fst->close(); }
		fail(1, "cycle %" PRIu64 " of SM %u's register file (%s): MISMATCH %s", t.cycles, t.sm, t.d->name,
		     msg);
	}
	g->rd_gnt = g->wr_gnt = g->conflict = 0;
	for (unsigned c = 0; c < t.d->ports[RFB_RD_GNT_O].count; c++)
		g->rd_gnt |= bus_get(t.act.data(), &t.d->ports[RFB_RD_GNT_O], c) << c;
	for (unsigned w = 0; w < t.d->ports[RFB_WR_GNT_O].count; w++)
		g->wr_gnt |= bus_get(t.act.data(), &t.d->ports[RFB_WR_GNT_O], w) << w;
	for (unsigned b = 0; b < t.d->ports[RFB_BANK_CONFLICT_O].count; b++)
		g->conflict |= bus_get(t.act.data(), &t.d->ports[RFB_BANK_CONFLICT_O], b) << b;
	t.dut->clk_i = 1;
	t.dut->eval();
	dump(t, 1);
	t.have_out = false;
	t.cycles++;
}

// Idle cycles are clocked and compared like any other: the RTL must stay
// as quiet as the model.
void __wrap_rf_banked_idle(void *m, uint64_t n)
{
	rfb_req none{};
	rfb_grants g;
	for (uint64_t i = 0; i < n; i++) __wrap_rf_banked_step(m, &none, &g);
}
