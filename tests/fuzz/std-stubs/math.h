// Fuzzing stand-in for <math.h> (README.md), which the prelude includes as nvcc's
// cuda_runtime.h does: the prelude already declares the C math functions, so this is
// <cmath>'s stand-in; glibc's <math.h> took two thirds of a small input's parse.
#pragma once
#include <cmath>
