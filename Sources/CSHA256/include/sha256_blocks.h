#ifndef OPENWITH_SHA256_BLOCKS_H
#define OPENWITH_SHA256_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256's compression function run by the processor's SHA extensions (x86-64 SHA-NI), for
   the digests of copies: a software SHA-256 hashes a few hundred MB/s, these instructions
   several times that. */

/* 1 when this processor has the SHA, SSSE3 and SSE4.1 instructions the hardware path needs,
   else 0 (and always 0 on other architectures). Asks the processor on every call (callers
   keep the answer). */
int openwith_sha256_hardware_available(void);

/* Runs `blocks` 64-byte blocks of `data` through the compression function, updating the eight
   state words `state` (big-endian word order, as FIPS 180-4 writes H0..H7). Only to be called
   when openwith_sha256_hardware_available() returns 1. */
void openwith_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
