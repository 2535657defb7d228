// glue_support.h: moving a bus port (32-bit words, common/desc.h) into and
// out of a Verilated signal of any width.  The generated glue/<base>.h calls
// these once per port.
#pragma once
#include <cstdint>
#include <verilated.h>

static inline void gpurf_put(CData &s, const uint32_t *w, unsigned) { s = (CData)w[0]; }
static inline void gpurf_put(SData &s, const uint32_t *w, unsigned) { s = (SData)w[0]; }
static inline void gpurf_put(IData &s, const uint32_t *w, unsigned) { s = w[0]; }
static inline void gpurf_put(QData &s, const uint32_t *w, unsigned width)
{
	s = (QData)w[0] | (width > 32 ? (QData)w[1] << 32 : 0);
}
template <std::size_t N> static inline void gpurf_put(VlWide<N> &s, const uint32_t *w, unsigned)
{
	for (std::size_t i = 0; i < N; i++) s[i] = w[i];
}

static inline void gpurf_get(const CData &s, uint32_t *w, unsigned) { w[0] = s; }
static inline void gpurf_get(const SData &s, uint32_t *w, unsigned) { w[0] = s; }
static inline void gpurf_get(const IData &s, uint32_t *w, unsigned) { w[0] = s; }
static inline void gpurf_get(const QData &s, uint32_t *w, unsigned width)
{
	w[0] = (uint32_t)s;
	if (width > 32) w[1] = (uint32_t)(s >> 32);
}
template <std::size_t N> static inline void gpurf_get(const VlWide<N> &s, uint32_t *w, unsigned)
{
	for (std::size_t i = 0; i < N; i++) w[i] = s[i];
}

// The reset every test bench applies: two clock edges with rst_ni low, then
// released (the C models start from reset).
template <class T> static inline void gpurf_reset(T *t)
{
	t->clk_i = 0;
	t->rst_ni = 0;
	t->eval();
	for (int i = 0; i < 2; i++) {
		t->clk_i = 1; t->eval();
		t->clk_i = 0; t->eval();
	}
	t->rst_ni = 1;
	t->eval();
}
