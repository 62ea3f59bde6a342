/*
 * which-app: for each file named on the command line, print what it is and the apps that
 * open it, default first, with the reason for each.
 *
 *   cc -std=c11 -Wall -Werror Examples/c/which-app.c -I Sources/OpenWithC/include \
 *      -L .build/debug -lOpenWithC -Wl,-rpath,.build/debug -o which-app
 *   ./which-app ~/Pictures/photo.jpg
 *
 * The catalog is the user's ($OPENWITH_CATALOG, else $XDG_DATA_HOME/openwith/catalog.sqlite),
 * created and filled with the machine's apps on first use. Exit status: 0 when every file was
 * answered, 1 otherwise, 2 when the catalog cannot be opened.
 */
#include <stdio.h>

#include "openwith.h"

static const char *confidence_name(int confidence) {
    static const char *names[] = {"low", "medium", "high", "certain"};
    return confidence >= 0 && confidence <= 3 ? names[confidence] : "unknown";
}

/* Prints one file's type and handlers; returns 0 on success. */
static int describe(ow_context *context, const char *path) {
    ow_error error;
    ow_resolution *resolution = NULL;
    if (ow_resolve(context, path, &resolution, &error) != OW_OK) {
        fprintf(stderr, "which-app: %s: %s\n", path, error.message);
        return 1;
    }
    printf("%s: %s (%s, %s, %s)\n", path, resolution->identifier, resolution->mime_type,
           resolution->description, confidence_name(resolution->confidence));
    if (resolution->has_conflict) {
        printf("  conflict: %s\n", resolution->conflict);
    }
    ow_resolution_free(resolution);

    ow_handler_list *handlers = NULL;
    if (ow_list_handlers(context, path, OW_ROLE_ANY, &handlers, &error) != OW_OK) {
        fprintf(stderr, "which-app: %s: %s\n", path, error.message);
        return 1;
    }
    if (handlers->count == 0) {
        printf("  no application opens %s\n", handlers->identifier);
    }
    for (size_t index = 0; index < handlers->count; index++) {
        const ow_handler *handler = &handlers->items[index];
        printf("  %s %s (%s) [%s] %s\n", handler->is_default ? "*" : "-", handler->name, handler->id,
               handler->group, handler->reason);
    }
    ow_handler_list_free(handlers);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: which-app FILE...\n");
        return 2;
    }
    ow_error error;
    ow_context *context = NULL;
    if (ow_open(NULL, &context, &error) != OW_OK) {
        fprintf(stderr, "which-app: %s (%s)\n", error.message, ow_status_name(error.code));
        return 2;
    }
    int status = 0;
    for (int index = 1; index < argc; index++) {
        if (describe(context, argv[index]) != 0) {
            status = 1;
        }
    }
    ow_close(context);
    return status;
}
