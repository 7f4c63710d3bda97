// tests/corpus/mandelbrot.cu: the file's 1920 x 1080 image (WIDTH x HEIGHT, 8 MiB of uchar4), all
// three kernels with WIDTH / 32 x HEIGHT / 8 = 60 x 135 blocks of 32 x 8 (the file's Julia launch
// shape; its own 16 x 16 Mandelbrot launch takes a maxIter that changes per frame, and a launch
// of the same shape here would be read as that one). mandelbrotFloat and mandelbrotDouble:
// arguments (img, x0, y0, scale, maxIter = 1000) with scale 2e-4, the view [-0.192, 0.192] x
// [-0.108, 0.108] centred on 0, inside |c| <= 1/4 (in the main cardioid), so every pixel runs
// all maxIter iterations (no divergence: the loop's trip count is maxIter). juliaFloat: the
// file's own launch, arguments (img, -0.8, 0.156, 0.002, 512): escape times are data-dependent
// and divergent (on the host: a pixel averages 31 iterations, the slowest lane of a warp 100;
// 0.7% of pixels reach 512).
#define main upstream_main
#include "../../../corpus/mandelbrot.cu"
#undef main
#include "../meas.cuh"

int main(int argc, char** argv) {
  meas::init(argc, argv);
  uchar4* img = meas::buffer<uchar4>(size_t(WIDTH) * HEIGHT);
  const float FS = 2e-4f;
  const double DS = 2e-4;
  meas::run("mandelbrot_float_inside", "mandelbrotFloat", "corpus_mandelbrot.cu", dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8),
            [&] { mandelbrotFloat<<<dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8)>>>(img, -FS * (WIDTH / 2), -FS * (HEIGHT / 2), FS, 1000); });
  meas::run("mandelbrot_double_inside", "mandelbrotDouble", "corpus_mandelbrot.cu", dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8),
            [&] { mandelbrotDouble<<<dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8)>>>(img, -DS * (WIDTH / 2), -DS * (HEIGHT / 2), DS, 1000); });
  meas::run("mandelbrot_julia_divergent", "juliaFloat", "corpus_mandelbrot.cu", dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8),
            [&] { juliaFloat<<<dim3(WIDTH / 32, HEIGHT / 8), dim3(32, 8)>>>(img, -0.8f, 0.156f, 0.002f, 512); });
  return 0;
}
