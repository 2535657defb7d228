// hotspot.cu: one explicit time step of the Rodinia HotSpot thermal model on a
// rows x cols grid.  Each CTA stages a 16x16 tile of temperatures in shared
// memory; border cells of the chip reuse their own temperature for the
// missing neighbour.
#define TILE 16
extern "C" __global__ void hotspot_step(const float *power, const float *temp_in,
                                        float *temp_out, int rows, int cols,
                                        float cap_inv, float rx_inv, float ry_inv,
                                        float rz_inv, float amb)
{
    __shared__ float t[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int c = blockIdx.x * TILE + tx;
    int r = blockIdx.y * TILE + ty;
    float centre = temp_in[r * cols + c];
    t[ty][tx] = centre;
    __syncthreads();
    float n = ty > 0 ? t[ty - 1][tx] : (r > 0 ? temp_in[(r - 1) * cols + c] : centre);
    float s = ty < TILE - 1 ? t[ty + 1][tx] : (r < rows - 1 ? temp_in[(r + 1) * cols + c] : centre);
    float w = tx > 0 ? t[ty][tx - 1] : (c > 0 ? temp_in[r * cols + c - 1] : centre);
    float e = tx < TILE - 1 ? t[ty][tx + 1] : (c < cols - 1 ? temp_in[r * cols + c + 1] : centre);
    float delta = cap_inv * (power[r * cols + c] + (n + s - 2.0f * centre) * ry_inv +
                             (e + w - 2.0f * centre) * rx_inv + (amb - centre) * rz_inv);
    temp_out[r * cols + c] = centre + delta;
}
