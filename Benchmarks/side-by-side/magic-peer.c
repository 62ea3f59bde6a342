/*
 * libmagic's half of side-by-side/run.sh: sniffing the same 4 KiB prefixes as the SideBySide
 * driver with magic_buffer, the way `file --mime-type` asks (MAGIC_MIME_TYPE).
 *
 *   magic-peer time --sniff F [--max-seconds S] [--max-batch N]
 *   magic-peer answers --sniff F
 *
 * Build: cc -O2 magic-peer.c -lmagic -o magic-peer
 */
#include "side-by-side.h"

#include <magic.h>

struct sniff_context {
    magic_t cookie;
    struct sbs_prefixes prefixes;
};

static void sniff(void *context, size_t start, size_t count) {
    struct sniff_context *c = context;
    SBS_EACH(i, start, count, c->prefixes.count) {
        const char *type = magic_buffer(c->cookie, c->prefixes.bytes + c->prefixes.offsets[i], c->prefixes.lengths[i]);
        sbs_sink += type ? (uintptr_t)type[0] : 1;
    }
}

int main(int argc, char **argv) {
    if (argc < 2) sbs_die("usage: magic-peer time|answers --sniff F", NULL);
    const char *list = sbs_option(argc, argv, "sniff");
    if (!list) sbs_die("--sniff is required", NULL);

    struct sniff_context context;
    context.cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR);
    if (!context.cookie || magic_load(context.cookie, NULL) != 0) {
        sbs_die("libmagic could not load its database", context.cookie ? magic_error(context.cookie) : NULL);
    }
    context.prefixes = sbs_read_prefixes(list, 4096);

    if (strcmp(argv[1], "answers") == 0) {
        for (size_t i = 0; i < context.prefixes.count; i++) {
            const char *type = magic_buffer(context.cookie, context.prefixes.bytes + context.prefixes.offsets[i], context.prefixes.lengths[i]);
            printf("%s\t%s\n", context.prefixes.paths[i], type ? type : "application/octet-stream");
        }
        return 0;
    }
    if (strcmp(argv[1], "time") != 0) sbs_die("unknown command", argv[1]);
    struct sbs_config config = sbs_read_config(argc, argv);
    sbs_measure("sniff-4k", sniff, &context, &config);
    magic_close(context.cookie);
    return 0;
}
