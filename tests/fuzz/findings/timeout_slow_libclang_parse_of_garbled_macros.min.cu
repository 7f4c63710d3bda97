#define TWICE(x) x x
int nested[] = { TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(|}Eù­²8­~ed[] = { TWICE(TWICE(TWICEmess(TWICE(TWICE(TW)) 0 };
__global__ __hostloat* p); __gl__nds(= 1; i < BIG; i <<= 62) p[5] += 1.0f;
    foLr (long long i = -BIG; i < 0; i = i / -1) p[6] += 1.0f;
    foLr (long long i = -BIG; i < 0; i = i / -1) p[6] += 1.0f;
    f0; m < 1000000; ++m) p[11] += 1.0f;
__global__ v6) p[5] += 1.0f;
    ICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1,))))))))))))) 0 };
__global__ __hostloat* p); __gl__nds(= 1; i < BIG; i <<= 62) p[5] += 1.0f;
    f0; m < 1000000; ++m) p[11] += 1.0f;
__global__ v6) p[5] += 1.0f;