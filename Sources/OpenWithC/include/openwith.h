/*
 * openwith.h — OpenWith for C, C++, Vala, Rust and any language with a C FFI.
 *
 * What a file is (a Uniform Type Identifier such as "public.png", its MIME type, how sure the
 * answer is, and any conflict between the file's name and its content), which apps open it and
 * why, the user's defaults, and open-in: the same answers as `openwith FILE`, from the same
 * catalog. Link with `-lOpenWithC` (`pkg-config --cflags --libs openwith`).
 *
 * Conventions
 *
 *   Results.   Every function that can fail returns an `ow_status`: OW_OK (0) on success, a
 *              positive code otherwise. When `error` is not NULL it is filled in on failure
 *              (code, the library's own code name, a message naming the file, key or value);
 *              on success it is left untouched. Pass NULL when the status is enough.
 *
 *   Strings.   Every string passed in is NUL-terminated UTF-8. A path that is not valid UTF-8
 *              is refused with OW_ERROR_INVALID_UTF8 (it is never "repaired" into another path).
 *              Every string handed out is NUL-terminated UTF-8.
 *
 *   Ownership. Results are returned through an out-parameter (`ow_resolution **out` …) and
 *              belong to the caller: free each with its own free function, exactly once
 *              (ow_resolution_free, ow_handler_list_free, ow_open_result_free). Each result is
 *              one allocation: the strings inside it live as long as it does and are never
 *              freed separately. The free functions accept NULL. On failure `*out` is set to
 *              NULL. Strings from ow_status_name and ow_version are static: never free them.
 *
 *   Contexts.  An `ow_context` is a handle, not memory: ow_close invalidates it, and any later
 *              use, including a second ow_close, returns OW_ERROR_CLOSED; it never crashes.
 *              Handles are never reused within a process.
 *
 *   Threads.   Every function may be called from any thread. A context may be used from several
 *              threads at once: the calls run concurrently (the catalog is read through an
 *              immutable snapshot; writes are transactions that queue). ow_close while other
 *              threads are inside calls on the same context is allowed: those calls finish
 *              normally, and calls that start after it return OW_ERROR_CLOSED.
 *
 *   Blocking.  Every call does file I/O on the calling thread (reading the file's first bytes,
 *              the catalog's SQLite file; open-in copies the file). Call it off a UI thread.
 */
#ifndef OPENWITH_H
#define OPENWITH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The outcome of a call. Values are stable; new ones may be added. */
typedef enum ow_status {
    OW_OK = 0,
    OW_ERROR_INVALID_ARGUMENT = 1, /* a NULL pointer where one is needed, an unknown role */
    OW_ERROR_INVALID_UTF8 = 2,     /* a string (a path) that is not valid UTF-8 */
    OW_ERROR_CLOSED = 3,           /* the context was closed, or is no context at all */
    OW_ERROR_NOT_FOUND = 4,        /* the file does not exist or cannot be read */
    OW_ERROR_PERMISSION_DENIED = 5,/* the system refused access to the file */
    OW_ERROR_UNKNOWN_APP = 6,      /* no app with that id is registered */
    OW_ERROR_NO_HANDLER = 7,       /* no app can open the file (or the one named cannot) */
    OW_ERROR_INVALID_TARGET = 8,   /* not a type identifier, extension, MIME type or scheme */
    OW_ERROR_REFUSED = 9,          /* the request breaks a policy (e.g. the app does not claim the type) */
    OW_ERROR_CATALOG = 10,         /* the catalog cannot be opened, read or written */
    OW_ERROR_OUT_OF_MEMORY = 11,   /* a result could not be allocated */
    OW_ERROR_FAILED = 12           /* any other failure; see the message */
} ow_status;

/* The role an app is asked for. */
typedef enum ow_role {
    OW_ROLE_ANY = 0,    /* viewers and editors */
    OW_ROLE_VIEWER = 1,
    OW_ROLE_EDITOR = 2,
    OW_ROLE_SHELL = 3   /* apps that run the document */
} ow_role;

/* How sure a resolution is. */
typedef enum ow_confidence {
    OW_CONFIDENCE_LOW = 0,
    OW_CONFIDENCE_MEDIUM = 1,
    OW_CONFIDENCE_HIGH = 2,
    OW_CONFIDENCE_CERTAIN = 3
} ow_confidence;

/* What went wrong. Filled in by a failing call when the caller passes one; owned by the
   caller (usually on its stack); the message is cut to fit. */
typedef struct ow_error {
    int code;           /* an ow_status */
    char name[48];      /* the library's stable code name, e.g. "notFound", "unknownApp" */
    char message[976];  /* for people: what failed, naming the file, key or value; not stable */
} ow_error;

/* An opened catalog. Opaque. */
typedef struct ow_context ow_context;

/* What a file is. One allocation: free it with ow_resolution_free. */
typedef struct ow_resolution {
    const char *identifier;   /* "public.png" */
    const char *mime_type;    /* "image/png" */
    const char *description;  /* "PNG image" */
    int confidence;           /* an ow_confidence */
    int has_conflict;         /* 1 when the name (or a declared type) and the content disagree */
    const char *conflict;     /* in words, or NULL: "name says public.jpeg, content says public.png: …" */
    const char *claimed;      /* the type the name claimed when there is a conflict, else NULL */
} ow_resolution;

/* One app that can open a file. */
typedef struct ow_handler {
    const char *id;       /* the app's id: a desktop-file id ("org.gnome.eog.desktop") or a bundle id */
    const char *name;     /* its name, for a menu */
    const char *group;    /* why it is listed: "file-override", "user-default", "mimeapps-default",
                             "recommended", "fallback" or "catch-all" (ranked in that order) */
    int is_default;       /* 1 for the default app (then it comes first) */
    const char *reason;   /* in words: "claims public.png as Viewer (rank Default)" */
} ow_handler;

/* The apps that can open a file, default first. One allocation: free it with
   ow_handler_list_free. */
typedef struct ow_handler_list {
    size_t count;
    const ow_handler *items;  /* count entries */
    const char *identifier;   /* the file's type, as ow_resolve gives it */
    const char *mime_type;
} ow_handler_list;

/* The outcome of an open-in. One allocation: free it with ow_open_result_free. */
typedef struct ow_open_result {
    const char *app_id;      /* the app it was opened in */
    const char *inbox_path;  /* the read-only copy in the app's inbox (or the original, in place) */
    long long grant_id;      /* the grant the app holds on it */
    const char *delivery;    /* "launch" (a desktop entry was started) or "open-request" */
} ow_open_result;

/* Flags of ow_set_default. */
#define OW_DEFAULT_FILE  1u  /* the target is a file path: a default for that one file */
#define OW_DEFAULT_FORCE 2u  /* set it even if the app does not claim the type or scheme */

/* Opens the catalog at `catalog_path`, or, when NULL, the user's catalog ($OPENWITH_CATALOG,
   else $XDG_DATA_HOME/openwith/catalog.sqlite). A new catalog is created and, on its first
   use, filled with the machine's apps from the XDG folders. `*out` gets the context. */
ow_status ow_open(const char *catalog_path, ow_context **out, ow_error *error);

/* Closes a context. Later calls with it return OW_ERROR_CLOSED; so does a second close.
   Closing NULL returns OW_ERROR_INVALID_ARGUMENT. */
ow_status ow_close(ow_context *context);

/* What the file at `path` is, by its name and its content. */
ow_status ow_resolve(ow_context *context, const char *path, ow_resolution **out, ow_error *error);

/* What `length` bytes are, given the name they would have (`name` may be NULL). */
ow_status ow_resolve_bytes(ow_context *context, const void *bytes, size_t length, const char *name,
                           ow_resolution **out, ow_error *error);

/* Frees a resolution (NULL is allowed). */
void ow_resolution_free(ow_resolution *resolution);

/* Whether type `identifier` conforms to `supertype` (a type conforms to itself): `*result` is
   1 or 0. An identifier the catalog does not know is OW_ERROR_INVALID_TARGET. */
ow_status ow_conforms(ow_context *context, const char *identifier, const char *supertype, int *result,
                      ow_error *error);

/* The apps that can open the file at `path` for `role`, default first, with reasons. */
ow_status ow_list_handlers(ow_context *context, const char *path, ow_role role, ow_handler_list **out,
                           ow_error *error);

/* Frees a handler list (NULL is allowed). */
void ow_handler_list_free(ow_handler_list *list);

/* Makes `app_id` the user's default for `target`: a type ("public.png"), an extension
   (".png"), a MIME type ("image/png"), a URL scheme ("mailto:"), or with OW_DEFAULT_FILE a
   file path. */
ow_status ow_set_default(ow_context *context, const char *target, const char *app_id, ow_role role,
                         unsigned flags, ow_error *error);

/* Opens the file at `path` in `app_id` (NULL: the default app): a read-only copy in the app's
   inbox and a grant, then the app is launched or sent an open request. */
ow_status ow_open_in(ow_context *context, const char *path, const char *app_id, ow_role role,
                     ow_open_result **out, ow_error *error);

/* Frees an open-in result (NULL is allowed). */
void ow_open_result_free(ow_open_result *result);

/* The name of a status ("OW_ERROR_NOT_FOUND"); static, never NULL. */
const char *ow_status_name(int status);

/* The library's version, the same as `openwith --version` ("0.5.0"); static. */
const char *ow_version(void);

#ifdef __cplusplus
}
#endif

#endif /* OPENWITH_H */
