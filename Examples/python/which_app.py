#!/usr/bin/env python3
"""which_app: for each file named on the command line, print what it is and the apps that open
it, default first, with the reason for each: Examples/c/which-app.c through ctypes, line for line.

    python3 Examples/python/which_app.py ~/Pictures/photo.jpg

The library is found in $OPENWITH_LIBRARY, else as libOpenWithC.so on the loader's path
(LD_LIBRARY_PATH, or where `pkg-config --libs openwith` points once installed). The catalog is the
user's ($OPENWITH_CATALOG, else $XDG_DATA_HOME/openwith/catalog.sqlite). Exit status: 0 when every
file was answered, 1 otherwise, 2 when the catalog cannot be opened.
"""

import ctypes
import os
import sys

OW_OK = 0
OW_ROLE_ANY = 0
CONFIDENCE = ["low", "medium", "high", "certain"]


class Error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("name", ctypes.c_char * 48), ("message", ctypes.c_char * 976)]


class Resolution(ctypes.Structure):
    _fields_ = [
        ("identifier", ctypes.c_char_p), ("mime_type", ctypes.c_char_p), ("description", ctypes.c_char_p),
        ("confidence", ctypes.c_int), ("has_conflict", ctypes.c_int),
        ("conflict", ctypes.c_char_p), ("claimed", ctypes.c_char_p),
    ]


class Handler(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_char_p), ("name", ctypes.c_char_p), ("group", ctypes.c_char_p),
        ("is_default", ctypes.c_int), ("reason", ctypes.c_char_p),
    ]


class HandlerList(ctypes.Structure):
    _fields_ = [
        ("count", ctypes.c_size_t), ("items", ctypes.POINTER(Handler)),
        ("identifier", ctypes.c_char_p), ("mime_type", ctypes.c_char_p),
    ]


def load():
    """The library, with the signatures of the functions used here."""
    library = ctypes.CDLL(os.environ.get("OPENWITH_LIBRARY", "libOpenWithC.so"))
    context = ctypes.c_void_p
    error = ctypes.POINTER(Error)
    library.ow_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(context), error]
    library.ow_close.argtypes = [context]
    library.ow_resolve.argtypes = [context, ctypes.c_char_p, ctypes.POINTER(ctypes.POINTER(Resolution)), error]
    library.ow_resolution_free.argtypes = [ctypes.POINTER(Resolution)]
    library.ow_resolution_free.restype = None
    library.ow_list_handlers.argtypes = [context, ctypes.c_char_p, ctypes.c_uint, ctypes.POINTER(ctypes.POINTER(HandlerList)), error]
    library.ow_handler_list_free.argtypes = [ctypes.POINTER(HandlerList)]
    library.ow_handler_list_free.restype = None
    library.ow_status_name.argtypes = [ctypes.c_int]
    library.ow_status_name.restype = ctypes.c_char_p
    return library


def text(value):
    return value.decode("utf-8")


def describe(library, context, path):
    """Prints one file's type and handlers; returns 0 on success."""
    error = Error()
    name = os.fsencode(path)
    resolution = ctypes.POINTER(Resolution)()
    if library.ow_resolve(context, name, ctypes.byref(resolution), ctypes.byref(error)) != OW_OK:
        print(f"which-app: {path}: {text(error.message)}", file=sys.stderr)
        return 1
    found = resolution.contents
    print(f"{path}: {text(found.identifier)} ({text(found.mime_type)}, {text(found.description)}, "
          f"{CONFIDENCE[found.confidence] if 0 <= found.confidence <= 3 else 'unknown'})")
    if found.has_conflict:
        print(f"  conflict: {text(found.conflict)}")
    library.ow_resolution_free(resolution)

    handlers = ctypes.POINTER(HandlerList)()
    if library.ow_list_handlers(context, name, OW_ROLE_ANY, ctypes.byref(handlers), ctypes.byref(error)) != OW_OK:
        print(f"which-app: {path}: {text(error.message)}", file=sys.stderr)
        return 1
    listed = handlers.contents
    if listed.count == 0:
        print(f"  no application opens {text(listed.identifier)}")
    for index in range(listed.count):
        handler = listed.items[index]
        print(f"  {'*' if handler.is_default else '-'} {text(handler.name)} ({text(handler.id)}) "
              f"[{text(handler.group)}] {text(handler.reason)}")
    library.ow_handler_list_free(handlers)
    return 0


def main(arguments):
    if not arguments:
        print("usage: which_app.py FILE...", file=sys.stderr)
        return 2
    library = load()
    error = Error()
    context = ctypes.c_void_p()
    if library.ow_open(None, ctypes.byref(context), ctypes.byref(error)) != OW_OK:
        print(f"which-app: {text(error.message)} ({text(library.ow_status_name(error.code))})", file=sys.stderr)
        return 2
    status = 0
    for path in arguments:
        if describe(library, context, path) != 0:
            status = 1
    library.ow_close(context)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
