/* vwriter.h: the structured Verilog writer every emitter uses.
 *
 * It owns indentation, module headers (ports from a module_desc, so an
 * emitted port can only be one the description has), localparams and the
 * small expression helpers that keep emitted code free of zero-width and
 * width-mismatched expressions (Verilator -Wall clean, Verilog-2005). */
#ifndef GPURF_VWRITER_H
#define GPURF_VWRITER_H

#include "cfg.h"
#include "desc.h"
#include "sbuf.h"

struct vw {
	struct sbuf *out;
	int indent;
};

/* One line at the current indentation. */
void vw_line(struct vw *w, const char *fmt, ...) GPURF_PRINTF(2, 3);
/* A line, then indent (begin, module bodies). */
void vw_open(struct vw *w, const char *fmt, ...) GPURF_PRINTF(2, 3);
/* Dedent, then a line (end). */
void vw_close(struct vw *w, const char *fmt, ...) GPURF_PRINTF(2, 3);
void vw_blank(struct vw *w);
/* One line the caller built piece by piece in `line` (sbuf_printf), which
 * is then emptied for the next; an allocation failure carries over to the
 * file's text, so the file is reported incomplete at the edge. */
void vw_take(struct vw *w, struct sbuf *line);

/* File banner naming the configuration and the generator. */
void vw_banner(struct vw *w, const struct gpurf_cfg *cfg, const char *what);

/* `module <name> (` with clk_i/rst_ni when clocked/reset, then every port
 * of m, then `);` and a comment listing every parameter of m. */
void vw_module_begin(struct vw *w, const struct module_desc *m, int clocked, int reset);
void vw_module_end(struct vw *w);
/* localparam for parameter `name` of m, with its value from m. */
void vw_param(struct vw *w, const struct module_desc *m, const char *name);

/* Helpers writing into a caller's buffer (returned for chaining). */
/* `expr` of width `from` zero-extended to `to` (to >= from). */
const char *vw_zext(char *buf, size_t n, const char *expr, unsigned from, unsigned to);
/* Bits [lsb +: width] of a port element, as a constant part-select. */
const char *vw_elem(char *buf, size_t n, const struct port_desc *p, unsigned elem);
/* A sized decimal literal, e.g. 4'd3. */
const char *vw_lit(char *buf, size_t n, unsigned width, unsigned long value);

#endif
