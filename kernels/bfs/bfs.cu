// bfs.cu: one frontier-expansion step of breadth-first search over a CSR graph
// (Rodinia BFS style, one thread per vertex).  Vertices at level `cur` mark
// every unvisited neighbour (level == -1) with cur + 1 and raise `changed`.
// Every writer of a vertex writes the same value, so the result is deterministic.
extern "C" __global__ void bfs_step(const int *row_ptr, const int *col_idx,
                                    int *level, int *changed, int cur, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || level[v] != cur)
        return;
    for (int e = row_ptr[v]; e < row_ptr[v + 1]; e++) {
        int u = col_idx[e];
        if (level[u] == -1) {
            level[u] = cur + 1;
            *changed = 1;
        }
    }
}
