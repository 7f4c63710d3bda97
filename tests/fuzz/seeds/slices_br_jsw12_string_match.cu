// JSW12 Fig. 1 (slicing example): the body of a multi-pattern string-matching
// kernel. Patterns are stored in a 2D unsigned-char texture; each group of
// blocks reads its pattern header (char count, pattern length, first char)
// with tex2D. The last block of a group reads the header from other rows, and
// only its first (patNum - inner_group) threads read all three values.
//
// LEGACY API: texture REFERENCE `texture<unsigned char, 2> texPattern;`,
// tex2D(ref, x, y) and cudaBindTextureToArray, as in the paper. Texture
// references were removed in CUDA 12: this file only builds with CUDA 11.x or
// older; it does NOT compile with nvcc 13 ("texture is not a template"), so it is
// the one file of this set not compile-checked.
//
// Hand-computed slice expectations (resources/help/analysis-rules.md), see
// br_jsw12_string_match.slices.json. Launch <<<64, 128>>>; no loops, all weights 1.
//   S1  line 51: int gid = blockIdx.x * blockDim.x + threadIdx.x;   A=2 (* +), no mem.
//                 global: S14 uses gid (register closure).
//   S2  line 52: int inner_id = blockIdx.x % block_per_group;       A=1 (%).
//                 texture: condition S5 uses inner_id (closure of a skeleton condition).
//   S3  line 53: int group = blockIdx.x / block_per_group;          A=1 (/).
//                 texture: every tex2D statement uses group.
//   S4  line 54: int charnum = 0, patlen = 0, pchar = 0;            A=0, one statement (3 declarators).
//                 global: S14 uses charnum/patlen/pchar; S4 is their only
//                 memory-free definition (S6-S8, S10-S13 read texture: closure stops there).
//   S5  line 55: if (inner_id != block_per_group - 1)               A=1 (-). texture: encloses S6-S13.
//   S6  line 56: charnum = tex2D - tex2D                            A=1 (-), tex 2. texture criterion.
//   S7  line 57: patlen = tex2D * tex2D                             A=1 (*), tex 2. texture criterion.
//   S8  line 58: pchar = tex2D - tex2D                              A=1 (-), tex 2. texture criterion.
//   S9  line 60: if (threadIdx.x < patNum - inner_group)            A=1 (-). texture: encloses S10-S13.
//   S10 line 61: charnum = tex2D(.., group + 1) - tex2D(.., group + 1)   A=3 (+ + -), tex 2.
//   S11 line 62: patlen  = tex2D(.., group + 2) * tex2D(.., group + 2)   A=3 (+ + *), tex 2.
//   S12 line 63: pchar   = tex2D(.., group + 3) - tex2D(.., group + 3)   A=3 (+ + -), tex 2.
//   S13 line 65: patlen  = tex2D(.., group + 2) - tex2D(.., group + 2)   A=3 (+ + -), tex 2.
//   S14 line 68: result[gid] = charnum * patlen + pchar;             A=2 (* +), global 1.
//                 global criterion; it is after both ifs, so no skeleton (S5/S9 not in C_GM).
// C_TM = {S2,S3,S5..S13}: length 11, A = 1+1+1+1+1+1+1+3+3+3+3 = 19, tex = 7*2 = 14.
// C_GM = {S1,S4,S14}: length 3, A = 2+0+2 = 4, global = 1.
// C_SHM, C_CM empty. Decision points: 2 ifs (S5, S9); 14 effective statements;
// 2/14 = 0.143 >= 0.1 -> dense. No loops, no assumptions.
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define PATTERN_WIDTH 64
#define NUM_GROUPS 16

texture<unsigned char, 2> texPattern;

__global__ void matchPatterns(int *result, int block_per_group, int patNum, int inner_group)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x; // S1
    int inner_id = blockIdx.x % block_per_group; // S2
    int group = blockIdx.x / block_per_group; // S3
    int charnum = 0, patlen = 0, pchar = 0; // S4
    if (inner_id != block_per_group - 1) { // S5
        charnum = tex2D(texPattern, 0, group) - tex2D(texPattern, 1, group); // S6
        patlen = tex2D(texPattern, 2, group) * tex2D(texPattern, 3, group); // S7
        pchar = tex2D(texPattern, 4, group) - tex2D(texPattern, 5, group); // S8
    } else {
        if (threadIdx.x < patNum - inner_group) { // S9
            charnum = tex2D(texPattern, threadIdx.x, group + 1) - tex2D(texPattern, 0, group + 1); // S10
            patlen = tex2D(texPattern, threadIdx.x, group + 2) * tex2D(texPattern, 1, group + 2); // S11
            pchar = tex2D(texPattern, threadIdx.x, group + 3) - tex2D(texPattern, 2, group + 3); // S12
        } else {
            patlen = tex2D(texPattern, threadIdx.x, group + 2) - tex2D(texPattern, 3, group + 2); // S13
        }
    }
    result[gid] = charnum * patlen + pchar; // S14
}

int main()
{
    const int rows = NUM_GROUPS + 3;
    std::vector<unsigned char> h_pat(PATTERN_WIDTH * rows);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < PATTERN_WIDTH; ++c)
            h_pat[r * PATTERN_WIDTH + c] = (unsigned char)('a' + (r * 7 + c) % 26);

    cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned char>();
    cudaArray *patArray;
    cudaMallocArray(&patArray, &desc, PATTERN_WIDTH, rows);
    cudaMemcpy2DToArray(patArray, 0, 0, h_pat.data(), PATTERN_WIDTH, PATTERN_WIDTH, rows,
                        cudaMemcpyHostToDevice);
    texPattern.addressMode[0] = cudaAddressModeClamp;
    texPattern.addressMode[1] = cudaAddressModeClamp;
    texPattern.filterMode = cudaFilterModePoint;
    texPattern.normalized = false;
    cudaBindTextureToArray(texPattern, patArray, desc);

    const int threads = 64 * 128;
    int *d_result;
    cudaMalloc(&d_result, threads * sizeof(int));

    matchPatterns<<<64, 128>>>(d_result, 4, 100, 40);
    cudaDeviceSynchronize();

    std::vector<int> h_result(threads);
    cudaMemcpy(h_result.data(), d_result, threads * sizeof(int), cudaMemcpyDeviceToHost);
    printf("result[0] = %d, result[last] = %d\n", h_result[0], h_result[threads - 1]);

    cudaUnbindTexture(texPattern);
    cudaFreeArray(patArray);
    cudaFree(d_result);
    return 0;
}
