// kmeans.cu: the assignment step of k-means (Rodinia kmeans_kernel_c style):
// each thread finds the nearest of `k` centres for one point by squared
// Euclidean distance.  Points are feature-major (feature f of point p at
// features[f * npoints + p]), centres point-major.  Ties go to the lower index.
extern "C" __global__ void kmeans_assign(const float *features, const float *centres,
                                         int *membership, int npoints, int nfeatures,
                                         int k)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    int best = 0;
    float best_dist = 3.0e38f;
    for (int c = 0; c < k; c++) {
        float dist = 0.0f;
        for (int f = 0; f < nfeatures; f++) {
            float d = features[f * npoints + p] - centres[c * nfeatures + f];
            dist += d * d;
        }
        if (dist < best_dist) {
            best_dist = dist;
            best = c;
        }
    }
    membership[p] = best;
}
