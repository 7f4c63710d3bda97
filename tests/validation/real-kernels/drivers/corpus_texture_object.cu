// tests/corpus/texture_object.cu: an 8192 x 8192 float image (256 MiB in a cudaArray, filled with
// the file's pattern (i % 251) / 250) read through texture objects made by the file's own
// makeArrayTexture (linear filtering), output 256 MiB; both kernels with the file's BLOCK_X x
// BLOCK_Y (16 x 16) block and grid (8192 / 16) x (8192 / 16). transformKernel: normalised,
// wrapped coordinates, the image rotated by theta = 0.5 (sinf/cosf per pixel, one filtered
// fetch), arguments (out, tex, 8192, 8192, 0.5); sobelTex: eight clamped fetches per pixel and a
// square root, arguments (out, tex, 8192, 8192).
// Not measured: gatherLinear (a one-fetch gather through a linear-memory texture).
#define main upstream_main
#include "../../../corpus/texture_object.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  const int W = 8192, H = 8192;
  std::vector<float> pixels(size_t(W) * H);
  for (size_t i = 0; i < pixels.size(); ++i) pixels[i] = (float)(i % 251) / 250.0f;
  cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t cuArray;
  cudaMallocArray(&cuArray, &channelDesc, W, H);
  cudaMemcpy2DToArray(cuArray, 0, 0, pixels.data(), W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
  cudaTextureObject_t texNorm = makeArrayTexture(cuArray, true);
  cudaTextureObject_t texClamp = makeArrayTexture(cuArray, false);
  float* out = meas::buffer<float>(size_t(W) * H);
  meas::run("texture_transform_8k", "transformKernel", "corpus_texture_object.cu",
            dim3((W + BLOCK_X - 1) / BLOCK_X, (H + BLOCK_Y - 1) / BLOCK_Y), dim3(BLOCK_X, BLOCK_Y), [&] {
              transformKernel<<<dim3((W + BLOCK_X - 1) / BLOCK_X, (H + BLOCK_Y - 1) / BLOCK_Y), dim3(BLOCK_X, BLOCK_Y)>>>(
                  out, texNorm, W, H, 0.5f);
            });
  meas::run("texture_sobel_8k", "sobelTex", "corpus_texture_object.cu",
            dim3((W + BLOCK_X - 1) / BLOCK_X, (H + BLOCK_Y - 1) / BLOCK_Y), dim3(BLOCK_X, BLOCK_Y), [&] {
              sobelTex<<<dim3((W + BLOCK_X - 1) / BLOCK_X, (H + BLOCK_Y - 1) / BLOCK_Y), dim3(BLOCK_X, BLOCK_Y)>>>(
                  out, texClamp, W, H);
            });
  return 0;
}
