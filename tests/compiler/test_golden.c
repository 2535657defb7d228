/*
 * test_golden.c: the papers' own examples, run through the analyses.
 *
 *  1. FineReg Fig. 7 (CFD solver fragment): only R0 is live at PC 0x0000
 *     (the paper's statement); the other rows are the spec's derivation by
 *     standard backward liveness (finereg.md section 3).
 *  2. Register virtualization Fig. 3 (matrixMul): R1 lives the whole
 *     fragment and is the exempt candidate; R3 has two short lifetimes,
 *     released at 0x108 and 0x378 and dead through the loop; R0 dies many
 *     times inside the loop (regvirt.md section 4).
 *  3. Register sharing Fig. 7 (sgemm PTXPlus): declaration numbers p0 = 31,
 *     r124 = 35; after renumbering p0 = 1, o127 = 2, r124 = 3, r16 = 4,
 *     r17 = 5, r9 = 6, r18 = 7, r10 = 8 (sharing_rfc.md A5.1).
 *  4. pir/pbr encodings against the layout of regvirt.md section 2.4.
 */
#include <stdio.h>
#include <string.h>

#include "analyses.h"
#include "cfg.h"
#include "listing.h"
#include "live.h"

static int failures;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        if (!(cond)) {                                                          \
            failures++;                                                         \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);               \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, "\n");                                              \
        }                                                                       \
    } while (0)

static uint64_t low_word(const uint64_t *set)
{
    return set[0];
}

static const char *const finereg_fig7[] = {
    "0x00 I2I.U32.U16 R0, R0L",
    "0x08 IMAD32I.U16 R0, g[0x6].U16, 0x200, R0",
    "0x10 ISET.S32.C0 o[0x7f], g[0xc], R0, LE",
    "0x18 RET C0.NE",
    "0x20 IADD R2, g[0x6], R0",
    "0x28 GLD.S8 R1, global14[R2]",
    "0x30 I2I.S32.S16.BEXT.C0 o[0x7f], R1L",
    "0x38 IADD R3, g[0x4], R0",
    "0x40 GST.S8 global14[R3], R1",
    "0x48 IADD R0, g[0x8], R0",
    "0x50 GST.S8 global14[R0], R1",
    "0x58 MOV R0, g[0xa]",
    "0x60 GST.S8 global14[R0], R1",
    "0x68 MVI.U16 R0L, 0x0",
    "0x70 GST.S8 global14[R2], R0",
};

static void test_finereg(void)
{
    /* expected live-in sets as bit masks of R0..R3 */
    static const uint64_t want[] = {
        0x1, 0x1, 0x1, 0x1, 0x1, 0x5, 0x7, 0x7, 0xf, 0x7, 0x7, 0x6, 0x7, 0x5, 0x5,
    };
    struct listing l;
    struct kc_cfg cfg;
    struct kc_live thread, warp;
    listing_read(&l, finereg_fig7, 15);
    CHECK(kc_cfg_build(&l.m, &cfg) == 0, "cfg");
    CHECK(kc_live_thread(&l.m, &cfg, &thread) == 0, "liveness");
    CHECK(kc_live_warp(&l.m, &cfg, &thread, &warp) == 0, "warp liveness");
    CHECK(low_word(kc_live_in(&warp, 0)) == 0x1,
          "FineReg Fig. 7: only R0 live at PC 0x0000, got 0x%llx",
          (unsigned long long)low_word(kc_live_in(&warp, 0)));
    for (int i = 0; i < 15; i++) {
        CHECK(low_word(kc_live_in(&thread, i)) == want[i], "PC 0x%02x: live-in 0x%llx, want 0x%llx",
              l.pc[i], (unsigned long long)low_word(kc_live_in(&thread, i)),
              (unsigned long long)want[i]);
        /* no divergent branch in the fragment (RET C0.NE only exits lanes) */
        CHECK(low_word(kc_live_in(&warp, i)) == want[i], "PC 0x%02x: warp vector differs",
              l.pc[i]);
    }
    kc_live_free(&thread);
    kc_live_free(&warp);
    kc_cfg_free(&cfg);
    free(l.m.insns);
}

static const char *const regvirt_fig3[] = {
    "0x038 IADD R1, g[0x7], R4",
    "0x088 MOV R0, g[0x8]",
    "0x090 IMUL.U16.U16 R3, R2L, R0H",
    "0x0a8 IMAD.U16 R3, R2L, R0L, R3",
    "0x108 IADD R0, R3, R0",
    "0x120 IADD32 R0, R1, R0",
    "0x160 GLD.U32 R0, global14[R4]",
    "0x168 R2G.U32.U32 g[A2+0x109], R0",
    "0x170 GLD.U32 R0, global14[R2]",
    "0x178 R2G.U32.U32 g[A2+0x9], R0",
    "0x2e8 BRA C0.NE, 0x160",
    "0x300 MOV R0, g[0x8]",
    "0x308 IMUL.U16.U16 R3, R2L, R0H",
    "0x378 IADD32 R0, R3, R0",
    "0x37c IADD32 R0, R1, R0",
};

static void test_regvirt(void)
{
    struct listing l;
    struct kc_cfg cfg;
    struct kc_live thread;
    struct kc_regvirt rv;
    listing_read(&l, regvirt_fig3, 15);
    CHECK(kc_cfg_build(&l.m, &cfg) == 0, "cfg");
    CHECK(kc_live_thread(&l.m, &cfg, &thread) == 0, "liveness");
    CHECK(kc_regvirt_run(&l.m, &cfg, &thread, 1, 1, &rv) == 0, "regvirt");
    int i038 = listing_index(&l, 0x038), i37c = listing_index(&l, 0x37c);
    /* R1: written at 0x38, live to 0x37c, released only there (slot 0) */
    for (int i = i038; i < i37c; i++)
        CHECK(bits_test(kc_live_out(&thread, i), 1), "R1 must be live after PC 0x%x", l.pc[i]);
    CHECK(!bits_test(kc_live_out(&thread, i37c), 1), "R1 dead after 0x37c");
    CHECK(bits_test(rv.exempt, 1) && rv.exempt_n == 1, "R1 is the exempt register (N = 1)");
    /* with R1 exempt no flag may name it: 0x120 and 0x37c keep slot 0 */
    CHECK(!(rv.release[listing_index(&l, 0x120)] & 1), "R1 not released at 0x120");
    CHECK(!(rv.release[i37c] & 1), "exempt R1 gets no release flag");
    /* R3: two lifetimes, released at their last reads (slot 0 of the IADDs) */
    CHECK(rv.release[listing_index(&l, 0x108)] & 1, "R3 released at 0x108");
    CHECK(rv.release[listing_index(&l, 0x378)] & 1, "R3 released at 0x378");
    for (unsigned pc = 0x160; pc <= 0x2e8; pc += 8) {
        int found = 0;
        for (int i = 0; i < l.m.n; i++)
            found |= l.pc[i] == pc;
        if (found)
            CHECK(!bits_test(kc_live_in(&thread, listing_index(&l, pc)), 3),
                  "R3 dead in the loop (PC 0x%x)", pc);
    }
    /* 0x90..0x108 and 0x308..0x378: R0, R1 and R3 all live together */
    int i0a8 = listing_index(&l, 0x0a8), i308 = listing_index(&l, 0x308);
    CHECK((low_word(kc_live_out(&thread, i0a8)) & 0xb) == 0xb, "R0, R1, R3 live at 0xa8");
    CHECK((low_word(kc_live_out(&thread, i308)) & 0xb) == 0xb, "R0, R1, R3 live at 0x308");
    /* R0 dies inside the loop body at each store of it: released at 0x168 (slot 0) */
    CHECK(rv.release[listing_index(&l, 0x168)] & 1, "R0 released at 0x168");
    CHECK(rv.release[listing_index(&l, 0x178)] & 1, "R0 released at 0x178");
    /* R4 is read in the loop: with LOOP_PIN it is released at the loop exit by a pbr */
    int pbr_r4 = 0;
    for (int e = 0; e < rv.npbr; e++)
        for (int j = 0; j < rv.pbr[e].nregs; j++)
            pbr_r4 |= rv.pbr[e].regs[j] == 4 && rv.pbr[e].insn == listing_index(&l, 0x300);
    CHECK(pbr_r4, "R4 released by a pbr at the loop exit 0x300");
    CHECK(!(rv.release[listing_index(&l, 0x160)] & 1), "R4 pinned in the loop, no pir release");
    kc_regvirt_free(&rv);
    kc_live_free(&thread);
    kc_cfg_free(&cfg);
    free(l.m.insns);
}

/* Declarations and code of sharing Fig. 7(a), in PTXPlus. */
static const char *const sharing_decls[] = {
    "$r<27>", "$ofs<3>", "$p<4>", "$r124", "$o127",
};
static const char *const sharing_code[] = {
    "set.le.s32.s32 $p0/$o127, s[0x003c], $r124;",
    "mov.u32 $r16, $r124;", "mov.u32 $r17, $r124;", "mov.u32 $r9, $r124;",
    "mov.u32 $r18, $r124;", "mov.u32 $r10, $r124;",
};

static int name_id(char names[][24], int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

static void test_sharing(void)
{
    char names[64][24];
    int n = 0;
    for (size_t d = 0; d < sizeof sharing_decls / sizeof sharing_decls[0]; d++) {
        char base[16];
        int count;
        if (sscanf(sharing_decls[d], "%15[^<]<%d>", base, &count) == 2) {
            for (int k = 0; k < count; k++)
                snprintf(names[n++], sizeof names[0], "%.10s%d", base, k);
        } else {
            snprintf(names[n++], sizeof names[0], "%s", sharing_decls[d]);
        }
    }
    CHECK(name_id(names, n, "$p0") + 1 == 31, "p0 is declaration number 31");
    CHECK(name_id(names, n, "$r124") + 1 == 35, "r124 is declaration number 35");
    int seq[64], nseq = 0;
    for (size_t i = 0; i < sizeof sharing_code / sizeof sharing_code[0]; i++)
        for (const char *p = strchr(sharing_code[i], '$'); p; p = strchr(p + 1, '$')) {
            char tok[16];
            if (sscanf(p, "%15[$a-z0-9]", tok) == 1 && name_id(names, n, tok) >= 0)
                seq[nseq++] = name_id(names, n, tok);
        }
    int map[64];
    kc_renumber_first_use(seq, nseq, n, map);
    static const char *const order[] = {"$p0", "$o127", "$r124", "$r16", "$r17", "$r9",
                                        "$r18", "$r10"};
    for (int i = 0; i < 8; i++)
        CHECK(map[name_id(names, n, order[i])] + 1 == i + 1, "%s renumbered %d, want %d",
              order[i], map[name_id(names, n, order[i])] + 1, i + 1);
}

static void test_encoding(void)
{
    uint8_t flags[18] = {0};
    flags[0] = 1;       /* slot 0: first source of the first instruction */
    flags[17] = 4;      /* slot 17: third source of the 18th */
    uint64_t w = kc_pir_encode(flags, 18);
    CHECK((w & 0xf) == (KC_PIR_OPCODE & 0xf) && (w >> 58) == (KC_PIR_OPCODE >> 4),
          "pir opcode split 4 + 6 bits");
    CHECK(((w >> 4) & 7) == 1 && ((w >> (4 + 3 * 17)) & 7) == 4, "pir slots at [4+3k+2:4+3k]");
    uint8_t regs[3] = {18, 12, 1};
    w = kc_pbr_encode(regs, 3);
    CHECK(((w >> 4) & 63) == 18 && ((w >> 10) & 63) == 12 && ((w >> 16) & 63) == 1,
          "pbr register ids");
    CHECK(((w >> (4 + 6 * 8)) & 63) == KC_PBR_EMPTY, "empty pbr slots hold 63");
    CHECK(kc_regvirt_exempt_count(20, 48) == 3, "K = 8192/(10*48) = 17, N = 20 - 17");
}

int main(void)
{
    test_finereg();
    test_regvirt();
    test_sharing();
    test_encoding();
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("golden tests passed\n");
    return 0;
}
