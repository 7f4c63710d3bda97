// Found by a probe while fuzzing: a grid with huge dim3 components overflowed 64 bits when its blocks were counted (KernelEstimate).
#define BIG 9223372036854775807LL
__global__ void k(float* p) { for (int i = 0; i < 1000000000; ++i) for (int j = 0; j < 1000000000; ++j) for (int l = 0; l < 1000000000; ++l) p[i] += p[j] * 2.0f; }
void launch(float* p) { k<<<dim3(BIG, BIG, BIG), 256>>>(p); }
