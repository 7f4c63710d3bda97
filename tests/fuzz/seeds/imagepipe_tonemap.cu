// Tone mapping (HDR RGB -> display RGB) and RGB -> luma conversion.

#include "imagepipe/image.cuh"
#include "imagepipe/kernels.cuh"

#include "device_math.cuh"

#include <cstring>

// Threads per block of the tone-mapping kernel.
#define TONEMAP_THREADS 256

namespace imagepipe {

// Fixed grid for the grid-stride tone mapper: enough blocks to fill the
// largest GPU we target several times over, and the launch shape stays the
// same for every image size, which keeps profiles comparable between runs.
constexpr int kTonemapBlocks = 1024;

constexpr int kLumaThreads = 256;

// John Hable's filmic curve (Uncharted 2), before white-point normalisation.
__device__ __forceinline__ float hableCurve(float x)
{
    constexpr float A = 0.15f;  // shoulder strength
    constexpr float B = 0.50f;  // linear strength
    constexpr float C = 0.10f;  // linear angle
    constexpr float D = 0.20f;  // toe strength
    constexpr float E = 0.02f;  // toe numerator
    constexpr float F = 0.30f;  // toe denominator
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

// Krzysztof Narkowicz's rational fit of the ACES reference rendering curve.
__device__ __forceinline__ float acesFitted(float x)
{
    constexpr float a = 2.51f;
    constexpr float b = 0.03f;
    constexpr float c = 2.43f;
    constexpr float d = 0.59f;
    constexpr float e = 0.14f;
    return __saturatef((x * (a * x + b)) / (x * (c * x + d) + e));
}

__device__ float applyOperator(float x, const ToneParams& p)
{
    switch (p.op) {
    case ToneOperator::Clamp:
        return x;  // clipped to [0, 1] by the caller
    case ToneOperator::Reinhard:
        return x / (1.0f + x);
    case ToneOperator::ReinhardExtended: {
        const float white2 = p.whitePoint * p.whitePoint;
        return x * (1.0f + x / white2) / (1.0f + x);
    }
    case ToneOperator::Aces:
        return acesFitted(x);
    case ToneOperator::Hable:
        // Hable's exposure bias of 2 puts mid-grey on the linear section.
        return hableCurve(2.0f * x) / hableCurve(p.whitePoint);
    case ToneOperator::Exponential:
        return 1.0f - __expf(-x);
    }
    return x;
}

__device__ __forceinline__ float encodeSrgb(float v)
{
    // The linear toe avoids the infinite slope of a pure power law at 0,
    // which would amplify noise in the shadows.
    if (v <= 0.0031308f)
        return 12.92f * v;
    else
        return 1.055f * __powf(v, 1.0f / 2.4f) - 0.055f;
}

__global__ void tonemap(const float* __restrict__ hdr, float* __restrict__ ldr, int pixels,
                        ToneParams p)
{
    const int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < pixels; i += stride) {
        const float* in = hdr + 3 * size_t(i);
        float r = in[0] * p.exposure;
        float g = in[1] * p.exposure;
        float b = in[2] * p.exposure;

        // A NaN or Inf here would be smeared over the whole neighbourhood by
        // the blur, so sanitise first. Negative values come from sensor-style
        // noise around black and have no physical meaning.
        if (!isfinite(r) || !isfinite(g) || !isfinite(b)) {
            r = g = b = 0.0f;
        } else {
            r = fmaxf(r, 0.0f);
            g = fmaxf(g, 0.0f);
            b = fmaxf(b, 0.0f);
        }

        if (p.preserveHue) {
            // Map luminance only and rescale RGB: per-channel curves
            // desaturate bright saturated colours towards white.
            const float lum = luminance(r, g, b);
            if (lum > 1e-6f) {
                const float scale = applyOperator(lum, p) / lum;
                r *= scale;
                g *= scale;
                b *= scale;
            } else {
                r = g = b = 0.0f;
            }
        } else {
            r = applyOperator(r, p);
            g = applyOperator(g, p);
            b = applyOperator(b, p);
        }

        r = __saturatef(r);
        g = __saturatef(g);
        b = __saturatef(b);
        if (p.srgbEncode) {
            r = encodeSrgb(r);
            g = encodeSrgb(g);
            b = encodeSrgb(b);
        }

        float* out = ldr + 3 * size_t(i);
        out[0] = r;
        out[1] = g;
        out[2] = b;
    }
}

__global__ void rgbToLuminance(const float* __restrict__ rgb, float* __restrict__ grey, int pixels)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pixels) return;
    const float* p = rgb + 3 * size_t(i);
    grey[i] = luminance(p[0], p[1], p[2]);
}

const char* toneOperatorName(ToneOperator op)
{
    switch (op) {
    case ToneOperator::Clamp: return "clamp";
    case ToneOperator::Reinhard: return "reinhard";
    case ToneOperator::ReinhardExtended: return "reinhard-ext";
    case ToneOperator::Aces: return "aces";
    case ToneOperator::Hable: return "hable";
    case ToneOperator::Exponential: return "exp";
    }
    return "?";
}

bool parseToneOperator(const char* name, ToneOperator* op)
{
    static const ToneOperator all[] = {
        ToneOperator::Clamp, ToneOperator::Reinhard, ToneOperator::ReinhardExtended,
        ToneOperator::Aces,  ToneOperator::Hable,    ToneOperator::Exponential,
    };
    for (ToneOperator candidate : all) {
        if (std::strcmp(name, toneOperatorName(candidate)) == 0) {
            *op = candidate;
            return true;
        }
    }
    return false;
}

void launchTonemap(const Image& src, Image& dst, const ToneParams& params, cudaStream_t stream)
{
    if (src.channels != 3 || dst.channels != 3 || dst.pixels() != src.pixels()) {
        std::fprintf(stderr, "launchTonemap: expected two RGB images of equal size\n");
        std::exit(EXIT_FAILURE);
    }
    tonemap<<<kTonemapBlocks, TONEMAP_THREADS, 0, stream>>>(src.data, dst.data, int(src.pixels()),
                                                          params);
    CUDA_CHECK_LAUNCH();
}

void launchRgbToLuminance(const Image& src, Image& dst, cudaStream_t stream)
{
    if (src.channels != 3 || dst.channels != 1 || dst.pixels() != src.pixels()) {
        std::fprintf(stderr, "launchRgbToLuminance: expected RGB -> grey of equal size\n");
        std::exit(EXIT_FAILURE);
    }
    const int pixels = int(src.pixels());
    rgbToLuminance<<<(pixels + kLumaThreads - 1) / kLumaThreads, kLumaThreads, 0, stream>>>(
        src.data, dst.data, pixels);
    CUDA_CHECK_LAUNCH();
}

}  // namespace imagepipe
