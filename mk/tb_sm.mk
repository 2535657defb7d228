# mk/tb_sm.mk: the SM-driven co-simulation (tb/cosim_sm.cpp, docs/cosim-sm.md).
# (Named to sort after sm.mk and tb.mk, whose libraries it links.)
#
#   make cosim-sm [CFG=<name>] [KERNEL=<name>] [RTL=<dir>] [WAVE=1]
#
# The SM model runs the kernel; every register-file cycle it presents goes to
# the C model and to the Verilated RTL, every output is compared and the
# kernel continues with the RTL's values; the kernel's result is then checked
# against the host reference.  Writes build/<cfg>/cosim-sm/<kernel>.json (and
# <kernel>.fst with WAVE=1).  Without CFG= it uses sm_baseline, the smallest
# SM-capable configuration.

COSIM_SM_CFG      := $(if $(filter command line environment,$(origin CFG)),$(CFG_FILE),configs/sm_baseline.ini)
COSIM_SM_OUT      := $(BUILD)/$(basename $(notdir $(COSIM_SM_CFG)))
COSIM_SM_RTL      := $(if $(RTL),$(RTL),$(COSIM_SM_OUT)/rtl)
COSIM_SM_OBJDIR    = $(COSIM_SM_OUT)/obj/cosim-sm$(if $(RTL),-$(subst /,_,$(RTL)))
COSIM_SM_DEPS     := $(CORE_BINS) $(LIBGPURF_TB) $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(OBJ)/sim/gpurf_sim.o

.PHONY: cosim-sm
cosim-sm: $(COSIM_SM_DEPS)
	@$(GEN) --config $(COSIM_SM_CFG) --out $(COSIM_SM_OUT) >/dev/null
	@scripts/tb-build $(COSIM_SM_CFG) rf_banked $(COSIM_SM_RTL) $(COSIM_SM_OBJDIR) cosim-sm
	@mkdir -p $(COSIM_SM_OUT)/cosim-sm
	$(if $(WAVE),GPURF_COSIM_FST=$(COSIM_SM_OUT)/cosim-sm/$(KERNEL).fst) $(COSIM_SM_OBJDIR)/Vdut \
	  --config $(COSIM_SM_CFG) --kernel kernels/$(KERNEL) --out $(COSIM_SM_OUT)/cosim-sm/$(KERNEL).json

# The whole kernel suite under every scheme's paper-sized configuration
# (those with an RTL top), and the long co-simulation lists.
.PHONY: regress-full
regress-full: deps
	@$(MAKE) --no-print-directory bins $(COSIM_SM_DEPS)
	@scripts/regress-full

# SM model alone vs SM-driven co-simulation, cycles per second (bench/README.md).
.PHONY: bench-cosim-sm
bench-cosim-sm: $(COSIM_SM_DEPS)
	@bench/cosim-sm-bench $(COSIM_SM_CFG)
