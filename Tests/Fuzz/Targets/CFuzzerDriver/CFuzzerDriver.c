// The driver is implemented by libFuzzer (linked by -sanitize=fuzzer); this target only
// declares it to Swift.
#include "CFuzzerDriver.h"
