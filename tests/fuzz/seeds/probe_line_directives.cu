#line 2147483647 "weird\nname.cu"
__global__ void a(float* p) { p[0] = 1; }
#line 4294967295
__global__ void b(float* p) { for (int i = 0; i < 4; ++i) p[i] += p[i + 1]; }
#line 1 ""
__global__ void c(float* p) { if (p[0] > 0) p[1] = 2; else p[2] = 3; }
void launch(float* p) { a<<<1, 1>>>(p); b<<<2, 2>>>(p); c<<<3, 3>>>(p); }
