// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A generated project in the shape of a large CUDA backend (issue 19: "a ~190-file CUDA
// backend with deep templates", the project whose analysis peaked at 1.2 GB): a header
// library of expression templates, functors, compile-time unrolling and type lists, and
// operator files that each instantiate their template kernels for several element types
// and block sizes through a dispatching launcher, with the standard library's <vector>,
// <tuple>, <type_traits> and <functional>. Deterministic: the same project on every run.

#include <QDir>
#include <QFile>
#include <QString>

#include <algorithm>

namespace slicewatt::bench {

inline void writeText(const QString& path, const QByteArray& text)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(text);
}

inline QByteArray templateBackendHeader(int index)
{
    const QByteArray n = QByteArray::number(index);
    return "#pragma once\n"
           "#include <cuda_runtime.h>\n#include <tuple>\n#include <type_traits>\n#include <functional>\n"
           "namespace backend"
        + n
        + " {\n"
          "template <int N> struct Unroll {\n"
          "  template <class F> __device__ static void run(F f) { f(N - 1); Unroll<N - 1>::run(f); }\n"
          "};\n"
          "template <> struct Unroll<0> { template <class F> __device__ static void run(F) {} };\n"
          "template <class T, int Rank> struct TensorView {\n"
          "  T* data; int shape[Rank]; int stride[Rank];\n"
          "  __device__ T& at(int i) const { return data[i * stride[Rank - 1]]; }\n"
          "};\n"
          "template <class T> struct Add { __device__ T operator()(T a, T b) const { return a + b; } };\n"
          "template <class T> struct Mul { __device__ T operator()(T a, T b) const { return a * b; } };\n"
          "template <class T> struct Max { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };\n"
          "template <class L, class R, class Op> struct Binary {\n"
          "  L l; R r; Op op;\n"
          "  __device__ auto operator[](int i) const { return op(l[i], r[i]); }\n"
          "};\n"
          "template <class T> struct Leaf { const T* p; __device__ T operator[](int i) const { return p[i]; } };\n"
          "template <class... Ts> struct TypeList {};\n"
          "template <class List> struct Length;\n"
          "template <class... Ts> struct Length<TypeList<Ts...>> : std::integral_constant<int, sizeof...(Ts)> {};\n"
          "template <class T, class Op, int Block> __device__ T blockReduce(T v, T* shared) {\n"
          "  shared[threadIdx.x] = v;\n"
          "  __syncthreads();\n"
          "  for (int s = Block / 2; s > 0; s >>= 1) {\n"
          "    if (threadIdx.x < s) shared[threadIdx.x] = Op()(shared[threadIdx.x], shared[threadIdx.x + s]);\n"
          "    __syncthreads();\n"
          "  }\n"
          "  return shared[0];\n"
          "}\n"
          "template <class Kernel, class... Args> void launch(Kernel k, int n, int block, Args... args) {\n"
          "  k<<<(n + block - 1) / block, block>>>(args...);\n"
          "}\n"
          "} // namespace backend"
        + n + "\n";
}

inline QByteArray templateBackendOperator(int index, int headers)
{
    const QByteArray n = QByteArray::number(index);
    const QByteArray ns = "backend" + QByteArray::number(index % headers);
    QByteArray out = "#include \"../include/backend" + QByteArray::number(index % headers)
        + ".cuh\"\n"
          "#include \"../include/backend"
        + QByteArray::number((index + 1) % headers)
        + ".cuh\"\n"
          "#include <vector>\n#include <algorithm>\n"
          "using namespace "
        + ns
        + ";\n"
          "template <class T, class Op, int Block>\n"
          "__global__ void reduce"
        + n
        + "(const T* in, T* out, int n) {\n"
          "  __shared__ T shared[Block];\n"
          "  T acc = T(0);\n"
          "  for (int i = blockIdx.x * Block + threadIdx.x; i < n; i += gridDim.x * Block)\n"
          "    acc = Op()(acc, in[i]);\n"
          "  T total = blockReduce<T, Op, Block>(acc, shared);\n"
          "  if (threadIdx.x == 0) out[blockIdx.x] = total;\n"
          "}\n"
          "template <class T, int Unrolled>\n"
          "__global__ void axpy"
        + n
        + "(T a, const T* x, T* y, int n) {\n"
          "  int base = (blockIdx.x * blockDim.x + threadIdx.x) * Unrolled;\n"
          "  Unroll<Unrolled>::run([&](int k) { if (base + k < n) y[base + k] = a * x[base + k] + y[base + k]; });\n"
          "}\n"
          "template <class Expr, class T>\n"
          "__global__ void evaluate"
        + n
        + "(Expr e, T* out, int n) {\n"
          "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
          "  if (i < n) out[i] = e[i];\n"
          "}\n"
          "template <class T> void run"
        + n
        + "(const std::vector<T>& host, T* d_in, T* d_out, int n) {\n"
          "  launch(reduce"
        + n
        + "<T, Add<T>, 128>, n, 128, d_in, d_out, n);\n"
          "  launch(reduce"
        + n
        + "<T, Max<T>, 256>, n, 256, d_in, d_out, n);\n"
          "  launch(reduce"
        + n
        + "<T, Mul<T>, 512>, n, 512, d_in, d_out, n);\n"
          "  launch(axpy"
        + n
        + "<T, 4>, n / 4, 256, T(2), d_in, d_out, n);\n"
          "  launch(axpy"
        + n
        + "<T, 16>, n / 16, 128, T(3), d_in, d_out, n);\n"
          "  using E = Binary<Leaf<T>, Binary<Leaf<T>, Leaf<T>, Mul<T>>, Add<T>>;\n"
          "  E e{Leaf<T>{d_in}, Binary<Leaf<T>, Leaf<T>, Mul<T>>{Leaf<T>{d_in}, Leaf<T>{d_out}, Mul<T>{}}, Add<T>{}};\n"
          "  evaluate"
        + n
        + "<<<(n + 255) / 256, 256>>>(e, d_out, n);\n"
          "  auto sizes = std::make_tuple(n, int(host.size()), Length<TypeList<T, float, double>>::value);\n"
          "  (void)std::get<2>(sizes);\n"
          "}\n"
          "void dispatch"
        + n
        + "(int type, int n) {\n"
          "  std::vector<float> f(n); std::vector<double> d(n); std::vector<int> i(n);\n"
          "  std::sort(f.begin(), f.end());\n"
          "  if (type == 0) run"
        + n
        + "<float>(f, nullptr, nullptr, n);\n"
          "  else if (type == 1) run"
        + n
        + "<double>(d, nullptr, nullptr, n);\n"
          "  else run"
        + n
        + "<int>(i, nullptr, nullptr, n);\n"
          "}\n";
    return out;
}

// Writes the project under scratch/backend: `operators` operator files and one header per
// ten of them. Returns the folder.
inline QString makeTemplateBackend(const QString& scratch, int operators)
{
    const QString folder = scratch + QStringLiteral("/backend");
    QDir().mkpath(folder + QStringLiteral("/include"));
    QDir().mkpath(folder + QStringLiteral("/ops"));
    const int headers = std::max(1, operators / 10);
    for (int h = 0; h < headers; ++h)
        writeText(folder + QStringLiteral("/include/backend%1.cuh").arg(h), templateBackendHeader(h));
    for (int i = 0; i < operators; ++i)
        writeText(folder + QStringLiteral("/ops/op%1.cu").arg(i, 3, 10, QLatin1Char('0')),
            templateBackendOperator(i, headers));
    return folder;
}

} // namespace slicewatt::bench
