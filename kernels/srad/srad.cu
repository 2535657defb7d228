// srad.cu: the first kernel of one SRAD (speckle-reducing anisotropic
// diffusion) iteration, Rodinia srad_cuda_1 style: directional derivatives
// and the diffusion coefficient of every pixel of a rows x cols image, with
// clamped (replicated) borders.  q0sqr is the speckle scale of this iteration.
extern "C" __global__ void srad_coeff(const float *img, float *dn, float *ds, float *dw,
                                      float *de, float *coeff, int rows, int cols, float q0sqr)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols)
        return;
    int k = r * cols + c;
    float jc = img[k];
    float n = img[(r > 0 ? r - 1 : 0) * cols + c] - jc;
    float s = img[(r < rows - 1 ? r + 1 : rows - 1) * cols + c] - jc;
    float w = img[r * cols + (c > 0 ? c - 1 : 0)] - jc;
    float e = img[r * cols + (c < cols - 1 ? c + 1 : cols - 1)] - jc;
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float cf = 1.0f / (1.0f + den);
    cf = cf < 0.0f ? 0.0f : (cf > 1.0f ? 1.0f : cf);
    dn[k] = n;
    ds[k] = s;
    dw[k] = w;
    de[k] = e;
    coeff[k] = cf;
}
