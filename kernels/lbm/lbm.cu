// lbm.cu: one D2Q9 lattice-Boltzmann step (Parboil LBM spirit, in 2-D):
// pull-streaming from the 8 neighbours on a periodic nx x ny lattice, then
// BGK collision towards the local equilibrium with relaxation omega.
// Distributions are structure-of-arrays: direction q of cell k at f[q * n + k].
__constant__ int lbm_cx[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int lbm_cy[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ float lbm_w[9] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                               1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};

extern "C" __global__ void lbm_step(const float *f_in, float *f_out, int nx, int ny, float omega)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny)
        return;
    int n = nx * ny;
    float f[9];
    float rho = 0.0f, ux = 0.0f, uy = 0.0f;
#pragma unroll
    for (int q = 0; q < 9; q++) {
        int xs = (x - lbm_cx[q] + nx) % nx;
        int ys = (y - lbm_cy[q] + ny) % ny;
        f[q] = f_in[q * n + ys * nx + xs];
        rho += f[q];
        ux += lbm_cx[q] * f[q];
        uy += lbm_cy[q] * f[q];
    }
    ux /= rho;
    uy /= rho;
    float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
    for (int q = 0; q < 9; q++) {
        float cu = 3.0f * (lbm_cx[q] * ux + lbm_cy[q] * uy);
        float feq = lbm_w[q] * rho * (1.0f + cu + 0.5f * cu * cu - usq);
        f_out[q * n + y * nx + x] = f[q] + omega * (feq - f[q]);
    }
}
