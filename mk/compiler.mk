# mk/compiler.mk: the PTX front end, register allocator and compiler analyses
# (compiler/), the workloads (kernels/) and their tests (tests/compiler/).
#
#   build/lib/libgpurf_compiler.a   the library the SM model links (compiler/kc.h)
#   build/lib/libgpurf_kernels.a    workload descriptors (kernels/common/kref.h)
#   build/bin/gpurf-kc              dump / summary of a PTX file
#   build/bin/gpurf-kref            workload launch descriptions and references
#   make ptx                        regenerate kernels/*/*.ptx and kernels/ptxas-regs.txt
#                                   (needs nvcc; nothing else does)

KC_LIB      := $(BUILD)/lib/libgpurf_compiler.a
KREF_LIB    := $(BUILD)/lib/libgpurf_kernels.a
KC_SRCS     := $(filter-out compiler/kc_main.c,$(wildcard compiler/*.c))
KC_OBJS     := $(patsubst %.c,$(OBJ)/%.o,$(KC_SRCS))
KREF_SRCS   := kernels/common/kref.c $(wildcard kernels/*/ref.c)
KREF_OBJS   := $(patsubst %.c,$(OBJ)/%.o,$(KREF_SRCS))
KC_TESTS    := $(patsubst tests/compiler/%.c,$(BIN)/%,$(wildcard tests/compiler/test_*.c))

BINS      += $(BIN)/gpurf-kc $(BIN)/gpurf-kref
TEST_DEPS += $(KC_TESTS)

$(OBJ)/compiler/%.o: compiler/%.c $(wildcard compiler/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) -Icompiler $(CFLAGS) -c $< -o $@

# -ffp-contract=off: the host references spell every fused multiply-add
# (fmaf) where the PTX has one and none elsewhere; a compiler that contracted
# a * b + c on its own would change their rounding (kernels/README.md).
$(OBJ)/kernels/%.o: kernels/%.c kernels/common/kref.h
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -c $< -o $@

$(OBJ)/tests/compiler/%.o: tests/compiler/%.c $(wildcard compiler/*.h) $(wildcard tests/compiler/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$@)$(CC) $(CPPFLAGS) -Icompiler -Ikernels/common $(CFLAGS) -c $< -o $@

$(KC_LIB): $(KC_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(call say,AR,$@)ar rcs $@ $^

$(KREF_LIB): $(filter-out $(OBJ)/kernels/common/kref_main.o,$(KREF_OBJS))
	@mkdir -p $(dir $@)
	@rm -f $@
	$(call say,AR,$@)ar rcs $@ $^

# libgpurf (core.mk, included after this file: its path spelled out) only for
# common/cli.c (--help, --version): the linker takes no other object from it
$(BIN)/gpurf-kc: $(OBJ)/compiler/kc_main.o $(KC_LIB) $(BUILD)/lib/libgpurf.a
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/gpurf-kref: $(OBJ)/kernels/common/kref_main.o $(KREF_LIB) $(BUILD)/lib/libgpurf.a
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $^ -lm

$(BIN)/test_%: $(OBJ)/tests/compiler/test_%.o $(KC_LIB) $(KREF_LIB)
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(CFLAGS) -o $@ $^ -lm

# ---- PTX of the workloads ------------------------------------------------
# One documented target: CUDA 13.0, sm_75 (the oldest architecture this nvcc
# supports), -O3 device code.  ptxas -v register counts go to
# kernels/ptxas-regs.txt.  Tests never need nvcc.
NVCC        ?= $(firstword $(wildcard /usr/local/cuda/bin/nvcc) nvcc)
PTXAS       ?= $(dir $(NVCC))ptxas
PTX_ARCH    ?= sm_75
KERNEL_DIRS := $(sort $(patsubst kernels/%/,%,$(dir $(wildcard kernels/*/*.cu))))

.PHONY: ptx
ptx: $(BIN)/gpurf-kref
	@for k in $(KERNEL_DIRS); do \
	  echo "nvcc -arch=$(PTX_ARCH) -O3 -ptx kernels/$$k/$$k.cu"; \
	  $(NVCC) -arch=$(PTX_ARCH) -O3 -ptx kernels/$$k/$$k.cu -o kernels/$$k/$$k.ptx || exit 1; \
	done
	@{ echo "# ptxas -v register counts of kernels/*/*.ptx"; \
	   echo "# $$($(NVCC) --version | tail -n 2 | head -n 1), -arch=$(PTX_ARCH)"; \
	   echo "# kernel entry regs spill_stores spill_loads stack_bytes"; \
	   for k in $(KERNEL_DIRS); do \
	     $(PTXAS) -arch=$(PTX_ARCH) -v kernels/$$k/$$k.ptx -o /dev/null 2>&1 | awk -v k=$$k ' \
	       /Compiling entry function/ { gsub(/[\047]/, "", $$7); e = $$7 } \
	       /bytes stack frame/ { st = $$1; ss = $$5; sl = $$9 } \
	       /Used [0-9]+ registers/ { for (i = 1; i <= NF; i++) if ($$i == "Used") r = $$(i + 1); \
	         print k, e, r, ss, sl, st }'; \
	   done; } > kernels/ptxas-regs.txt
	@cat kernels/ptxas-regs.txt
	@for k in $(KERNEL_DIRS); do $(BIN)/gpurf-kref --ini $$k > kernels/$$k/kernel.ini || exit 1; done
