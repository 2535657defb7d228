// stencil3d.cu: 7-point 3-D Jacobi stencil (Parboil stencil style).  Each
// thread owns one (x, y) column and marches along z, keeping the z-1, z and
// z+1 values in registers.  Only interior points are written.
extern "C" __global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz,
                                     float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
        return;
    int plane = nx * ny;
    int idx = y * nx + x;
    float below = in[idx];
    float here = in[plane + idx];
    for (int z = 1; z < nz - 1; z++) {
        int k = z * plane + idx;
        float above = in[k + plane];
        float sum = below + above + in[k - 1] + in[k + 1] + in[k - nx] + in[k + nx];
        out[k] = c1 * sum - c0 * here;
        below = here;
        here = above;
    }
}
