// instruction_classes.cu - SliceWatt rule test (R7): typing and classing operations for the
// instruction-class energy model (resources/help/analysis-rules.md §7, METHOD §9).
//
// Kernel mixedPrecision: the rule book's worked example with more kinds of operation.
//   i: `*` and `+` on unsigned/int -> 2 integer arithmetic.
//   loop header `k < 8` (int comparison: other) and `++k` (arithmetic): once per iteration.
//   acc += in[i] * 2.0f: `*=`/`+=` operator part and `*` on floats -> 2 float arithmetic.
//   q = i / 3 -> integer division; r = i % 5 -> integer division too.
//   d = din[i] / 7.0 -> double division; sqrtf -> float SFU; s + q -> float (widest operand).
//   flags: `(i & 7) << 2` -> two integer other (bitwise, shift); __popc -> integer other.
//   `d > 0.5 && acc < 1.0f`: a double comparison, a float comparison, a logical and (int).
//   __fdividef -> float division; fmaf -> float arithmetic; exp -> double SFU.
//
// Kernel scale<typename T>: launched scale<double>, so `a * x[i]` is a double
// multiplication even though T is a template parameter.
//
// Kernel bits: unsigned bit tricks, all integer other except the `+`.
#include <cuda_runtime.h>

__global__ void mixedPrecision(const float *in, float *out, const double *din, double *dout, unsigned *flags)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;               // EXPECT: A=2 classes=i.arith:2
    float acc = 0.0f;                                            // EXPECT: A=0 classes=none
    for (int k = 0; k < 8; ++k) {                                // EXPECT: A=1 classes=i.arith:1,i.other:1 w=8
        acc += in[i] * 2.0f;                                     // EXPECT: A=2 global=1 classes=f.arith:2 w=8
    }
    int q = i / 3;                                               // EXPECT: A=1 classes=i.div:1
    int r = i % 5;                                               // EXPECT: A=1 classes=i.div:1
    double d = din[i] / 7.0;                                     // EXPECT: A=1 global=1 classes=d.div:1
    float s = sqrtf(acc);                                        // EXPECT: A=1 classes=f.sfu:1
    out[i] = s + q;                                              // EXPECT: A=1 global=1 classes=f.arith:1
    flags[i] = ((i & 7) << 2) + __popc(r);                       // EXPECT: A=4 global=1 classes=i.arith:1,i.other:3
    if (d > 0.5 && acc < 1.0f) {                                 // EXPECT: A=0 classes=i.other:1,f.other:1,d.other:1
        out[i] = __fdividef(acc, s);                             // EXPECT: A=1 global=1 classes=f.div:1
    }
    dout[i] = fmaf(s, 2.0f, 1.0f) + exp(d);                      // EXPECT: A=3 global=1 classes=f.arith:1,d.arith:1,d.sfu:1
}

template <typename T>
__global__ void scale(const T *x, T *y, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;               // EXPECT: A=2 classes=i.arith:2
    if (i < n)                                                   // EXPECT: A=0 classes=i.other:1
        y[i] = a * x[i];                                         // EXPECT: A=1 global=2 classes=d.arith:1
}

__global__ void bits(unsigned *words, int n)
{
    unsigned w = words[threadIdx.x];                             // EXPECT: A=0 global=1 classes=none
    unsigned v = (w >> 1) ^ (w & 0x55555555u);                   // EXPECT: A=3 classes=i.other:3
    words[threadIdx.x] = __brev(v) + __clz(v);                   // EXPECT: A=3 global=1 classes=i.arith:1,i.other:2
}

int main()
{
    float *in = nullptr, *out = nullptr;
    double *din = nullptr, *dout = nullptr, *x = nullptr, *y = nullptr;
    unsigned *flags = nullptr;
    mixedPrecision<<<4, 64>>>(in, out, din, dout, flags);
    scale<double><<<1024, 256>>>(x, y, 2.0, 1 << 18);
    bits<<<1, 128>>>(flags, 128);
    return 0;
}
