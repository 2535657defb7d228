// montecarlo.cu: Monte Carlo pricing of European call options (CUDA SDK
// MonteCarlo / BlackScholes spirit).  One thread per option simulates `paths`
// terminal prices with its own xorshift32 generator and Box-Muller normals and
// writes the discounted mean payoff.
extern "C" __global__ void mc_price(const float *spot, const float *strike, const float *years,
                                    float *price, int noptions, int paths, float rate,
                                    float vol, unsigned seed)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= noptions)
        return;
    unsigned state = seed ^ ((unsigned)o * 2654435761u);
    if (state == 0)
        state = 1;
    float s0 = spot[o], k = strike[o], t = years[o];
    float drift = (rate - 0.5f * vol * vol) * t;
    float diffusion = vol * sqrtf(t);
    float sum = 0.0f;
    for (int p = 0; p < paths; p += 2) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        float u1 = ((state >> 8) + 1) * (1.0f / 16777217.0f);
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        float u2 = (state >> 8) * (1.0f / 16777216.0f);
        float radius = sqrtf(-2.0f * logf(u1));
        float angle = 6.2831853f * u2;
        float z0 = radius * cosf(angle), z1 = radius * sinf(angle);
        float s_a = s0 * expf(drift + diffusion * z0);
        float s_b = s0 * expf(drift + diffusion * z1);
        sum += fmaxf(s_a - k, 0.0f) + fmaxf(s_b - k, 0.0f);
    }
    price[o] = expf(-rate * t) * sum / (float)paths;
}
