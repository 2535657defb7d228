/* desc.h: a structure's one description: parameters, ports and memories.
 *
 * Each structure has one function (common/desc_<structure>.c) that turns a
 * configuration into a module_desc.  Three consumers read it:
 *   - the Verilog emitter (gen/) declares exactly these ports;
 *   - the C model (cmodel/) reads and writes a "bus" laid out from them;
 *   - the test bench glue (emitted by gen/) copies the same bus to and from
 *     the Verilated module.
 * So a port's name, direction and width exist in one place only.
 *
 * A port is `count` elements of `elem_width` bits, flattened in Verilog to
 * [count*elem_width-1:0] with element i at [i*elem_width +: elem_width].  The
 * bus is an array of 32-bit words, inputs and outputs in two separate
 * arrays; each port starts on a word boundary (Verilator's layout for wide
 * signals), so copying a port is copying words. */
#ifndef GPURF_DESC_H
#define GPURF_DESC_H

#include <assert.h>
#include <stdint.h>

#include "cfg.h"

enum { DESC_MAX_PORTS = 72, DESC_MAX_PARAMS = 24, DESC_MAX_MEMS = 8 };

enum port_dir { PORT_IN, PORT_OUT };

struct port_desc {
	const char *name;	/* Verilog name, with _i / _o suffix */
	enum port_dir dir;
	unsigned count;		/* elements (e.g. one per collector) */
	unsigned elem_width;	/* bits per element */
	unsigned word;		/* first word of this port in its bus */
	const char *doc;
};

struct param_desc {
	const char *name;	/* Verilog localparam name */
	const char *token;	/* short tag in the module name; NULL = not in it */
	unsigned long value;
	const char *doc;
};

/* A storage array emitted as its own module: simulated behaviourally,
 * black-boxed in synthesis and charged by the SRAM area model. */
struct mem_desc {
	char module[96];	/* Verilog module name */
	unsigned instances;	/* how many the structure instantiates */
	unsigned rows, width;	/* words and bits per word */
	unsigned lane_width;	/* write-mask granularity in bits */
	unsigned read_ports, write_ports;
	/* Shared read/write ports.  When non-zero the macro has rw_ports
	 * ports (read_ports and write_ports are then 0): a port reads or
	 * writes in a cycle, never both. */
	unsigned rw_ports;
};

struct module_desc {
	const char *base;	/* table name: rf_banked, pcrf, ... */
	char name[160];		/* base plus parameter tokens */
	const char *title;	/* one line for headers and docs */
	struct param_desc params[DESC_MAX_PARAMS];
	unsigned nparams;
	struct port_desc ports[DESC_MAX_PORTS];	/* in the structure's port enum order */
	unsigned nports;
	struct mem_desc mems[DESC_MAX_MEMS];
	unsigned nmems;
	unsigned in_words, out_words;	/* bus sizes */
};

static inline unsigned port_width(const struct port_desc *p)
{
	return p->count * p->elem_width;
}

static inline unsigned port_words(const struct port_desc *p)
{
	return (port_width(p) + 31u) / 32u;
}

/* Building a description. */
void desc_init(struct module_desc *m, const char *base, const char *title);
void desc_param(struct module_desc *m, const char *name, const char *token,
		unsigned long value, const char *doc);
/* Adds port number `index` (the structure's enum value, checked). */
void desc_port(struct module_desc *m, unsigned index, const char *name, enum port_dir dir,
	       unsigned count, unsigned elem_width, const char *doc);
/* Adds a memory (an SRAM macro) and names its module after its geometry:
 * gpurf_sram_r<rows>_w<width>_m<lanes>_<R>r<W>w.  Returns it. */
struct mem_desc *desc_mem(struct module_desc *m, unsigned instances, unsigned rows, unsigned width,
			  unsigned lane_width, unsigned read_ports, unsigned write_ports);
/* The same for a macro whose rw_ports ports each read or write per cycle. */
struct mem_desc *desc_mem_rw(struct module_desc *m, unsigned instances, unsigned rows,
			     unsigned width, unsigned lane_width, unsigned rw_ports);
/* Lays out the buses and builds the name from the parameter tokens. */
void desc_finish(struct module_desc *m);

/* Reading and writing one element of a port in a bus.  Elements up to 64
 * bits go through get/set; wider ones (register data) through the _words
 * forms, which move ceil(elem_width/32) words.
 * Bit-level access: element `elem` starts at bit elem*elem_width of the
 * port, which starts at word p->word.  A field of up to 64 bits spans at
 * most three words; only the words it touches are read or written (the
 * last may be the bus's last).  These are the C models' hottest code. */
static inline uint64_t bus_get_bits(const uint32_t *port, unsigned lsb, unsigned width)
{
	const uint32_t *w = port + lsb / 32u;
	unsigned off = lsb % 32u, end = off + width;
	uint64_t v = w[0] >> off;

	if (end > 32u)
		v |= (uint64_t)w[1] << (32u - off);
	if (end > 64u)
		v |= (uint64_t)w[2] << (64u - off);
	return width < 64u ? v & ((UINT64_C(1) << width) - 1u) : v;
}

static inline void bus_set_bits(uint32_t *port, unsigned lsb, unsigned width, uint64_t v)
{
	uint32_t *w = port + lsb / 32u;
	unsigned off = lsb % 32u, end = off + width;
	uint64_t mask = width < 64u ? (UINT64_C(1) << width) - 1u : ~UINT64_C(0);

	v &= mask;
	w[0] = (w[0] & ~(uint32_t)(mask << off)) | (uint32_t)(v << off);
	if (end > 32u)
		w[1] = (w[1] & ~(uint32_t)(mask >> (32u - off))) | (uint32_t)(v >> (32u - off));
	if (end > 64u)
		w[2] = (w[2] & ~(uint32_t)(mask >> (64u - off))) | (uint32_t)(v >> (64u - off));
}

uint64_t bus_get(const uint32_t *bus, const struct port_desc *p, unsigned elem);
void bus_set(uint32_t *bus, const struct port_desc *p, unsigned elem, uint64_t value);
/* The same two inlined, for the per-cycle paths of the SM's register file
 * (bus_get and bus_set are these; kept out of line elsewhere, where GCC's
 * flow analysis of an inlined copy warns about other models' code). */
static inline uint64_t bus_get_inline(const uint32_t *bus, const struct port_desc *p, unsigned elem)
{
	assert(p->elem_width <= 64 && elem < p->count);
	return bus_get_bits(bus + p->word, elem * p->elem_width, p->elem_width);
}

static inline void bus_set_inline(uint32_t *bus, const struct port_desc *p, unsigned elem, uint64_t value)
{
	assert(p->elem_width <= 64 && elem < p->count);
	bus_set_bits(bus + p->word, elem * p->elem_width, p->elem_width, value);	/* masks value */
}

void bus_get_words(const uint32_t *bus, const struct port_desc *p, unsigned elem, uint32_t *dst);
void bus_set_words(uint32_t *bus, const struct port_desc *p, unsigned elem, const uint32_t *src);
/* A port of one-bit elements as the words of its bit vector (element e is
 * bit e % 32 of word e / 32; every port starts on a word boundary): models
 * walk a per-CTA or per-warp flag vector by its set bits. */
static inline const uint32_t *bus_bits(const uint32_t *bus, const struct port_desc *p)
{
	return bus + p->word;
}
/* A port of at most 64 one-bit elements as one mask (element e is bit e):
 * the per-collector and per-bank flags the SM reads and writes each cycle.
 * Setting writes the port's whole words (bits past count become 0). */
static inline uint64_t bus_get_mask(const uint32_t *bus, const struct port_desc *p)
{
	const uint32_t *w = bus + p->word;
	uint64_t v = w[0];

	assert(p->elem_width == 1 && p->count <= 64);
	if (p->count > 32u)
		v |= (uint64_t)w[1] << 32;
	return p->count < 64u ? v & ((UINT64_C(1) << p->count) - 1u) : v;
}

static inline void bus_set_mask(uint32_t *bus, const struct port_desc *p, uint64_t v)
{
	uint32_t *w = bus + p->word;

	assert(p->elem_width == 1 && p->count <= 64);
	if (p->count < 64u)
		v &= (UINT64_C(1) << p->count) - 1u;
	w[0] = (uint32_t)v;
	if (p->count > 32u)
		w[1] = (uint32_t)(v >> 32);
}
/* Every element of a port of up to 8-bit elements from v[0 .. count-1],
 * packed a word at a time (a monitor's per-CTA fields, each cycle). */
void bus_set_bytes(uint32_t *bus, const struct port_desc *p, const uint8_t *v);
/* Copies the first dp->count elements of port sp of bus src into port dp of
 * bus dst (a wire between two modules; equal element widths, sp->count >=
 * dp->count). */
void bus_copy(uint32_t *dst, const struct port_desc *dp, const uint32_t *src, const struct port_desc *sp);

/* Looks a port up by name; NULL if absent. */
const struct port_desc *desc_find_port(const struct module_desc *m, const char *name);

/* The structure table: every structure gpurf knows, in emission order. */
struct gpurf_structure {
	const char *base;
	/* Whether this configuration has the structure. */
	int (*present)(const struct gpurf_cfg *cfg);
	/* Fills m from cfg (cfg already validated). */
	void (*describe)(const struct gpurf_cfg *cfg, struct module_desc *m);
};

extern const struct gpurf_structure gpurf_structures[];
extern const unsigned gpurf_nstructures;

const struct gpurf_structure *gpurf_structure_find(const char *base);

#endif
