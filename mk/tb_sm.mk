# mk/tb_sm.mk: the SM-driven co-simulation (tb/cosim_sm.cpp, docs/cosim-sm.md).
# (Named to sort after sm.mk and tb.mk, whose libraries it links.)
#
#   make cosim-sm [CFG=<name>] [KERNEL=<name>] [RTL=<dir>] [WAVE=1]
#
# The SM model runs the kernel; every unit of the scheme's register-file
# subsystem gets a Verilated twin of the module the SM created for it, every
# cycle both get the same inputs, every output is compared and the kernel
# continues with the RTL's values; the kernel's result is then checked
# against the host reference.  Writes build/<cfg>/cosim-sm/<kernel>.json (and
# <kernel>.fst with WAVE=1).  Without CFG= it uses sm_baseline, the smallest
# SM-capable configuration.

COSIM_SM_CFG      := $(if $(filter command line environment,$(origin CFG)),$(CFG_FILE),configs/sm_baseline.ini)
COSIM_SM_OUT      := $(BUILD)/$(basename $(notdir $(COSIM_SM_CFG)))

# gpurf-sm-gen: the SM model as the generator's probe (gen/sm/gpurf_sm_gen.c):
# it emits the RTL of exactly the units the SM creates for a configuration
# and kernel, and the top of their twins (gen/emit_sm_twins.c).
SM_GEN            := $(BIN)/gpurf-sm-gen
SM_GEN_OBJ        := $(OBJ)/gen/sm/gpurf_sm_gen.o $(filter-out $(OBJ)/gen/main.o,$(GEN_OBJ))
$(OBJ)/gen/sm/%.o: CPPFLAGS += -Igen -Itb
$(SM_GEN): $(SM_GEN_OBJ) $(OBJ)/sim/gpurf_sim.o $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF) tb/cosim_sm_units.def scripts/cosim-sm-wraps
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(SM_GEN_OBJ) $(OBJ)/sim/gpurf_sim.o $$(scripts/cosim-sm-wraps --probe) $(SM_LINK)
-include $(OBJ)/gen/sm/gpurf_sm_gen.d
BINS += $(SM_GEN)

COSIM_SM_DEPS     := $(CORE_BINS) $(LIBGPURF_TB) $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(OBJ)/sim/gpurf_sim.o $(SM_GEN)

# scripts/cosim-sm-build: gpurf-sm-gen, then the verilated binary (shared by
# every kernel whose units are the same modules); prints its path.
.PHONY: cosim-sm
cosim-sm: $(COSIM_SM_DEPS)
	@mkdir -p $(COSIM_SM_OUT)/cosim-sm
	@bin=$$($(if $(WAVE),TB_TRACE=1 )scripts/cosim-sm-build $(COSIM_SM_CFG) $(KERNEL) $(RTL)) && \
	$(if $(WAVE),GPURF_COSIM_FST=$(COSIM_SM_OUT)/cosim-sm/$(KERNEL).fst) $$bin \
	  --config $(COSIM_SM_CFG) --kernel kernels/$(KERNEL) --out $(COSIM_SM_OUT)/cosim-sm/$(KERNEL).json

# The whole kernel suite under every scheme's paper-sized configuration
# (those with an RTL top), and the long co-simulation lists.
.PHONY: regress-full
regress-full: deps
	@$(MAKE) --no-print-directory bins $(COSIM_SM_DEPS)
	@scripts/regress-full

# SM model alone vs SM-driven co-simulation, cycles per second (bench/README.md):
# every scheme's small configuration, or CFG= alone.
.PHONY: bench-cosim-sm
bench-cosim-sm: $(COSIM_SM_DEPS)
	@bench/cosim-sm-bench $(if $(filter command line environment,$(origin CFG)),$(COSIM_SM_CFG))

# make wave TEST=sm|sm_switch KERNEL=<name> (scripts/wave-sm): a subsystem
# top's waveform in a real kernel needs the SM-driven co-simulation's tools.
wave: $(if $(filter sm sm_switch,$(TEST)),$(COSIM_SM_DEPS))
