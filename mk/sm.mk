# mk/sm.mk: the SM golden model (cmodel/sm/), its command line (sim/), its
# tests (tests/sm/) and benchmark.
#
#   build/lib/libgpurf_sm.a     the SM model (links the compiler and kernels libraries)
#   build/bin/gpurf-sim         --config FILE (--kernel DIR | --trace DIR) --out FILE.json
#   make sim CFG=<name> KERNEL=<name>   writes build/<name>/sim/<kernel>.json
#   make sim-check [CFG=...]    every kernel of kernels/ against its host reference
#                               (without CFG: under every scheme the SM models)
#   make bench-sim [CFG=...]    simulated cycles and warp instructions per second

SM_LIB    := $(BUILD)/lib/libgpurf_sm.a
SM_SRCS   := $(wildcard cmodel/sm/*.c)
SM_OBJS   := $(patsubst %.c,$(OBJ)/%.o,$(SM_SRCS))
SIM       := $(BIN)/gpurf-sim
SM_TESTS  := $(patsubst tests/sm/%.c,$(BIN)/tests/%,$(wildcard tests/sm/test_*.c))
SM_CPPFLAGS := -Icmodel/sm -Icompiler -Ikernels/common
SIM_CFG   ?= baseline_gtx980
KERNEL    ?= sgemm

SIM_BENCH := $(BIN)/gpurf-sim-bench

BINS      += $(SIM) $(SM_LIB) $(SIM_BENCH)
TEST_DEPS += $(SM_TESTS)

$(OBJ)/cmodel/sm/%.o: cmodel/sm/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SM_CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(OBJ)/sim/%.o: sim/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SM_CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(SM_LIB): $(SM_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

SM_LINK := $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF) -linih -llzma -lz -lm

$(SIM): $(OBJ)/sim/gpurf_sim.o $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(OBJ)/sim/gpurf_sim.o $(SM_LINK)

$(OBJ)/bench/%.o: bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SM_CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(SIM_BENCH): $(OBJ)/bench/sim_bench.o $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(OBJ)/bench/sim_bench.o $(SM_LINK)

$(BIN)/tests/test_sm_%: tests/sm/test_sm_%.c $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF) tests/unit/check.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SM_CPPFLAGS) -Itests/unit $(CFLAGS) -o $@ $< $(SM_LINK)

# The fault-injection test wraps the baseline subsystem's unit table at
# link time (tests/sm/test_rf_fault.c); production binaries are not touched.
RF_FAULT_TEST := $(BIN)/tests/test_rf_fault
TEST_DEPS += $(RF_FAULT_TEST)
$(RF_FAULT_TEST): tests/sm/test_rf_fault.c $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF) tests/unit/check.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(SM_CPPFLAGS) -Itests/unit $(CFLAGS) -Wl,--wrap=baseline_top_ops -o $@ $< $(SM_LINK)

-include $(SM_OBJS:.o=.d) $(OBJ)/sim/gpurf_sim.d $(OBJ)/bench/sim_bench.d

# The kernels need 32-lane warps and CTAs of up to 256 threads: without CFG=
# the SM verbs use baseline_gtx980 rather than the global tiny_baseline.
SIM_CFG_FILE := $(if $(filter command line environment,$(origin CFG)),$(CFG_FILE),configs/$(SIM_CFG).ini)
SIM_OUT      := $(BUILD)/$(basename $(notdir $(SIM_CFG_FILE)))

.PHONY: sim sim-check bench-sim
sim: $(SIM)
	@mkdir -p $(SIM_OUT)/sim
	$(SIM) --config $(SIM_CFG_FILE) --kernel kernels/$(KERNEL) --out $(SIM_OUT)/sim/$(KERNEL).json

# Without CFG=, every scheme the SM models: the paper-size configurations and
# the SM configurations of regvirt and LTRF (LTRF's take minutes: its engine
# moves one register at a time).
SIM_CHECK_CFGS ?= configs/baseline_gtx980.ini configs/finereg_gtx980.ini
SIM_CHECK_CFGS += configs/rfc_gebhart.ini configs/sharing_c2050.ini
SIM_CHECK_CFGS += tests/sm/configs/regvirt_sm.ini tests/sm/configs/regvirt_shrink_sm.ini
SIM_CHECK_CFGS += tests/sm/configs/ltrf_sm.ini tests/sm/configs/ltrf_plus_sm.ini
sim-check: $(SIM)
	@$(if $(filter command line environment,$(origin CFG)),tests/sm/sim-check.sh $(SIM_CFG_FILE),\
	  set -e; for c in $(SIM_CHECK_CFGS); do echo "== $$c"; tests/sm/sim-check.sh $$c; done)

bench-sim: $(SIM_BENCH)
	@bench/sim-bench $(SIM_CFG_FILE)

# Issue 23: correlation with Accel-Sim and what idle SMs cost (bench/).
CORRELATE  := $(BIN)/gpurf-correlate
SM_SCALING := $(BIN)/gpurf-sm-scaling
BINS       += $(CORRELATE) $(SM_SCALING)
REALDATA   ?= ../shared/realdata

$(CORRELATE): $(OBJ)/bench/correlate.o $(OBJ)/tools/csv.o $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(OBJ)/bench/correlate.o $(OBJ)/tools/csv.o $(SM_LINK)
$(OBJ)/bench/correlate.o: CPPFLAGS += -Itools

$(SM_SCALING): $(OBJ)/bench/sm_scaling.o $(SM_LIB) $(KC_LIB) $(KREF_LIB) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(OBJ)/bench/sm_scaling.o $(SM_LINK)

.PHONY: correlate bench-sm-scaling
# every trace of $(REALDATA) under each configuration with Accel-Sim cycles -> docs/correlation.md
correlate: $(CORRELATE)
	$(CORRELATE) $(REALDATA) docs/correlation.md docs/img/correlation.svg

# 1 SM against 16 SMs on the vectoradd and matrixmul traces (one CTA each: 15 SMs idle)
bench-sm-scaling: $(SM_SCALING)
	$(SM_SCALING) configs/baseline_gtx980.ini $(REALDATA)/03_accelsim_v4_vectoradd_sm61 16
	$(SM_SCALING) configs/baseline_gtx980.ini $(REALDATA)/02_accelsim_v4_matrixmul_sm61 16
-include $(wildcard $(OBJ)/bench/*.d)
