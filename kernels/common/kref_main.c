/*
 * kref_main.c: gpurf-kref, the command-line face of the workload registry.
 *
 *   gpurf-kref --list            one line per workload: name, entry, summary
 *   gpurf-kref --ini NAME        print kernels/NAME/kernel.ini
 *   gpurf-kref --check [NAME]    generator determinism and reference sanity, as
 *                                written and enlarged to 100 CTAs (kref_resize)
 *   gpurf-kref --sizes           one line per workload: name, max_scale, CTAs as
 *                                written, scale and CTAs at min_ctas = 100, CTAs
 *                                at max_scale (what tests/sm/kernel-scales.sh checks)
 *
 * Exit status 0 on success, 1 when a check fails, 2 on bad usage.
 */
#include "kref.h"
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct cli_tool tool = {
    "gpurf-kref",
    "--list\n--ini NAME\n--check [NAME]\n--sizes",
    "  --list          one line per workload: name, entry, summary\n"
    "  --ini NAME      print kernels/NAME/kernel.ini\n"
    "  --check [NAME]  generator determinism and reference sanity (every workload, or NAME)\n"
    "  --sizes         each workload's largest scale and its CTA counts\n",
};

static int usage(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error(&tool, "no command given");
    return cli_usage_error(&tool, "unknown or incomplete arguments starting at '%s'", argv[1]);
}

/* The generator must give identical inputs twice, the reference must leave
 * every float finite, and a result always matches itself. */
static int check_one(const struct kref_desc *d)
{
    void **a = kref_alloc(d), **b = kref_alloc(d);
    int ok = a && b;
    for (unsigned i = 0; ok && i < d->nbufs; i++)
        if (memcmp(a[i], b[i], (size_t)d->bufs[i].count * 4) != 0) {
            fprintf(stderr, "%s: generator is not deterministic (buffer %s)\n", d->name,
                    d->bufs[i].name);
            ok = 0;
        }
    if (ok) {
        d->reference(d, a);
        for (unsigned i = 0; ok && i < d->nbufs; i++) {
            if (d->bufs[i].elem != KREF_F32)
                continue;
            for (uint32_t k = 0; k < d->bufs[i].count; k++)
                if (!isfinite(((float *)a[i])[k])) {
                    fprintf(stderr, "%s: %s[%u] is not finite\n", d->name, d->bufs[i].name, k);
                    ok = 0;
                    break;
                }
        }
        if (ok && kref_compare(d, a, a, stderr) != 0)
            ok = 0;
        /* the reference must change at least one output element */
        size_t changed = kref_compare(d, a, b, NULL);
        if (ok && changed == 0) {
            fprintf(stderr, "%s: reference changed no output\n", d->name);
            ok = 0;
        }
        if (ok && d->scale > 1)
            printf("%-11s ok x%u, %llu CTAs (%zu output elements set)\n", d->name, d->scale,
                   (unsigned long long)kref_ctas(d), changed);
        else if (ok)
            printf("%-11s ok (%zu output elements set)\n", d->name, changed);
    }
    kref_free(d, a);
    kref_free(d, b);
    return ok;
}

int main(int argc, char **argv)
{
    int std = cli_common(&tool, argc, argv);
    if (std >= 0)
        return std;
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (unsigned i = 0; i < kref_count; i++)
            printf("%-11s %-16s %s\n", kref_all[i]->name, kref_all[i]->entry,
                   kref_all[i]->summary);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--sizes") == 0) {
        for (unsigned i = 0; i < kref_count; i++) {
            const struct kref_desc *d = kref_all[i];
            unsigned max = d->max_scale > 1 && d->resize ? d->max_scale : 1;
            unsigned at100 = kref_scale_for(d, 100);
            struct kref_sized s100, smax;
            if (kref_resize(d, at100, &s100) || kref_resize(d, max, &smax))
                return 1;
            printf("%-11s max_scale %2u  ctas %3llu  at100 %2u %4llu  atmax %4llu\n", d->name,
                   max, (unsigned long long)kref_ctas(d), at100,
                   (unsigned long long)kref_ctas(&s100.d), (unsigned long long)kref_ctas(&smax.d));
        }
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--ini") == 0) {
        const struct kref_desc *d = kref_find(argv[2]);
        if (!d) {
            fprintf(stderr, "gpurf-kref: no workload named '%s' (see --list)\n", argv[2]);
            return 2;
        }
        kref_write_ini(d, stdout);
        return 0;
    }
    if ((argc == 2 || argc == 3) && strcmp(argv[1], "--check") == 0) {
        int ok = 1;
        for (unsigned i = 0; i < kref_count; i++)
            if (argc == 2 || strcmp(argv[2], kref_all[i]->name) == 0) {
                struct kref_sized s;
                ok &= check_one(kref_all[i]);
                if (kref_all[i]->max_scale > 1 &&
                    kref_resize(kref_all[i], kref_scale_for(kref_all[i], 100), &s) == 0)
                    ok &= check_one(&s.d);
            }
        return ok ? 0 : 1;
    }
    return usage(argc, argv);
}
