// Host-side image output. Kept out of the .cu files so it builds with the
// host compiler alone.
#pragma once

#include <string>

namespace imagepipe {

// Writes a single-channel float image as an 8-bit binary PGM (P5), mapping
// [lo, hi] linearly onto [0, 255]. Returns false if the file cannot be written.
bool writePgm(const std::string& path, const float* pixels, int width, int height, float lo,
              float hi);

}  // namespace imagepipe
