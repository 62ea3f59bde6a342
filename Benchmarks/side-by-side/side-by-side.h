/*
 * Shared by the C peers of side-by-side/run.sh: reading the input files and timing an
 * operation exactly as the Swift driver (Sources/SideBySide/MedianTimer.swift) does.
 *
 * Timing: calibrate with single operations for 10 ms (at most 1,000) to size a batch that lasts
 * 5 ms (1 to max_batch operations); warm up for at least 3 batches and 50 ms; then measure
 * batches until 201 are done, or max_seconds have passed with at least 11 done (or 4 x
 * max_seconds whatever the count); print the median nanoseconds per operation as
 * "operation<TAB>median<TAB>batches<TAB>batch size".
 */
#ifndef OPENWITH_SIDE_BY_SIDE_H
#define OPENWITH_SIDE_BY_SIDE_H

#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Results are folded in here so the compiler cannot drop the work. */
static volatile uintptr_t sbs_sink;

/* Walks item indices start, start + 1, ... cyclically over n items, count of them, without a
   division per step (a division costs as much as the fastest operations measured). */
#define SBS_EACH(i, start, count, n) \
    for (size_t i = (start) % (n), sbs_left = (count); sbs_left > 0; \
         sbs_left--, i = (i + 1 == (n) ? 0 : i + 1))

struct sbs_config {
    double max_seconds;
    size_t max_batch;
};

struct sbs_lines {
    char **items;
    size_t count;
};

struct sbs_prefixes {
    unsigned char *bytes;
    size_t *offsets;
    size_t *lengths;
    char **paths;
    size_t count;
};

typedef void (*sbs_batch_fn)(void *context, size_t start, size_t count);

static void sbs_die(const char *message, const char *detail) {
    fprintf(stderr, "%s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

/* One item per line, empty lines skipped. */
static struct sbs_lines sbs_read_lines(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) sbs_die("cannot open", path);
    struct sbs_lines lines = {NULL, 0};
    size_t capacity = 0;
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, file)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
        if (length == 0) continue;
        if (lines.count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            lines.items = realloc(lines.items, capacity * sizeof(char *));
            if (!lines.items) sbs_die("out of memory", NULL);
        }
        lines.items[lines.count++] = strdup(line);
    }
    free(line);
    fclose(file);
    if (lines.count == 0) sbs_die("no input lines in", path);
    return lines;
}

/* The first `limit` bytes of every listed file, back to back; unreadable or empty files are left out. */
static struct sbs_prefixes sbs_read_prefixes(const char *list_path, size_t limit) {
    struct sbs_lines list = sbs_read_lines(list_path);
    struct sbs_prefixes prefixes;
    prefixes.bytes = malloc(list.count * limit);
    prefixes.offsets = malloc(list.count * sizeof(size_t));
    prefixes.lengths = malloc(list.count * sizeof(size_t));
    prefixes.paths = malloc(list.count * sizeof(char *));
    prefixes.count = 0;
    if (!prefixes.bytes || !prefixes.offsets || !prefixes.lengths || !prefixes.paths) sbs_die("out of memory", NULL);
    size_t used = 0;
    for (size_t i = 0; i < list.count; i++) {
        FILE *file = fopen(list.items[i], "rb");
        if (!file) continue;
        size_t got = fread(prefixes.bytes + used, 1, limit, file);
        fclose(file);
        if (got == 0) continue;
        prefixes.offsets[prefixes.count] = used;
        prefixes.lengths[prefixes.count] = got;
        prefixes.paths[prefixes.count] = list.items[i];
        prefixes.count++;
        used += got;
    }
    if (prefixes.count == 0) sbs_die("no readable file listed in", list_path);
    return prefixes;
}

static uint64_t sbs_now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

static int sbs_compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void sbs_measure(const char *operation, sbs_batch_fn run, void *context, const struct sbs_config *config) {
    /* 1. Calibrate. */
    size_t index = 0, calibration_count = 0;
    uint64_t calibration_start = sbs_now();
    while (calibration_count < 1000 && sbs_now() - calibration_start < 10000000u) {
        run(context, index, 1);
        index++;
        calibration_count++;
    }
    double estimate = (double)(sbs_now() - calibration_start) / (double)calibration_count;
    double fitting = 5000000.0 / (estimate > 1.0 ? estimate : 1.0);
    size_t batch = fitting < 1.0 ? 1 : (size_t)fitting;
    if (batch > config->max_batch) batch = config->max_batch;

    /* 2. Warm up. */
    uint64_t warmup_start = sbs_now();
    for (int warmups = 0; warmups < 3 || sbs_now() - warmup_start < 50000000u; warmups++) {
        run(context, index, batch);
        index += batch;
    }

    /* 3. Measure. */
    double per_operation[201];
    int done = 0;
    uint64_t limit = (uint64_t)(config->max_seconds * 1e9);
    uint64_t measure_start = sbs_now();
    while (done < 201) {
        uint64_t start = sbs_now();
        run(context, index, batch);
        uint64_t end = sbs_now();
        index += batch;
        per_operation[done++] = (double)(end - start) / (double)batch;
        uint64_t elapsed = end - measure_start;
        if (done >= 11 && elapsed >= limit) break;
        if (elapsed >= 4 * limit) break;
    }

    /* 4. Median. */
    qsort(per_operation, (size_t)done, sizeof(double), sbs_compare_doubles);
    double median = done % 2 ? per_operation[done / 2] : (per_operation[done / 2 - 1] + per_operation[done / 2]) / 2;
    printf("%s\t%.1f\t%d\t%zu\n", operation, median, done, batch);
    fflush(stdout);
}

/* "--name value" options after the command word. */
static const char *sbs_option(int argc, char **argv, const char *name) {
    for (int i = 2; i + 1 < argc; i++) {
        if (strncmp(argv[i], "--", 2) == 0 && strcmp(argv[i] + 2, name) == 0) return argv[i + 1];
    }
    return NULL;
}

static struct sbs_config sbs_read_config(int argc, char **argv) {
    struct sbs_config config = {2.0, 1000};
    const char *seconds = sbs_option(argc, argv, "max-seconds");
    const char *batch = sbs_option(argc, argv, "max-batch");
    if (seconds) config.max_seconds = atof(seconds);
    if (batch) config.max_batch = (size_t)atol(batch);
    if (config.max_batch < 1) config.max_batch = 1;
    return config;
}

#endif
