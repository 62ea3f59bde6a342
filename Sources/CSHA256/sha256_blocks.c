#include "sha256_blocks.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

int openwith_sha256_hardware_available(void) {
    unsigned int a, b, c, d;
    int sse = __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 9)) && (c & (1u << 19)); /* SSSE3, SSE4.1 */
    int sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));         /* SHA */
    return sse && sha;
}

/* The four message-schedule vectors hold words 4i..4i+3 of the current window. Each group of
   four rounds adds the round constants to one of them and runs two sha256rnds2 steps (two
   rounds each); meanwhile sha256msg1/sha256msg2 extend the schedule for later groups. The
   state lives as ABEF and CDGH, the layout sha256rnds2 takes. */
__attribute__((target("sha,ssse3,sse4.1")))
void openwith_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);              /* CDAB */
    state1 = _mm_shuffle_epi32(state1, 0x1B);        /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);      /* CDGH */

    while (blocks > 0) {
        const __m128i saved0 = state0, saved1 = state1;
        __m128i message[4];
        for (int group = 0; group < 16; group++) {
            if (group < 4) {
                message[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), byte_swap);
            }
            __m128i current = message[group & 3];
            __m128i sum = _mm_add_epi32(current, _mm_loadu_si128((const __m128i *)&round_constants[4 * group]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, sum);
            if (group >= 3 && group <= 14) {
                __m128i *next = &message[(group + 1) & 3];
                *next = _mm_add_epi32(*next, _mm_alignr_epi8(current, message[(group + 3) & 3], 4));
                *next = _mm_sha256msg2_epu32(*next, current);
            }
            sum = _mm_shuffle_epi32(sum, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, sum);
            if (group >= 1 && group <= 12) {
                __m128i *previous = &message[(group + 3) & 3];
                *previous = _mm_sha256msg1_epu32(*previous, current);
            }
        }
        state0 = _mm_add_epi32(state0, saved0);
        state1 = _mm_add_epi32(state1, saved1);
        data += 64;
        blocks--;
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B);            /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);         /* DCHG */
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);      /* DCBA */
    state1 = _mm_alignr_epi8(state1, tmp, 8);         /* ABEF */
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

#else

int openwith_sha256_hardware_available(void) { return 0; }

void openwith_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif
