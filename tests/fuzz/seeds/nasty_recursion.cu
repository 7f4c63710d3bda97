// Device recursion (direct, mutual), a call chain past the inline depth cap, and a call
// tree that doubles at every level (2^14 inlined calls, past the inlined-call cap).
__device__ float self(float x) { return x > 1 ? self(x / 2) + 1 : x; }
__device__ float odd(float x);
__device__ float even(float x) { return x < 1 ? x : odd(x - 1); }
__device__ float odd(float x) { return x < 1 ? -x : even(x - 1); }
__device__ float chain20(float* p) { return p[0]; }
__device__ float chain19(float* p) { return chain20(p + 1) * 2; }
__device__ float chain18(float* p) { return chain19(p + 1) * 2; }
__device__ float chain17(float* p) { return chain18(p + 1) * 2; }
__device__ float chain16(float* p) { return chain17(p + 1) * 2; }
__device__ float chain15(float* p) { return chain16(p + 1) * 2; }
__device__ float chain14(float* p) { return chain15(p + 1) * 2; }
__device__ float chain13(float* p) { return chain14(p + 1) * 2; }
__device__ float chain12(float* p) { return chain13(p + 1) * 2; }
__device__ float chain11(float* p) { return chain12(p + 1) * 2; }
__device__ float chain10(float* p) { return chain11(p + 1) * 2; }
__device__ float chain9(float* p) { return chain10(p + 1) * 2; }
__device__ float chain8(float* p) { return chain9(p + 1) * 2; }
__device__ float chain7(float* p) { return chain8(p + 1) * 2; }
__device__ float chain6(float* p) { return chain7(p + 1) * 2; }
__device__ float chain5(float* p) { return chain6(p + 1) * 2; }
__device__ float chain4(float* p) { return chain5(p + 1) * 2; }
__device__ float chain3(float* p) { return chain4(p + 1) * 2; }
__device__ float chain2(float* p) { return chain3(p + 1) * 2; }
__device__ float chain1(float* p) { return chain2(p + 1) * 2; }
__device__ float chain0(float* p) { return chain1(p + 1) * 2; }
__device__ float tree14(float* p) { return p[0]; }
__device__ float tree13(float* p) { return tree14(p) + tree14(p + 1); }
__device__ float tree12(float* p) { return tree13(p) + tree13(p + 1); }
__device__ float tree11(float* p) { return tree12(p) + tree12(p + 1); }
__device__ float tree10(float* p) { return tree11(p) + tree11(p + 1); }
__device__ float tree9(float* p) { return tree10(p) + tree10(p + 1); }
__device__ float tree8(float* p) { return tree9(p) + tree9(p + 1); }
__device__ float tree7(float* p) { return tree8(p) + tree8(p + 1); }
__device__ float tree6(float* p) { return tree7(p) + tree7(p + 1); }
__device__ float tree5(float* p) { return tree6(p) + tree6(p + 1); }
__device__ float tree4(float* p) { return tree5(p) + tree5(p + 1); }
__device__ float tree3(float* p) { return tree4(p) + tree4(p + 1); }
__device__ float tree2(float* p) { return tree3(p) + tree3(p + 1); }
__device__ float tree1(float* p) { return tree2(p) + tree2(p + 1); }
__device__ float tree0(float* p) { return tree1(p) + tree1(p + 1); }
__global__ void recursive(float* p) { p[0] = self(p[1]) + even(p[2]) + chain0(p) + tree0(p); }
void launch(float* p) { recursive<<<1, 1>>>(p); }
