// Regression seed: errors in the code whose text reads like libclang refusing a precompiled
// header (an identifier `loadPCH`, a string about a "precompiled header" or an "AST file").
// A fuzzed input with `tpipch` once made SliceWatt give up the precompiled prelude for every
// later file; fuzz_analysis now fails when an input turns it off.
#include <cuda_runtime.h>

__global__ void scaleByPatch(float *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= tpipch;
}

void run(float *p, int n)
{
    loadPCH("precompiled header", "malformed or corrupted AST file");
    scaleByPatch<<<(n + 255) / 256, 256>>>(p, n);
}
