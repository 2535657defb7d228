// reduction.cu: integer sum reduction (CUDA SDK reduce4 style): each thread
// adds two elements while loading, the CTA reduces in shared memory with
// sequential addressing, and the last warp finishes without barriers through
// a volatile pointer.  Writes one partial sum per CTA.  blockDim.x must be 256.
#define BLOCK 256
extern "C" __global__ void reduce_sum(const int *in, int *partial, int n)
{
    __shared__ int sdata[BLOCK];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (BLOCK * 2) + tid;
    int sum = i < (unsigned)n ? in[i] : 0;
    if (i + BLOCK < (unsigned)n)
        sum += in[i + BLOCK];
    sdata[tid] = sum;
    __syncthreads();
    for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] = sum = sum + sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        volatile int *sm = sdata;
        sm[tid] = sum = sum + sm[tid + 32];
        sm[tid] = sum = sum + sm[tid + 16];
        sm[tid] = sum = sum + sm[tid + 8];
        sm[tid] = sum = sum + sm[tid + 4];
        sm[tid] = sum = sum + sm[tid + 2];
        sm[tid] = sum = sum + sm[tid + 1];
    }
    if (tid == 0)
        partial[blockIdx.x] = sum;
}
