// Lambdas and callables: called in place, generic, passed to templates and passed on,
// a functor inside a lambda, and a generic lambda that calls itself through its argument.
struct Scale {
    float a;
    __device__ float operator()(float v) const { return a * v; }
};
template <class F> __device__ void ifInside(int i, int n, F body) { if (i < n) body(i); }
template <class F> __device__ void passedOn(int i, int n, F body) { ifInside(i, n, body); }
template <class F> __device__ void gridStride(int n, F body)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        body(i);
}

__global__ void callables(float a, const float* x, float* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __shared__ float tile[256];
    const Scale scale{a};
    auto load = [&](int k) { tile[threadIdx.x] = x[k]; };
    auto generic = [=](auto k) { return scale(x[k]) + y[k]; };
    ifInside(i, n, load);
    __syncthreads();
    passedOn(i, n, [&](int k) { y[k] = generic(k) + tile[threadIdx.x]; });
    gridStride(n, [&](int k) { y[k] += scale(x[k]); });
    auto countdown = [](auto self, int k) -> int { return k <= 0 ? 0 : 1 + self(self, k - 1); };
    if (i == 0)
        y[0] = countdown(countdown, 8);
}

int main()
{
    callables<<<64, 256>>>(2.0f, nullptr, nullptr, 1 << 14);
    return 0;
}
