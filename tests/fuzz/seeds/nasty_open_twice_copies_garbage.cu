// Loop bounds, steps and launch values at the// Loop bounds, steps and launch values at the edges of 64-b¤1`·‘Ÿ5€¯‰nÇQx–íu]M@Ì/³È?”M‡áX»õûJsœl„+ÂX'ïøl×¬Ä“ËáÒQX²Z™€•ÍuØòFz³«¼´P¦”ÿ¯ÓsI¸²N ’#‡áX»õûJsœl„+ÂX'ï~l÷¬Ä“ËáÒQX²Z™€•ÍuØòFz³«¼´P¦”ÿ¯ÓsI¸²N ’#|}Eù­²8¯~K¶…JwxxÅÿå4PûğzKvÒ‚øÿtÿEd6ëóï6•~%À‡Dô]"›Ò‚ƒHäµ^<€æ__CUDA_ARCH L9 L8 L8 L8 L8 L8 L8 L8 L8 L8 L8
#define TWICE(x) x x
int table[] = { L9 0 };
int nested[] = { TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1,))))))))))))) 0 };
__KvÒ‚øÿtÿEd6ëóï6•~%À‡Dô]"›Ò‚ƒHäµ^<€æá}ei®b0<€æá}ei®b0ŸP5N»%kYaQÛH8 L8 L8 L8
#define TWICE(x) x x
int ta*le[] = { L9 0 };
int nested[] = { TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(|}Eù­²8­~ed[] = { TWICE(TWICE(TWICEmess(TWICE(TWICE(TW)) 0 };
__KvÒ‚øÿtÿEd6ëóï6•~%À‡Dô]"›Ò‚ƒHäµ^<€æá}ei®b0<€æá}ei®b047¼f   (fAŸP5N»%kYaQÛHÖªJ£/6854775807LL
__global__ __hostloat* p); __gl__nds(= 1; i < BIG; i <<= 62) p[5] += 1.0f;
    foLr (long long i = -BIG; i < 0; i = i / -1) p[6] += 1.0f;
    f0; m•~%À‡Dô]"›Ò‚ƒHäµ^<€æá}ei®b0<€æá}ei®b047¼f   (fAŸP5N»%kYaQÛHÖªJ£/6854775807LL
__global__ __hostlo§‹ÕßÖÄß__gl__nds(= 1; i < BIG; i <<= 62) p[5] += 1.0f;
    foLr (long long i = -BIG; i < 0; i = i / -1) p[6] += 1.0f;
    f0; m < 1000000; ++m) p[11] += 1.0f;
}obal__ void bad(float* p) { p[0] = 1##} };
__glob 2
template <long long N>
__global__ v6) p[5] += 1.0f;
    ICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1,))))))))))))) 0 };
__KvÒ‚øÿtÿEd6ëóï6•~%À‡Dô]"›Ò‚ƒHäµ^<€æá}ei®b0<€æá}ei®b047¼f   (fAŸP5N»%kYaQÛHÖªJ£/6854775807LL
__global__ __hostloat* p); __gl__nds(= 1; i < BIG; i <<= 62) p[5] += 1.0f;
    foLr (long long i = -BIG; i < 0; i = i / -1) #endif= 1.0f;
    f0; m < 1000000; ++m) p[11] += 1.0f;
}obal__ void bad(float* p) { p[0] = 1##} };
__glob 2
template <long long N>
__global__ v6) p[5] += 1.0f;
    foLr (long long i = -BIG; i bases hide __global__/__vdeice__ behind poidortabilit