// Template recursion at and past -ftemplate-depth, constexpr loops past -fconstexpr-steps.
template <int N> struct Depth { static constexpr int value = Depth<N - 1>::value + 1; };
template <> struct Depth<0> { static constexpr int value = 0; };
constexpr int spin(int n) { int s = 0; for (int i = 0; i < n; ++i) s += i % 7; return s; }
template <int N>
__global__ void unrolled(float* p) {
    constexpr int trips = Depth<N>::value;
    for (int i = 0; i < trips; ++i) p[i] += unrolled<N - 1> == nullptr;
}
constexpr int many = spin(100000000);
void launch(float* p) {
    unrolled<100><<<1, Depth<500>::value>>>(p);
    unrolled<600><<<many, 32>>>(p);
}
