// bicgstab.cu: the matrix-vector step of BiCGStab: v = A * p for a CSR sparse
// matrix (one thread per row), fused with the per-CTA partial sums of the dot
// product r0hat . v (shared-memory tree reduction) that gives alpha.  The host
// adds the per-CTA partials.  blockDim.x must be 128.
#define BLOCK 128
extern "C" __global__ void bicgstab_spmv(const int *row_ptr, const int *col, const float *val,
                                         const float *p, const float *r0hat, float *v,
                                         float *partial, int n)
{
    __shared__ float red[BLOCK];
    int row = blockIdx.x * BLOCK + threadIdx.x;
    float prod = 0.0f;
    if (row < n) {
        float sum = 0.0f;
        for (int j = row_ptr[row]; j < row_ptr[row + 1]; j++)
            sum += val[j] * p[col[j]];
        v[row] = sum;
        prod = r0hat[row] * sum;
    }
    red[threadIdx.x] = prod;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial[blockIdx.x] = red[0];
}
