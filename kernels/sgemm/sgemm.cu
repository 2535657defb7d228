// sgemm.cu: C = alpha * A * B + beta * C for row-major square matrices, tiled
// through shared memory with 16x16 tiles (CUDA SDK matrixMul style).  n must
// be a multiple of the tile size.
#define TILE 16
extern "C" __global__ void sgemm_tiled(const float *a, const float *b, float *c, int n,
                                       float alpha, float beta)
{
    __shared__ float as[TILE][TILE];
    __shared__ float bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        as[ty][tx] = a[row * n + t + tx];
        bs[ty][tx] = b[(t + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; k++)
            acc += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    c[row * n + col] = alpha * acc + beta * c[row * n + col];
}
