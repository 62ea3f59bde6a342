#ifndef OPENWITH_MAGIC_RULE_IMAGE_H
#define OPENWITH_MAGIC_RULE_IMAGE_H

#include <stddef.h>

/// The content-magic rules of Catalog/magic-rules.txt, compiled ahead of time into the image
/// that MagicRuleSet(compiledImage:) reads: its first byte.
const unsigned char *openwith_magic_rule_image_bytes(void);

/// The image's length in bytes.
size_t openwith_magic_rule_image_size(void);

#endif
