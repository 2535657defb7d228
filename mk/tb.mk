# tb.mk: the test-bench library (stimulus and scoreboards, C) and the user
# verbs that verilate a module: cosim, wave, bench.

TB_SRC    := $(wildcard tb/*.c)
TB_OBJ    := $(patsubst %.c,$(OBJ)/%.o,$(TB_SRC))
LIBGPURF_TB := $(LIB_DIR)/libgpurf_tb.a

$(OBJ)/tb/%.o: CPPFLAGS += -Itb

$(LIBGPURF_TB): $(TB_OBJ)
	@mkdir -p $(dir $@)
	$(call say,AR,$@)rm -f $@ && ar rcs $@ $^

-include $(TB_OBJ:.o=.d)
BINS += $(LIBGPURF_TB)
CORE_BINS += $(LIBGPURF_TB)

RTL_DIR_USED = $(if $(RTL),$(RTL),$(OUT)/rtl)
# A separate object directory per RTL directory, so testing edited RTL never
# reuses the build of the generated one.
TB_OBJDIR = $(OUT)/obj/$(MODULE)$(if $(RTL),-$(subst /,_,$(RTL)))
FST_FAIL  = $(OUT)/cosim/$(MODULE)_seed$(SEED)_fail.fst

cosim: rtl
	@scripts/tb-build $(CFG_FILE) $(MODULE) $(RTL_DIR_USED) $(TB_OBJDIR)
	@mkdir -p $(OUT)/cosim
	$(call say,COSIM,$(MODULE) $(CYCLES) cycles seed $(SEED))$(TB_OBJDIR)/Vdut --config $(CFG_FILE) --cycles $(CYCLES) --seed $(SEED) --fst $(FST_FAIL) $(PLUSARGS)

wave: rtl
	@scripts/wave $(CFG_FILE) $(MODULE) $(TEST) $(WAVE_CYCLES_$(TEST))

bench: rtl
	@bench/lockstep-bench $(CFG_FILE) $(MODULE)
