/*
 * kernel.cu -- breadth-first search, one frontier level per launch pair.
 *
 * Not a translation unit of its own: main.cu includes this file after it
 * has defined struct Node and MAX_THREADS_PER_BLOCK.
 */
#ifndef _BFS_KERNEL_CU_
#define _BFS_KERNEL_CU_

/* Visit the out-edges of every node in the current frontier. */
__global__ void
bfs_expand(const Node *g_nodes, const int *g_edges, bool *g_frontier,
           bool *g_next, const bool *g_visited, int *g_cost, int no_of_nodes)
{
    int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
    if (tid >= no_of_nodes || !g_frontier[tid])
        return;

    g_frontier[tid] = false;
    Node n = g_nodes[tid];
    int level = g_cost[tid] + 1;
    for (int e = n.starting; e < n.starting + n.no_of_edges; e++) {
        int nb = g_edges[e];
        if (!g_visited[nb]) {
            g_cost[nb] = level;
            g_next[nb] = true;
        }
    }
}

/* Promote the nodes reached in this level to the next frontier. */
__global__ void
bfs_commit(bool *g_frontier, bool *g_next, bool *g_visited, bool *g_over,
           int no_of_nodes)
{
    int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
    if (tid < no_of_nodes && g_next[tid]) {
        g_frontier[tid] = true;
        g_visited[tid] = true;
        g_next[tid] = false;
        *g_over = true;
    }
}

#endif /* _BFS_KERNEL_CU_ */
