#include "pgm.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <vector>

namespace imagepipe {

bool writePgm(const std::string& path, const float* pixels, int width, int height, float lo,
              float hi)
{
    std::ofstream file(path, std::ios::binary);
    if (!file) return false;

    // A degenerate range (constant image) would divide by zero; any scale
    // maps it to black, which is the honest rendering of "no contrast".
    const float scale = hi > lo ? 255.0f / (hi - lo) : 0.0f;

    std::vector<std::uint8_t> bytes(size_t(width) * size_t(height));
    for (size_t i = 0; i < bytes.size(); ++i) {
        const float v = (pixels[i] - lo) * scale;
        bytes[i] = std::uint8_t(std::lround(std::clamp(v, 0.0f, 255.0f)));
    }

    file << "P5\n" << width << ' ' << height << "\n255\n";
    file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(file);
}

}  // namespace imagepipe
