# synth.mk: `make synth` (Yosys logic synthesis + the SRAM-macro area model)
# and the area model's unit test.  docs/synth.md explains the flow and the
# report's columns.
#
#   make synth CFG=name [LIBERTY=file] [ABC_FAST=1]
#       build/<name>/synth/<module>/   Yosys scripts, log, raw measurements
#       build/<name>/synth/area.json   per module and total
#       build/<name>/synth/area.md     the same as Markdown tables

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
