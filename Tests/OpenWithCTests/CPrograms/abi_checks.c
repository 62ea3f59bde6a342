/*
 * The contract of openwith.h, checked from C: statuses and error records, ownership, bad input
 * (NULL pointers, paths that are not UTF-8, unknown roles and flags, closed and made-up
 * contexts) and use of one context from several threads while it is closed.
 *
 * usage: abi_checks CATALOG PHOTO VIEWER_ID MISSING_PATH
 *   PHOTO is a PNG named photo.jpg; VIEWER_ID the one app registered for image/png.
 * Prints "ok N checks" and exits 0, or names the first failed check and exits 1.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openwith.h"

static int checks = 0;

#define CHECK(condition)                                                              \
    do {                                                                              \
        checks++;                                                                     \
        if (!(condition)) {                                                           \
            fprintf(stderr, "abi_checks.c:%d: failed: %s\n", __LINE__, #condition);  \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

static const unsigned char png[] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                    0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0, 0, 0, 0};

struct worker {
    ow_context *context;
    const char *path;
    int ok;
    int closed;
    int other;
};

static void *list_repeatedly(void *argument) {
    struct worker *worker = argument;
    for (int round = 0; round < 60; round++) {
        ow_handler_list *list = NULL;
        ow_status status = ow_list_handlers(worker->context, worker->path, OW_ROLE_ANY, &list, NULL);
        if (status == OW_OK && list != NULL && list->count >= 1) {
            worker->ok++;
        } else if (status == OW_ERROR_CLOSED && list == NULL) {
            worker->closed++;
        } else {
            worker->other++;
        }
        ow_handler_list_free(list);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: abi_checks CATALOG PHOTO VIEWER_ID MISSING_PATH\n");
        return 2;
    }
    const char *catalog = argv[1], *photo = argv[2], *viewer = argv[3], *missing = argv[4];
    ow_error error;
    ow_context *context = NULL;

    /* Opening. */
    CHECK(ow_open(catalog, NULL, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(error.code == OW_ERROR_INVALID_ARGUMENT && strlen(error.message) > 0);
    CHECK(ow_open("/proc/version/catalog.sqlite", &context, &error) == OW_ERROR_CATALOG && context == NULL);
    CHECK(strstr(error.message, "/proc/version") != NULL);
    CHECK(ow_open(catalog, &context, &error) == OW_OK && context != NULL);

    /* Resolving: a PNG named .jpg, bad paths, bytes. */
    ow_resolution *resolution = (ow_resolution *)1;
    CHECK(ow_resolve(context, NULL, &resolution, &error) == OW_ERROR_INVALID_ARGUMENT && resolution == NULL);
    CHECK(ow_resolve(context, photo, NULL, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_resolve(context, "/tmp/\xff\xfe.png", &resolution, &error) == OW_ERROR_INVALID_UTF8);
    CHECK(strcmp(error.name, "invalidUTF8") == 0);
    CHECK(ow_resolve(context, missing, &resolution, &error) == OW_ERROR_NOT_FOUND && resolution == NULL);
    CHECK(strcmp(error.name, "notFound") == 0 && strstr(error.message, missing) != NULL);
    CHECK(ow_resolve(context, missing, &resolution, NULL) == OW_ERROR_NOT_FOUND);
    CHECK(ow_resolve(context, photo, &resolution, &error) == OW_OK);
    CHECK(strcmp(resolution->identifier, "public.png") == 0);
    CHECK(strcmp(resolution->mime_type, "image/png") == 0);
    CHECK(strlen(resolution->description) > 0);
    CHECK(resolution->confidence >= OW_CONFIDENCE_HIGH);
    CHECK(resolution->has_conflict == 1 && strcmp(resolution->claimed, "public.jpeg") == 0);
    CHECK(strstr(resolution->conflict, "public.png") != NULL);
    ow_resolution_free(resolution);
    ow_resolution_free(NULL);
    CHECK(ow_resolve_bytes(context, png, sizeof png, "upload", &resolution, &error) == OW_OK);
    CHECK(strcmp(resolution->identifier, "public.png") == 0 && resolution->has_conflict == 0 && resolution->conflict == NULL);
    ow_resolution_free(resolution);
    CHECK(ow_resolve_bytes(context, NULL, 5, "x", &resolution, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_resolve_bytes(context, NULL, 0, NULL, &resolution, &error) == OW_OK);
    ow_resolution_free(resolution);

    /* Conformance. */
    int conforms = -1;
    CHECK(ow_conforms(context, "public.png", "public.image", &conforms, &error) == OW_OK && conforms == 1);
    CHECK(ow_conforms(context, "public.png", "public.text", &conforms, &error) == OW_OK && conforms == 0);
    CHECK(ow_conforms(context, "not a type!", "public.data", &conforms, &error) == OW_ERROR_INVALID_TARGET);
    CHECK(ow_conforms(context, "public.png", NULL, &conforms, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_conforms(context, "public.png", "public.data", NULL, &error) == OW_ERROR_INVALID_ARGUMENT);

    /* Handlers and defaults. */
    ow_handler_list *list = NULL;
    CHECK(ow_list_handlers(context, photo, (ow_role)99, &list, &error) == OW_ERROR_INVALID_ARGUMENT && list == NULL);
    CHECK(ow_list_handlers(context, photo, OW_ROLE_ANY, &list, &error) == OW_OK);
    CHECK(list->count == 1 && strcmp(list->items[0].id, viewer) == 0);
    CHECK(strcmp(list->identifier, "public.png") == 0 && strcmp(list->items[0].group, "recommended") == 0);
    CHECK(strstr(list->items[0].reason, "public.png") != NULL);
    ow_handler_list_free(list);
    CHECK(ow_set_default(context, "public.png", "nobody.desktop", OW_ROLE_ANY, 0, &error) == OW_ERROR_UNKNOWN_APP);
    CHECK(strstr(error.message, "nobody.desktop") != NULL);
    CHECK(ow_set_default(context, "no such thing", viewer, OW_ROLE_ANY, 0, &error) == OW_ERROR_INVALID_TARGET);
    CHECK(ow_set_default(context, "public.png", viewer, OW_ROLE_ANY, 8, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_set_default(context, ".png", viewer, OW_ROLE_ANY, 0, &error) == OW_OK);
    CHECK(ow_list_handlers(context, photo, OW_ROLE_ANY, &list, &error) == OW_OK);
    CHECK(list->count == 1 && list->items[0].is_default == 1 && strcmp(list->items[0].group, "user-default") == 0);
    ow_handler_list_free(list);
    ow_handler_list_free(NULL);

    /* Open-in: a copy in the viewer's inbox and a grant. */
    ow_open_result *opened = NULL;
    CHECK(ow_open_in(context, photo, "nobody.desktop", OW_ROLE_ANY, &opened, &error) == OW_ERROR_UNKNOWN_APP && opened == NULL);
    CHECK(ow_open_in(context, photo, NULL, OW_ROLE_ANY, &opened, &error) == OW_OK);
    CHECK(strcmp(opened->app_id, viewer) == 0 && opened->grant_id > 0);
    CHECK(strstr(opened->inbox_path, "/Documents/Inbox/photo.jpg") != NULL);
    CHECK(strcmp(opened->delivery, "launch") == 0);
    ow_open_result_free(opened);

    /* Several threads on one context while it is closed: each call answers or says closed. */
    struct worker workers[6];
    pthread_t threads[6];
    for (int index = 0; index < 6; index++) {
        workers[index] = (struct worker){context, photo, 0, 0, 0};
        CHECK(pthread_create(&threads[index], NULL, list_repeatedly, &workers[index]) == 0);
    }
    ow_handler_list *during = NULL;
    CHECK(ow_list_handlers(context, photo, OW_ROLE_ANY, &during, &error) == OW_OK);
    ow_handler_list_free(during);
    CHECK(ow_close(context) == OW_OK);
    int answered = 0;
    for (int index = 0; index < 6; index++) {
        CHECK(pthread_join(threads[index], NULL) == 0);
        CHECK(workers[index].other == 0);
        CHECK(workers[index].ok + workers[index].closed == 60);
        answered += workers[index].ok;
    }
    CHECK(answered >= 0);

    /* A closed context, NULL and a made-up one. */
    CHECK(ow_resolve(context, photo, &resolution, &error) == OW_ERROR_CLOSED && resolution == NULL);
    CHECK(strcmp(error.name, "closedContext") == 0);
    CHECK(ow_close(context) == OW_ERROR_CLOSED);
    CHECK(ow_close(NULL) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_list_handlers(NULL, photo, OW_ROLE_ANY, &list, &error) == OW_ERROR_INVALID_ARGUMENT);
    CHECK(ow_list_handlers((ow_context *)(size_t)0x7fff1234, photo, OW_ROLE_ANY, &list, &error) == OW_ERROR_CLOSED);

    /* Static strings. */
    CHECK(strcmp(ow_status_name(OW_ERROR_NOT_FOUND), "OW_ERROR_NOT_FOUND") == 0);
    CHECK(strcmp(ow_status_name(-1), "OW_UNKNOWN_STATUS") == 0);
    CHECK(strlen(ow_version()) > 0);

    printf("ok %d checks\n", checks);
    return 0;
}
