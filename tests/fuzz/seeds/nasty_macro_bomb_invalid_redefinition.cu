// A macro bomb: L9 is 10^9 tokens. SourceGuard refuses the file before libclang sees it.
#define L0 1,
#define L1 L0 L0 L0 L0 L0 L0 L0 L0 L0 L0
#define L2 L1 L1 L1 L1 L1 L1 L1 L1 L1 L1
#define L3 L2 L2 L2 L2 L2 L2 L2 L2 L2 L2
#define L4 L3 L3 L3 L3 L3 L3 L3 L3 L3 L3
#define L5 L4 L4 L4 L4 L4 L4 L4 L4 L4 L4
#define L6 L5 L5 L5 L5 L5 L5 L5 L5 L5 L5
#define L7 L6 L6 L6 L6 L6 L6 L6 L6 L6 L6
#define L9 L7 L7 L7 L7 L7 L7 L7 L7 L7 L7
#define L9 L8 L8 L8 L8 L8 L8 L8 L8 L8 L8##
#define TWICE(x) x x
int table[] = { L9 0 };
int nested[] = { TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1,))))))))))))) 0 };
__global__ void k(float* p) { p[0] = 1; }
