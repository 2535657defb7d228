/* cfg_energy.c: keys of the [energy] section: what one access of each
 * register-file structure costs.  Sources are cited per key and explained
 * in docs/energy.md.  Energies are in femtojoules per 128-bit access (the
 * unit of Gebhart et al.'s tables: four 32-bit lanes) unless the key says
 * otherwise. */
#include "cfg_key.h"

static const char *const scaling_names[] = {"sqrt", "linear", "none", NULL};

#define F(field) CFG_FIELD(field)

const struct cfg_key cfg_keys_energy[] = {
	{"energy", "mrf_read_fj", KEY_UINT, F(energy.mrf_read_fj), "8000", 0, 10000000, 0, NULL,
	 "Gebhart Table 3 (MRF read 8 pJ per 128-bit access of a 4 KB bank, 40 nm)",
	 "Main register file bank read, fJ per 128 bits, for a bank of mrf_ref_bank_bytes; "
	 "scaled to the configured bank size by bank_scaling."},
	{"energy", "mrf_write_fj", KEY_UINT, F(energy.mrf_write_fj), "11000", 0, 10000000, 0, NULL,
	 "Gebhart Table 3 (MRF write 11 pJ per 128 bits)",
	 "Main register file bank write, fJ per 128 bits, for a bank of mrf_ref_bank_bytes."},
	{"energy", "mrf_ref_bank_bytes", KEY_UINT, F(energy.mrf_ref_bank_bytes), "4K", 1, 1UL << 24, 0, NULL,
	 "Gebhart Table 3 (4 KB, 128-bit, 1R1W SRAM bank)",
	 "Bank size the mrf_*_fj energies were characterised on."},
	{"energy", "bank_scaling", KEY_ENUM, F(energy.bank_scaling), "sqrt", 0, 0, 0, scaling_names,
	 "chosen (CACTI-style: bit-line and word-line length grow with the square root of capacity)",
	 "How a bank access energy scales with (rf size_bytes / banks) / mrf_ref_bank_bytes: "
	 "sqrt of the ratio, the ratio itself, or not at all."},
	{"energy", "wire_fj_per_mm", KEY_UINT, F(energy.wire_fj_per_mm), "1900", 0, 1000000, 0, NULL,
	 "Gebhart Table 3 (1.9 pJ/mm per 32 bits: 300 fF/mm, 0.9 V)",
	 "Energy of moving 32 bits one millimetre; charged per operand read and per "
	 "result written, over the structure's wire distance."},
	{"energy", "mrf_wire_um", KEY_UINT, F(energy.mrf_wire_um), "1000", 0, 100000, 0, NULL,
	 "Gebhart Table 3 (MRF 1 mm from the ALUs)",
	 "Wire distance of the main register file to the ALUs, micrometres; 0 leaves "
	 "wires out of the report."},
	{"energy", "rfc_read_fj", KEY_UINT, F(energy.rfc_read_fj), "2200", 0, 10000000, 0, NULL,
	 "Gebhart Table 2 (6 entries x 8 active warps: read 2.2 pJ per 128 bits)",
	 "Register file cache (or operand register file) read, fJ per 128 bits."},
	{"energy", "rfc_write_fj", KEY_UINT, F(energy.rfc_write_fj), "6700", 0, 10000000, 0, NULL,
	 "Gebhart Table 2 (6 entries x 8 active warps: write 6.7 pJ per 128 bits)",
	 "Register file cache write, fJ per 128 bits."},
	{"energy", "rfc_wire_um", KEY_UINT, F(energy.rfc_wire_um), "200", 0, 100000, 0, NULL,
	 "Gebhart Sec. 5.4, Table 5 (RFC 0.2 mm from the ALUs)",
	 "Wire distance of the register file cache to the ALUs, micrometres."},
	{"energy", "rename_fj", KEY_UINT, F(energy.rename_fj), "1140", 0, 10000000, 0, NULL,
	 "RegVirt Table 2 (1 KB 4-bank renaming table, CACTI 5.3, 40 nm: 1.14 pJ per access)",
	 "One renaming-table lookup or update (register virtualization), fJ."},
	{"energy", "ltrf_cache_read_fj", KEY_UINT, F(energy.ltrf_cache_read_fj), "4680", 0, 10000000, 0, NULL,
	 "RegVirt Table 2 (4 KB register bank, CACTI 5.3: 4.68 pJ); the LTRF paper gives none",
	 "LTRF register cache read, fJ per 128 bits (chosen: a 4 KB SRAM bank, the "
	 "size of one LTRF cache bank per 8 active warps)."},
	{"energy", "ltrf_cache_write_fj", KEY_UINT, F(energy.ltrf_cache_write_fj), "4680", 0, 10000000, 0, NULL,
	 "RegVirt Table 2 (4 KB register bank, 4.68 pJ per access)",
	 "LTRF register cache write, fJ per 128 bits."},
	{"energy", "ltrf_cache_wire_um", KEY_UINT, F(energy.ltrf_cache_wire_um), "200", 0, 100000, 0, NULL,
	 "chosen (placed next to the ALUs like Gebhart's RFC)",
	 "Wire distance of the LTRF register cache to the ALUs, micrometres."},
	{"energy", "pcrf_read_fj", KEY_UINT, F(energy.pcrf_read_fj), "8000", 0, 10000000, 0, NULL,
	 "chosen: Gebhart Table 3's 4 KB bank (FineReg gives no per-access energy)",
	 "FineReg PCRF read of one register, fJ per 128 bits (not scaled: the PCRF "
	 "is its own small SRAM)."},
	{"energy", "pcrf_write_fj", KEY_UINT, F(energy.pcrf_write_fj), "11000", 0, 10000000, 0, NULL,
	 "chosen: Gebhart Table 3's 4 KB bank",
	 "FineReg PCRF write of one register, fJ per 128 bits."},
	{"energy", "pcrf_chain_fj", KEY_UINT, F(energy.pcrf_chain_fj), "1140", 0, 10000000, 0, NULL,
	 "chosen: a 1 KB table access like RegVirt Table 2's renaming table",
	 "One step of a PCRF tag chain or pointer-table access (FineReg), fJ."},
	{NULL},
};

#undef F
