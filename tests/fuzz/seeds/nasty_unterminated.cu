__global__ void before(float* p) { p[threadIdx.x] = 1.0f; }
__global__ void unterminated(float* p) {
    const char* s = "never closed;
    p[0] = 'x
    /* a comment that never ends
    for (int i = 0; i < 10; ++i) p[i] = 0;
