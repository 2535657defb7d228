# gpurf: every user verb lives here.  Area-specific build rules live in
# mk/*.mk (one fragment per area, included below); each fragment appends the
# binaries it builds to BINS and the things `make test` needs to TEST_DEPS.
#
#   make demo                 install what is missing, then rtl+lint+cosim+synth
#                             on the default configuration
#   make test [TEST_JOBS=n]   the whole default test suite (what CI runs)
#   make test SAN=1           every C unit built with ASan + UBSan; the unit,
#                             compiler and SM tests run on them
#   make rtl   CFG=name       generate build/<name>/rtl/*.v and manifest.json
#   make lint  CFG=name       verilator --lint-only -Wall + iverilog -g2005
#   make cosim CFG=name MODULE=m CYCLES=n SEED=s [RTL=dir]
#   make synth CFG=name [LIBERTY=file]
#   make wave  CFG=name TEST=scenario [MODULE=m]
#   make wave  CFG=name TEST=sm KERNEL=k   a subsystem top on a real kernel
#   make regress              tiny_* configs x modules x seeds (long)
#   make mutate CFG=name [MODULE=m] [N=n] [SEED=s] [FILE=glob]
#                             N drawn RTL mutants through the lockstep (mk/mutate.mk)
#   make bench [CFG=name]     C model vs Verilator throughput
#   make deps                 install missing Debian packages
#   make results              every scheme x the kernels -> docs/results.md (mk/sweep.mk)
#   make results-areas        the same page's all-schemes areas again, from the last runs

CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -D_XOPEN_SOURCE=700
CPPFLAGS += -Icommon -Icmodel
BUILD   := build
BIN     := $(BUILD)/bin
OBJ     := $(BUILD)/obj

# SAN=1: every C unit built with AddressSanitizer and UndefinedBehaviorSanitizer,
# any report fatal.  The setting the objects were built with is kept in
# build/flags; when it changes, the objects, libraries and binaries of the other
# setting are removed, so a build never links the two (nor keeps a sanitized
# binary in build/bin after SAN=1 is dropped).
SAN ?= 0
ifeq ($(SAN),1)
CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else ifneq ($(SAN),0)
$(error SAN=$(SAN): allowed are 0 and 1)
endif
ifneq ($(MAKECMDGOALS),clean)
ifneq (SAN=$(SAN),$(shell cat $(BUILD)/flags 2>/dev/null || echo SAN=0))
$(shell rm -rf $(OBJ) $(BUILD)/lib $(BIN) && mkdir -p $(BUILD) && echo SAN=$(SAN) > $(BUILD)/flags)
endif
endif

CFG     ?= tiny_baseline
DEMO_CFG ?= baseline_gtx980
# A scenario may name its module (mk/*.mk).  No comment on the line itself:
# make would keep the spaces before it in the value.
MODULE  ?= $(or $(SCENARIO_MODULE_$(TEST)),rf_banked)
CYCLES  ?= 20000
SEED    ?= 1
TEST    ?= bank_conflict

# configs/<name>.ini, or a path given directly
CFG_FILE := $(if $(findstring /,$(CFG)),$(CFG),$(if $(filter %.ini,$(CFG)),$(CFG),configs/$(CFG).ini))
CFG_NAME := $(basename $(notdir $(CFG_FILE)))
OUT      := $(BUILD)/$(CFG_NAME)

BINS      :=
TEST_DEPS :=

# One short line per target, as kbuild prints them ("  CC      build/obj/x.o");
# V=1 shows the commands instead.  A recipe line starts with
# $(call say,WHAT,TARGET) and the command.
ifeq ($(V),1)
say :=
else
say = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

.PHONY: all bins core-bins deps demo test regress rtl lint cosim synth wave bench clean rtl-golden docs-configs unit-bins
all: bins

include $(sort $(wildcard mk/*.mk))

bins: $(BINS)

deps:
	@scripts/deps

clean:
	rm -rf $(BUILD)

# TEST_JOBS: how many builds and tests run at once (default: the CPUs).
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# With SAN=1 the tests that run our C programs directly: unit tests, the
# compiler's and the SM model's (the lockstep ones build their C model inside
# Verilator's C++ and are not sanitized).
SAN_TESTS := -k ^unit/ -k ^sm/ -k ^kc- -k ^kernels- -k ^sweep/ -k ^faults/ -k ^cli/
test: deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) bins $(TEST_DEPS)
	@scripts/run-tests -j $(TEST_JOBS) $(if $(filter 1,$(SAN)),$(SAN_TESTS))

rtl: $(CORE_BINS)
	$(call say,GEN,$(OUT)/rtl)$(GEN) --config $(CFG_FILE) --out $(OUT)
	@echo "wrote $(OUT)/rtl/ and $(OUT)/manifest.json"

lint: rtl
	@scripts/lint $(CFG_FILE)

# Regenerate the checked-in RTL of every shipped configuration (or of
# GOLDEN_CFGS="configs/a.ini configs/b.ini" only).
GOLDEN_CFGS ?= $(wildcard configs/*.ini)
rtl-golden: $(CORE_BINS)
	@for c in $(GOLDEN_CFGS); do n=$$(basename $$c .ini); \
	  $(GEN) --config $$c --out $(BUILD)/golden/$$n && rm -rf rtl/$$n && mkdir -p rtl/$$n && \
	  cp $(BUILD)/golden/$$n/rtl/*.v $(BUILD)/golden/$$n/manifest.json rtl/$$n/ && echo "rtl/$$n"; done

# Refresh the key table in docs/configs.md from the generator's key table.
docs-configs: $(CORE_BINS)
	@{ sed '/<!-- BEGIN KEYS -->/q' docs/configs.md; $(GEN) --doc-keys; \
	   sed -n '/<!-- END KEYS -->/,$$p' docs/configs.md; } > docs/configs.md.tmp && \
	 mv docs/configs.md.tmp docs/configs.md && echo "docs/configs.md updated"

regress: deps
	@$(MAKE) --no-print-directory $(CORE_BINS)
	@scripts/regress

# The README's first command: everything on the default configuration, one
# line per step and one summary (scripts/demo; V=1 shows every command).
demo: deps
	@scripts/demo $(DEMO_CFG)

# What rtl, lint, cosim and synth need (scripts/demo builds it first).
core-bins: $(CORE_BINS)
