#ifndef OPENWITH_TEXT_CLASSIFIER_MODEL_H
#define OPENWITH_TEXT_CLASSIFIER_MODEL_H

#include <stddef.h>
#include <stdint.h>

/// The text classifier's trained weights (Catalog/scripts/train-text-classifier.py): one row of
/// one weight per class for each feature bucket, bucket-major, read in place.
const signed char *openwith_text_classifier_weights(void);

/// How many weights there are: the bucket count times the class count.
size_t openwith_text_classifier_weight_count(void);

/// One bias per class, in class order.
const int16_t *openwith_text_classifier_biases(void);

/// How many biases there are: the class count.
size_t openwith_text_classifier_bias_count(void);

#endif
