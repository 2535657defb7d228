// convsep.cu: the row pass of a separable convolution (CUDA SDK
// convolutionSeparable style).  Each CTA of 32x4 threads stages its 4 rows of
// 32 pixels plus an apron of RADIUS pixels on each side in shared memory
// (clamped to zero outside the image), then applies the 2*RADIUS+1 taps.
#define RADIUS 4
#define BW 32
#define BH 4
extern "C" __global__ void conv_rows(const float *src, float *dst, const float *taps,
                                     int width, int height)
{
    __shared__ float tile[BH][BW + 2 * RADIUS];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * BW + tx;
    int y = blockIdx.y * BH + ty;
    const float *row = src + y * width;
    tile[ty][tx + RADIUS] = row[x];
    if (tx < RADIUS) {
        int xl = x - RADIUS, xr = x + BW;
        tile[ty][tx] = xl >= 0 ? row[xl] : 0.0f;
        tile[ty][tx + BW + RADIUS] = xr < width ? row[xr] : 0.0f;
    }
    __syncthreads();
    if (y >= height)
        return;
    float sum = 0.0f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; k++)
        sum += taps[RADIUS - k] * tile[ty][tx + RADIUS + k];
    dst[y * width + x] = sum;
}
