#ifndef OPENWITH_FUZZER_DRIVER_H
#define OPENWITH_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program that has its own entry point: runs the fuzzing loop over
/// `callback` with libFuzzer's command-line options.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
