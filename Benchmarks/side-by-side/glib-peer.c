/*
 * GLib/GIO's half of side-by-side/run.sh: the same operations as the SideBySide driver, on the
 * same input files, through GLib's content-type and app-info API.
 *
 *   glib-peer time [--names F] [--mimes F] [--isa F] [--sniff F] [--app-types F]
 *                  [--max-seconds S] [--max-batch N]
 *   glib-peer answers (--names F | --sniff F)
 *
 * Build: cc -O2 glib-peer.c $(pkg-config --cflags --libs gio-2.0) -o glib-peer
 * Desktop entries and the MIME database come from XDG_DATA_HOME / XDG_DATA_DIRS.
 */
#include "side-by-side.h"

#include <gio/gio.h>

struct pairs {
    char **children;
    char **parents;
    size_t count;
};

static void guess_names(void *context, size_t start, size_t count) {
    struct sbs_lines *names = context;
    SBS_EACH(k, start, count, names->count) {
        gboolean uncertain;
        gchar *type = g_content_type_guess(names->items[k], NULL, 0, &uncertain);
        sbs_sink += (uintptr_t)type[0] + (uintptr_t)uncertain;
        g_free(type);
    }
}

static void types_from_mimes(void *context, size_t start, size_t count) {
    struct sbs_lines *mimes = context;
    SBS_EACH(k, start, count, mimes->count) {
        gchar *type = g_content_type_from_mime_type(mimes->items[k]);
        if (type) {
            sbs_sink += (uintptr_t)type[0];
            g_free(type);
        }
    }
}

static void is_a(void *context, size_t start, size_t count) {
    struct pairs *pairs = context;
    SBS_EACH(i, start, count, pairs->count) {
        sbs_sink += (uintptr_t)g_content_type_is_a(pairs->children[i], pairs->parents[i]);
    }
}

static void guess_data(void *context, size_t start, size_t count) {
    struct sbs_prefixes *prefixes = context;
    SBS_EACH(i, start, count, prefixes->count) {
        gboolean uncertain;
        gchar *type = g_content_type_guess(NULL, prefixes->bytes + prefixes->offsets[i], prefixes->lengths[i], &uncertain);
        sbs_sink += (uintptr_t)type[0] + (uintptr_t)uncertain;
        g_free(type);
    }
}

static void all_for_type(void *context, size_t start, size_t count) {
    struct sbs_lines *mimes = context;
    SBS_EACH(k, start, count, mimes->count) {
        GList *apps = g_app_info_get_all_for_type(mimes->items[k]);
        sbs_sink += (uintptr_t)apps;
        g_list_free_full(apps, g_object_unref);
    }
}

static void default_for_type(void *context, size_t start, size_t count) {
    struct sbs_lines *mimes = context;
    SBS_EACH(k, start, count, mimes->count) {
        GAppInfo *app = g_app_info_get_default_for_type(mimes->items[k], FALSE);
        sbs_sink += (uintptr_t)app;
        if (app) g_object_unref(app);
    }
}

static struct pairs read_pairs(const char *path) {
    struct sbs_lines lines = sbs_read_lines(path);
    struct pairs pairs = {malloc(lines.count * sizeof(char *)), malloc(lines.count * sizeof(char *)), 0};
    for (size_t i = 0; i < lines.count; i++) {
        char *tab = strchr(lines.items[i], '\t');
        if (!tab) continue;
        *tab = '\0';
        pairs.children[pairs.count] = lines.items[i];
        pairs.parents[pairs.count] = tab + 1;
        pairs.count++;
    }
    if (pairs.count == 0) sbs_die("no pairs in", path);
    return pairs;
}

/* GLib's answer as a MIME type (on Unix a content type is one already). */
static void print_answer(const char *input, gchar *type) {
    gchar *mime = g_content_type_get_mime_type(type);
    printf("%s\t%s\n", input, mime ? mime : "application/octet-stream");
    g_free(mime);
    g_free(type);
}

int main(int argc, char **argv) {
    if (argc < 2) sbs_die("usage: glib-peer time|answers [--names F] [--mimes F] [--isa F] [--sniff F] [--app-types F]", NULL);
    const char *names = sbs_option(argc, argv, "names");
    const char *mimes = sbs_option(argc, argv, "mimes");
    const char *isa = sbs_option(argc, argv, "isa");
    const char *sniff = sbs_option(argc, argv, "sniff");
    const char *app_types = sbs_option(argc, argv, "app-types");

    if (strcmp(argv[1], "answers") == 0) {
        if (names) {
            struct sbs_lines lines = sbs_read_lines(names);
            for (size_t i = 0; i < lines.count; i++) {
                gboolean uncertain;
                print_answer(lines.items[i], g_content_type_guess(lines.items[i], NULL, 0, &uncertain));
            }
        } else if (sniff) {
            struct sbs_prefixes prefixes = sbs_read_prefixes(sniff, 4096);
            for (size_t i = 0; i < prefixes.count; i++) {
                gboolean uncertain;
                print_answer(prefixes.paths[i], g_content_type_guess(NULL, prefixes.bytes + prefixes.offsets[i], prefixes.lengths[i], &uncertain));
            }
        } else {
            sbs_die("answers needs --names or --sniff", NULL);
        }
        return 0;
    }
    if (strcmp(argv[1], "time") != 0) sbs_die("unknown command", argv[1]);

    struct sbs_config config = sbs_read_config(argc, argv);
    if (names) {
        struct sbs_lines lines = sbs_read_lines(names);
        sbs_measure("name-to-type", guess_names, &lines, &config);
    }
    if (mimes) {
        struct sbs_lines lines = sbs_read_lines(mimes);
        sbs_measure("mime-to-type", types_from_mimes, &lines, &config);
    }
    if (isa) {
        struct pairs pairs = read_pairs(isa);
        sbs_measure("is-a", is_a, &pairs, &config);
    }
    if (sniff) {
        struct sbs_prefixes prefixes = sbs_read_prefixes(sniff, 4096);
        sbs_measure("sniff-4k", guess_data, &prefixes, &config);
    }
    if (app_types) {
        struct sbs_lines lines = sbs_read_lines(app_types);
        GList *all = g_app_info_get_all();
        fprintf(stderr, "glib-peer: %u desktop entries visible\n", g_list_length(all));
        g_list_free_full(all, g_object_unref);
        sbs_measure("apps-for-type", all_for_type, &lines, &config);
        sbs_measure("default-for-type", default_for_type, &lines, &config);
    }
    return 0;
}
