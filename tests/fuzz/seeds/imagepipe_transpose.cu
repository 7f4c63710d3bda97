// Tiled matrix transpose, used by the Transposed blur strategy to turn the
// column pass into a (coalesced) row pass.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

namespace imagepipe {

// Block: kTile x kTileRows threads, each moving kTile / kTileRows elements of
// a kTile x kTile tile. Reads are row-wise from in, writes row-wise to out;
// the shared tile absorbs the change of direction.
__global__ void transposeTiled(const float* __restrict__ in, float* __restrict__ out,
                               int width, int height)
{
    // The extra column shifts each tile row by one bank. Without it the
    // column-wise reads in the second phase would all hit the same bank:
    // a 32-way conflict on every access.
    __shared__ float tile[kTile][kTile + 1];

    int x = blockIdx.x * kTile + threadIdx.x;
    int y = blockIdx.y * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += kTileRows) {
        if (x < width && y + j < height)
            tile[threadIdx.y + j][threadIdx.x] = in[size_t(y + j) * width + x];
    }
    __syncthreads();

    // Swap block coordinates: input tile (bx, by) becomes output tile (by, bx).
    x = blockIdx.y * kTile + threadIdx.x;
    y = blockIdx.x * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += kTileRows) {
        if (x < height && y + j < width)
            out[size_t(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

void launchTranspose(const float* src, float* dst, int width, int height, cudaStream_t stream)
{
    dim3 block(kTile, kTileRows);
    dim3 grid((width + kTile - 1) / kTile, (height + kTile - 1) / kTile);
    transposeTiled<<<grid, block, 0, stream>>>(src, dst, width, height);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
