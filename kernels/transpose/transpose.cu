// transpose.cu: matrix transpose through a padded 32x32 shared-memory tile
// (CUDA SDK transposeCoalesced style): 32x8 threads per CTA, each moving 4
// elements, so both the global reads and the global writes are coalesced.
#define TILE 32
#define ROWS 8
extern "C" __global__ void transpose_tiled(const float *in, float *out, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
