// lockstep.cpp: the one co-simulation driver for every structure.
//
// Each cycle: the stimulus fills the input bus; the C model and the
// Verilated RTL get the same inputs; every output is compared; the
// stimulus's scoreboard checks the agreed outputs; then both take the clock
// edge.  On the first difference it prints cycle, port, element, expected
// (C model) and actual (RTL), then re-runs the same seed with tracing on to
// write an FST of the cycles before the failure, and exits 1.
//
// Modes:  (default) lockstep     --bench   model alone vs RTL alone
//         --fst F with --wave    trace the whole run (make wave)
// The structure is chosen at build time: gpurf_glue.h is the generated
// glue/<base>.h, which knows the module's ports.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include "Vdut.h"
#include "vl_trace.h"
#include "gpurf_glue.h"  // glue/<base>.h of the configuration, copied here by scripts/tb-build

extern "C" {
#include "cfg.h"
#include "bus_diff.h"
#include "desc.h"
#include "stim.h"
#include "unit.h"
}

namespace {

struct options {
	std::string config;
	uint64_t cycles = 20000;
	uint64_t seed = 1;
	std::string scenario;
	std::string fst;		// failure / wave trace path
	uint64_t window = 64;		// cycles traced before a failure
	bool bench = false;
	bool wave = false;
	std::vector<std::string> plusargs;
};

[[noreturn]] void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void die(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	std::fprintf(stderr, "lockstep: ");
	std::vfprintf(stderr, fmt, ap);
	std::fprintf(stderr, "\n");
	va_end(ap);
	std::exit(code);
}

uint64_t parse_u64(const char *flag, const char *v)
{
	char *end;
	errno = 0;
	unsigned long long x = std::strtoull(v, &end, 0);
	if (errno || *end || !*v || v[0] == '-')
		die(2, "%s %s: not allowed; allowed: a non-negative integer", flag, v);
	return x;
}

options parse_args(int argc, char **argv)
{
	options o;
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		auto val = [&](void) -> const char * {
			if (i + 1 >= argc) die(2, "%s needs a value", a.c_str());
			return argv[++i];
		};
		if (a == "--config") o.config = val();
		else if (a == "--cycles") o.cycles = parse_u64("--cycles", val());
		else if (a == "--seed") o.seed = parse_u64("--seed", val());
		else if (a == "--scenario") o.scenario = val();
		else if (a == "--fst") o.fst = val();
		else if (a == "--window") o.window = parse_u64("--window", val());
		else if (a == "--bench") o.bench = true;
		else if (a == "--wave") o.wave = true;
		else if (a.rfind("+", 0) == 0) o.plusargs.push_back(a);
		else die(2, "unknown argument '%s'; allowed: --config F --cycles N --seed S "
			    "--scenario NAME --fst F --window N --bench --wave +verilator+...", a.c_str());
	}
	if (o.config.empty()) die(2, "--config FILE is required");
	return o;
}

// Everything one run needs: configuration, description, model, stimulus.
struct bench_env {
	gpurf_cfg cfg;
	module_desc desc;
	const unit_ops *model_ops;
	const stim_ops *stim;
	const char *scenario;
};

void load_env(const options &o, bench_env &env)
{
	gpurf_err err = {};
	if (cfg_load(&env.cfg, o.config.c_str(), &err)) die(2, "%s", err.msg);
	const gpurf_structure *s = gpurf_structure_find(GLUE_BASE);
	if (!s || !s->present(&env.cfg))
		die(2, "%s: configuration has no %s", o.config.c_str(), GLUE_BASE);
	s->describe(&env.cfg, &env.desc);
	// The binary was built from RTL of one configuration; refuse another.
	if (std::strcmp(env.desc.name, GLUE_MODULE) != 0 || env.desc.in_words != GLUE_IN_WORDS ||
	    env.desc.out_words != GLUE_OUT_WORDS)
		die(2, "%s describes module %s, but this test bench was built for %s; rebuild it",
		    o.config.c_str(), env.desc.name, GLUE_MODULE);
	env.model_ops = unit_ops_find(GLUE_BASE);
	env.stim = stim_ops_find(GLUE_BASE);
	if (!env.model_ops || !env.stim) die(1, "no model or stimulus for %s", GLUE_BASE);
	env.scenario = env.stim->scenarios[0];
	if (!o.scenario.empty()) {
		std::string allowed;
		env.scenario = nullptr;
		for (const char *const *n = env.stim->scenarios; *n; n++) {
			if (o.scenario == *n) env.scenario = *n;
			allowed += allowed.empty() ? *n : std::string(", ") + *n;
		}
		if (!env.scenario)
			die(2, "--scenario %s: no such scenario for %s; allowed: %s", o.scenario.c_str(),
			    GLUE_BASE, allowed.c_str());
	}
}

// The Verilated side: context, model, optional trace.
struct rtl_side {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vdut> dut;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t time = 0;

	rtl_side(const options &o, bool trace)
	{
		ctx.reset(new VerilatedContext);
		std::vector<const char *> args = {"lockstep"};
		for (auto &p : o.plusargs) args.push_back(p.c_str());
		ctx->commandArgs((int)args.size(), args.data());
		ctx->traceEverOn(trace);
		dut.reset(new Vdut(ctx.get(), "TOP"));
	}
	void open_trace(const std::string &path)
	{
		fst.reset(new VerilatedFstC);
		if (!vl_trace_attach(dut.get(), fst.get(), path.c_str())) std::exit(2);
	}
	void dump() { if (fst) fst->dump(time); }
	void reset() { gpurf_reset(dut.get()); }
	~rtl_side()
	{
		if (fst) fst->close();
		if (dut) dut->final();
	}
};

struct run_result {
	int64_t fail_cycle = -1;	// first mismatch or scoreboard failure
	std::string what;
	uint64_t cycles = 0;
	std::vector<uint64_t> active;	// per port: cycles with a non-zero value
};

// Cycles each output port was non-zero: evidence the stimulus exercised it.
void count_activity(const module_desc &d, const uint32_t *out, std::vector<uint64_t> &active)
{
	active.resize(d.nports);
	for (unsigned i = 0; i < d.nports; i++) {
		const port_desc &p = d.ports[i];
		if (p.dir != PORT_OUT) continue;
		for (unsigned w = 0; w < port_words(&p); w++)
			if (out[p.word + w]) { active[i]++; break; }
	}
}

// One lockstep run.  Tracing covers cycles >= trace_from when trace_path is
// set; the run stops at stop_at (inclusive) or o.cycles.
run_result run_lockstep(const options &o, bench_env &env, int64_t trace_from, const std::string &trace_path)
{
	run_result r;
	const module_desc &d = env.desc;
	std::vector<uint32_t> in(d.in_words + 1), mout(d.out_words + 1), rout(d.out_words + 1);
	void *model = env.model_ops->create(&env.cfg, &env.desc);
	void *stim = env.stim->create(&env.cfg, &env.desc, o.seed, env.scenario);
	if (!model || !stim) die(1, "out of memory");
	rtl_side rtl(o, !trace_path.empty());
	rtl.reset();
	env.model_ops->reset(model);
	char msg[4096];	// a mismatch message carries two wide values

	for (uint64_t cyc = 0; cyc < o.cycles; cyc++) {
		bool tracing = !trace_path.empty() && (int64_t)cyc >= trace_from;
		if (tracing && !rtl.fst) rtl.open_trace(trace_path);
		std::fill(in.begin(), in.end(), 0);
		env.stim->drive(stim, cyc, in.data());
		env.model_ops->eval(model, in.data(), mout.data());
		glue_put_inputs(rtl.dut.get(), in.data());
		rtl.dut->clk_i = 0;
		rtl.dut->eval();
		rtl.time = 2 * cyc;
		if (tracing) rtl.dump();
		glue_get_outputs(rtl.dut.get(), rout.data());
		if (bus_first_diff(&d, mout.data(), rout.data(), msg, sizeof msg)) {
			r.fail_cycle = (int64_t)cyc;
			r.what = std::string("MISMATCH ") + msg;
			break;
		}
		if (env.stim->observe(stim, cyc, in.data(), mout.data(), msg, sizeof msg)) {
			r.fail_cycle = (int64_t)cyc;
			r.what = std::string("SCOREBOARD ") + msg;
			break;
		}
		count_activity(d, mout.data(), r.active);
		env.model_ops->tick(model, in.data());
		rtl.dut->clk_i = 1;
		rtl.dut->eval();
		rtl.time = 2 * cyc + 1;
		if (tracing) rtl.dump();
		r.cycles = cyc + 1;
	}
	if (rtl.fst) {	// one more half cycle so the last edge is visible
		rtl.time++;
		rtl.dump();
	}
	env.model_ops->destroy(model);
	env.stim->destroy(stim);
	return r;
}

// Model alone, then RTL alone, same stimulus; prints both rates.
int run_bench(const options &o, bench_env &env)
{
	const module_desc &d = env.desc;
	std::vector<uint32_t> in(d.in_words + 1), out(d.out_words + 1);
	char msg[512];
	using clock = std::chrono::steady_clock;

	void *model = env.model_ops->create(&env.cfg, &env.desc);
	void *stim = env.stim->create(&env.cfg, &env.desc, o.seed, env.scenario);
	env.model_ops->reset(model);
	auto t0 = clock::now();
	for (uint64_t cyc = 0; cyc < o.cycles; cyc++) {
		std::fill(in.begin(), in.end(), 0);
		env.stim->drive(stim, cyc, in.data());
		env.model_ops->eval(model, in.data(), out.data());
		if (env.stim->observe(stim, cyc, in.data(), out.data(), msg, sizeof msg)) die(1, "%s", msg);
		env.model_ops->tick(model, in.data());
	}
	double tm = std::chrono::duration<double>(clock::now() - t0).count();
	env.model_ops->destroy(model);
	env.stim->destroy(stim);

	stim = env.stim->create(&env.cfg, &env.desc, o.seed, env.scenario);
	rtl_side rtl(o, false);
	rtl.reset();
	t0 = clock::now();
	for (uint64_t cyc = 0; cyc < o.cycles; cyc++) {
		std::fill(in.begin(), in.end(), 0);
		env.stim->drive(stim, cyc, in.data());
		glue_put_inputs(rtl.dut.get(), in.data());
		rtl.dut->clk_i = 0;
		rtl.dut->eval();
		glue_get_outputs(rtl.dut.get(), out.data());
		if (env.stim->observe(stim, cyc, in.data(), out.data(), msg, sizeof msg)) die(1, "%s", msg);
		rtl.dut->clk_i = 1;
		rtl.dut->eval();
	}
	double tr = std::chrono::duration<double>(clock::now() - t0).count();
	env.stim->destroy(stim);
	double cm = (double)o.cycles / tm, cr = (double)o.cycles / tr;
	std::printf("bench %s config %s cycles %" PRIu64 " seed %" PRIu64 "\n", GLUE_BASE, env.cfg.name,
		    o.cycles, o.seed);
	std::printf("  C model alone:      %12.0f cycles/s\n", cm);
	std::printf("  Verilated RTL alone:%12.0f cycles/s\n", cr);
	std::printf("  ratio C model / RTL: %.2f\n", cm / cr);
	return 0;
}

}  // namespace

int main(int argc, char **argv)
{
	options o = parse_args(argc, argv);
	bench_env env;
	load_env(o, env);
	if (o.bench) return run_bench(o, env);

	std::printf("lockstep %s (%s) config %s scenario %s seed %" PRIu64 " cycles %" PRIu64 "\n",
		    GLUE_BASE, GLUE_MODULE, env.cfg.name, env.scenario, o.seed, o.cycles);
	for (auto &p : o.plusargs) std::printf("  plusarg %s\n", p.c_str());
	run_result r = run_lockstep(o, env, o.wave ? 0 : -1, o.wave ? o.fst : std::string());
	if (r.fail_cycle < 0) {
		std::printf("PASS: %" PRIu64 " cycles compared, every output equal\n", r.cycles);
		std::printf("  activity (cycles non-zero):");
		for (unsigned i = 0; i < env.desc.nports && i < r.active.size(); i++)
			if (env.desc.ports[i].dir == PORT_OUT)
				std::printf(" %s=%" PRIu64, env.desc.ports[i].name, r.active[i]);
		std::printf("\n");
		if (o.wave) std::printf("wrote %s\n", o.fst.c_str());
		return 0;
	}
	std::printf("FAIL at cycle %" PRId64 ": %s\n", r.fail_cycle, r.what.c_str());
	std::printf("  seed %" PRIu64 " config %s (%s) module %s scenario %s\n", o.seed, env.cfg.name,
		    env.cfg.path, GLUE_MODULE, env.scenario);
	if (!o.fst.empty()) {
		int64_t from = r.fail_cycle > (int64_t)o.window ? r.fail_cycle - (int64_t)o.window : 0;
		options o2 = o;
		o2.cycles = (uint64_t)r.fail_cycle + 1;
		run_lockstep(o2, env, from, o.fst);
		std::printf("  trace of cycles %" PRId64 "..%" PRId64 ": %s\n", from, r.fail_cycle, o.fst.c_str());
	}
	return 1;
}
