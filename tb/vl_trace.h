// vl_trace.h: the FST trace of a verilated model, or a stand-in when
// scripts/tb-build verilated it without --trace-fst (TB_TRACE=0: a third
// less C++ to compile, what the tests that never trace use).  The drivers
// (lockstep.cpp, cosim_sm.cpp) call vl_trace_attach and keep one code path.
#ifndef GPURF_VL_TRACE_H
#define GPURF_VL_TRACE_H
#include <cstdint>
#include <cstdio>

#if VM_TRACE
#include <verilated_fst_c.h>

// Trace every signal of MODEL into PATH; true when the trace is open.
template <class Model>
static bool vl_trace_attach(Model *model, VerilatedFstC *fst, const char *path)
{
	model->trace(fst, 99);
	fst->open(path);
	return true;
}
#else
struct VerilatedFstC {
	void dump(uint64_t) {}
	void close() {}
};

template <class Model>
static bool vl_trace_attach(Model *, VerilatedFstC *, const char *path)
{
	std::fprintf(stderr, "%s: this binary was verilated without --trace-fst; "
		     "build it with TB_TRACE=1 scripts/tb-build\n", path);
	return false;
}
#endif
#endif
