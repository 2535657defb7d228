// libor.cu: LIBOR market model path calculation and swaption payoff (after
// Giles' LIBOR benchmark, as used in the register-sharing and GPGPU-Sim
// workload lists), with a 16-rate forward curve and 8 time steps.  All loops
// are unrolled so the whole forward curve lives in registers: a deliberately
// register-heavy kernel.
#define NN 16
#define NMAT 8
extern "C" __global__ void libor_path(const float *z, const float *lambda, const float *l0,
                                      float *value, int npath, float delta)
{
    int path = blockIdx.x * blockDim.x + threadIdx.x;
    if (path >= npath)
        return;
    float l[NN], lam[NN];
#pragma unroll
    for (int i = 0; i < NN; i++) {
        l[i] = l0[i];
        lam[i] = lambda[i];
    }
#pragma unroll
    for (int n = 0; n < NMAT; n++) {
        float sqez = sqrtf(delta) * z[n * npath + path];
        float v = 0.0f;
#pragma unroll
        for (int i = n + 1; i < NN; i++) {
            float la = lam[i - n - 1];
            float con1 = delta * la;
            v += con1 * l[i] / (1.0f + delta * l[i]);
            float vrat = expf(con1 * v + la * (sqez - 0.5f * con1));
            l[i] = l[i] * vrat;
        }
    }
    /* payoff of a portfolio of swaptions with strikes 0.045 .. 0.055 */
    float b = 1.0f, s = 0.0f, payoff = 0.0f;
#pragma unroll
    for (int i = NMAT; i < NN; i++) {
        b = b / (1.0f + delta * l[i]);
        s = s + delta * b;
        float swapval = 1.0f - b - (0.045f + 0.00125f * (i - NMAT)) * s;
        payoff += swapval > 0.0f ? swapval : 0.0f;
    }
    float disc = 1.0f;
#pragma unroll
    for (int i = 0; i < NMAT; i++)
        disc = disc / (1.0f + delta * l[i]);
    value[path] = disc * payoff;
}
