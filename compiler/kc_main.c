/*
 * kc_main.c: gpurf-kc, the command-line face of the kernel compiler.
 *
 *   gpurf-kc [options] FILE.ptx...     dump allocation and analyses
 *   gpurf-kc --summary FILE.ptx...     one line per kernel: <kernel> regs=<n>
 *
 * Options: --kernel NAME (only that .entry), --max-regs N (spill above N),
 * --ltrf-n N, --no-remat, --no-loop-pin, --exempt N, --warps W.
 * Bad input: one message on stderr naming file, line and construct, exit 2.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kc.h"

static const struct cli_tool tool = {
    "gpurf-kc",
    "[--summary] [--kernel NAME] [--max-regs N] [--ltrf-n N] [--no-remat] [--no-loop-pin] "
    "[--exempt N] [--warps W] FILE.ptx...",
    "  --summary       one line per kernel: <kernel> regs=<n> (default: the full dump)\n"
    "  --kernel NAME   only that .entry\n"
    "  --max-regs N    spill above N registers per thread\n"
    "  --ltrf-n N      LTRF's registers per interval (register-interval analysis)\n"
    "  --no-remat      keep kernel parameters in registers (no reload at each use)\n"
    "  --no-loop-pin   RegVirt: do not pin loop-carried registers\n"
    "  --exempt N      RegVirt: N registers exempt from renaming (default from --warps)\n"
    "  --warps W       RegVirt: resident warps W in K = floor(8192 / (10 W)) (default 48)\n",
};

static int int_arg(const char *opt, const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s ? s : "", &end, 10);
    if (!s || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "gpurf-kc: %s needs an integer %d..%d, got '%s'\n", opt, lo, hi,
                s ? s : "");
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int compile_file(const char *path, const char *only, const struct kc_options *opt,
                        int summary)
{
    struct kc_diag err;
    struct ptx_module *m;
    char msg[1024];
    if (ptx_parse_file(path, &m, &err) != 0) {
        fprintf(stderr, "gpurf-kc: %s\n", kc_diag_text(&err, msg, sizeof msg));
        return 2;
    }
    int kernels = 0, rc = 0;
    for (int f = 0; f < m->nfuncs && rc == 0; f++) {
        const struct ptx_function *fn = &m->funcs[f];
        if (!fn->is_entry || !fn->has_body || (only && strcmp(only, fn->name) != 0))
            continue;
        struct kc_kernel *k;
        if (kc_compile(m, fn, opt, &k, &err) != 0) {
            fprintf(stderr, "gpurf-kc: %s\n", kc_diag_text(&err, msg, sizeof msg));
            rc = 2;
            break;
        }
        if (summary)
            kc_summary(k, stdout);
        else
            kc_dump(k, stdout);
        kc_kernel_free(k);
        kernels++;
    }
    if (rc == 0 && kernels == 0) {
        if (only)
            fprintf(stderr, "gpurf-kc: %s: no kernel named '%s'\n", path, only);
        else
            fprintf(stderr, "gpurf-kc: %s: no .entry with a body\n", path);
        rc = 2;
    }
    ptx_module_free(m);
    return rc;
}

int main(int argc, char **argv)
{
    struct kc_options opt;
    kc_options_default(&opt);
    int summary = 0, nfiles = 0, std = cli_common(&tool, argc, argv);
    if (std >= 0)
        return std;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--summary") == 0)
            summary = 1;
        else if (strcmp(a, "--no-remat") == 0)
            opt.remat_params = 0;
        else if (strcmp(a, "--no-loop-pin") == 0)
            opt.loop_pin = 0;
        else if (strcmp(a, "--kernel") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(a, "--max-regs") == 0) {
            if (int_arg(a, i + 1 < argc ? argv[++i] : NULL, 1, KC_MAX_GPR, &opt.max_regs))
                return 2;
        } else if (strcmp(a, "--ltrf-n") == 0) {
            if (int_arg(a, i + 1 < argc ? argv[++i] : NULL, 1, 256, &opt.ltrf_n))
                return 2;
        } else if (strcmp(a, "--exempt") == 0) {
            if (int_arg(a, i + 1 < argc ? argv[++i] : NULL, 0, 255, &opt.exempt))
                return 2;
        } else if (strcmp(a, "--warps") == 0) {
            if (int_arg(a, i + 1 < argc ? argv[++i] : NULL, 1, 1024, &opt.resident_warps))
                return 2;
        } else if (a[0] == '-' && a[1])
            return cli_usage_error(&tool, "unknown or incomplete argument '%s'", a);
        else
            nfiles++;
    }
    if (nfiles == 0)
        return cli_usage_error(&tool, "no PTX file given");
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--kernel") == 0 || strcmp(a, "--max-regs") == 0 ||
            strcmp(a, "--ltrf-n") == 0 || strcmp(a, "--exempt") == 0 ||
            strcmp(a, "--warps") == 0) {
            i++;
            continue;
        }
        if (a[0] == '-' && a[1])
            continue;
        int r = compile_file(a, only, &opt, summary);
        if (r > rc)
            rc = r;
    }
    return rc;
}
