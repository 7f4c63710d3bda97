// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

namespace slicewatt {

// What a token is, for highlighting. CUDA's own words get classes of their own because
// they are what the power heat is about: qualifiers say where code runs and data lives,
// built-in variables index threads, memory intrinsics touch the slices' spaces.
enum class TokenClass {
    Keyword,
    CudaQualifier, // __global__ __device__ __shared__ __restrict__ __launch_bounds__ ...
    BuiltinVariable, // threadIdx blockIdx blockDim gridDim warpSize
    MemoryIntrinsic, // __syncthreads __ldg tex2D atomic* __shfl* ...
    Type, // built-in types, CUDA vector types (float4, dim3), size_t and friends
    NumberLiteral,
    StringLiteral, // string and character literals
    Comment,
    Preprocessor, // a whole directive (#include <x>, #define ...), comments excepted
    Identifier,
    Punctuation,
};

// One highlighted run on one line. Tokens spanning lines (block comments, continued
// directives) come as one piece per line. Columns and lengths are in UTF-16 code units of
// the line, the units QTextBlock and QString use.
struct SourceToken {
    int line = 0; // 1-based
    int column = 0; // 1-based
    int length = 0;
    TokenClass cls = TokenClass::Identifier;

    bool operator==(const SourceToken& other) const
    {
        return line == other.line && column == other.column && length == other.length && cls == other.cls;
    }
};

// Lexes `text` as C++17 with CUDA words recognised, without includes, macros or a CUDA
// installation: libclang parses the text alone (single file, no function bodies) only so
// that it can lex it, comments included. Sorted by line, then column; pieces never overlap.
// Returns an empty list for text libclang cannot take (and for texts over 16 MB); never
// throws. Thread-safe (each call has its own libclang index).
QVector<SourceToken> tokenizeSource(const QString& text);

// The class of an identifier or keyword spelling, as tokenizeSource assigns it.
TokenClass classifyWord(const QString& spelling, bool isKeyword);

} // namespace slicewatt
