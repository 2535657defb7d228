# synth.mk: `make synth` (Yosys logic synthesis + the SRAM-macro area model)
# and the area model's unit test.  docs/synth.md explains the flow and the
# report's columns.
#
#   make synth CFG=name [LIBERTY=file] [ABC_FAST=1]
#       build/<name>/synth/<module>/   Yosys scripts, log, raw measurements
#       build/<name>/synth/area.json   per module and total
#       build/<name>/synth/area.md     the same as Markdown tables
#       build/synth-cache/<key>/       a module's results, reused by any
#                                      configuration with the same RTL
#   make area [AREA_CFGS="a.ini b.ini"]
#       `make synth` of every configuration of docs/results.md's
#       all-schemes table (scripts/results --area-configs), each only when
#       its generator, the flow or gpurf-area is newer than its report;
#       `make results` runs it first (a failed one is named in the table)

LIBERTY  ?= /usr/share/qflow/tech/osu018/osu018_stdcells.lib
AREA     := $(BIN)/gpurf-area
AREA_SRC := $(wildcard synth/*.c)
AREA_OBJ := $(patsubst %.c,$(OBJ)/%.o,$(AREA_SRC))
SYNTH_TESTS := $(BIN)/test_sram_area $(BIN)/check_area_report $(BIN)/compare_areas

$(OBJ)/synth/%.o: CPPFLAGS += -Isynth
$(OBJ)/tests/synth/%.o: CPPFLAGS += -Isynth

$(AREA): $(AREA_OBJ) $(LIBGPURF)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $(AREA_OBJ) $(LIBGPURF) -lcjson -lm

# An explicit rule: it wins over mk/compiler.mk's $(BIN)/test_% pattern.
$(BIN)/test_sram_area: $(OBJ)/tests/synth/test_sram_area.o $(OBJ)/synth/sram_area.o
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/check_area_report: tests/synth/check_area_report.c
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< -lcjson -lm

$(BIN)/compare_areas: tests/synth/compare_areas.c
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< -lcjson -lm

-include $(AREA_OBJ:.o=.d) $(OBJ)/tests/synth/test_sram_area.d

BINS      += $(AREA)
CORE_BINS += $(AREA)
TEST_DEPS += $(SYNTH_TESTS)

# Configurations synthesized after CFG by the same `make synth`, each with its
# own report (regvirt_fermi: the full renaming table beside the 1 KB one).
SYNTH_ALSO_regvirt_fermi := configs/area/regvirt_fermi_full.ini

synth: rtl $(AREA)
	@ABC_FAST=$(ABC_FAST) synth/synth-all $(OUT) $(LIBERTY) $(AREA)
	@for c in $(SYNTH_ALSO_$(CFG_NAME)); do \
	  $(MAKE) --no-print-directory synth CFG=$$c LIBERTY=$(LIBERTY) ABC_FAST=$(ABC_FAST) || exit 1; \
	done

# `make area`: the area reports docs/results.md's all-schemes table reads.
# The list's one home is scripts/results (its table rows).  A report is
# redone when the generator, the flow or gpurf-area changed; synth-all then
# reuses every module whose RTL did not change (build/synth-cache/).
AREA_CFGS ?= $(shell scripts/results --area-configs)
SYNTH_FLOW := synth/run-synth synth/synth-all $(wildcard synth/*.ys.in)
area_report = $(BUILD)/$(basename $(notdir $(1)))/synth/area.json
define area_rule
$(call area_report,$(1)): $(1) $(GEN) $(AREA) $(SYNTH_FLOW)
	@echo "  SYNTH   $(1)"
	@$$(MAKE) --no-print-directory synth CFG=$(1) LIBERTY=$(LIBERTY) ABC_FAST=$(ABC_FAST) > /dev/null
endef
$(foreach c,$(AREA_CFGS),$(eval $(call area_rule,$(c))))

.PHONY: area area-keep
area: $(foreach c,$(AREA_CFGS),$(call area_report,$(c)))

# `make area-keep`: after `make area`, copy the modules of every AREA_CFGS
# report into synth/cache/ (committed) and drop the kept entries none of
# them uses, so the next clone's `make area` needs no Yosys for them
# (synth/keep; docs/synth.md "Kept results").
area-keep: $(GEN) $(AREA)
	@for c in $(AREA_CFGS); do \
	  $(MAKE) --no-print-directory rtl CFG=$$c > /dev/null || exit 1; \
	done
	@synth/keep --prune $(LIBERTY) $(AREA) $(foreach c,$(AREA_CFGS),$(BUILD)/$(basename $(notdir $(c))))
