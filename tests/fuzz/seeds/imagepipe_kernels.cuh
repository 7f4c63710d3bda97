// imagepipe: host-side launchers for every pipeline stage.
//
// Kernels are private to their .cu file; callers only see these launchers.
// Every launcher is asynchronous with respect to the host and enqueues its
// work on the given stream, except where noted.
#pragma once

#include "imagepipe/image.cuh"

namespace imagepipe {

// ---------------------------------------------------------------- tonemap.cu

enum class ToneOperator : int {
    Clamp,             // hard clip at 1.0, the baseline
    Reinhard,          // x / (1 + x)
    ReinhardExtended,  // Reinhard with a white point that maps to 1.0
    Aces,              // Narkowicz's fit of the ACES filmic curve
    Hable,             // Uncharted 2 filmic curve
    Exponential,       // 1 - exp(-x)
};

struct ToneParams {
    ToneOperator op = ToneOperator::Aces;
    float exposure = 1.0f;    // linear pre-scale applied before the operator
    float whitePoint = 4.0f;  // ReinhardExtended / Hable: input mapped to 1.0
    bool preserveHue = true;  // map luminance and rescale RGB, not per channel
    bool srgbEncode = true;   // apply the sRGB transfer curve on output
};

const char* toneOperatorName(ToneOperator op);
bool parseToneOperator(const char* name, ToneOperator* op);

// HDR RGB -> display-referred RGB in [0, 1]. src and dst: 3 channels.
void launchTonemap(const Image& src, Image& dst, const ToneParams& params,
                   cudaStream_t stream);

// RGB -> single-channel luma.
void launchRgbToLuminance(const Image& src, Image& dst, cudaStream_t stream);

// ----------------------------------------------------------------- resize.cu

// Bilinear resample of a single-channel image to dst's size.
void launchResize(const Image& src, Image& dst, cudaStream_t stream);

// --------------------------------------------------------------- convolve.cu

enum class BlurStrategy {
    Direct,      // rows kernel, then columns kernel
    Transposed,  // rows, transpose, rows, transpose back
};

// Computes normalised Gaussian taps for sigma and uploads them to constant
// memory. Returns the radius actually used (clamped to kMaxBlurRadius).
// Synchronous: call it before enqueueing blurs, not while they are in flight.
int uploadGaussianCoefficients(float sigma);

// Separable Gaussian blur of a single-channel image. scratch must hold as many
// elements as src; its contents are clobbered.
void launchGaussianBlur(const Image& src, Image& dst, Image& scratch, int radius,
                        BlurStrategy strategy, cudaStream_t stream);

// -------------------------------------------------------------- transpose.cu

// dst (height x width) = transpose of src (width x height), single channel.
void launchTranspose(const float* src, float* dst, int width, int height,
                     cudaStream_t stream);

// ------------------------------------------------------------------ sobel.cu

// A single-channel image mirrored into a CUDA array so that it can be read
// through the texture path.
struct TextureImage {
    cudaArray_t array = nullptr;
    cudaTextureObject_t tex = 0;
    int width = 0;
    int height = 0;
};

TextureImage createTextureImage(int width, int height);
void destroyTextureImage(TextureImage& img);
void updateTextureImage(TextureImage& dst, const Image& src, cudaStream_t stream);

// Sobel gradient magnitude.
void launchSobel(const TextureImage& src, Image& dst, cudaStream_t stream);

// -------------------------------------------------------------- histogram.cu

struct HistogramBuffers {
    unsigned int* counts = nullptr;  // kHistBins
    float* lut = nullptr;            // kHistBins, equalisation curve
};

HistogramBuffers createHistogramBuffers();
void destroyHistogramBuffers(HistogramBuffers& buffers);

// Histogram equalisation of a single-channel image with values in [0, 1].
void launchHistogramEqualize(const Image& src, Image& dst, HistogramBuffers& buffers,
                             cudaStream_t stream);

// ----------------------------------------------------------------- reduce.cu

struct MinMaxSum {
    float min;
    float max;
    float sum;
};

struct ImageStats {
    float min;
    float max;
    float mean;
};

// Device scratch for launchImageStats. One per stream: two reductions in
// flight on different streams must not share partials.
struct StatsWorkspace {
    MinMaxSum* partials = nullptr;
    ImageStats* result = nullptr;  // device pointer, valid once the stream has run
    int maxPartials = 0;
};

StatsWorkspace createStatsWorkspace();
void destroyStatsWorkspace(StatsWorkspace& ws);

// min / max / mean over all elements of img into ws.result.
void launchImageStats(const Image& img, StatsWorkspace& ws, cudaStream_t stream);

}  // namespace imagepipe
