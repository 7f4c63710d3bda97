// SPDX-License-Identifier: GPL-3.0-or-later
#include "RandomDrawMix.h"

namespace slicewatt {
namespace {

// Each operation the algorithm spells is one instruction of its type and class [ours: the
// algorithms of cuRAND's device headers (curand_kernel.h, curand_normal.h, the CUDA Toolkit
// documentation of the device API), counted operation by operation, not measured].
//
// XORWOW's draw (Marsaglia's xorshift with a Weyl sequence): t = x ^ (x >> 2); the state
// shifts by one word; v = (v ^ (v << 4)) ^ (t ^ (t << 1)); d += 362437; return v + d. Five
// shifts and XORs of "other" class besides, two additions. The word moves are register
// renames once the loop around the draw is unrolled: not counted.
InstructionCounts xorwowDraw()
{
    InstructionCounts counts;
    counts.add(ValueType::Integer, OperationClass::Other, 7);
    counts.add(ValueType::Integer, OperationClass::Arithmetic, 2);
    return counts;
}

// Philox4x32-10: ten rounds of two 32x32→64 multiplies (one wide multiply each), four XORs
// and two key additions make four words; a draw takes one of them and advances the index
// (an add and a mask, and the test that starts the next block of four).
InstructionCounts philoxBlock()
{
    InstructionCounts counts;
    counts.add(ValueType::Integer, OperationClass::Arithmetic, 10 * 4 + 3); // multiplies, key and counter adds
    counts.add(ValueType::Integer, OperationClass::Other, 10 * 4); // XORs
    return counts;
}

InstructionCounts philoxDraw()
{
    InstructionCounts counts = philoxBlock().scaled(0.25);
    counts.add(ValueType::Integer, OperationClass::Other, 3);
    return counts;
}

// An unsigned word to a float in (0, 1]: a conversion and x · 2^-32 + 2^-33 (one FMA).
void addToUniform(InstructionCounts& counts, double words)
{
    counts.add(ValueType::Float, OperationClass::Other, words);
    counts.add(ValueType::Float, OperationClass::Arithmetic, words);
}

// Box-Muller on two uniforms: sqrtf(-2 logf(u)) and sincospif(2 v), two products: logf,
// sqrtf, the sine and the cosine are each a special-function call, the -2 and the products
// arithmetic. Per pair of normal values.
void addBoxMuller(InstructionCounts& counts, double pairs)
{
    counts.add(ValueType::Float, OperationClass::Sfu, 4 * pairs);
    counts.add(ValueType::Float, OperationClass::Arithmetic, 3 * pairs);
}

InstructionCounts uniformDraws(const InstructionCounts& draw, double words)
{
    InstructionCounts counts = draw.scaled(words);
    addToUniform(counts, words);
    return counts;
}

// Two normals from two words; curand_normal keeps the second for the next call (a flag
// tested and set each call), so one call costs half a pair.
InstructionCounts normalPair(const InstructionCounts& draw)
{
    InstructionCounts counts = uniformDraws(draw, 2);
    addBoxMuller(counts, 1);
    return counts;
}

InstructionCounts oneNormal(const InstructionCounts& draw)
{
    InstructionCounts counts = normalPair(draw).scaled(0.5);
    counts.add(ValueType::Integer, OperationClass::Other, 2);
    return counts;
}

} // namespace

std::optional<InstructionCounts> randomDrawMix(const QString& name, const QString& stateType)
{
    const bool philox = stateType.contains(QLatin1String("Philox4_32_10"));
    if (!philox && !stateType.contains(QLatin1String("XORWOW")))
        return std::nullopt;
    const InstructionCounts draw = philox ? philoxDraw() : xorwowDraw();
    if (name == QLatin1String("curand"))
        return draw;
    if (name == QLatin1String("curand_uniform"))
        return uniformDraws(draw, 1);
    if (name == QLatin1String("curand_normal"))
        return oneNormal(draw);
    if (name == QLatin1String("curand_normal2"))
        return normalPair(draw);
    if (name == QLatin1String("curand_log_normal")) {
        InstructionCounts counts = oneNormal(draw);
        counts.add(ValueType::Float, OperationClass::Sfu); // expf
        counts.add(ValueType::Float, OperationClass::Arithmetic); // mean + stddev · x
        return counts;
    }
    if (!philox)
        return std::nullopt;
    if (name == QLatin1String("curand4"))
        return philoxBlock();
    if (name == QLatin1String("curand_uniform4"))
        return uniformDraws(philoxBlock().scaled(0.25), 4);
    if (name == QLatin1String("curand_normal4")) {
        InstructionCounts counts = uniformDraws(philoxBlock().scaled(0.25), 4);
        addBoxMuller(counts, 2);
        return counts;
    }
    return std::nullopt;
}

} // namespace slicewatt
