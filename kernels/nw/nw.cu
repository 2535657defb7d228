// nw.cu: Needleman-Wunsch global alignment score matrix, filled by one CTA
// sweeping anti-diagonals (Rodinia needle style).  score is (n+1) x (n+1),
// row 0 and column 0 pre-initialised by the host; ref holds the substitution
// score of each cell.  Thread t owns row t + 1; __syncthreads separates diagonals.
extern "C" __global__ void nw_fill(int *score, const int *ref, int n, int penalty)
{
    int t = threadIdx.x;
    int w = n + 1;
    for (int d = 0; d < 2 * n - 1; d++) {
        int i = t + 1;
        int j = d - t + 1;
        if (t < n && j >= 1 && j <= n) {
            int diag = score[(i - 1) * w + (j - 1)] + ref[i * w + j];
            int up = score[(i - 1) * w + j] - penalty;
            int left = score[i * w + (j - 1)] - penalty;
            int best = diag > up ? diag : up;
            score[i * w + j] = best > left ? best : left;
        }
        __syncthreads();
    }
}
